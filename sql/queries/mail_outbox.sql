-- name: MailOutboxCreate :exec
-- MailOutboxCreate queues one mail, due now.
INSERT INTO mail_outbox (id, recipient_id, kind, subject_id, message_id)
VALUES (@id, @recipient_id, @kind, sqlc.narg(subject_id), @message_id);

-- name: MailOutboxClaim :many
-- MailOutboxClaim leases up to row_limit due queued mails (unclaimed, or under a lease that ran out) to a sender, oldest due first.
UPDATE mail_outbox m SET claimed_by = @worker_id::text, claimed_at = now()
WHERE m.id IN (
  SELECT c.id FROM mail_outbox c
  WHERE c.status = 'queued' AND c.next_attempt_at <= now()
    AND (c.claimed_at IS NULL OR c.claimed_at < now() - sqlc.arg(lease_ms)::bigint * interval '1 millisecond')
  ORDER BY c.next_attempt_at
  LIMIT @row_limit
  FOR UPDATE SKIP LOCKED
)
RETURNING m.*;

-- name: MailOutboxRenew :execrows
-- MailOutboxRenew extends the leases a sender still holds on queued mails, skipping the one it has locked while sending it (docs/operations.md, "Leases").
UPDATE mail_outbox m SET claimed_at = now()
WHERE m.id IN (
  SELECT c.id FROM mail_outbox c
  WHERE c.status = 'queued' AND c.claimed_by = @worker_id::text
  FOR UPDATE SKIP LOCKED
);

-- name: MailOutboxLock :one
-- MailOutboxLock locks a queued mail the sender still holds the lease of, for rendering and sending it; no row when another sender took it or it is done.
SELECT * FROM mail_outbox
WHERE id = @id AND status = 'queued' AND claimed_by = @worker_id::text
FOR UPDATE SKIP LOCKED;

-- name: MailOutboxFinish :exec
-- MailOutboxFinish ends a mail as sent, failed or dropped, with the reason for the latter two.
UPDATE mail_outbox SET status = @status, last_error = sqlc.narg(last_error), sent_at = now(),
  attempts = attempts + CASE WHEN @status = 'failed' THEN 1 ELSE 0 END,
  claimed_at = NULL, claimed_by = NULL
WHERE id = @id AND status = 'queued';

-- name: MailOutboxRetry :exec
-- MailOutboxRetry puts a mail whose send failed for now back in the queue, due at next_attempt_at, and releases its lease.
UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = @next_attempt_at, last_error = @last_error,
  claimed_at = NULL, claimed_by = NULL
WHERE id = @id AND status = 'queued';

-- name: MailOutboxRelease :exec
-- MailOutboxRelease releases the leases a stopping sender holds on mails it did not get to.
UPDATE mail_outbox SET claimed_at = NULL, claimed_by = NULL
WHERE status = 'queued' AND claimed_by = @worker_id::text;

-- name: MailOutboxStats :one
-- MailOutboxStats counts the queued mails and gives how long ago the oldest was queued, in seconds (0 for none: the metrics).
SELECT count(*)::bigint AS queued, COALESCE(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest_age_seconds
FROM mail_outbox WHERE status = 'queued';

-- name: MailOutboxDeleteFinished :execrows
-- MailOutboxDeleteFinished deletes up to row_limit sent, failed and dropped mails queued before @before (the retention).
DELETE FROM mail_outbox m WHERE m.id IN (
  SELECT f.id FROM mail_outbox f WHERE f.status <> 'queued' AND f.created_at < @before LIMIT @row_limit
);

-- name: MailOutboxQueueNotices :execrows
-- MailOutboxQueueNotices queues, per recipient (an active person) and kind (decision or mention), one mail for the unread decisions or mentions created since @since that they want and that no mail covers yet (a mail covers what was made before it: it lists them all), unless a mail of that kind went to them within the coalescing window (then the next poll after it does); the newest notification is the mail's subject.
INSERT INTO mail_outbox (id, recipient_id, kind, subject_id, message_id)
SELECT x.id, x.recipient_id, x.kind, x.subject_id, x.id::text || '@' || @domain::text
FROM (
  SELECT DISTINCT ON (c.recipient_id, c.kind) gen_random_uuid() AS id, c.recipient_id, c.kind, c.subject_id
  FROM (
    SELECT n.recipient_id, CASE WHEN n.requires_decision THEN 'decision' ELSE 'mention' END AS kind, n.id AS subject_id, n.created_at
    FROM notifications n
    JOIN users u ON u.id = n.recipient_id AND u.kind = 'person' AND u.is_active
    LEFT JOIN mail_preferences p ON p.user_id = n.recipient_id
    WHERE n.status = 'unread' AND (n.requires_decision OR n.type = 'mention') AND n.created_at > @since
      AND CASE WHEN n.requires_decision THEN coalesce(p.decisions, true) ELSE coalesce(p.mentions, true) END
  ) c
  WHERE NOT EXISTS (
      SELECT 1 FROM mail_outbox m
      WHERE m.recipient_id = c.recipient_id AND m.kind = c.kind
        AND (m.subject_id = c.subject_id OR m.created_at >= c.created_at
          OR m.created_at > now() - make_interval(secs => @window_secs::float8)))
  ORDER BY c.recipient_id, c.kind, c.created_at DESC, c.subject_id DESC
) x;

-- name: MailOutboxPreviousNotice :one
-- MailOutboxPreviousNotice is when the recipient's previous mail of a kind was queued, before the given one (the start of the window a decision or mention mail lists); no row for their first.
SELECT created_at FROM mail_outbox
WHERE recipient_id = @recipient_id AND kind = @kind AND (created_at, id) < (@before_created::timestamptz, @before_id::uuid)
ORDER BY created_at DESC, id DESC
LIMIT 1;

-- name: MailOutboxDropQueuedOfKind :execrows
-- MailOutboxDropQueuedOfKind drops a person's queued mails of the given kinds (they turned that mail off).
UPDATE mail_outbox SET status = 'dropped', last_error = 'turned off by its recipient', sent_at = now(),
  claimed_at = NULL, claimed_by = NULL
WHERE recipient_id = @recipient_id AND status = 'queued' AND kind = ANY(@kinds::text[]);

-- name: MailOutboxTryNoticeLock :one
-- MailOutboxTryNoticeLock takes the transaction-scoped advisory lock of the notice and digest queuer, so one replica queues at a time; false when another holds it.
SELECT pg_try_advisory_xact_lock(@lock_key::bigint) AS locked;
