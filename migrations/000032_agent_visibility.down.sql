ALTER TABLE agents DROP COLUMN IF EXISTS paused_at;
DROP TABLE IF EXISTS agent_share_targets;
-- The standing rule's grants stay, as direct grants: going down takes no access away.
UPDATE document_access SET grant_reason = 'direct' WHERE grant_reason = 'agent_responsible';
ALTER TABLE document_access DROP CONSTRAINT document_access_reason_ck;
ALTER TABLE document_access ADD CONSTRAINT document_access_reason_ck CHECK (grant_reason IN
  ('direct', 'bulk_tag', 'link_suggestion', 'script', 'import', 'folder', 'space_default'));
