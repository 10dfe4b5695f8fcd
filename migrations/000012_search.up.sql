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
-- (not trashed, not quarantined). The indexer writes it from current state;
-- search_entries_follow below takes a document out in the transaction that
-- trashes or quarantines it, and keeps owner_id current, so a search never
-- counts a tombstone or a quarantined page, even before the indexer runs.
-- Who may read an entry is not stored: searches evaluate the live grants.
CREATE TABLE search_entries (
  document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
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
CREATE INDEX search_entries_title_trgm_idx ON search_entries USING gin (title_fold gin_trgm_ops);
CREATE INDEX search_entries_updated_idx ON search_entries (updated_at DESC, document_id DESC);
CREATE INDEX search_entries_owner_idx ON search_entries (owner_id);
-- The wide columns live out of line, so a scan over many entries (facets,
-- the listing) reads small rows.
ALTER TABLE search_entries ALTER COLUMN tsv SET STORAGE EXTERNAL;
ALTER TABLE search_entries ALTER COLUMN body SET STORAGE EXTENDED;
ALTER TABLE search_entries SET (toast_tuple_target = 256);

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

-- search_entries_follow: a document trashed or quarantined leaves the index
-- in the same transaction; a transfer changes the entry's owner and, as a
-- quarantine or release does, bumps the access sequence.
CREATE FUNCTION search_entries_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL OR NEW.quarantined_at IS NOT NULL THEN
    DELETE FROM search_entries WHERE document_id = NEW.id;
  ELSIF NEW.created_by IS DISTINCT FROM OLD.created_by THEN
    UPDATE search_entries SET owner_id = NEW.created_by WHERE document_id = NEW.id;
  END IF;
  IF NEW.created_by IS DISTINCT FROM OLD.created_by OR NEW.quarantined_at IS DISTINCT FROM OLD.quarantined_at THEN
    INSERT INTO document_access_seq (document_id, seq) VALUES (NEW.id, nextval('document_access_seq_seq'))
    ON CONFLICT (document_id) DO UPDATE SET seq = nextval('document_access_seq_seq');
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
