ALTER TABLE document_revisions DROP COLUMN base_version;
ALTER TABLE document_revisions DROP COLUMN contributors;
DROP TABLE document_crdt_revisions;
DROP TABLE document_crdt_updates;
DROP TABLE document_crdt_state;
