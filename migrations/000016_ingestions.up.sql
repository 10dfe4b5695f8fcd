-- Ingestion (docs/design.md, "Ingestion"): an uploaded original is kept as it
-- came and converted into a raw document by a background worker under a
-- lease, as runs and imports are. document_id is set in the transaction that
-- creates the document, so a retried conversion finds it and never makes a
-- second one.
ALTER TABLE ingestions
  ADD COLUMN purpose     text    NOT NULL DEFAULT 'document',  -- document: converted; archive: kept for an import, not converted
  ADD COLUMN path        text    NOT NULL DEFAULT '',          -- the raw folder the document goes in
  ADD COLUMN kind        text    NOT NULL DEFAULT '',          -- what the original is: markdown, text, html, pdf, docx, image, or '' (unknown)
  ADD COLUMN sha256      bytea,
  ADD COLUMN attempts    integer NOT NULL DEFAULT 0,           -- claims so far
  ADD COLUMN worker_id   text,
  ADD COLUMN lease_until timestamptz,
  ADD CONSTRAINT ingestions_purpose_ck CHECK (purpose IN ('document', 'archive'));

-- The workers' queue: what is waiting or was being converted, oldest first.
CREATE INDEX ingestions_queue_idx ON ingestions (created_at) WHERE status IN ('pending', 'processing') AND purpose = 'document';
