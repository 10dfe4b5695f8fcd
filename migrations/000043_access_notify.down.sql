DROP TRIGGER IF EXISTS document_access_notify_lowered ON document_access;
DROP TRIGGER IF EXISTS document_access_notify_access ON document_access;
DROP FUNCTION IF EXISTS codna_notify_access_document();
DROP TRIGGER IF EXISTS agent_responsible_notify_access ON agent_responsible;
DROP FUNCTION IF EXISTS codna_notify_access_agent();
DROP TRIGGER IF EXISTS group_members_notify_access ON group_members;
DROP FUNCTION IF EXISTS codna_notify_access_member();
