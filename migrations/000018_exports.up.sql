-- exports are the markdown trees people asked for (docs/design.md,
-- "Export"): built in the background with a lease, as imports are, kept in
-- the file store under storage_key until expires_at, then deleted (the row,
-- and its bytes through file_deletions). Only the requester downloads one.
CREATE TABLE exports (
  id           uuid PRIMARY KEY,
  requester_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  space        space NOT NULL,
  path         text NOT NULL,          -- the folder exported ('' for the whole space)
  status       text NOT NULL DEFAULT 'queued',   -- queued|running|ready|failed
  done         integer NOT NULL DEFAULT 0,       -- pages written so far,
  total        integer NOT NULL DEFAULT 0,       -- of how many
  error        text,
  attempts     integer NOT NULL DEFAULT 0,
  worker_id    text,
  lease_until  timestamptz,
  storage_key  text,                   -- the zip, once ready
  byte_size    bigint,
  expires_at   timestamptz,            -- when the zip is deleted
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT exports_status_ck CHECK (status IN ('queued', 'running', 'ready', 'failed'))
);
CREATE INDEX exports_requester_idx ON exports (requester_id, created_at DESC);
CREATE INDEX exports_claim_idx ON exports (created_at) WHERE status IN ('queued', 'running');
CREATE INDEX exports_expiry_idx ON exports (expires_at) WHERE expires_at IS NOT NULL;

-- An import re-run into the same folder finds the pages of the imports
-- before it there.
CREATE INDEX imports_folder_idx ON imports (space, path, created_at DESC);

-- What each page of an import became, so that a resumed run reports the
-- pages of the run before it.
ALTER TABLE import_pages ADD COLUMN outcome text NOT NULL DEFAULT 'created',
  ADD CONSTRAINT import_pages_outcome_ck CHECK (outcome IN ('created', 'updated', 'unchanged'));
