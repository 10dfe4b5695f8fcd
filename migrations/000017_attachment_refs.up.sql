-- attachment_refs is the graph of references to pages' files
-- (docs/design.md, "File references"): one row per distinct href naming
-- "<slug>.files/<name>" in a body, anchored to the id of the page the file
-- belongs to, as document_links are anchored to their targets. A moved or
-- renamed page keeps its own references working (its body is rebased);
-- other pages' references keep resolving by id, go stale_text and become a
-- decision for their author, like links.
CREATE TABLE attachment_refs (
  id               uuid PRIMARY KEY,
  source_id        uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  target_id        uuid REFERENCES documents(id) ON DELETE SET NULL,  -- the page the file belongs to
  href_as_written  text NOT NULL,   -- '../ops/deploy.files/diagram.png'
  resolved_address text NOT NULL,   -- the page's address: 'wiki:ops/deploy'
  name             text NOT NULL,   -- the file's name: 'diagram.png'
  occurrence_count integer NOT NULL DEFAULT 1,
  state            link_state NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  kept_at          timestamptz        -- its author kept a stale reference as written
);
CREATE UNIQUE INDEX attachment_refs_key ON attachment_refs (source_id, href_as_written);
CREATE INDEX attachment_refs_target_idx ON attachment_refs (target_id) WHERE target_id IS NOT NULL;
CREATE INDEX attachment_refs_pending_idx ON attachment_refs (resolved_address) WHERE target_id IS NULL;

-- attachment_ref_backfill is the pages whose bodies existed before
-- attachment_refs did and may name files: the link resolver extracts their
-- references a batch at a time and removes them from here.
CREATE TABLE attachment_ref_backfill (
  document_id uuid PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE
);
INSERT INTO attachment_ref_backfill (document_id)
SELECT id FROM documents WHERE deleted_at IS NULL AND strpos(content, '.files/') > 0;
