-- name: IdentityCreate :exec
-- IdentityCreate links an identity to a user (for an agent: its service account).
INSERT INTO identities (id, user_id, provider, subject) VALUES (@id, @user_id, @provider, @subject);

-- name: IdentityDeleteByUser :execrows
-- IdentityDeleteByUser removes every identity of a user.
DELETE FROM identities WHERE user_id = @user_id;

-- name: IdentityGetUser :one
-- IdentityGetUser is the user a provider's subject is linked to.
SELECT u.* FROM identities i JOIN users u ON u.id = i.user_id
WHERE i.provider = @provider AND i.subject = @subject;

-- name: IdentityExistsForUser :one
-- IdentityExistsForUser says whether a user has an identity from a provider (any subject).
SELECT EXISTS (SELECT 1 FROM identities WHERE user_id = @user_id AND provider = @provider);
