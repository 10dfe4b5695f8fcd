-- Space defaults (docs/design.md, "Space defaults"): who may read the pages people create in a
-- space. No row means private, as before: the owner alone. Changing a space's default never
-- rewrites existing pages; it only decides the grant written when a page is created.
CREATE TABLE space_settings (
  space          space PRIMARY KEY,
  default_access text        NOT NULL,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     uuid REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT space_settings_default_access_ck CHECK (default_access IN ('private', 'everyone_read'))
);

-- The grant a space default writes to Everyone when a page is created.
ALTER TABLE document_access DROP CONSTRAINT document_access_reason_ck;
ALTER TABLE document_access ADD CONSTRAINT document_access_reason_ck CHECK (grant_reason IN
  ('direct', 'bulk_tag', 'link_suggestion', 'script', 'import', 'folder', 'space_default'));

-- An import takes an explicit access choice: its pages are private (the default) or read by
-- Everyone (a grant with reason 'import', written with each page).
ALTER TABLE imports ADD COLUMN access text NOT NULL DEFAULT 'private';
ALTER TABLE imports ADD CONSTRAINT imports_access_ck CHECK (access IN ('private', 'everyone_read'));
