DROP TRIGGER IF EXISTS events_notify ON events;
DROP FUNCTION IF EXISTS codna_notify_events();
DROP INDEX IF EXISTS events_unprocessed_idx;
CREATE INDEX events_unprocessed_idx ON events (created_at) WHERE processed_at IS NULL;
