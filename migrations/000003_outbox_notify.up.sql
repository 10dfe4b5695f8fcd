-- Wake the outbox workers when events are written. One notification per
-- INSERT statement (FOR EACH STATEMENT), and Postgres folds identical
-- notifications of one transaction into one at commit, so a transaction that
-- writes many events sends one wake-up. The payload is empty: the workers
-- claim from the table, the notification only says "look now".
CREATE FUNCTION codna_notify_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('codna_events', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER events_notify
  AFTER INSERT ON events
  FOR EACH STATEMENT
  EXECUTE FUNCTION codna_notify_events();

-- The workers claim unprocessed events in (created_at, id) order; with id in
-- the index the claim reads just the batch it takes (plus the leased rows it
-- skips) instead of sorting every unprocessed event that shares a created_at,
-- which a bulk write produces by the thousand.
DROP INDEX events_unprocessed_idx;
CREATE INDEX events_unprocessed_idx ON events (created_at, id) WHERE processed_at IS NULL;
