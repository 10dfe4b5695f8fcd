-- Back to 000013's search: the trigram index over every title, no title words,
-- no listing indexes, 000013's filter and swap.
DROP TRIGGER IF EXISTS search_title_words_insert ON search_entries;
DROP TRIGGER IF EXISTS search_title_words_update ON search_entries;
DROP FUNCTION IF EXISTS search_title_words_add();
DROP TABLE IF EXISTS search_title_words;
DROP FUNCTION IF EXISTS search_title_words_query(text);
DROP FUNCTION IF EXISTS search_title_words_of(tsvector);
DROP INDEX IF EXISTS search_entries_space_idx;
DROP INDEX IF EXISTS search_entries_status_idx;
DROP INDEX IF EXISTS search_entries_path_idx;
CREATE INDEX IF NOT EXISTS search_entries_title_trgm_idx ON search_entries USING gin (title_fold gin_trgm_ops);

CREATE OR REPLACE FUNCTION search_entry_passes(
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

DROP FUNCTION IF EXISTS search_spaces(text[]);
DROP FUNCTION IF EXISTS search_statuses(text[]);

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
