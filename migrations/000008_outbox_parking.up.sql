-- Parking (docs/operations.md, "Parked events"): an event a consumer keeps
-- failing on, or that outran the consumer's time budget, is parked for that
-- consumer, so the queue moves on. Failures are counted per consumer; a
-- parked (event, consumer) pair waits in outbox_parked until management
-- retries it. The event itself is marked processed once every other
-- consumer has handled it, and cleanup keeps it while it is parked.
ALTER TABLE events ADD COLUMN failures jsonb NOT NULL DEFAULT '{}';  -- consumer → failed attempts counted towards parking

CREATE TABLE outbox_parked (
  event_id    uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  consumer    text NOT NULL,
  attempts    integer NOT NULL,       -- failed attempts of this consumer when it was parked
  error_class text NOT NULL,          -- timeout | panic | error: never the error's text
  parked_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, consumer)
);
CREATE INDEX outbox_parked_at_idx ON outbox_parked (parked_at DESC, event_id, consumer);
