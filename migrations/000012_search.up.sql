-- Search (docs/design.md#search): the postgres backend's index, the text search
-- configuration both the index and the queries use, and each document's access
-- sequence, which both backends store with an entry so an out-of-order write
-- never regresses it.
--
-- unaccent and pg_trgm ship with PostgreSQL (Debian: postgresql-15, which
-- postgresql-contrib depends on) and are trusted extensions: the database's
-- owner may create them.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- codna_search: the default parser, words folded by unaccent then lowercased
-- by simple. No stemming and no stop words: the content is English, German
-- and Spanish, and one language's stemmer mangles the others' words; a
-- search-as-you-type prefix on the last word covers most of what stemming
-- would. The parser keeps a run of CJK characters (no spaces) as one word;
-- the indexer splits such runs into single characters first
-- (docs/api.md#search).
CREATE TEXT SEARCH CONFIGURATION codna_search (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION codna_search
  ALTER MAPPING FOR word, hword, hword_part WITH unaccent, simple;

-- search_fold is how titles are compared for typo tolerance: unaccented,
-- lowercased (as codna_search folds words).
CREATE FUNCTION search_fold(t text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE STRICT AS $$ SELECT lower(unaccent(t)) $$;

-- search_term is one term of a parsed query (a word, or the words of a
-- phrase) as a tsquery: its tokens in a row (<->), the last one a prefix when
-- asked. The text is user input and only ever a value here: phraseto_tsquery
-- reads any text, and the prefix is added to its output, whose lexemes are
-- quoted. A term with no token (punctuation, emoji) is the empty tsquery.
CREATE FUNCTION search_term(term text, prefix boolean) RETURNS tsquery
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  q tsquery := phraseto_tsquery('codna_search', coalesce(term, ''));
BEGIN
  IF prefix AND numnode(q) > 0 THEN
    q := (q::text || ':*')::tsquery;
  END IF;
  RETURN q;
END
$$;

-- search_query folds a parsed query (docs/api.md#search) into one tsquery:
-- terms[i] belongs to group groups[i] (0 for an excluded term); the terms of
-- a group are OR-ed, the groups AND-ed, excluded terms AND NOT-ed. Terms and
-- groups with no token are left out. NULL when no group is left (nothing to
-- match: the caller answers no hits, or lists when there were no terms).
CREATE FUNCTION search_query(terms text[], groups integer[], prefixes boolean[]) RETURNS tsquery
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  result tsquery;
  grp tsquery;
  cur integer := -1;
  neg tsquery;
  t tsquery;
  i integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(terms, 1), 0) LOOP
    t := search_term(terms[i], coalesce(prefixes[i], false));
    IF numnode(t) = 0 THEN
      CONTINUE;
    END IF;
    IF groups[i] = 0 THEN
      neg := CASE WHEN neg IS NULL THEN t ELSE neg || t END;
      CONTINUE;
    END IF;
    IF groups[i] <> cur THEN
      IF grp IS NOT NULL THEN
        result := CASE WHEN result IS NULL THEN grp ELSE result && grp END;
      END IF;
      grp := t;
      cur := groups[i];
    ELSE
      grp := grp || t;
    END IF;
  END LOOP;
  IF grp IS NOT NULL THEN
    result := CASE WHEN result IS NULL THEN grp ELSE result && grp END;
  END IF;
  IF result IS NULL THEN
    RETURN NULL;
  END IF;
  IF neg IS NOT NULL THEN
    result := result && !! neg;
  END IF;
  RETURN result;
END
$$;

-- search_entries is the postgres backend's index: one row per live document
-- (not trashed, not quarantined). The indexer writes it from current state.
-- search_entries_follow below marks a document's row dead (live = false, no
-- text) in the transaction that trashes or quarantines it, with the version
-- and access sequence that did so, and keeps owner_id current: a search never
-- counts a tombstone or a quarantined page, even before the indexer runs, and
-- an indexer that read the document before that transaction cannot bring the
-- row back (its version or access sequence is older). The indexer deletes a
-- dead row when it sees the document gone. Who may read an entry is not
-- stored: searches evaluate the live grants.
CREATE TABLE search_entries (
  document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  live        boolean NOT NULL DEFAULT true,
  version     integer NOT NULL,          -- documents.version indexed
  access_seq  bigint NOT NULL,           -- document_access_seq.seq when indexed (0: none)
  space       space NOT NULL,
  path        text NOT NULL,
  slug        text NOT NULL,
  title       text NOT NULL,
  tags        text[] NOT NULL,
  status      document_status NOT NULL,
  owner_id    uuid NOT NULL,
  updated_at  timestamptz NOT NULL,
  title_fold  text NOT NULL,             -- search_fold(title), for pg_trgm
  head        tsvector NOT NULL,         -- title A, tags B, path and slug C
  tsv         tsvector NOT NULL,         -- head and the body (D)
  body        text NOT NULL              -- the body as plain text, for snippets
);
CREATE INDEX search_entries_tsv_idx ON search_entries USING gin (tsv);
CREATE INDEX search_entries_head_idx ON search_entries USING gin (head);
CREATE INDEX search_entries_title_trgm_idx ON search_entries USING gin (title_fold gin_trgm_ops);
CREATE INDEX search_entries_updated_idx ON search_entries (updated_at DESC, document_id DESC);
CREATE INDEX search_entries_owner_idx ON search_entries (owner_id);
-- The wide columns live out of line, so a scan over many entries (facets,
-- the listing) reads small rows.
ALTER TABLE search_entries ALTER COLUMN tsv SET STORAGE EXTERNAL;
ALTER TABLE search_entries ALTER COLUMN body SET STORAGE EXTENDED;
ALTER TABLE search_entries SET (toast_tuple_target = 256);

-- search_entries_build is where the postgres backend's rebuild writes (the
-- same columns, no search indexes, no trigger): search_entries_build_swap
-- indexes it and makes it search_entries, and a new empty one takes its
-- place, so searches answer from the complete old index until the swap.
CREATE TABLE search_entries_build (
  document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  live        boolean NOT NULL DEFAULT true,
  version     integer NOT NULL,
  access_seq  bigint NOT NULL,
  space       space NOT NULL,
  path        text NOT NULL,
  slug        text NOT NULL,
  title       text NOT NULL,
  tags        text[] NOT NULL,
  status      document_status NOT NULL,
  owner_id    uuid NOT NULL,
  updated_at  timestamptz NOT NULL,
  title_fold  text NOT NULL,
  head        tsvector NOT NULL,
  tsv         tsvector NOT NULL,
  body        text NOT NULL
);
ALTER TABLE search_entries_build ALTER COLUMN tsv SET STORAGE EXTERNAL;
ALTER TABLE search_entries_build SET (toast_tuple_target = 256);

-- search_entries_build_begin empties search_entries_build for a rebuild.
CREATE FUNCTION search_entries_build_begin() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_entries_build;
END
$$;

-- search_entries_build_swap ends a rebuild: it indexes search_entries_build
-- (while searches go on reading search_entries), then, under a brief
-- exclusive lock, drops the rows of documents no longer live, drops search_entries,
-- makes search_entries_build search_entries under the canonical names, and
-- creates a new empty search_entries_build.
CREATE FUNCTION search_entries_build_swap() RETURNS void
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

-- document_access_seq: per document, a number that grows, in commit order,
-- with every change of who may read it (a grant made, changed or taken away,
-- a transfer, a quarantine, a release). The row is locked by the change that
-- bumps it, so a later commit always gets a larger number. No row: 0.
CREATE SEQUENCE document_access_seq_seq;
CREATE TABLE document_access_seq (
  document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  seq         bigint NOT NULL
);

CREATE FUNCTION document_access_seq_bump() RETURNS trigger
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
CREATE TRIGGER document_access_seq_insert AFTER INSERT ON document_access
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION document_access_seq_bump();
CREATE TRIGGER document_access_seq_update AFTER UPDATE ON document_access
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION document_access_seq_bump();
CREATE TRIGGER document_access_seq_delete AFTER DELETE ON document_access
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION document_access_seq_bump();

-- search_entries_follow: a document trashed or quarantined is marked dead in
-- the index in the same transaction (see search_entries); a transfer changes
-- the entry's owner and, as a quarantine or release does, bumps the access
-- sequence.
CREATE FUNCTION search_entries_follow() RETURNS trigger
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
CREATE TRIGGER search_entries_follow AFTER UPDATE OF deleted_at, quarantined_at, created_by ON documents
  FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.quarantined_at IS DISTINCT FROM NEW.quarantined_at
        OR OLD.created_by IS DISTINCT FROM NEW.created_by)
  EXECUTE FUNCTION search_entries_follow();

-- search_builds: the backends whose index has been built from every document
-- (by serve's back-fill or `codna reindex`), and when that build began. A
-- backend without a row is back-filled when serve starts.
CREATE TABLE search_builds (
  backend    text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  built_at   timestamptz NOT NULL DEFAULT now()
);

-- search_drive_max and search_keep_max choose how a search finds an actor's
-- readable hits (docs/design.md#search), by how many level sources they have:
-- at most search_drive_max, each source is looked up and matched (a lookup
-- and a read of its tsvector, the widest column, each); at most
-- search_keep_max, the index's matches are kept when among the sources (a
-- hashed filter over the sources read once); beyond, each match's level is
-- looked up (an index probe each, but no sources to read).
CREATE FUNCTION search_drive_max() RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 100 $$;
CREATE FUNCTION search_keep_max() RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 20000 $$;
