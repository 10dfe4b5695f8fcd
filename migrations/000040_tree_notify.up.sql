-- Live folderChanged subscriptions: an event that changes which pages are in
-- a folder (a page created, moved, renamed, trashed, restored, or shared or
-- unshared) wakes the folder subscribers of its space on every replica once
-- it commits. The payload is the space only (never an id or a title): each
-- subscriber re-reads its folder as its viewer sees it. A move from another
-- space wakes that space too. Postgres folds identical notifications of one
-- transaction into one.
CREATE FUNCTION codna_notify_tree() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  from_space text;
BEGIN
  PERFORM pg_notify('codna_tree', d.space::text) FROM documents d WHERE d.id = NEW.document_id;
  from_space := lower(split_part(NEW.payload->>'from', ':', 1));
  IF from_space IN ('raw', 'wiki', 'output') THEN
    PERFORM pg_notify('codna_tree', from_space);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER events_notify_tree
  AFTER INSERT ON events
  FOR EACH ROW WHEN (NEW.document_id IS NOT NULL AND NEW.event_type IN (
    'document.created', 'document.moved', 'document.renamed', 'document.deleted', 'document.restored',
    'access.granted', 'access.revoked', 'access.lost'))
  EXECUTE FUNCTION codna_notify_tree();
