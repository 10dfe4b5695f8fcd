DROP FUNCTION mention_decision_holds(uuid, uuid, text);
DELETE FROM document_access WHERE grant_reason = 'mention';
ALTER TABLE document_access DROP CONSTRAINT document_access_reason_ck;
ALTER TABLE document_access ADD CONSTRAINT document_access_reason_ck CHECK (grant_reason IN
  ('direct', 'bulk_tag', 'link_suggestion', 'script', 'import', 'folder', 'space_default',
   'agent_responsible'));
DROP TABLE mentions;
