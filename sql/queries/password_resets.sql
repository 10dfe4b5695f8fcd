-- name: PasswordResetMint :exec
-- PasswordResetMint stores a person's reset token by its hash, replacing their earlier one, used or not (one live token per person).
INSERT INTO password_resets (user_id, token_hash, expires_at)
VALUES (@user_id, @token_hash, @expires_at)
ON CONFLICT (user_id) DO UPDATE
SET token_hash = excluded.token_hash, expires_at = excluded.expires_at, used_at = NULL, created_at = now();

-- name: PasswordResetLockLive :one
-- PasswordResetLockLive finds an unused, unexpired reset token of an active person by its hash and holds it (FOR UPDATE) and the person (FOR SHARE) until it is used; no row when it is not live.
SELECT pr.user_id FROM password_resets pr JOIN users u ON u.id = pr.user_id
WHERE pr.token_hash = @token_hash AND pr.used_at IS NULL AND pr.expires_at > now()
  AND u.kind = 'person' AND u.is_active
FOR UPDATE OF pr FOR SHARE OF u;

-- name: PasswordResetUse :exec
-- PasswordResetUse marks a person's reset token used.
UPDATE password_resets SET used_at = now() WHERE user_id = @user_id;
