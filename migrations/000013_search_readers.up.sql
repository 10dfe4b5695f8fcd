-- Search readers (docs/design.md#search): each index entry carries who may read
-- its document, kept current by triggers in the transaction that changes it, so
-- a search filters on one indexed column instead of joining the actor's grants.
--
-- readers is the document's owner and the principal (user or group) of every
-- grant on it, as ids: a person reads an entry when readers holds their id,
-- Everyone's or one of their groups' (read live from group_members when they
-- search); an agent when readers holds its own id. It is the same rule as
-- document_level > 0 for a live document, because the triggers below rewrite it
-- whenever a grant is made, changed or taken away and whenever the owner
-- changes, in that transaction. Every hit is still re-checked by the permission
-- rule before it is shown.
ALTER TABLE search_entries ADD COLUMN readers uuid[] NOT NULL DEFAULT '{}';
ALTER TABLE search_entries_build ADD COLUMN readers uuid[] NOT NULL DEFAULT '{}';

-- search_readers is a document's readers column: its owner, then its grants'
-- principals in id order.
CREATE FUNCTION search_readers(doc_id uuid, owner_id uuid) RETURNS uuid[]
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT owner_id || ARRAY(SELECT da.principal_id FROM document_access da WHERE da.document_id = doc_id ORDER BY 1)
$$;

-- A grant made, changed or taken away bumps the document's access sequence (as
-- before) and rewrites its entry's readers with that sequence: an indexer write
-- read before the change carries an older sequence and is refused
-- (SearchEntryUpsert's condition), so it cannot put the old readers back.
CREATE OR REPLACE FUNCTION document_access_seq_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_access_seq (document_id, seq)
  SELECT s.document_id, nextval('document_access_seq_seq')
  FROM (SELECT DISTINCT c.document_id FROM changed c) s
  WHERE EXISTS (SELECT 1 FROM documents d WHERE d.id = s.document_id)
  ORDER BY s.document_id
  ON CONFLICT (document_id) DO UPDATE SET seq = nextval('document_access_seq_seq');
  UPDATE search_entries e
  SET readers = search_readers(e.document_id, e.owner_id), access_seq = s.seq
  FROM document_access_seq s
  WHERE s.document_id = e.document_id AND e.live
    AND e.document_id IN (SELECT c.document_id FROM changed c);
  RETURN NULL;
END
$$;

-- search_entries_follow as before, and a transfer rewrites the entry's readers
-- (the owner is one of them) with the bumped sequence.
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
                                updated_at, title_fold, head, tsv, body, readers)
    VALUES (NEW.id, false, NEW.version, coalesce(seq, 0), NEW.space, NEW.path, NEW.slug, '', '{}', NEW.status, NEW.created_by,
            NEW.updated_at, '', '', '', '', '{}')
    ON CONFLICT (document_id) DO UPDATE
    SET live = false, version = excluded.version, access_seq = excluded.access_seq, owner_id = excluded.owner_id,
        title = '', tags = '{}', title_fold = '', head = '', tsv = '', body = '', readers = '{}';
  ELSIF NEW.created_by IS DISTINCT FROM OLD.created_by THEN
    UPDATE search_entries
    SET owner_id = NEW.created_by, readers = search_readers(NEW.id, NEW.created_by), access_seq = coalesce(seq, 0)
    WHERE document_id = NEW.id AND live;
  END IF;
  RETURN NULL;
END
$$;

-- The rebuild's swap indexes readers too, and tags (a listing or search
-- filtered by a rare tag finds its entries through it instead of walking).
CREATE OR REPLACE FUNCTION search_entries_build_swap() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  SET LOCAL maintenance_work_mem = '256MB';
  CREATE INDEX search_entries_build_tsv_idx ON search_entries_build USING gin (tsv);
  CREATE INDEX search_entries_build_head_idx ON search_entries_build USING gin (head);
  CREATE INDEX search_entries_build_title_trgm_idx ON search_entries_build USING gin (title_fold gin_trgm_ops);
  CREATE INDEX search_entries_build_updated_idx ON search_entries_build (updated_at DESC, document_id DESC);
  CREATE INDEX search_entries_build_owner_idx ON search_entries_build (owner_id);
  CREATE INDEX search_entries_build_readers_idx ON search_entries_build USING gin (readers);
  CREATE INDEX search_entries_build_tags_idx ON search_entries_build USING gin (tags);
  ANALYZE search_entries_build;
  LOCK TABLE search_entries IN ACCESS EXCLUSIVE MODE;
  -- Under the lock, so a trash or quarantine committed during the rebuild is
  -- seen (one committing later marks the new table's row dead itself). A grant
  -- committed during the rebuild is caught up by the re-index that follows.
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
  ALTER INDEX search_entries_build_readers_idx RENAME TO search_entries_readers_idx;
  ALTER INDEX search_entries_build_tags_idx RENAME TO search_entries_tags_idx;
  CREATE TABLE search_entries_build (LIKE search_entries INCLUDING DEFAULTS INCLUDING STORAGE INCLUDING COMPRESSION);
  ALTER TABLE search_entries_build ADD CONSTRAINT search_entries_build_pkey PRIMARY KEY (document_id);
  ALTER TABLE search_entries_build ADD CONSTRAINT search_entries_build_document_id_fkey
    FOREIGN KEY (document_id) REFERENCES documents(id) ON DELETE CASCADE;
  ALTER TABLE search_entries_build ALTER COLUMN tsv SET STATISTICS 400;
END
$$;

-- How an entry is stored. A search checks its filters (live, readers, space,
-- tags, …) on every candidate and the words on many, so these must be read
-- without a TOAST lookup (a lookup costs more than the check): every column
-- but the body is MAIN (compressed in the row when it must be, out of line
-- only when a huge document leaves no choice), the tsvector compressed with
-- lz4 where the server has it (it decompresses several times faster than
-- pglz); the plain-text body, read only for a page's snippets, always goes
-- out of line; and the default toast_tuple_target again (000012's 256 moved
-- the small columns out of line, one TOAST lookup each per check). The index
-- is rewritten into search_entries_build with these settings and swapped in.
ALTER TABLE search_entries_build RESET (toast_tuple_target);
-- The words' statistics: 4,000 most common lexemes (ten times the target),
-- so a word outside them is estimated rare and its few matches sorted, rather
-- than the recency index walked in the hope of meeting them soon (a walk that
-- reads every entry when the word is new). LIKE does not copy the target, so
-- search_entries_build_swap sets it on each new build table too.
ALTER TABLE search_entries_build ALTER COLUMN tsv SET STATISTICS 400;
ALTER TABLE search_entries_build
  ALTER COLUMN path SET STORAGE MAIN, ALTER COLUMN slug SET STORAGE MAIN, ALTER COLUMN title SET STORAGE MAIN,
  ALTER COLUMN tags SET STORAGE MAIN, ALTER COLUMN title_fold SET STORAGE MAIN, ALTER COLUMN head SET STORAGE MAIN,
  ALTER COLUMN readers SET STORAGE MAIN, ALTER COLUMN tsv SET STORAGE MAIN, ALTER COLUMN body SET STORAGE EXTERNAL;
DO $$
BEGIN
  ALTER TABLE search_entries_build ALTER COLUMN tsv SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL; -- a server built without lz4: pglz
END
$$;
TRUNCATE search_entries_build;
INSERT INTO search_entries_build (document_id, live, version, access_seq, space, path, slug, title, tags, status, owner_id,
                                  updated_at, title_fold, head, tsv, body, readers)
SELECT document_id, live, version, access_seq, space, path, slug, title, tags, status, owner_id,
       updated_at, title_fold, head, tsv, body, search_readers(document_id, owner_id)
FROM search_entries WHERE live;
SELECT search_entries_build_swap();

-- search_query is a function of its arguments only (the text search
-- configuration and unaccent's rules are fixed by this schema): IMMUTABLE lets
-- the planner fold it to a constant tsquery, whose selectivity it can estimate
-- from the index's statistics, instead of evaluating it per row.
ALTER FUNCTION search_term(text, boolean) IMMUTABLE;
ALTER FUNCTION search_query(text[], integer[], boolean[]) IMMUTABLE;

-- search_entry_passes is SearchFilter (docs/api.md#search) for one entry; an
-- empty list or NULL filters nothing. A one-expression SQL function, inlined
-- into each query that calls it, so the planner sees the conditions (and drops
-- those whose filter value is empty).
CREATE FUNCTION search_entry_passes(
  space space, path text, tags text[], owner_id uuid, updated_at timestamptz, status document_status,
  f_spaces text[], f_path_prefix text, f_tags text[], f_owner_id uuid, f_updated_after timestamptz,
  f_updated_before timestamptz, f_statuses text[]
) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (cardinality(f_spaces) = 0 OR space::text = ANY(f_spaces))
     AND (f_path_prefix IS NULL OR f_path_prefix = '' OR path = f_path_prefix OR starts_with(path, f_path_prefix || '/'))
     AND (cardinality(f_tags) = 0 OR tags @> f_tags)
     AND (f_owner_id IS NULL OR owner_id = f_owner_id)
     AND (f_updated_after IS NULL OR updated_at > f_updated_after)
     AND (f_updated_before IS NULL OR updated_at < f_updated_before)
     AND (cardinality(f_statuses) = 0 OR status::text = ANY(f_statuses))
$$;

-- The ways of finding an actor's hits that the readers column replaces.
DROP FUNCTION search_drive_max();
DROP FUNCTION search_keep_max();
