DROP INDEX IF EXISTS outbox_deliveries_leased_idx;
DROP INDEX IF EXISTS outbox_deliveries_lane_idx;
CREATE INDEX outbox_deliveries_lane_idx ON outbox_deliveries (consumer, created_at, event_id);
