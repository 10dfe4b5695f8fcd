-- name: IdentityCreate :exec
-- IdentityCreate links an identity to a user (for an agent: its service account).
INSERT INTO identities (id, user_id, provider, subject) VALUES (@id, @user_id, @provider, @subject);

-- name: IdentityDeleteByUser :execrows
-- IdentityDeleteByUser removes every identity of a user.
DELETE FROM identities WHERE user_id = @user_id;
