DROP INDEX IF EXISTS document_links_pending_address_idx;
