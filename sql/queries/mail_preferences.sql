-- name: MailPreferenceGet :one
-- MailPreferenceGet is a person's mail preferences, the defaults when they set none.
SELECT coalesce(p.decisions, true)::boolean AS decisions, coalesce(p.mentions, true)::boolean AS mentions,
  coalesce(p.digest, 'daily')::text AS digest
FROM (SELECT @user_id::uuid AS user_id) u LEFT JOIN mail_preferences p ON p.user_id = u.user_id;

-- name: MailPreferenceUpsert :exec
-- MailPreferenceUpsert sets a person's mail preferences.
INSERT INTO mail_preferences (user_id, decisions, mentions, digest)
VALUES (@user_id, @decisions, @mentions, @digest)
ON CONFLICT (user_id) DO UPDATE SET decisions = EXCLUDED.decisions, mentions = EXCLUDED.mentions,
  digest = EXCLUDED.digest, updated_at = now();
