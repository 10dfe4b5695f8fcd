ALTER TABLE imports DROP COLUMN IF EXISTS access;
-- A space default's grants stay, as direct grants of the page's owner: going down takes no
-- access away.
UPDATE document_access SET grant_reason = 'direct' WHERE grant_reason = 'space_default';
ALTER TABLE document_access DROP CONSTRAINT document_access_reason_ck;
ALTER TABLE document_access ADD CONSTRAINT document_access_reason_ck CHECK (grant_reason IN
  ('direct', 'bulk_tag', 'link_suggestion', 'script', 'import', 'folder'));
DROP TABLE IF EXISTS space_settings;
