-- name: EventCreate :exec
-- EventCreate writes an outbox event; call it in the transaction of the change it describes.
INSERT INTO events (id, event_type, subject_type, subject_id, document_id, actor_id, revision_id, payload, automation_id)
VALUES (@id, @event_type, @subject_type, @subject_id, @document_id, @actor_id, @revision_id, @payload, @automation_id);

-- name: EventCreateMany :exec
-- EventCreateMany writes outbox events, index for index (a nil uuid is no id), in one statement; call it in the transaction of the changes they describe.
INSERT INTO events (id, event_type, subject_type, subject_id, document_id, actor_id, revision_id, payload, automation_id)
SELECT x.id, x.event_type, x.subject_type,
  nullif(x.subject_id, '00000000-0000-0000-0000-000000000000'::uuid), nullif(x.document_id, '00000000-0000-0000-0000-000000000000'::uuid),
  nullif(x.actor_id, '00000000-0000-0000-0000-000000000000'::uuid), nullif(x.revision_id, '00000000-0000-0000-0000-000000000000'::uuid),
  x.payload::jsonb, sqlc.narg(automation_id)::uuid
FROM (SELECT unnest(sqlc.arg(ids)::uuid[]) AS id, unnest(sqlc.arg(event_types)::text[]) AS event_type,
        unnest(sqlc.arg(subject_types)::text[]) AS subject_type, unnest(sqlc.arg(subject_ids)::uuid[]) AS subject_id,
        unnest(sqlc.arg(document_ids)::uuid[]) AS document_id, unnest(sqlc.arg(actor_ids)::uuid[]) AS actor_id,
        unnest(sqlc.arg(revision_ids)::uuid[]) AS revision_id, unnest(sqlc.arg(payloads)::text[]) AS payload) x;

-- name: EventFanOut :many
-- EventFanOut fans up to batch_size events not yet fanned out to the worker's lanes (a JSON array of {"c": consumer, "t": its event types, null for all}), oldest first: one delivery per consumer that takes the event's type, is not in handled_by and is not parked on it; fanned_to lists them, and processed_at is set at once for an event left with no delivery. SKIP LOCKED keeps concurrent workers off each other's events. It returns each event taken with the consumers it got deliveries for.
WITH picked AS (
  SELECT e.id, e.created_at, e.event_type, e.handled_by FROM events e
  WHERE e.processed_at IS NULL AND e.fanned_to IS NULL
  ORDER BY e.created_at, e.id
  LIMIT sqlc.arg(batch_size)::int
  FOR UPDATE SKIP LOCKED
), lanes AS (
  SELECT p.id, p.created_at, c.c AS name FROM picked p CROSS JOIN jsonb_to_recordset(sqlc.arg(lanes)::jsonb) AS c(c text, t text[])
  WHERE (c.t IS NULL OR p.event_type = ANY(c.t)) AND c.c <> ALL(p.handled_by)
    AND NOT EXISTS (SELECT 1 FROM outbox_parked x WHERE x.event_id = p.id AND x.consumer = c.c)
), made AS (
  INSERT INTO outbox_deliveries (consumer, event_id, created_at)
  SELECT l.name, l.id, l.created_at FROM lanes l
  ON CONFLICT DO NOTHING
), per_event AS (
  SELECT p.id, coalesce(array_agg(l.name) FILTER (WHERE l.name IS NOT NULL), '{}')::text[] AS names
  FROM picked p LEFT JOIN lanes l ON l.id = p.id
  GROUP BY p.id
), fanned AS (
  UPDATE events SET fanned_to = x.names, processed_at = CASE WHEN cardinality(x.names) = 0 THEN now() END
  FROM per_event x WHERE events.id = x.id
  RETURNING events.id, x.names
)
SELECT f.id, f.names::text[] AS consumers FROM fanned f;

-- name: EventSettle :execrows
-- EventSettle marks processed the events among ids that were fanned out and have no delivery left: handled_by gains the consumers they were fanned out to that are not parked on them. Run it after the deliveries' removal has committed, so that of two lanes finishing one event the settle after the later sees both removals. The rows are locked in id order first, so that concurrent settles of overlapping events wait for each other instead of deadlocking; the deliveries are counted per event (a scalar subquery, one index probe each) rather than anti-joined, which the planner may do by reading every delivery.
WITH locked AS (
  SELECT l.id FROM events l
  WHERE l.id = ANY(sqlc.arg(ids)::uuid[]) AND l.processed_at IS NULL AND l.fanned_to IS NOT NULL
  ORDER BY l.id
  FOR UPDATE
)
UPDATE events e SET processed_at = now(),
  handled_by = e.handled_by || ARRAY(SELECT n FROM unnest(e.fanned_to) AS n
    WHERE n <> ALL(e.handled_by) AND NOT EXISTS (SELECT 1 FROM outbox_parked p WHERE p.event_id = e.id AND p.consumer = n))
FROM locked
WHERE e.id = locked.id AND e.processed_at IS NULL
  AND (SELECT count(*) FROM outbox_deliveries d WHERE d.event_id = e.id) = 0;

-- name: EventSweep :many
-- EventSweep is EventSettle's backstop (a worker that died between removing deliveries and settling their events): it finds up to chunk fanned-out, unprocessed events older than min_age_ms with no delivery left, oldest first, for EventSettle.
SELECT e.id FROM events e
WHERE e.processed_at IS NULL AND e.fanned_to IS NOT NULL
  AND e.created_at < now() - sqlc.arg(min_age_ms)::bigint * interval '1 millisecond'
  AND NOT EXISTS (SELECT 1 FROM outbox_deliveries d WHERE d.event_id = e.id)
ORDER BY e.created_at, e.id
LIMIT sqlc.arg(chunk)::int;

-- name: EventCleanup :execrows
-- EventCleanup deletes up to chunk events processed more than retention_ms ago and parked for no consumer.
DELETE FROM events
WHERE id IN (
  SELECT c.id FROM events c
  WHERE c.processed_at IS NOT NULL
    AND c.processed_at < now() - sqlc.arg(retention_ms)::bigint * interval '1 millisecond'
    AND NOT EXISTS (SELECT 1 FROM outbox_parked p WHERE p.event_id = c.id)
  LIMIT sqlc.arg(chunk)::int
);

-- name: EventGetStats :one
-- EventGetStats is the queue as metrics see it, from the partial index of unprocessed events: how many (counted up to depth_cap), the age of the oldest in seconds (0 when there is none, one index probe), and the parked (event, consumer) pairs.
SELECT (SELECT count(*) FROM (SELECT 1 FROM events b WHERE b.processed_at IS NULL LIMIT sqlc.arg(depth_cap)::int) b)::bigint AS depth,
  coalesce(extract(epoch FROM now() - (SELECT min(o.created_at) FROM events o WHERE o.processed_at IS NULL)), 0)::float8 AS oldest_seconds,
  (SELECT count(*) FROM outbox_parked)::bigint AS parked;

-- name: EventRequeue :exec
-- EventRequeue puts an event back in the queue of a consumer management unparked: unprocessed, that consumer out of handled_by, a fresh delivery for it claimable now.
WITH e AS (
  UPDATE events SET processed_at = NULL, handled_by = array_remove(handled_by, sqlc.arg(consumer)::text),
    fanned_to = CASE WHEN sqlc.arg(consumer)::text = ANY(fanned_to) THEN fanned_to ELSE coalesce(fanned_to, '{}') || sqlc.arg(consumer)::text END
  WHERE id = sqlc.arg(event_id)
  RETURNING id, created_at
)
INSERT INTO outbox_deliveries (consumer, event_id, created_at)
SELECT sqlc.arg(consumer)::text, e.id, e.created_at FROM e
ON CONFLICT (event_id, consumer) DO UPDATE SET attempts = 0, failures = 0, retry_at = NULL, claimed_at = NULL, claimed_by = NULL, last_error = NULL;

-- name: EventWake :exec
-- EventWake wakes the workers when the transaction commits, as the insert trigger does for new events.
SELECT pg_notify('codna_events', '');
