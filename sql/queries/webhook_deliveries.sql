-- name: WebhookDeliveryCreate :execrows
-- WebhookDeliveryCreate queues one delivery (or records it dead at once: status, last_error); nothing when the subscription already has one for the event.
INSERT INTO webhook_deliveries (id, subscription_id, seq, event_id, event_type, document_id, body, status, last_error, expires_at, event_at)
VALUES (sqlc.arg(id), sqlc.arg(subscription_id), sqlc.arg(seq), sqlc.narg(event_id), sqlc.arg(event_type), sqlc.narg(document_id), sqlc.arg(body),
  sqlc.arg(status)::text, sqlc.arg(last_error)::text, sqlc.arg(expires_at), sqlc.arg(event_at))
ON CONFLICT (subscription_id, event_id) WHERE event_id IS NOT NULL DO NOTHING;

-- name: WebhookDeliveryCreateMany :one
-- WebhookDeliveryCreateMany queues a batch of planned deliveries (parallel arrays, ords their plan order; document uuid.Nil: none) to subscriptions its caller locked (WebhookSubscriptionLockSeq) in one statement: each subscription's new deliveries take its next seqs in plan order and advance its next_seq; one the subscription already holds for its event (a redelivered outbox event) is skipped; once a subscription holds cap pending deliveries the rest are recorded dead with full_reason; a subscription deleted meanwhile gets nothing. It returns how many were queued pending.
WITH p AS (
  SELECT unnest(sqlc.arg(ords)::int[]) AS ord, unnest(sqlc.arg(ids)::uuid[]) AS id, unnest(sqlc.arg(subscription_ids)::uuid[]) AS subscription_id,
    unnest(sqlc.arg(event_ids)::uuid[]) AS event_id, unnest(sqlc.arg(event_types)::text[]) AS event_type,
    unnest(sqlc.arg(document_ids)::uuid[]) AS document_id, unnest(sqlc.arg(bodies)::bytea[]) AS body,
    unnest(sqlc.arg(expires_at)::timestamptz[]) AS expires_at, unnest(sqlc.arg(event_at)::timestamptz[]) AS event_at
), fresh AS (
  SELECT p.*, row_number() OVER (PARTITION BY p.subscription_id ORDER BY p.ord) AS k
  FROM p
  WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.subscription_id = p.subscription_id AND d.event_id = p.event_id)
), span AS MATERIALIZED (
  -- Each subscription's pending deliveries lie between its lowest pending
  -- seq and next_seq: span bounds their number, read from one index entry.
  SELECT s.id, s.next_seq,
    s.next_seq - coalesce((SELECT min(d.seq) FROM webhook_deliveries d WHERE d.subscription_id = s.id AND d.status = 'pending'), s.next_seq) AS span,
    (SELECT count(*) FROM fresh f WHERE f.subscription_id = s.id) AS n
  FROM webhook_subscriptions s WHERE s.id IN (SELECT subscription_id FROM fresh)
), state AS MATERIALIZED (
  -- pending: the bound when the new deliveries fit under cap even with it
  -- (then they are all pending whatever the exact count), else the count
  -- (up to cap index entries); once per subscription, not once per row.
  SELECT sp.id, sp.next_seq,
    CASE WHEN sp.span + sp.n <= sqlc.arg(cap)::int THEN sp.span
      ELSE (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries d WHERE d.subscription_id = sp.id AND d.status = 'pending' LIMIT sqlc.arg(cap)::int) q) END AS pending
  FROM span sp
), created AS (
  INSERT INTO webhook_deliveries (id, subscription_id, seq, event_id, event_type, document_id, body, status, last_error, expires_at, event_at)
  SELECT f.id, f.subscription_id, st.next_seq + f.k - 1, f.event_id, f.event_type,
    NULLIF(f.document_id, '00000000-0000-0000-0000-000000000000'::uuid), f.body,
    CASE WHEN st.pending + f.k <= sqlc.arg(cap)::int THEN 'pending' ELSE 'dead' END,
    CASE WHEN st.pending + f.k <= sqlc.arg(cap)::int THEN '' ELSE sqlc.arg(full_reason)::text END,
    f.expires_at, f.event_at
  FROM fresh f JOIN state st ON st.id = f.subscription_id
  ORDER BY f.ord
  RETURNING subscription_id, seq, status
), advanced AS (
  UPDATE webhook_subscriptions s SET next_seq = c.next
  FROM (SELECT subscription_id, max(seq) + 1 AS next FROM created GROUP BY subscription_id) c
  WHERE s.id = c.subscription_id
  RETURNING s.id
)
SELECT count(*) FILTER (WHERE status = 'pending')::int AS queued FROM created;

-- name: WebhookDeliveryQueued :many
-- WebhookDeliveryQueued returns, of the given subscriptions, those already holding a delivery of the event (a redelivered outbox event) and how many pending deliveries each has, counted up to cap.
SELECT s.id,
  EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.subscription_id = s.id AND d.event_id = sqlc.arg(event_id)::uuid)::bool AS has_event,
  (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries d WHERE d.subscription_id = s.id AND d.status = 'pending' LIMIT sqlc.arg(cap)::int) p)::int AS pending
FROM webhook_subscriptions s WHERE s.id = ANY(sqlc.arg(ids)::uuid[]);

-- name: WebhookDeliveryClaim :many
-- WebhookDeliveryClaim leases to a sender the head (lowest pending seq) of up to batch_size active subscriptions whose head is due and not leased, the least recently served subscriptions first (round-robin: turn_at, set when an attempt is recorded, not here, so that a claim locks no subscription and cannot deadlock with the enqueuer's locks in id order), fairly: at most per_owner heads in flight per owner counting the sender's own (busy_owners, busy_counts), and at most unanswered_free heads whose last attempt got no answer (a timeout or connection error); with what sending needs: the endpoint, the keys in force, and whether the owner can still read its document (management's always: its bodies are metadata only) and is still active. A head leased by another sender holds its whole subscription back: order per subscription.
WITH busy AS (
  SELECT unnest(sqlc.arg(busy_owners)::uuid[]) AS owner_id, unnest(sqlc.arg(busy_counts)::int[]) AS n
), due AS (
  SELECT h.id, s.owner_id, s.turn_at, s.id AS sid, (h.attempts > 0 AND h.last_status IS NULL) AS unanswered
  FROM webhook_subscriptions s
  CROSS JOIN LATERAL (
    SELECT d.id, d.next_attempt_at, d.leased_until, d.attempts, d.last_status FROM webhook_deliveries d
    WHERE d.subscription_id = s.id AND d.status = 'pending'
    ORDER BY d.seq LIMIT 1
  ) h
  WHERE s.status = 'active' AND h.next_attempt_at <= now() AND (h.leased_until IS NULL OR h.leased_until < now())
), answered AS (
  -- The unanswered bound first, so that an owner's unanswered heads
  -- never take the place of its answered ones under the owner's bound.
  SELECT due.id, due.owner_id, due.turn_at, due.sid
  FROM (
    SELECT due.*, CASE WHEN due.unanswered THEN row_number() OVER (PARTITION BY due.unanswered ORDER BY due.turn_at NULLS FIRST, due.sid) END AS unanswered_rank
    FROM due
  ) due
  WHERE due.unanswered_rank IS NULL OR due.unanswered_rank <= sqlc.arg(unanswered_free)::int
), heads AS (
  SELECT r.id FROM (
    SELECT answered.id, answered.turn_at, answered.sid,
      coalesce(b.n, 0) + row_number() OVER (PARTITION BY answered.owner_id ORDER BY answered.turn_at NULLS FIRST, answered.sid) AS owner_rank
    FROM answered LEFT JOIN busy b ON b.owner_id = answered.owner_id
  ) r
  WHERE r.owner_rank <= sqlc.arg(per_owner)::int
  ORDER BY r.turn_at NULLS FIRST, r.sid
  LIMIT sqlc.arg(batch_size)::int
), claimed AS (
  UPDATE webhook_deliveries d
  SET leased_until = now() + sqlc.arg(lease_ms)::bigint * interval '1 millisecond', leased_by = sqlc.arg(worker)::text
  WHERE d.id IN (SELECT id FROM heads) AND d.status = 'pending' AND (d.leased_until IS NULL OR d.leased_until < now())
  RETURNING d.id, d.subscription_id, d.seq, d.event_type, d.document_id, d.body, d.attempts, d.expires_at, d.event_at,
    (d.attempts > 0 AND d.last_status IS NULL) AS unanswered
)
SELECT c.id, c.subscription_id, c.seq, c.event_type, c.document_id, c.body, c.attempts, c.expires_at, c.event_at, c.unanswered::bool AS unanswered,
  s.url, s.owner_id, s.signing_key,
  (CASE WHEN s.previous_until > now() THEN s.previous_key END)::bytea AS previous_key,
  (u.is_active AND u.kind IN ('person', 'management'))::bool AS owner_active,
  -- Management's instance-wide bodies are metadata only: no readability to re-check.
  (u.kind = 'management' OR c.document_id IS NULL OR EXISTS (
    SELECT 1 FROM documents dd CROSS JOIN LATERAL document_level(dd.id, dd.created_by, dd.deleted_at, dd.quarantined_at, s.owner_id, true) AS a(level)
    WHERE dd.id = c.document_id AND a.level > 0))::bool AS readable
FROM claimed c
JOIN webhook_subscriptions s ON s.id = c.subscription_id
JOIN users u ON u.id = s.owner_id
ORDER BY c.subscription_id;

-- name: WebhookDeliveryFinish :execrows
-- WebhookDeliveryFinish records an attempt's outcome on a delivery still leased to the sender, and ends its lease.
UPDATE webhook_deliveries
SET status = sqlc.arg(status)::text, attempts = attempts + sqlc.arg(attempted)::int, next_attempt_at = sqlc.arg(next_attempt_at),
  last_status = sqlc.narg(last_status), last_error = sqlc.arg(last_error)::text,
  delivered_at = CASE WHEN sqlc.arg(status)::text = 'delivered' THEN now() END,
  leased_until = NULL, leased_by = NULL
WHERE id = sqlc.arg(id) AND leased_by = sqlc.arg(worker)::text;

-- name: WebhookDeliveryRelease :exec
-- WebhookDeliveryRelease gives back a leased delivery unattempted (a stopping sender).
UPDATE webhook_deliveries SET leased_until = NULL, leased_by = NULL WHERE id = sqlc.arg(id) AND leased_by = sqlc.arg(worker)::text;

-- name: WebhookDeliveryKillPending :exec
-- WebhookDeliveryKillPending records every pending delivery of a subscription dead with reason (the subscription was disabled).
UPDATE webhook_deliveries SET status = 'dead', last_error = sqlc.arg(reason)::text, leased_until = NULL, leased_by = NULL
WHERE subscription_id = sqlc.arg(subscription_id) AND status = 'pending';

-- name: WebhookDeliveryList :many
-- WebhookDeliveryList lists a subscription's deliveries, newest first, below seq before (0: from the newest).
SELECT id, subscription_id, seq, event_id, event_type, status, attempts, next_attempt_at, last_status, last_error, event_at, created_at, delivered_at
FROM webhook_deliveries
WHERE subscription_id = sqlc.arg(subscription_id) AND (sqlc.arg(before)::bigint = 0 OR seq < sqlc.arg(before)::bigint)
ORDER BY seq DESC
LIMIT sqlc.arg(n)::int;

-- name: WebhookDeliveryRedeliver :one
-- WebhookDeliveryRedeliver queues one delivered or dead delivery of a person's subscription again, same id and bytes, due now, with a new expiry.
UPDATE webhook_deliveries d
SET status = 'pending', attempts = 0, next_attempt_at = now(), expires_at = sqlc.arg(expires_at), last_error = '', leased_until = NULL, leased_by = NULL, delivered_at = NULL
FROM webhook_subscriptions s
WHERE d.id = sqlc.arg(id) AND s.id = d.subscription_id AND s.owner_id = sqlc.arg(owner_id) AND d.status <> 'pending'
RETURNING d.id, d.subscription_id, d.seq, d.event_id, d.event_type, d.status, d.attempts, d.next_attempt_at, d.last_status, d.last_error, d.event_at, d.created_at, d.delivered_at;

-- name: WebhookDeliveryStats :one
-- WebhookDeliveryStats counts the pending deliveries and the age in seconds of the oldest pending event (0 without any), for the metrics.
SELECT count(*)::bigint AS pending, coalesce(extract(epoch FROM now() - min(event_at)), 0)::float8 AS oldest_seconds
FROM webhook_deliveries WHERE status = 'pending';

-- name: WebhookDeliveryDeleteOld :execrows
-- WebhookDeliveryDeleteOld deletes up to n delivered or dead deliveries created before before (retention).
DELETE FROM webhook_deliveries WHERE id IN (
  SELECT o.id FROM webhook_deliveries o WHERE o.status <> 'pending' AND o.created_at < sqlc.arg(before)::timestamptz ORDER BY o.created_at LIMIT sqlc.arg(n)::int
);
