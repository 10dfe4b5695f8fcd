-- Live documentChanged subscriptions: every event about a document wakes its
-- subscribers on every replica once the change commits. Postgres folds
-- identical notifications of one transaction into one.
CREATE FUNCTION codna_notify_document() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('codna_document', NEW.document_id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER events_notify_document
  AFTER INSERT ON events
  FOR EACH ROW WHEN (NEW.document_id IS NOT NULL)
  EXECUTE FUNCTION codna_notify_document();
