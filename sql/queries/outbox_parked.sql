-- name: OutboxParkedCreate :execrows
-- OutboxParkedCreate parks a consumer on an event (with its counted attempts and error class): its delivery, still leased to the delivery loop, is removed and the pair recorded.
WITH gone AS (
  DELETE FROM outbox_deliveries d
  WHERE d.consumer = sqlc.arg(consumer)::text AND d.event_id = sqlc.arg(event_id)::uuid AND d.claimed_by = sqlc.arg(worker)::text
  RETURNING d.event_id, d.consumer
)
INSERT INTO outbox_parked (event_id, consumer, attempts, error_class)
SELECT g.event_id, g.consumer, sqlc.arg(attempts)::int, sqlc.arg(error_class)::text FROM gone g
ON CONFLICT (event_id, consumer) DO NOTHING;

-- name: OutboxParkedList :many
-- OutboxParkedList is a page of parked pairs, newest first, after the keyset cursor (parked_at, event_id, consumer) when given: ids and classes, never a payload.
SELECT p.event_id, p.consumer, e.event_type, e.subject_type, p.attempts, p.error_class, p.parked_at
FROM outbox_parked p JOIN events e ON e.id = p.event_id
WHERE sqlc.narg(after_at)::timestamptz IS NULL
   OR (p.parked_at, p.event_id, p.consumer) < (sqlc.narg(after_at)::timestamptz, sqlc.narg(after_event)::uuid, sqlc.narg(after_consumer)::text)
ORDER BY p.parked_at DESC, p.event_id DESC, p.consumer DESC
LIMIT sqlc.arg(lim)::int;

-- name: OutboxParkedDelete :one
-- OutboxParkedDelete unparks one pair, returning what it was.
DELETE FROM outbox_parked p
WHERE p.event_id = sqlc.arg(event_id) AND p.consumer = sqlc.arg(consumer)::text
RETURNING p.event_id, p.consumer, p.attempts, p.error_class, p.parked_at,
  (SELECT e.event_type FROM events e WHERE e.id = p.event_id)::text AS event_type,
  (SELECT e.subject_type FROM events e WHERE e.id = p.event_id)::text AS subject_type;
