-- The lists' walks read their index only (docs/design.md#lists). A walk tests each
-- document it passes (is it among the actor's sources, or what is their level), and
-- most fail the test: with the columns the test needs in the index (owner, tombstone,
-- quarantine; the title too, so the title walk can compute lower(title) itself) the
-- walk reads the table only for the documents that pass, on pages the visibility map
-- says are all-visible. Same names, same keys as migration 000010.
DROP INDEX documents_updated_idx;
CREATE INDEX documents_updated_idx ON documents (updated_at DESC, id DESC)
  INCLUDE (created_by, deleted_at, quarantined_at);
DROP INDEX documents_title_idx;
CREATE INDEX documents_title_idx ON documents (lower(title), id)
  INCLUDE (title, created_by, deleted_at, quarantined_at) WHERE deleted_at IS NULL;

-- document_drive_bound is document_drive_max (000010) as a one-row set: a scalar SQL
-- function with a FROM clause is never inlined, so each call planned and ran its
-- body on its own (a few tenths of a millisecond per list); a set-returning one is
-- inlined into the list's plan.
CREATE FUNCTION document_drive_bound(row_limit integer) RETURNS TABLE (n integer)
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1 AS $$
  SELECT sqrt(greatest(row_limit, 0) * greatest(c.reltuples, 0))::integer
  FROM pg_class c WHERE c.oid = 'documents'::regclass
$$;
DROP FUNCTION document_drive_max(integer);
