DROP TRIGGER IF EXISTS tag_everyone_counts_access_delete ON document_access;
DROP TRIGGER IF EXISTS tag_everyone_counts_access_insert ON document_access;
DROP TRIGGER IF EXISTS tag_everyone_counts_document_delete ON documents;
DROP TRIGGER IF EXISTS tag_everyone_counts_document ON documents;
DROP FUNCTION IF EXISTS tag_everyone_counts_access();
DROP FUNCTION IF EXISTS tag_everyone_counts_document();
DROP FUNCTION IF EXISTS tag_everyone_counts_apply(text[], integer[]);
DROP TABLE IF EXISTS tag_everyone_counts;
