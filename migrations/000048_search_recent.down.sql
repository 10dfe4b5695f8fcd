-- 000046's swap again (without the refill), then the recent entries dropped.
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
  CREATE TABLE search_entries_build (LIKE search_entries INCLUDING DEFAULTS INCLUDING STORAGE INCLUDING COMPRESSION);
  ALTER TABLE search_entries_build ADD CONSTRAINT search_entries_build_pkey PRIMARY KEY (document_id);
  ALTER TABLE search_entries_build ADD CONSTRAINT search_entries_build_document_id_fkey
    FOREIGN KEY (document_id) REFERENCES documents(id) ON DELETE CASCADE;
  ALTER TABLE search_entries_build ALTER COLUMN tsv SET STATISTICS 400;
END
$$;

DROP FUNCTION IF EXISTS search_recent_refill();
DROP TABLE IF EXISTS search_recent_state;
DROP TABLE IF EXISTS search_recent;
