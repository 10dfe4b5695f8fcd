-- Attachments (docs/design.md, "Files"): their bytes live in a store behind
-- an interface, the local disk or (for several replicas with nothing more
-- to run) these tables.
--
-- file_chunks holds the Postgres store's bytes in chunks of about 1 MiB, so
-- a download streams a chunk at a time and a Range request reads only the
-- chunks it needs.
CREATE TABLE file_chunks (
  storage_key text    NOT NULL,
  chunk       integer NOT NULL,   -- 0, 1, 2, … in order
  data        bytea   NOT NULL,
  PRIMARY KEY (storage_key, chunk)
);
ALTER TABLE file_chunks ALTER COLUMN data SET STORAGE EXTERNAL;  -- already compressed formats mostly

-- file_deletions is the bytes no row needs any more. An attachment row can
-- go by cascade (its page purged) where no service sees it, so a trigger
-- copies its storage key here; maintenance deletes the bytes of the keys
-- here, then the keys, and never bytes a row still names.
CREATE TABLE file_deletions (
  storage_key text PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION attachments_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO file_deletions (storage_key) VALUES (OLD.storage_key) ON CONFLICT DO NOTHING;
  RETURN OLD;
END $$;
CREATE TRIGGER attachments_forget AFTER DELETE ON attachments
  FOR EACH ROW EXECUTE FUNCTION attachments_forget();
