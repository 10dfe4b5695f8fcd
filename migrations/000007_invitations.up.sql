-- Invitations: management invites a person by email; the person chooses their
-- password through the link. The person's users row exists from the start
-- (active, without a password, so nothing can sign in as them yet); the
-- invitation holds only the SHA-256 (hex) of the secret in the link, and is
-- good once, until expires_at.
CREATE TABLE invitations (
  id         uuid PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL,          -- hex SHA-256 of the secret in the link, never the secret
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,            -- set when the person accepts; an invitation is good once
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invitations_token_hash_key UNIQUE (token_hash)
);
CREATE INDEX invitations_user_idx ON invitations (user_id);
