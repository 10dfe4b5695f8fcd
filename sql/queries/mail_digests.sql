-- name: MailDigestListDue :many
-- MailDigestListDue is the people whose digest is due (their period passed since the last one, or they had none) and who have unread information notifications since its start, with that start; at most row_limit.
SELECT u.id AS user_id, d.period_start::timestamptz AS period_start
FROM users u
LEFT JOIN mail_preferences p ON p.user_id = u.id
CROSS JOIN LATERAL (
  SELECT CASE coalesce(p.digest, 'daily') WHEN 'hourly' THEN interval '1 hour' ELSE interval '1 day' END AS period
) i
CROSS JOIN LATERAL (
  SELECT coalesce((SELECT max(g.period_end) FROM mail_digests g WHERE g.user_id = u.id), now() - i.period) AS period_start
) d
WHERE u.kind = 'person' AND u.is_active AND coalesce(p.digest, 'daily') <> 'off'
  AND d.period_start <= now() - i.period
  AND EXISTS (
    SELECT 1 FROM notifications n
    WHERE n.recipient_id = u.id AND n.status = 'unread' AND NOT n.requires_decision AND n.type <> 'mention'
      AND n.created_at > d.period_start AND n.created_at <= now()
  )
LIMIT @row_limit;

-- name: MailDigestCreate :one
-- MailDigestCreate records a digest of a person's window from period_start to now.
INSERT INTO mail_digests (id, user_id, period_start, period_end)
VALUES (@id, @user_id, @period_start, now())
RETURNING *;

-- name: MailDigestGet :one
-- MailDigestGet is one digest of a person.
SELECT * FROM mail_digests WHERE id = @id AND user_id = @user_id;

-- name: MailDigestDeleteOld :execrows
-- MailDigestDeleteOld deletes digests that ended before @before, but each person's latest (where their next window starts).
DELETE FROM mail_digests g WHERE g.period_end < @before
  AND g.period_end < (SELECT max(h.period_end) FROM mail_digests h WHERE h.user_id = g.user_id);
