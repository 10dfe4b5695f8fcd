-- Live folderChanged subscriptions: an event that changes which pages are in
-- a folder or how it shows them (a page created, moved, renamed, retitled,
-- archived, trashed, restored, or shared or unshared) wakes the folder subscribers of its space on every replica once
-- it commits. The payload is the space only (never an id or a title): each
-- subscriber re-reads its folder as its viewer sees it. A move from another
-- space wakes that space too. Postgres folds identical notifications of one
-- transaction into one.
CREATE FUNCTION codna_notify_tree() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  from_space text;
BEGIN
  -- A save wakes the folder only when it changed the page's title or status
  -- (what a folder shows): most saves change neither.
  IF NEW.event_type = 'document.updated' AND NOT EXISTS (
    SELECT 1 FROM document_revisions r
    JOIN document_revisions p ON p.document_id = r.document_id AND p.version = r.version - 1
    WHERE r.id = NEW.revision_id AND (p.title <> r.title OR p.status <> r.status)
  ) THEN
    RETURN NULL;
  END IF;
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
    'document.created', 'document.updated', 'document.moved', 'document.renamed', 'document.deleted', 'document.restored',
    'access.granted', 'access.revoked', 'access.lost'))
  EXECUTE FUNCTION codna_notify_tree();
