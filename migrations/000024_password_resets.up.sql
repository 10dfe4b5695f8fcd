-- Password resets (docs/design.md#password-resets): a person who forgot their
-- password gets a link by mail. One row per person at most — the primary key is
-- the person — so there is one live token per person by construction: minting a
-- new one replaces the row (and with it the earlier token). The row holds only
-- the SHA-256 (hex) of the secret in the link, never the secret; it is good
-- once (used_at), until expires_at (an hour after it was minted).
CREATE TABLE password_resets (
  user_id    uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL,          -- hex SHA-256 of the secret in the link, never the secret
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,            -- set when the person resets their password; a token is good once
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT password_resets_token_hash_key UNIQUE (token_hash)
);
