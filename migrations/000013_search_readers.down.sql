-- Back to 000012's search: no readers column, the ways of finding an actor's hits.
DROP INDEX IF EXISTS search_entries_readers_idx;
ALTER TABLE search_entries DROP COLUMN IF EXISTS readers;
ALTER TABLE search_entries_build DROP COLUMN IF EXISTS readers;
ALTER FUNCTION search_term(text, boolean) STABLE;
ALTER FUNCTION search_query(text[], integer[], boolean[]) STABLE;

CREATE OR REPLACE FUNCTION document_access_seq_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_access_seq (document_id, seq)
  SELECT s.document_id, nextval('document_access_seq_seq')
  FROM (SELECT DISTINCT c.document_id FROM changed c) s
  WHERE EXISTS (SELECT 1 FROM documents d WHERE d.id = s.document_id)
  ORDER BY s.document_id
  ON CONFLICT (document_id) DO UPDATE SET seq = nextval('document_access_seq_seq');
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION search_entries_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  seq bigint;
BEGIN
  IF NEW.created_by IS DISTINCT FROM OLD.created_by OR NEW.quarantined_at IS DISTINCT FROM OLD.quarantined_at THEN
    INSERT INTO document_access_seq AS s (document_id, seq) VALUES (NEW.id, nextval('document_access_seq_seq'))
    ON CONFLICT (document_id) DO UPDATE SET seq = nextval('document_access_seq_seq')
    RETURNING s.seq INTO seq;
  ELSE
    SELECT s.seq INTO seq FROM document_access_seq s WHERE s.document_id = NEW.id;
  END IF;
  IF NEW.deleted_at IS NOT NULL OR NEW.quarantined_at IS NOT NULL THEN
    INSERT INTO search_entries (document_id, live, version, access_seq, space, path, slug, title, tags, status, owner_id,
                                updated_at, title_fold, head, tsv, body)
    VALUES (NEW.id, false, NEW.version, coalesce(seq, 0), NEW.space, NEW.path, NEW.slug, '', '{}', NEW.status, NEW.created_by,
            NEW.updated_at, '', '', '', '')
    ON CONFLICT (document_id) DO UPDATE
    SET live = false, version = excluded.version, access_seq = excluded.access_seq, owner_id = excluded.owner_id,
        title = '', tags = '{}', title_fold = '', head = '', tsv = '', body = '';
  ELSIF NEW.created_by IS DISTINCT FROM OLD.created_by THEN
    UPDATE search_entries SET owner_id = NEW.created_by WHERE document_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION search_entries_build_swap() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  SET LOCAL maintenance_work_mem = '256MB';
  CREATE INDEX search_entries_build_tsv_idx ON search_entries_build USING gin (tsv);
  CREATE INDEX search_entries_build_head_idx ON search_entries_build USING gin (head);
  CREATE INDEX search_entries_build_title_trgm_idx ON search_entries_build USING gin (title_fold gin_trgm_ops);
  CREATE INDEX search_entries_build_updated_idx ON search_entries_build (updated_at DESC, document_id DESC);
  CREATE INDEX search_entries_build_owner_idx ON search_entries_build (owner_id);
  ANALYZE search_entries_build;
  LOCK TABLE search_entries IN ACCESS EXCLUSIVE MODE;
  -- Under the lock, so a trash or quarantine committed during the rebuild is
  -- seen (one committing later marks the new table's row dead itself).
  DELETE FROM search_entries_build b
  WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = b.document_id AND d.deleted_at IS NULL AND d.quarantined_at IS NULL);
  DROP TABLE search_entries;
  ALTER TABLE search_entries_build RENAME TO search_entries;
  ALTER TABLE search_entries RENAME CONSTRAINT search_entries_build_pkey TO search_entries_pkey;
  ALTER TABLE search_entries RENAME CONSTRAINT search_entries_build_document_id_fkey TO search_entries_document_id_fkey;
  ALTER INDEX search_entries_build_tsv_idx RENAME TO search_entries_tsv_idx;
  ALTER INDEX search_entries_build_head_idx RENAME TO search_entries_head_idx;
  ALTER INDEX search_entries_build_title_trgm_idx RENAME TO search_entries_title_trgm_idx;
  ALTER INDEX search_entries_build_updated_idx RENAME TO search_entries_updated_idx;
  ALTER INDEX search_entries_build_owner_idx RENAME TO search_entries_owner_idx;
  CREATE TABLE search_entries_build (LIKE search_entries INCLUDING DEFAULTS INCLUDING STORAGE);
  ALTER TABLE search_entries_build ADD CONSTRAINT search_entries_build_pkey PRIMARY KEY (document_id);
  ALTER TABLE search_entries_build ADD CONSTRAINT search_entries_build_document_id_fkey
    FOREIGN KEY (document_id) REFERENCES documents(id) ON DELETE CASCADE;
  ALTER TABLE search_entries_build SET (toast_tuple_target = 256);
  ALTER TABLE search_entries SET (toast_tuple_target = 256);
END
$$;

DROP FUNCTION IF EXISTS search_readers(uuid, uuid);
DROP FUNCTION IF EXISTS search_entry_passes(space, text, text[], uuid, timestamptz, document_status, text[], text, text[], uuid, timestamptz, timestamptz, text[]);

CREATE FUNCTION search_drive_max() RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 100 $$;
CREATE FUNCTION search_keep_max() RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 20000 $$;
