DROP FUNCTION IF EXISTS document_access_level(uuid, uuid, timestamptz, timestamptz, uuid, boolean);
