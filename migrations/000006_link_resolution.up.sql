-- A document appearing at an address resolves the pending edges that name it.
CREATE INDEX document_links_pending_address_idx ON document_links (resolved_address)
  WHERE target_id IS NULL;
