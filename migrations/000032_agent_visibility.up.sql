-- Agents' work is seen (docs/design.md, "Sharing" and "Agents over MCP").

-- The standing rule: every page an agent owns is read by each person who
-- answers for it, through a grant with reason 'agent_responsible'.
ALTER TABLE document_access DROP CONSTRAINT document_access_reason_ck;
ALTER TABLE document_access ADD CONSTRAINT document_access_reason_ck CHECK (grant_reason IN
  ('direct', 'bulk_tag', 'link_suggestion', 'script', 'import', 'folder', 'space_default',
   'agent_responsible'));

-- Whom an agent may share its own pages with (the MCP share_document tool),
-- chosen by the people who answer for it.
CREATE TABLE agent_share_targets (
  agent_id       uuid NOT NULL REFERENCES agents(user_id) ON DELETE CASCADE,
  principal_type principal_type NOT NULL,
  principal_id   uuid NOT NULL,          -- users.id or groups.id
  added_by       uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agent_id, principal_type, principal_id)
);

-- An agent nobody answers for is paused: its tokens are refused until
-- management or a responsible person resumes it.
ALTER TABLE agents ADD COLUMN paused_at timestamptz;
