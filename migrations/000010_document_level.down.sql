DROP INDEX IF EXISTS documents_title_idx;
DROP INDEX IF EXISTS documents_updated_idx;
CREATE INDEX IF NOT EXISTS documents_updated_at_idx ON documents (updated_at DESC);
DROP FUNCTION IF EXISTS document_drive_max(integer);
DROP FUNCTION IF EXISTS document_level_sources(uuid, boolean);
DROP FUNCTION IF EXISTS document_level(uuid, uuid, timestamptz, timestamptz, uuid, boolean);
