-- name: ServiceTokenCreate :one
-- ServiceTokenCreate stores a manage token by its hash.
INSERT INTO service_tokens (id, user_id, name, token_hash, prefix, scope, expires_at)
VALUES ($1, $2, $3, $4, $5, 'manage', $6)
RETURNING *;

-- name: ServiceTokenGetLive :one
-- ServiceTokenGetLive finds an unrevoked, unexpired manage token by hash.
SELECT * FROM service_tokens
WHERE token_hash = $1 AND revoked_at IS NULL AND scope = 'manage'
  AND (expires_at IS NULL OR expires_at > now());

-- name: ServiceTokenListLive :many
-- ServiceTokenListLive returns those of the given manage tokens, by id, that are unrevoked and unexpired.
SELECT id FROM service_tokens
WHERE id = ANY(@ids::uuid[]) AND revoked_at IS NULL AND scope = 'manage'
  AND (expires_at IS NULL OR expires_at > now());

-- name: ServiceTokenTouch :exec
-- ServiceTokenTouch records when a manage token was last used.
UPDATE service_tokens SET last_used_at = now() WHERE id = $1;

-- name: ServiceTokenRevoke :one
-- ServiceTokenRevoke revokes a manage token; revoking twice keeps the first time.
UPDATE service_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1
RETURNING *;

-- name: ServiceTokenList :many
-- ServiceTokenList lists every manage token, newest first.
SELECT * FROM service_tokens ORDER BY created_at DESC, id DESC;
