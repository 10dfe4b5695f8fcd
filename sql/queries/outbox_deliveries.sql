-- name: OutboxDeliveryPlansIndexed :exec
-- OutboxDeliveryPlansIndexed makes the statements after it in its transaction (a batch's implicit one) reach outbox_deliveries through its indexes in their order: no sequential or bitmap scan, no sort. A lane's deliveries come and go in bursts, so the table's statistics say "empty" whenever ANALYZE ran between two, and plans made from them read the whole table (docs/design.md, "The worker").
SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true);

-- name: OutboxDeliveryExpire :exec
-- OutboxDeliveryExpire gives back to their lanes the deliveries whose lease is older than lease_ms (their delivery loop died), from the leased deliveries' index, whatever their consumer (a condition on the consumer would let the primary key be used instead).
UPDATE outbox_deliveries SET claimed_at = NULL, claimed_by = NULL
WHERE claimed_at < now() - sqlc.arg(lease_ms)::bigint * interval '1 millisecond';

-- name: OutboxDeliveryClaim :many
-- OutboxDeliveryClaim leases up to batch_size of a consumer's deliveries to a delivery loop: not leased, not waiting for a retry, oldest event first (the lane index's order), with their events (found is false for an event deleted since). SKIP LOCKED keeps concurrent claimers off each other's rows during the statement; the lease keeps them off afterwards.
WITH claimed AS (
  UPDATE outbox_deliveries d SET claimed_at = now(), claimed_by = sqlc.arg(worker)::text
  WHERE d.consumer = sqlc.arg(consumer)::text AND d.event_id = ANY(ARRAY(
    SELECT c.event_id FROM outbox_deliveries c
    WHERE c.consumer = sqlc.arg(consumer)::text
      AND c.claimed_by IS NULL
      AND (c.retry_at IS NULL OR c.retry_at <= now())
    ORDER BY c.created_at, c.event_id
    LIMIT sqlc.arg(batch_size)::int
    FOR UPDATE SKIP LOCKED
  ))
  RETURNING d.event_id, d.created_at, d.attempts, d.failures
)
SELECT c.event_id, c.created_at, c.attempts, c.failures, (e.id IS NOT NULL)::bool AS found,
  coalesce(e.event_type, '')::text AS event_type, coalesce(e.subject_type, '')::text AS subject_type,
  e.subject_id, e.document_id, e.actor_id, e.revision_id, coalesce(e.payload, '{}')::jsonb AS payload
FROM claimed c LEFT JOIN events e ON e.id = c.event_id;

-- name: OutboxDeliveryRenew :execrows
-- OutboxDeliveryRenew extends the lease of the deliveries a delivery loop still holds.
UPDATE outbox_deliveries SET claimed_at = now()
WHERE consumer = sqlc.arg(consumer)::text AND event_id = ANY(sqlc.arg(ids)::uuid[]) AND claimed_by = sqlc.arg(worker)::text;

-- name: OutboxDeliveryDelete :many
-- OutboxDeliveryDelete removes the deliveries a consumer handled, those still leased to the delivery loop, and returns their events (for EventSettle).
DELETE FROM outbox_deliveries
WHERE consumer = sqlc.arg(consumer)::text AND event_id = ANY(sqlc.arg(ids)::uuid[]) AND claimed_by = sqlc.arg(worker)::text
RETURNING event_id;

-- name: OutboxDeliveryFail :execrows
-- OutboxDeliveryFail records a failed attempt of one delivery still leased to the delivery loop: attempts grows by one, failures by counted (0 or 1), the delivery waits retry_ms before it can be claimed again, and the lease ends.
UPDATE outbox_deliveries SET attempts = attempts + 1, failures = failures + sqlc.arg(counted)::int,
  last_error = sqlc.arg(last_error)::text, retry_at = now() + sqlc.arg(retry_ms)::bigint * interval '1 millisecond',
  claimed_at = NULL, claimed_by = NULL
WHERE consumer = sqlc.arg(consumer)::text AND event_id = sqlc.arg(event_id) AND claimed_by = sqlc.arg(worker)::text;

-- name: OutboxDeliveryRelease :execrows
-- OutboxDeliveryRelease gives deliveries back to the lane unhandled (a delivery loop stopping mid-batch): the lease ends, nothing else changes.
UPDATE outbox_deliveries SET claimed_at = NULL, claimed_by = NULL
WHERE consumer = sqlc.arg(consumer)::text AND event_id = ANY(sqlc.arg(ids)::uuid[]) AND claimed_by = sqlc.arg(worker)::text;

-- name: OutboxDeliveryGetStats :many
-- OutboxDeliveryGetStats is each named consumer's lane as metrics see it: deliveries waiting (counted up to depth_cap, from the lane index) and leased (all, from the leased deliveries' index, grouped), and the age in seconds of the oldest event among them (0 when there is none).
WITH leased AS (
  SELECT l.consumer, count(*) AS n, min(l.created_at) AS oldest
  FROM outbox_deliveries l WHERE l.claimed_at IS NOT NULL
  GROUP BY l.consumer
)
SELECT n.consumer::text AS consumer,
  ((SELECT count(*) FROM (SELECT 1 FROM outbox_deliveries b WHERE b.consumer = n.consumer AND b.claimed_by IS NULL LIMIT sqlc.arg(depth_cap)::int) b)
   + coalesce(l.n, 0))::bigint AS depth,
  coalesce(extract(epoch FROM now() - least(
    (SELECT o.created_at FROM outbox_deliveries o WHERE o.consumer = n.consumer AND o.claimed_by IS NULL ORDER BY o.created_at, o.event_id LIMIT 1),
    l.oldest)), 0)::float8 AS oldest_seconds
FROM unnest(sqlc.arg(consumers)::text[]) AS n(consumer) LEFT JOIN leased l ON l.consumer = n.consumer;
