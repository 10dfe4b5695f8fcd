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
-- it); a rebuild fills the table again from the new entries in the swap's
-- transaction (SearchRecentRefill, under the swap's lock). Rows below
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
