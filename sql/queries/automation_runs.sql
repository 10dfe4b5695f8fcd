-- name: AutomationRunQueueEvents :many
-- AutomationRunQueueEvents queues a run of every enabled event automation of an active owner that the events trigger: the event type is one of its triggers, the event's document passes its scope and the owner can read that document; events an automation caused trigger none. A run queued before (a redelivered event) is kept. Runs are stamped in event order (clock_timestamp in the outer query), so the workers take each owner's runs in that order.
INSERT INTO automation_runs (id, automation_id, owner_id, event_id, status, event, created_at)
SELECT gen_random_uuid(), m.automation_id, m.owner_id, m.event_id, 'queued', m.event, clock_timestamp()
FROM (
  SELECT a.id AS automation_id, a.owner_id, e.id AS event_id,
    jsonb_build_object('id', e.id, 'type', e.event_type, 'documentId', e.document_id, 'actorId', e.actor_id,
                       'payload', e.payload, 'createdAt', e.created_at) AS event
  FROM events e
  JOIN documents d ON d.id = e.document_id
  JOIN automations a ON a.enabled AND a.kind = 'event' AND a.trigger_events @> ARRAY[e.event_type]
  JOIN users u ON u.id = a.owner_id AND u.is_active
  WHERE e.id = ANY(@event_ids::uuid[]) AND e.automation_id IS NULL
    AND (a.scope->>'space' IS NULL OR d.space::text = a.scope->>'space')
    AND (coalesce(a.scope->>'pathPrefix', '') = '' OR d.path = a.scope->>'pathPrefix'
         OR starts_with(d.path, (a.scope->>'pathPrefix') || '/'))
    AND (a.scope -> 'tags' IS NULL OR d.tags @> ARRAY(SELECT jsonb_array_elements_text(a.scope->'tags')))
    AND (SELECT l.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, a.owner_id, true) AS l(level)) > 0
  ORDER BY e.created_at, e.id, a.id
) m
ON CONFLICT DO NOTHING
RETURNING id;

-- name: AutomationRunQueueTicks :execrows
-- AutomationRunQueueTicks queues the runs of schedule ticks, index for index; a tick queued before is kept.
INSERT INTO automation_runs (id, automation_id, scheduled_for, status)
SELECT gen_random_uuid(), x.automation_id, x.scheduled_for, 'queued'
FROM (SELECT unnest(@automation_ids::uuid[]) AS automation_id, unnest(@ticks::timestamptz[]) AS scheduled_for) x
ON CONFLICT DO NOTHING;

-- name: AutomationRunClaim :one
-- AutomationRunClaim leases a run nobody holds (unfinished, its lease or retry wait ran out) to a worker, taking turns between owners (docs/design.md, "Runner"): of the owners with such runs, the one whose last claim is oldest (never claimed first; a tie goes to the oldest queued run) gets their oldest run. One owner's many runs so wait behind everyone else's next one instead of holding every worker. The owners with unfinished runs are found by skipping through automation_runs_owner_pending_idx (one probe per owner, however many runs are queued); owners are tried in turn order and the first with a claimable run not locked by another worker (SKIP LOCKED) wins, so a claim costs a few index probes per owner with unfinished runs.
WITH RECURSIVE owners AS (
  (SELECT p.owner_id FROM automation_runs p WHERE p.finished_at IS NULL ORDER BY p.owner_id LIMIT 1)
  UNION ALL
  SELECT (SELECT p.owner_id FROM automation_runs p WHERE p.finished_at IS NULL AND p.owner_id > o.owner_id ORDER BY p.owner_id LIMIT 1)
  FROM owners o WHERE o.owner_id IS NOT NULL
), turns AS (
  SELECT o.owner_id,
    (SELECT max(l.claimed_at) FROM automation_runs l WHERE l.owner_id = o.owner_id AND l.claimed_at IS NOT NULL) AS last_claimed,
    (SELECT min(q.created_at) FROM automation_runs q WHERE q.owner_id = o.owner_id AND q.finished_at IS NULL) AS first_queued
  FROM owners o WHERE o.owner_id IS NOT NULL
  ORDER BY 2 NULLS FIRST, 3, 1
)
UPDATE automation_runs r SET worker_id = @worker_id::text, attempts = r.attempts + 1, claimed_at = clock_timestamp(),
  lease_until = now() + sqlc.arg(lease_ms)::bigint * interval '1 millisecond'
WHERE r.id = (
  SELECT c.id FROM turns t
  CROSS JOIN LATERAL (
    SELECT c.id FROM automation_runs c
    WHERE c.owner_id = t.owner_id AND c.finished_at IS NULL AND (c.lease_until IS NULL OR c.lease_until < now())
    ORDER BY c.created_at
    LIMIT 1
    FOR UPDATE SKIP LOCKED
  ) c
  ORDER BY t.last_claimed NULLS FIRST, t.first_queued, t.owner_id
  LIMIT 1
)
RETURNING r.*;

-- name: AutomationRunRenew :execrows
-- AutomationRunRenew extends the lease of a run the worker still holds, while it runs (docs/operations.md, "Leases"); 0 rows: the lease was lost.
UPDATE automation_runs SET lease_until = now() + sqlc.arg(lease_ms)::bigint * interval '1 millisecond'
WHERE id = @id AND worker_id = @worker_id::text AND finished_at IS NULL;

-- name: AutomationRunRecordScript :execrows
-- AutomationRunRecordScript records what the script did (its proposals, without verdicts yet) on a run the worker still holds.
UPDATE automation_runs SET actions = @actions, reads = @reads, logs = @logs, error = sqlc.narg(error), limit_hit = sqlc.narg(limit_hit),
  duration_ms = @duration_ms, memory_peak = @memory_peak, script_ended_at = now()
WHERE id = @id AND worker_id = @worker_id::text AND finished_at IS NULL;

-- name: AutomationRunSetVerdict :execrows
-- AutomationRunSetVerdict merges the verdict into one proposal of a run the worker still holds.
UPDATE automation_runs SET actions = jsonb_set(actions, ARRAY[sqlc.arg(position)::int::text], (actions -> sqlc.arg(position)::int) || sqlc.arg(verdict)::jsonb)
WHERE id = @id AND worker_id = @worker_id::text AND finished_at IS NULL;

-- name: AutomationRunFinish :execrows
-- AutomationRunFinish gives a run the worker still holds its final status and ends its lease.
UPDATE automation_runs SET status = @status, finished_at = now(), lease_until = NULL,
  error = coalesce(sqlc.narg(error), error)
WHERE id = @id AND worker_id = @worker_id::text AND finished_at IS NULL;

-- name: AutomationRunRelease :execrows
-- AutomationRunRelease gives a run back unfinished, claimable again after retry_ms (the host failed, not the script).
UPDATE automation_runs SET worker_id = NULL, lease_until = now() + sqlc.arg(retry_ms)::bigint * interval '1 millisecond'
WHERE id = @id AND worker_id = @worker_id::text AND finished_at IS NULL;

-- name: AutomationRunList :many
-- AutomationRunList pages through an automation's runs, newest first.
SELECT * FROM automation_runs
WHERE automation_id = @automation_id
  AND (sqlc.narg(before_created)::timestamptz IS NULL OR (created_at, id) < (sqlc.narg(before_created)::timestamptz, sqlc.narg(before_id)::uuid))
ORDER BY created_at DESC, id DESC
LIMIT @row_limit;

-- name: AutomationRunListLast :many
-- AutomationRunListLast is the latest run of each of the automations (those that have one).
SELECT DISTINCT ON (automation_id) * FROM automation_runs
WHERE automation_id = ANY(@automation_ids::uuid[])
ORDER BY automation_id, created_at DESC, id DESC;

-- name: AutomationRunListOutcomes :many
-- AutomationRunListOutcomes is the status of an automation's latest finished runs queued since a time (its last change) that ran its script (skipped runs left out), newest first.
SELECT status FROM automation_runs
WHERE automation_id = @automation_id AND finished_at IS NOT NULL AND status <> 'skipped' AND created_at >= @since
ORDER BY created_at DESC
LIMIT @row_limit;
