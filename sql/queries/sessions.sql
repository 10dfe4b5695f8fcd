-- name: SessionCreate :one
-- SessionCreate stores a new session under the hash of its cookie value.
INSERT INTO sessions (id, user_id, token_hash, user_agent, client_address, expires_at)
VALUES (@id, @user_id, @token_hash, @user_agent, @client_address, @expires_at)
RETURNING *;

-- name: SessionGetLive :one
-- SessionGetLive finds an unexpired session of an active person by token hash.
SELECT s.id AS session_id, s.expires_at, s.last_seen_at, u.*
FROM sessions s JOIN users u ON u.id = s.user_id
WHERE s.token_hash = $1 AND s.expires_at > now() AND u.is_active AND u.kind = 'person';

-- name: SessionListLive :many
-- SessionListLive returns those of the given sessions, by id, that are unexpired with their person still active.
SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id
WHERE s.id = ANY(@ids::uuid[]) AND s.expires_at > now() AND u.is_active AND u.kind = 'person';

-- name: SessionTouch :exec
-- SessionTouch records use (when and from where) and slides the expiry forward.
UPDATE sessions SET last_seen_at = now(), expires_at = @expires_at, client_address = @client_address WHERE id = @id;

-- name: SessionDeleteByHash :many
-- SessionDeleteByHash ends one session (logout) and returns whose it was.
DELETE FROM sessions WHERE token_hash = $1
RETURNING user_id;

-- name: SessionDeleteByUser :execrows
-- SessionDeleteByUser ends every session of a user.
DELETE FROM sessions WHERE user_id = $1;

-- name: SessionDeleteExpired :execrows
-- SessionDeleteExpired removes sessions past their expiry.
DELETE FROM sessions WHERE expires_at <= now();

-- name: SessionDeleteByUserExcept :execrows
-- SessionDeleteByUserExcept ends every session of a user but one (the session that changed the password).
DELETE FROM sessions WHERE user_id = @user_id AND id <> @keep_id;

-- name: SessionListByUser :many
-- SessionListByUser returns a person's unexpired sessions, most recently used first.
SELECT id, user_agent, client_address, created_at, last_seen_at, expires_at FROM sessions
WHERE user_id = @user_id AND expires_at > now()
ORDER BY last_seen_at DESC, id DESC;

-- name: SessionDeleteOfUser :many
-- SessionDeleteOfUser ends one session of a user (signing out a device) and returns whose it was; none when the id is another user's.
DELETE FROM sessions WHERE id = @id AND user_id = @user_id
RETURNING user_id;
