-- Outbox lanes (docs/design.md, "The worker"): every consumer drains its own
-- queue of deliveries, one row per (consumer, event) still to handle, with
-- its own lease, attempts and backoff, so a slow or failing consumer delays
-- only itself. A worker fans each new event out to the consumers it runs
-- (events.fanned_to); the event is processed once no delivery of it remains.
CREATE TABLE outbox_deliveries (
  consumer   text NOT NULL,
  event_id   uuid NOT NULL,          -- no foreign key: a delivery whose event is gone is dropped when claimed
  created_at timestamptz NOT NULL,   -- the event's, the lane's order
  attempts   integer NOT NULL DEFAULT 0,  -- failed attempts (the backoff's exponent)
  failures   integer NOT NULL DEFAULT 0,  -- failed attempts counted towards parking
  last_error text,
  retry_at   timestamptz,            -- a failed delivery waits until then
  claimed_at timestamptz,            -- in-flight lease
  claimed_by text,
  PRIMARY KEY (event_id, consumer)
) WITH (fillfactor = 80);
-- A lane claims its oldest deliveries.
CREATE INDEX outbox_deliveries_lane_idx ON outbox_deliveries (consumer, created_at, event_id);

-- The consumers an event was fanned out to (NULL: not yet).
ALTER TABLE events ADD COLUMN fanned_to text[];
CREATE INDEX events_unfanned_idx ON events (created_at, id) WHERE processed_at IS NULL AND fanned_to IS NULL;

-- The per-event delivery state moved to outbox_deliveries. Events not yet
-- processed are fanned out again, skipping the consumers in handled_by.
DROP INDEX IF EXISTS events_claimed_idx;
ALTER TABLE events
  DROP COLUMN attempts, DROP COLUMN last_error, DROP COLUMN claimed_at, DROP COLUMN claimed_by,
  DROP COLUMN retry_at, DROP COLUMN failures;
