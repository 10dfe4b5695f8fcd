-- Losing access tells every replica at once (docs/design.md "Co-editing":
-- permissions per message). A co-editing socket caches what its person may
-- do; it reads it again when the page changes (codna_document), when a
-- credential ends (codna_credential), every 30 s, and on codna_access: the
-- id of a person whose access may have shrunk (a group membership or an
-- agent's responsible person removed) or of a page whose grants shrank
-- (a revoke, a folder share removed or lowered, the page purged).
CREATE FUNCTION codna_notify_access_member() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('codna_access', OLD.user_id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER group_members_notify_access
  AFTER DELETE ON group_members
  FOR EACH ROW EXECUTE FUNCTION codna_notify_access_member();

CREATE FUNCTION codna_notify_access_agent() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('codna_access', OLD.agent_id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER agent_responsible_notify_access
  AFTER DELETE ON agent_responsible
  FOR EACH ROW EXECUTE FUNCTION codna_notify_access_agent();

CREATE FUNCTION codna_notify_access_document() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('codna_access', OLD.document_id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER document_access_notify_access
  AFTER DELETE ON document_access
  FOR EACH ROW EXECUTE FUNCTION codna_notify_access_document();

CREATE TRIGGER document_access_notify_lowered
  AFTER UPDATE OF permission ON document_access
  FOR EACH ROW WHEN (OLD.permission IS DISTINCT FROM NEW.permission)
  EXECUTE FUNCTION codna_notify_access_document();
