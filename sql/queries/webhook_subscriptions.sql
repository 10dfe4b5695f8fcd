-- name: WebhookSubscriptionCreate :one
-- WebhookSubscriptionCreate inserts a person's subscription, active, with its first signing key.
INSERT INTO webhook_subscriptions (id, owner_id, url, event_types, space, path_prefix, signing_key)
VALUES (sqlc.arg(id), sqlc.arg(owner_id), sqlc.arg(url), sqlc.arg(event_types)::text[], sqlc.narg(space), sqlc.arg(path_prefix), sqlc.arg(signing_key))
RETURNING *;

-- name: WebhookSubscriptionCountByOwner :one
-- WebhookSubscriptionCountByOwner counts a person's subscriptions (the per-person cap).
SELECT count(*) FROM webhook_subscriptions WHERE owner_id = sqlc.arg(owner_id);

-- name: WebhookSubscriptionLockOwner :exec
-- WebhookSubscriptionLockOwner serialises a person's subscription creations (the cap) on their users row.
SELECT 1 FROM users WHERE id = sqlc.arg(owner_id) FOR UPDATE;

-- name: WebhookSubscriptionListByOwner :many
-- WebhookSubscriptionListByOwner lists a person's subscriptions, oldest first.
SELECT * FROM webhook_subscriptions WHERE owner_id = sqlc.arg(owner_id) ORDER BY created_at, id;

-- name: WebhookSubscriptionGet :one
-- WebhookSubscriptionGet reads one subscription of a person (none for anyone else's).
SELECT * FROM webhook_subscriptions WHERE id = sqlc.arg(id) AND owner_id = sqlc.arg(owner_id);

-- name: WebhookSubscriptionDelete :execrows
-- WebhookSubscriptionDelete deletes one subscription of a person, its deliveries with it.
DELETE FROM webhook_subscriptions WHERE id = sqlc.arg(id) AND owner_id = sqlc.arg(owner_id);

-- name: WebhookSubscriptionSetStatus :one
-- WebhookSubscriptionSetStatus pauses or resumes one subscription of a person; resuming forgets its run of failures.
UPDATE webhook_subscriptions
SET status = sqlc.arg(status)::text, status_reason = sqlc.arg(reason)::text, updated_at = now(),
  consecutive_dead = CASE WHEN sqlc.arg(status)::text = 'active' THEN 0 ELSE consecutive_dead END,
  failing_since = CASE WHEN sqlc.arg(status)::text = 'active' THEN NULL ELSE failing_since END
WHERE id = sqlc.arg(id) AND owner_id = sqlc.arg(owner_id)
RETURNING *;

-- name: WebhookSubscriptionRotate :one
-- WebhookSubscriptionRotate makes key the signing key of one subscription of a person, the old one still signing until previous_until.
UPDATE webhook_subscriptions
SET previous_key = signing_key, previous_until = sqlc.arg(previous_until), signing_key = sqlc.arg(key), updated_at = now()
WHERE id = sqlc.arg(id) AND owner_id = sqlc.arg(owner_id)
RETURNING *;

-- name: WebhookSubscriptionLockSeq :many
-- WebhookSubscriptionLockSeq locks subscriptions in id order (so two enqueuers wait instead of deadlocking) and returns their next_seq.
SELECT id, next_seq FROM webhook_subscriptions WHERE id = ANY(sqlc.arg(ids)::uuid[]) ORDER BY id FOR UPDATE;

-- name: WebhookSubscriptionSetSeq :exec
-- WebhookSubscriptionSetSeq records the next sequence number of a subscription locked by WebhookSubscriptionLockSeq.
UPDATE webhook_subscriptions SET next_seq = sqlc.arg(next_seq) WHERE id = sqlc.arg(id);

-- name: WebhookSubscriptionDelivered :exec
-- WebhookSubscriptionDelivered ends a subscription's run of failures and records its turn (the sender's round-robin).
UPDATE webhook_subscriptions SET consecutive_dead = 0, failing_since = NULL, turn_at = now()
WHERE id = sqlc.arg(id);

-- name: WebhookSubscriptionFailed :one
-- WebhookSubscriptionFailed records a failed attempt and its turn (dead: one more dead delivery in a row) and pauses an active subscription once the dead run reaches pause_after or its failures have lasted failing_ms; paused says it did so now.
WITH cur AS (
  SELECT s.id, s.status FROM webhook_subscriptions s WHERE s.id = sqlc.arg(id) FOR UPDATE
), next AS (
  SELECT c.id, c.status AS was,
    s.consecutive_dead + CASE WHEN sqlc.arg(dead)::bool THEN 1 ELSE 0 END AS dead_run,
    coalesce(s.failing_since, now()) AS since
  FROM cur c JOIN webhook_subscriptions s ON s.id = c.id
)
UPDATE webhook_subscriptions s
SET consecutive_dead = n.dead_run, failing_since = n.since, updated_at = now(), turn_at = now(),
  status = CASE WHEN n.was = 'active' AND (n.dead_run >= sqlc.arg(pause_after)::int OR n.since <= now() - sqlc.arg(failing_ms)::bigint * interval '1 millisecond')
    THEN 'paused' ELSE s.status END,
  status_reason = CASE
    WHEN n.was = 'active' AND n.dead_run >= sqlc.arg(pause_after)::int THEN sqlc.arg(dead_reason)::text
    WHEN n.was = 'active' AND n.since <= now() - sqlc.arg(failing_ms)::bigint * interval '1 millisecond' THEN sqlc.arg(failing_reason)::text
    ELSE s.status_reason END
FROM next n
WHERE s.id = n.id
RETURNING s.owner_id, s.url, (n.was = 'active' AND s.status = 'paused')::bool AS paused;

-- name: WebhookSubscriptionDisable :exec
-- WebhookSubscriptionDisable disables a subscription with reason (its endpoint answered 410 Gone).
UPDATE webhook_subscriptions SET status = 'disabled', status_reason = sqlc.arg(reason)::text, updated_at = now() WHERE id = sqlc.arg(id);

-- name: WebhookSubscriptionPauseOwner :execrows
-- WebhookSubscriptionPauseOwner pauses every active subscription of a person with reason (their deactivation).
UPDATE webhook_subscriptions SET status = 'paused', status_reason = sqlc.arg(reason)::text, updated_at = now()
WHERE owner_id = sqlc.arg(owner_id) AND status = 'active';

-- name: WebhookSubscriptionListActiveTypes :many
-- WebhookSubscriptionListActiveTypes lists the event types active subscriptions take ('*' for one taking every type), so the enqueuer skips events no subscription takes without a statement per event.
SELECT DISTINCT t::text AS event_type
FROM webhook_subscriptions s
CROSS JOIN LATERAL unnest(CASE WHEN cardinality(s.event_types) = 0 THEN ARRAY['*']::text[] ELSE s.event_types END) AS t
WHERE s.status = 'active';

-- name: WebhookSubscriptionMatchEvents :many
-- WebhookSubscriptionMatchEvents matches a batch of events on documents (parallel arrays, one element per event: ord its place in the batch, its document, its revision and link target (uuid.Nil: none), its public type and the principal an access event names) against the active subscriptions of active people that take the type on the document (its space and path), with the owner's level now, the level the owner had before a trash (the tombstone ignored; 0 for any other event), whether the principal of an access.revoked reached the owner, the owner's level on the link target (0 without one), and the document's version after the revision (its current one without); in event order, then subscription.
WITH e AS (
  SELECT unnest(sqlc.arg(ords)::int[]) AS ord, unnest(sqlc.arg(document_ids)::uuid[]) AS document_id,
    unnest(sqlc.arg(revision_ids)::uuid[]) AS revision_id, unnest(sqlc.arg(target_ids)::uuid[]) AS target_id,
    unnest(sqlc.arg(event_types)::text[]) AS event_type, unnest(sqlc.arg(principal_types)::text[]) AS principal_type,
    unnest(sqlc.arg(principal_ids)::uuid[]) AS principal_id
)
SELECT e.ord::int AS ord, s.id, s.owner_id, d.title, d.space, d.path, d.slug,
  coalesce((SELECT r.version FROM document_revisions r WHERE r.id = NULLIF(e.revision_id, '00000000-0000-0000-0000-000000000000'::uuid)), d.version)::int AS version,
  (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, s.owner_id, true) AS a(level))::int AS level_now,
  -- The level before a trash and the revoked principal only for the events that read them.
  (CASE WHEN e.event_type = 'document.trashed' THEN
    (SELECT a.level FROM document_level(d.id, d.created_by, NULL::timestamptz, d.quarantined_at, s.owner_id, true) AS a(level)) ELSE 0 END)::int AS level_untrashed,
  (e.event_type = 'access.revoked' AND d.deleted_at IS NULL AND d.quarantined_at IS NULL AND (
    (e.principal_type = 'user' AND e.principal_id = s.owner_id)
    OR (e.principal_type = 'group' AND (e.principal_id = '00000000-0000-0000-0000-000000000002'::uuid
      OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = e.principal_id AND gm.user_id = s.owner_id)))
  ))::bool AS revoked_reached,
  (CASE WHEN e.target_id = '00000000-0000-0000-0000-000000000000'::uuid THEN 0 ELSE coalesce((
    SELECT a.level FROM documents t CROSS JOIN LATERAL document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, s.owner_id, true) AS a(level)
    WHERE t.id = e.target_id), 0) END)::int AS target_level
FROM e
JOIN documents d ON d.id = e.document_id
JOIN webhook_subscriptions s ON s.status = 'active'
  AND (cardinality(s.event_types) = 0 OR e.event_type = ANY(s.event_types))
  AND (s.space IS NULL OR s.space = d.space)
  AND (s.path_prefix = '' OR starts_with(d.path || '/', s.path_prefix || '/'))
JOIN users u ON u.id = s.owner_id AND u.is_active AND u.kind = 'person'
ORDER BY e.ord, s.id;

-- name: WebhookSubscriptionMatchEventsInstance :many
-- WebhookSubscriptionMatchEventsInstance matches a batch of events on documents (parallel arrays: ord, document, revision (uuid.Nil: none), public type) against management's active instance-wide subscriptions that take the type on the document (its space), with the document's space and its version after the revision (its current one without): no readability and no path, for metadata-only bodies; in event order, then subscription.
WITH e AS (
  SELECT unnest(sqlc.arg(ords)::int[]) AS ord, unnest(sqlc.arg(document_ids)::uuid[]) AS document_id,
    unnest(sqlc.arg(revision_ids)::uuid[]) AS revision_id, unnest(sqlc.arg(event_types)::text[]) AS event_type
)
SELECT e.ord::int AS ord, s.id, d.space,
  coalesce((SELECT r.version FROM document_revisions r WHERE r.id = NULLIF(e.revision_id, '00000000-0000-0000-0000-000000000000'::uuid)), d.version)::int AS version
FROM e
JOIN documents d ON d.id = e.document_id
JOIN webhook_subscriptions s ON s.status = 'active'
  AND (cardinality(s.event_types) = 0 OR e.event_type = ANY(s.event_types))
  AND (s.space IS NULL OR s.space = d.space)
JOIN users u ON u.id = s.owner_id AND u.kind = 'management'
ORDER BY e.ord, s.id;

-- name: WebhookSubscriptionMatchPurges :many
-- WebhookSubscriptionMatchPurges matches a batch of purges (parallel arrays: ord, the page's owner, public type, space and path; the page is gone) against its owner's active subscriptions that take the type in the space and path (only the owner could read a trashed page), if the owner is an active person, and, instance true, against management's active instance-wide subscriptions that take the type in the space; in event order, the owner's first.
WITH e AS (
  SELECT unnest(sqlc.arg(ords)::int[]) AS ord, unnest(sqlc.arg(owner_ids)::uuid[]) AS owner_id,
    unnest(sqlc.arg(event_types)::text[]) AS event_type, unnest(sqlc.arg(spaces)::text[]) AS space, unnest(sqlc.arg(paths)::text[]) AS path
)
SELECT m.ord::int AS ord, m.id, m.instance::bool AS instance FROM (
  SELECT e.ord, s.id, false AS instance
  FROM e
  JOIN webhook_subscriptions s ON s.owner_id = e.owner_id AND s.status = 'active'
    AND (cardinality(s.event_types) = 0 OR e.event_type = ANY(s.event_types))
    AND (s.space IS NULL OR s.space::text = e.space)
    AND (s.path_prefix = '' OR starts_with(e.path || '/', s.path_prefix || '/'))
  JOIN users u ON u.id = s.owner_id AND u.is_active AND u.kind = 'person'
  UNION ALL
  SELECT e.ord, s.id, true AS instance
  FROM e
  JOIN webhook_subscriptions s ON s.status = 'active'
    AND (cardinality(s.event_types) = 0 OR e.event_type = ANY(s.event_types))
    AND (s.space IS NULL OR s.space::text = e.space)
  JOIN users u ON u.id = s.owner_id AND u.kind = 'management'
) m
ORDER BY m.ord, m.instance, m.id;
