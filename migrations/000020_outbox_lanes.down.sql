ALTER TABLE events
  ADD COLUMN IF NOT EXISTS attempts integer NOT NULL DEFAULT 0, ADD COLUMN IF NOT EXISTS last_error text,
  ADD COLUMN IF NOT EXISTS claimed_at timestamptz, ADD COLUMN IF NOT EXISTS claimed_by text,
  ADD COLUMN IF NOT EXISTS retry_at timestamptz, ADD COLUMN IF NOT EXISTS failures jsonb NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS events_claimed_idx ON events (claimed_at) WHERE processed_at IS NULL;
DROP INDEX IF EXISTS events_unfanned_idx;
ALTER TABLE events DROP COLUMN IF EXISTS fanned_to;
DROP TABLE IF EXISTS outbox_deliveries;
