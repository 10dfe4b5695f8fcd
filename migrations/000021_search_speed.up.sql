-- Search speed (docs/design.md#search): misspelled titles looked up through a
-- small table of title words instead of a trigram index over every title, and
-- the filters of a listing answered by indexes.

-- search_title_words holds the distinct words of the titles (the title's
-- lexemes in head, weight A): a few tens of thousands of short words whatever
-- the number of documents, under a pg_trgm index. A misspelled query word is
-- compared with these words, and the titles holding the resembling ones are
-- found through head's index (SearchEntryFindTypo). A word stays when its
-- last title changes (a stale word finds no title: it costs a lookup, never a
-- wrong answer); a rebuild adds the new table's words.
CREATE TABLE search_title_words (
  word text PRIMARY KEY
);
CREATE INDEX search_title_words_trgm_idx ON search_title_words USING gin (word gin_trgm_ops);

-- search_title_words_of is the title words of an entry's head (its weight A
-- lexemes).
CREATE FUNCTION search_title_words_of(head tsvector) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT l.lexeme FROM unnest(head) l WHERE 'A' = ANY(l.weights)
$$;

-- search_title_words_query is the title words resembling a word of a typo
-- text (pg_trgm's similarity, %, at least pg_trgm.similarity_threshold: 0.3
-- by default), each as a weight-A lexeme of head, or'ed: the tsquery that finds
-- the titles holding one of them through head's index; NULL when none resembles.
CREATE FUNCTION search_title_words_query(typo text) RETURNS tsquery
LANGUAGE sql STABLE PARALLEL SAFE STRICT AS $$
  SELECT string_agg('''' || replace(replace(w.word, '\', '\\'), '''', '''''') || ''':A', ' | ' ORDER BY w.word)::tsquery
  FROM (SELECT DISTINCT t.word FROM unnest(string_to_array(search_fold(typo), ' ')) AS q(word)
        JOIN search_title_words t ON t.word % q.word) w
$$;

INSERT INTO search_title_words (word)
SELECT DISTINCT w FROM search_entries e, search_title_words_of(e.head) w WHERE e.live
ORDER BY 1
ON CONFLICT DO NOTHING;

-- search_title_words_add adds the title words of the rows a statement wrote to
-- search_entries (new_rows; old_rows for an update: only changed titles), in
-- word order, so that two writers adding the same new words wait for each
-- other instead of deadlocking.
CREATE FUNCTION search_title_words_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO search_title_words (word)
    SELECT DISTINCT w
    FROM new_rows n LEFT JOIN old_rows o ON o.document_id = n.document_id, search_title_words_of(n.head) w
    WHERE n.live AND n.title_fold IS DISTINCT FROM o.title_fold
    ORDER BY 1
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_title_words (word)
    SELECT DISTINCT w FROM new_rows n, search_title_words_of(n.head) w WHERE n.live
    ORDER BY 1
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER search_title_words_insert AFTER INSERT ON search_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_title_words_add();
CREATE TRIGGER search_title_words_update AFTER UPDATE ON search_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_title_words_add();

-- The trigram index over every title is no longer read.
DROP INDEX search_entries_title_trgm_idx;

-- A listing (a search without words) filtered by a space, a status or a folder
-- starts from that filter's index when it is selective, newest first within a
-- space or a status; paths compare byte-wise (COLLATE "C"), so a folder is one
-- range of the index.
CREATE INDEX search_entries_space_idx ON search_entries (space, updated_at DESC, document_id DESC);
CREATE INDEX search_entries_status_idx ON search_entries (status, updated_at DESC, document_id DESC);
CREATE INDEX search_entries_path_idx ON search_entries ((path COLLATE "C"));

-- search_spaces and search_statuses read a filter's labels as their types.
-- The casts are stable (a type may gain labels), which keeps a search's plan
-- from reading the values; a label never changes meaning, so these are
-- declared immutable: planned for their values, they fold to constants, whose
-- frequency the planner knows from the column's statistics. PL/pgSQL, so that a
-- generic plan, which calls them per row, calls a cached expression.
CREATE FUNCTION search_spaces(labels text[]) RETURNS space[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$ BEGIN RETURN labels::space[]; END $$;
CREATE FUNCTION search_statuses(labels text[]) RETURNS document_status[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$ BEGIN RETURN labels::document_status[]; END $$;

-- search_entry_passes as before, each condition in a form its index answers:
-- the space and the status compared as their types (not as text, through
-- search_spaces and search_statuses), the folder
-- as the range [prefix, prefix || '0') of byte-wise paths ('0' follows '/'),
-- which holds the folder's own path and every path beneath it, checked
-- exactly as well.
CREATE OR REPLACE FUNCTION search_entry_passes(
  space space, path text, tags text[], owner_id uuid, updated_at timestamptz, status document_status,
  f_spaces text[], f_path_prefix text, f_tags text[], f_owner_id uuid, f_updated_after timestamptz,
  f_updated_before timestamptz, f_statuses text[]
) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (cardinality(f_spaces) = 0 OR space = ANY(search_spaces(f_spaces)))
     AND (f_path_prefix IS NULL OR f_path_prefix = ''
          OR ((path COLLATE "C") >= f_path_prefix AND (path COLLATE "C") < f_path_prefix || '0'
              AND (path = f_path_prefix OR starts_with(path, f_path_prefix || '/'))))
     AND (cardinality(f_tags) = 0 OR tags @> f_tags)
     AND (f_owner_id IS NULL OR owner_id = f_owner_id)
     AND (f_updated_after IS NULL OR updated_at > f_updated_after)
     AND (f_updated_before IS NULL OR updated_at < f_updated_before)
     AND (cardinality(f_statuses) = 0 OR status = ANY(search_statuses(f_statuses)))
$$;

-- The rebuild's swap as 000013's, with the new indexes instead of the trigram
-- one, the title words of the new table added (before the lock: words only
-- accumulate), and the title words' triggers on the new table.
CREATE OR REPLACE FUNCTION search_entries_build_swap() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  SET LOCAL maintenance_work_mem = '256MB';
  CREATE INDEX search_entries_build_tsv_idx ON search_entries_build USING gin (tsv);
  CREATE INDEX search_entries_build_head_idx ON search_entries_build USING gin (head);
  CREATE INDEX search_entries_build_updated_idx ON search_entries_build (updated_at DESC, document_id DESC);
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
