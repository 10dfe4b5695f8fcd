-- The link ends of a page read their indexes only (docs/design.md#reading-documents): the
-- documents page's links and backlinks (DocumentLinkListEndTitles) look up each
-- edge by its end, each far end's title and the columns of its access level, and
-- the actor's grants on it, a few hundred lookups a page. With what those
-- lookups read in the index, each is one index probe on pages the visibility map
-- says are all-visible instead of a probe and a table read. The links' and the
-- grants' keys keep their names and keys (ON CONFLICT infers them by their
-- columns); documents_id_head_idx is a new index beside the primary key.
CREATE UNIQUE INDEX document_links_edge_key_new ON document_links (source_id, href_as_written)
  INCLUDE (id, target_id, state);
DROP INDEX document_links_edge_key;
ALTER INDEX document_links_edge_key_new RENAME TO document_links_edge_key;

CREATE INDEX document_links_target_idx_new ON document_links (target_id)
  INCLUDE (id, source_id, state) WHERE target_id IS NOT NULL;
DROP INDEX document_links_target_idx;
ALTER INDEX document_links_target_idx_new RENAME TO document_links_target_idx;

CREATE UNIQUE INDEX document_access_key_new ON document_access (document_id, principal_type, principal_id)
  INCLUDE (permission);
DROP INDEX document_access_key;
ALTER INDEX document_access_key_new RENAME TO document_access_key;

CREATE INDEX documents_id_head_idx ON documents (id)
  INCLUDE (title, created_by, deleted_at, quarantined_at);
