-- name: InstanceSecretGet :one
-- InstanceSecretGet is one of the instance's secret keys.
SELECT secret FROM instance_secrets WHERE name = @name;
