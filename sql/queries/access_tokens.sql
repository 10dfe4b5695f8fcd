-- name: AccessTokenCreate :one
-- AccessTokenCreate stores a personal or agent token by its hash.
INSERT INTO access_tokens (id, user_id, kind, name, token_hash, prefix, expires_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING *;

-- name: AccessTokenGetLive :one
-- AccessTokenGetLive finds an unrevoked, unexpired token whose user can still act: an active person, or an agent that has not been deleted (with when it was paused, if it is); of the user, what an Actor carries.
SELECT t.id AS token_id, t.kind AS token_kind, t.last_used_at AS token_last_used_at, a.paused_at AS agent_paused_at, u.id, u.email, u.name, u.kind
FROM access_tokens t
JOIN users u ON u.id = t.user_id
LEFT JOIN agents a ON a.user_id = u.id
WHERE t.token_hash = $1
  AND t.revoked_at IS NULL
  AND (t.expires_at IS NULL OR t.expires_at > now())
  AND u.is_active
  AND ((t.kind = 'person' AND u.kind = 'person')
    OR (t.kind = 'agent' AND u.kind = 'agent' AND a.user_id IS NOT NULL AND a.deleted_at IS NULL));

-- name: AccessTokenListLive :many
-- AccessTokenListLive returns those of the given tokens, by id, that still authenticate (the rules of AccessTokenGetLive, a paused agent's not).
SELECT t.id
FROM access_tokens t
JOIN users u ON u.id = t.user_id
LEFT JOIN agents a ON a.user_id = u.id
WHERE t.id = ANY(@ids::uuid[])
  AND t.revoked_at IS NULL
  AND (t.expires_at IS NULL OR t.expires_at > now())
  AND u.is_active
  AND ((t.kind = 'person' AND u.kind = 'person')
    OR (t.kind = 'agent' AND u.kind = 'agent' AND a.user_id IS NOT NULL AND a.deleted_at IS NULL AND a.paused_at IS NULL));

-- name: AccessTokenTouch :exec
-- AccessTokenTouch records when a token was last used.
UPDATE access_tokens SET last_used_at = now() WHERE id = $1;

-- name: AccessTokenRevoke :one
-- AccessTokenRevoke revokes a user's token; revoking twice keeps the first time.
UPDATE access_tokens SET revoked_at = coalesce(revoked_at, now())
WHERE id = @id AND user_id = @user_id
RETURNING *;

-- name: AccessTokenRevokeAllByUser :execrows
-- AccessTokenRevokeAllByUser revokes every live token of a user.
UPDATE access_tokens SET revoked_at = now() WHERE user_id = @user_id AND revoked_at IS NULL;

-- name: AccessTokenListByUser :many
-- AccessTokenListByUser lists every token of a user, revoked ones included, newest first.
SELECT * FROM access_tokens WHERE user_id = @user_id ORDER BY created_at DESC, id DESC;
