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

-- name: EventClaim :many
-- EventClaim leases up to batch_size claimable events to a worker: not processed, not leased (or the lease is older than lease_ms), not waiting for a retry. SKIP LOCKED keeps concurrent claimers off each other's rows during the statement; the lease (claimed_at) keeps them off afterwards. The ids are collected into an array (id = ANY(ARRAY(…)), not id IN (…)) so the update finds its rows by primary key whatever the size of the table.
UPDATE events SET claimed_at = now(), claimed_by = sqlc.arg(worker)::text
WHERE id = ANY(ARRAY(
  SELECT c.id FROM events c
  WHERE c.processed_at IS NULL
    AND (c.claimed_at IS NULL OR c.claimed_at < now() - sqlc.arg(lease_ms)::bigint * interval '1 millisecond')
    AND (c.retry_at IS NULL OR c.retry_at <= now())
  ORDER BY c.created_at, c.id
  LIMIT sqlc.arg(batch_size)::int
  FOR UPDATE SKIP LOCKED
))
RETURNING id, event_type, subject_type, subject_id, document_id, actor_id, revision_id,
  payload, created_at, attempts, handled_by, failures,
  ARRAY(SELECT p.consumer FROM outbox_parked p WHERE p.event_id = events.id)::text[] AS parked;

-- name: EventRenew :execrows
-- EventRenew extends the lease of the events a worker still holds.
UPDATE events SET claimed_at = now()
WHERE id = ANY(sqlc.arg(ids)::uuid[]) AND claimed_by = sqlc.arg(worker)::text AND processed_at IS NULL;

-- name: EventComplete :execrows
-- EventComplete marks events processed whose consumers all succeeded: it adds the consumers not yet in handled_by, sets processed_at and ends the lease. Rows no longer leased to the worker are left alone.
UPDATE events SET
  handled_by = handled_by || ARRAY(SELECT n FROM unnest(sqlc.arg(consumers)::text[]) AS n WHERE n <> ALL(handled_by)),
  processed_at = now(), claimed_at = NULL, claimed_by = NULL
WHERE id = ANY(sqlc.arg(ids)::uuid[]) AND claimed_by = sqlc.arg(worker)::text AND processed_at IS NULL;

-- name: EventFail :execrows
-- EventFail records a failed attempt: the consumers that did succeed join handled_by, attempts grows by one, failures takes the per-consumer counts, the event waits retry_ms before it can be claimed again, and the lease ends.
UPDATE events SET
  handled_by = handled_by || ARRAY(SELECT n FROM unnest(sqlc.arg(consumers)::text[]) AS n WHERE n <> ALL(handled_by)),
  attempts = attempts + 1, last_error = sqlc.arg(last_error)::text, failures = sqlc.arg(failures)::jsonb,
  retry_at = now() + sqlc.arg(retry_ms)::bigint * interval '1 millisecond',
  claimed_at = NULL, claimed_by = NULL
WHERE id = sqlc.arg(id) AND claimed_by = sqlc.arg(worker)::text AND processed_at IS NULL;

-- name: EventRelease :execrows
-- EventRelease gives events back to the pool unprocessed (a worker stopping mid-batch), recording the consumers that already succeeded.
UPDATE events SET
  handled_by = handled_by || ARRAY(SELECT n FROM unnest(sqlc.arg(consumers)::text[]) AS n WHERE n <> ALL(handled_by)),
  claimed_at = NULL, claimed_by = NULL
WHERE id = ANY(sqlc.arg(ids)::uuid[]) AND claimed_by = sqlc.arg(worker)::text AND processed_at IS NULL;

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
-- EventRequeue puts an event back in the queue for a consumer management unparked: unprocessed, claimable now, that consumer's failures forgotten.
UPDATE events SET processed_at = NULL, retry_at = NULL, claimed_at = NULL, claimed_by = NULL,
  failures = failures - sqlc.arg(consumer)::text
WHERE id = sqlc.arg(event_id);

-- name: EventWake :exec
-- EventWake wakes the workers when the transaction commits, as the insert trigger does for new events.
SELECT pg_notify('codna_events', '');
