CREATE FUNCTION document_drive_max(row_limit integer) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT sqrt(greatest(row_limit, 0) * greatest(c.reltuples, 0))::integer
  FROM pg_class c WHERE c.oid = 'documents'::regclass
$$;
DROP FUNCTION IF EXISTS document_drive_bound(integer);
DROP INDEX IF EXISTS documents_title_idx;
CREATE INDEX documents_title_idx ON documents (lower(title), id) WHERE deleted_at IS NULL;
DROP INDEX IF EXISTS documents_updated_idx;
CREATE INDEX documents_updated_idx ON documents (updated_at DESC, id DESC);
