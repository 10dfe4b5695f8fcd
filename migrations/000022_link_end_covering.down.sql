-- Back to 000001's link and grant keys, without the far ends' covering index.
DROP INDEX IF EXISTS documents_id_head_idx;

CREATE UNIQUE INDEX document_access_key_old ON document_access (document_id, principal_type, principal_id);
DROP INDEX document_access_key;
ALTER INDEX document_access_key_old RENAME TO document_access_key;

CREATE INDEX document_links_target_idx_old ON document_links (target_id) WHERE target_id IS NOT NULL;
DROP INDEX document_links_target_idx;
ALTER INDEX document_links_target_idx_old RENAME TO document_links_target_idx;

CREATE UNIQUE INDEX document_links_edge_key_old ON document_links (source_id, href_as_written);
DROP INDEX document_links_edge_key;
ALTER INDEX document_links_edge_key_old RENAME TO document_links_edge_key;
