-- name: InvitationCreate :one
-- InvitationCreate stores an invitation by the hash of its secret.
INSERT INTO invitations (id, user_id, token_hash, expires_at)
VALUES (@id, @user_id, @token_hash, @expires_at)
RETURNING *;

-- name: InvitationGetByHash :one
-- InvitationGetByHash finds an invitation by the hash of its secret, whatever its state.
SELECT * FROM invitations WHERE token_hash = @token_hash;

-- name: InvitationUse :one
-- InvitationUse marks an invitation used when it is unused, unexpired and its person is active; no row when it is not.
UPDATE invitations i SET used_at = now()
FROM users u
WHERE i.id = @id AND i.used_at IS NULL AND i.expires_at > now()
  AND u.id = i.user_id AND u.kind = 'person' AND u.is_active
RETURNING i.user_id;


-- name: InvitationRekey :one
-- InvitationRekey replaces the hash of a person's unused, unexpired invitation's secret (a mail minting a new one); no row when it is used, expired or another person's.
UPDATE invitations SET token_hash = @token_hash
WHERE id = @id AND user_id = @user_id AND used_at IS NULL AND expires_at > now()
RETURNING *;

-- name: InvitationExpireOthers :exec
-- InvitationExpireOthers ends a person's other unused invitations: only the newest secret sent to them works.
UPDATE invitations SET expires_at = now()
WHERE user_id = @user_id AND id <> @id AND used_at IS NULL AND expires_at > now();

-- Groups ----------------------------------------------------------------------
