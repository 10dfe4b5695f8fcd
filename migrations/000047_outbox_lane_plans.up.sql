-- A lane's statements plan the same whatever the statistics say (issue 31;
-- docs/design.md, "The worker"; bench/RESULTS.md, "The outbox's plans").
-- Deliveries come and go in bursts, so ANALYZE often sees the table empty and
-- plans made from that read the whole table on every claim. The lane
-- statements now run with sequential and bitmap scans and sorts off
-- (OutboxDeliveryPlansIndexed), which leaves each of them one index to use:
-- - the lane index holds only the deliveries waiting to be claimed: claims
--   read it in its order; the statements that name deliveries by id (renew,
--   remove, fail, release) all say claimed_by = worker, which its predicate
--   does not follow from, so they cannot walk a whole lane through it;
-- - the leased deliveries' index (few rows: the batches in flight) serves the
--   lease expiry and the lanes' metrics, which name no consumer (the primary
--   key, (event_id, consumer), could then serve them by a walk of all of it).
--   Its predicate is on claimed_at (set and cleared with claimed_by), which
--   the statements by id do not name: for them a walk of this index, with
--   every lease a backlog took still in it until vacuumed, is no choice;
-- - the primary key serves the rest: statements by id, and a settle's count
--   of an event's deliveries.
DROP INDEX IF EXISTS outbox_deliveries_lane_idx;
CREATE INDEX outbox_deliveries_lane_idx ON outbox_deliveries (consumer, created_at, event_id) WHERE claimed_by IS NULL;
CREATE INDEX outbox_deliveries_leased_idx ON outbox_deliveries (claimed_at) WHERE claimed_at IS NOT NULL;
