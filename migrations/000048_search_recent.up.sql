-- The recent entries' words (issue 31; docs/design.md, "One word among the recent entries"):
-- a copy of the words (stripped of positions) of the newest entries, at least
-- search_recent_state.keep of them, with an index of its own. A search of one
-- word without filters wants the newest readable matches (its page after the
-- title matches, and the newest CountMax to count); for a word in a few
-- percent of the entries they are almost always among the newest tenth, and
-- this small index lists the word's matches there without reading the whole
-- word's list or walking the recency index (SearchEntryFindRecent; on the
-- issue-13 corpus 2-4× less for common words, a third less for the others).
--
-- The invariant the search relies on: every entry whose updated_at is at
-- least search_recent_state.cutoff has its row here, with the same updated_at
-- and words. SearchEntryUpsert writes the row in the statement that writes
-- the entry (whenever updated_at >= cutoff: a new or edited page always is);
-- the cutoff only rises (SearchRecentTrim, which then deletes the rows below
-- it); a rebuild's swap fills the table again from the new entries. Rows below
-- the cutoff may linger (written while it rose) and are ignored; rows of
-- entries no longer live are filtered by the entry's own liveness.
CREATE TABLE search_recent (
  document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  updated_at timestamptz NOT NULL,
  words tsvector NOT NULL
);
-- A check reads the words of every match in the row: in the row, never a
-- TOAST lookup (as search_entries.tsv, 000013).
ALTER TABLE search_recent ALTER COLUMN words SET STORAGE MAIN;
CREATE INDEX search_recent_words_idx ON search_recent USING gin (words);

-- One row: the least updated_at the table is complete from, and how many of
-- the newest entries the trim keeps (SearchRecentTrim sets it).
CREATE TABLE search_recent_state (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  cutoff timestamptz NOT NULL,
  keep integer NOT NULL CHECK (keep > 0)
);
INSERT INTO search_recent_state (cutoff, keep) VALUES ('-infinity', 10000);

-- search_recent_refill fills search_recent from search_entries: the live
-- entries from the keep-th newest's instant on (ties included), that instant
-- the cutoff; every live entry, from -infinity, when there are fewer.
CREATE FUNCTION search_recent_refill() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  k integer;
  c timestamptz;
BEGIN
  SELECT keep INTO k FROM search_recent_state FOR UPDATE;
  SELECT e.updated_at INTO c FROM search_entries e WHERE e.live
  ORDER BY e.updated_at DESC, e.document_id DESC OFFSET k - 1 LIMIT 1;
  c := coalesce(c, '-infinity');
  TRUNCATE search_recent;
  INSERT INTO search_recent (document_id, updated_at, words)
  SELECT e.document_id, e.updated_at, strip(e.tsv) FROM search_entries e WHERE e.live AND e.updated_at >= c;
  UPDATE search_recent_state SET cutoff = c;
END
$$;
SELECT search_recent_refill();

-- The rebuild's swap (000046's) fills search_recent again from the new table
-- once it is search_entries, under the same lock.
CREATE OR REPLACE FUNCTION search_entries_build_swap() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  SET LOCAL maintenance_work_mem = '256MB';
  CREATE INDEX search_entries_build_tsv_idx ON search_entries_build USING gin (tsv);
  CREATE INDEX search_entries_build_head_idx ON search_entries_build USING gin (head);
  CREATE INDEX search_entries_build_updated_idx ON search_entries_build (updated_at DESC, document_id DESC)
    INCLUDE (live, readers, space, path, tags, owner_id, status);
  CREATE INDEX search_entries_build_owner_idx ON search_entries_build (owner_id);
  CREATE INDEX search_entries_build_readers_idx ON search_entries_build USING gin (readers);
  CREATE INDEX search_entries_build_tags_idx ON search_entries_build USING gin (tags);
  CREATE INDEX search_entries_build_space_idx ON search_entries_build (space, updated_at DESC, document_id DESC);
  CREATE INDEX search_entries_build_status_idx ON search_entries_build (status, updated_at DESC, document_id DESC);
  CREATE INDEX search_entries_build_path_idx ON search_entries_build ((path COLLATE "C"));
  ANALYZE search_entries_build;
  INSERT INTO search_title_words (word)
  SELECT DISTINCT w FROM search_entries_build b, search_title_words_of(b.head) w WHERE b.live
  ORDER BY 1
  ON CONFLICT DO NOTHING;
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
  ALTER INDEX search_entries_build_updated_idx RENAME TO search_entries_updated_idx;
  ALTER INDEX search_entries_build_owner_idx RENAME TO search_entries_owner_idx;
  ALTER INDEX search_entries_build_readers_idx RENAME TO search_entries_readers_idx;
  ALTER INDEX search_entries_build_tags_idx RENAME TO search_entries_tags_idx;
  ALTER INDEX search_entries_build_space_idx RENAME TO search_entries_space_idx;
  ALTER INDEX search_entries_build_status_idx RENAME TO search_entries_status_idx;
  ALTER INDEX search_entries_build_path_idx RENAME TO search_entries_path_idx;
  CREATE TRIGGER search_title_words_insert AFTER INSERT ON search_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_title_words_add();
  CREATE TRIGGER search_title_words_update AFTER UPDATE ON search_entries
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_title_words_add();
  PERFORM search_recent_refill();
  CREATE TABLE search_entries_build (LIKE search_entries INCLUDING DEFAULTS INCLUDING STORAGE INCLUDING COMPRESSION);
  ALTER TABLE search_entries_build ADD CONSTRAINT search_entries_build_pkey PRIMARY KEY (document_id);
  ALTER TABLE search_entries_build ADD CONSTRAINT search_entries_build_document_id_fkey
    FOREIGN KEY (document_id) REFERENCES documents(id) ON DELETE CASCADE;
  ALTER TABLE search_entries_build ALTER COLUMN tsv SET STATISTICS 400;
END
$$;
