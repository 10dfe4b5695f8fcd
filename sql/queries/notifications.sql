-- name: NotificationFindBatch :one
-- NotificationFindBatch locks the notification a member of a batch merges into: there is one per (recipient, batch, type).
SELECT * FROM notifications
WHERE recipient_id = @recipient_id AND batch_id = @batch_id AND type = @type
ORDER BY created_at, id
LIMIT 1
FOR UPDATE;

-- name: NotificationFindOpen :one
-- NotificationFindOpen locks the notification a new one about the same subject coalesces into: for information an unread one created within the window, for a decision an open one of any age.
SELECT * FROM notifications
WHERE recipient_id = @recipient_id AND type = @type AND subject_type = @subject_type
  AND subject_id IS NOT DISTINCT FROM sqlc.narg('subject_id')::uuid
  AND batch_id IS NULL
  AND requires_decision = @requires_decision::boolean
  AND CASE WHEN @requires_decision::boolean THEN status IN ('unread', 'read')
           ELSE status = 'unread' AND created_at > now() - make_interval(secs => @window_secs::float8) END
ORDER BY created_at DESC, id DESC
LIMIT 1
FOR UPDATE;

-- name: NotificationInsert :one
-- NotificationInsert adds a notification, records the batch member's document it stands for (if given and not gone), and signals its recipient's inbox (delivered when the transaction commits).
WITH ins AS (
  INSERT INTO notifications (id, recipient_id, type, subject_type, subject_id, payload, requires_decision, batch_id)
  VALUES (@id, @recipient_id, @type, @subject_type, sqlc.narg('subject_id'), @payload, @requires_decision, sqlc.narg('batch_id'))
  RETURNING *
), doc AS (
  INSERT INTO notification_documents (notification_id, document_id)
  SELECT ins.id, d.id FROM ins JOIN documents d ON d.id = sqlc.narg('batch_document_id')::uuid
  ON CONFLICT DO NOTHING
)
SELECT ins.* FROM ins, pg_notify('codna_inbox', ins.recipient_id::text);

-- name: NotificationMerge :one
-- NotificationMerge replaces a notification's payload (created_at stays), reopening it as unread when asked, records the batch member's document it stands for (if given and not gone), and signals its recipient's inbox.
WITH upd AS (
  UPDATE notifications
  SET payload = @payload,
      status = CASE WHEN @reopen::boolean THEN 'unread' ELSE status END,
      read_at = CASE WHEN @reopen::boolean THEN NULL ELSE read_at END,
      resolved_at = CASE WHEN @reopen::boolean THEN NULL ELSE resolved_at END
  WHERE notifications.id = @id
  RETURNING *
), doc AS (
  INSERT INTO notification_documents (notification_id, document_id)
  SELECT upd.id, d.id FROM upd JOIN documents d ON d.id = sqlc.narg('batch_document_id')::uuid
  ON CONFLICT DO NOTHING
)
SELECT upd.* FROM upd, pg_notify('codna_inbox', upd.recipient_id::text);

-- name: NotificationCountInbox :many
-- NotificationCountInbox is the inbox badge of each given user (is_person[i]: whether group grants reach user_ids[i]) in one statement, one row per user (docs/design.md#counts): decisions are the stale or broken edges and file references from live, non-raw documents the user owns, not kept, to targets the user can read (a broken edge's also when the user could read it when it broke: break_reader), plus the pending suggestions on live, non-raw documents the user can edit, towards live targets they can read (raw bodies are never edited, and an unreadable target must not show), plus the user's open mention decisions that still hold (mention_decision_holds); unread is unread information.
SELECT u.id::uuid AS user_id,
  ((SELECT count(*)
    FROM documents s
    JOIN document_links l ON l.source_id = s.id
    JOIN documents t ON t.id = l.target_id
    WHERE s.created_by = u.id AND s.deleted_at IS NULL AND s.space <> 'raw'
      AND l.state IN ('stale_text', 'broken') AND l.kept_at IS NULL
      AND ((l.state = 'broken' AND l.break_reader = u.id)
        OR (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, u.id, u.is_person) AS a(level)) > 0))
   +
   (SELECT count(*)
    FROM documents s
    JOIN attachment_refs r ON r.source_id = s.id
    JOIN documents t ON t.id = r.target_id
    WHERE s.created_by = u.id AND s.deleted_at IS NULL AND s.space <> 'raw'
      AND r.state IN ('stale_text', 'broken') AND r.kept_at IS NULL
      AND (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, u.id, u.is_person) AS a(level)) > 0)
   +
   (SELECT count(*)
    FROM link_suggestions ls
    JOIN documents s ON s.id = ls.source_id
    JOIN documents t ON t.id = ls.target_id
    WHERE ls.status = 'pending' AND s.deleted_at IS NULL AND s.space <> 'raw' AND t.deleted_at IS NULL
      AND (SELECT a.level FROM document_level(s.id, s.created_by, s.deleted_at, s.quarantined_at, u.id, u.is_person) AS a(level)) >= 2
      AND (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, u.id, u.is_person) AS a(level)) > 0)
   +
   (SELECT count(*)
    FROM notifications n
    WHERE n.recipient_id = u.id AND n.requires_decision AND n.status IN ('unread', 'read')
      AND n.type IN ('mention.unreadable', 'mention.group_capped') AND n.subject_type = 'mention'
      AND mention_decision_holds(n.subject_id, u.id, n.type))
  )::int AS decisions,
  (SELECT count(*)
   FROM notifications n
   WHERE n.recipient_id = u.id AND n.status = 'unread' AND NOT n.requires_decision)::int AS unread
FROM (SELECT a.id, b.is_person
      FROM unnest(@user_ids::uuid[]) WITH ORDINALITY AS a(id, i)
      JOIN unnest(@is_person::boolean[]) WITH ORDINALITY AS b(is_person, i) ON b.i = a.i) u;

-- name: NotificationList :many
-- NotificationList pages through a recipient's notifications, newest first, keyset on (created_at, id).
SELECT * FROM notifications
WHERE recipient_id = @recipient_id
  AND (sqlc.narg('status')::text IS NULL OR status = sqlc.narg('status')::text)
  AND (sqlc.narg('type')::text IS NULL OR type = sqlc.narg('type')::text)
  AND (sqlc.narg('requires_decision')::boolean IS NULL OR requires_decision = sqlc.narg('requires_decision')::boolean)
  AND (sqlc.narg('after_id')::uuid IS NULL
       OR (created_at, id) < (sqlc.narg('after_created')::timestamptz, sqlc.narg('after_id')::uuid))
ORDER BY created_at DESC, id DESC
LIMIT @row_limit;

-- name: NotificationMarkRead :one
-- NotificationMarkRead marks the recipient's unread information among ids read, and signals their inbox when any changed.
WITH upd AS (
  UPDATE notifications SET status = 'read', read_at = now()
  WHERE recipient_id = @recipient_id::uuid AND id = ANY(@ids::uuid[]) AND status = 'unread' AND NOT requires_decision
  RETURNING recipient_id
), sig AS (
  SELECT pg_notify('codna_inbox', u.recipient_id::text) FROM (SELECT recipient_id FROM upd LIMIT 1) u
)
SELECT (SELECT count(*) FROM upd)::int AS marked, (SELECT count(*) FROM sig)::int AS signalled;

-- name: NotificationMarkAllRead :one
-- NotificationMarkAllRead marks all the recipient's unread information read, and signals their inbox when any changed.
WITH upd AS (
  UPDATE notifications SET status = 'read', read_at = now()
  WHERE recipient_id = @recipient_id::uuid AND status = 'unread' AND NOT requires_decision
  RETURNING recipient_id
), sig AS (
  SELECT pg_notify('codna_inbox', u.recipient_id::text) FROM (SELECT recipient_id FROM upd LIMIT 1) u
)
SELECT (SELECT count(*) FROM upd)::int AS marked, (SELECT count(*) FROM sig)::int AS signalled;

-- name: NotificationDismiss :one
-- NotificationDismiss dismisses one of the recipient's notifications, unless it is an open decision, and signals their inbox.
WITH upd AS (
  UPDATE notifications SET status = 'dismissed'
  WHERE id = @id AND recipient_id = @recipient_id
    AND (NOT requires_decision OR status NOT IN ('unread', 'read'))
  RETURNING *
)
SELECT upd.* FROM upd, pg_notify('codna_inbox', upd.recipient_id::text);

-- name: NotificationResolve :one
-- NotificationResolve marks one of the recipient's information notifications done and signals their inbox.
WITH upd AS (
  UPDATE notifications SET status = 'resolved', resolved_at = coalesce(resolved_at, now())
  WHERE id = @id AND recipient_id = @recipient_id AND NOT requires_decision
  RETURNING *
)
SELECT upd.* FROM upd, pg_notify('codna_inbox', upd.recipient_id::text);

-- name: NotificationRequiresDecision :one
-- NotificationRequiresDecision says whether one of the recipient's notifications is a decision (no row: not theirs).
SELECT requires_decision FROM notifications WHERE id = @id AND recipient_id = @recipient_id;

-- name: NotificationResolveDecisions :one
-- NotificationResolveDecisions resolves the open decisions about the given subjects and signals each recipient's inbox.
WITH upd AS (
  UPDATE notifications SET status = 'resolved', resolved_at = now()
  WHERE requires_decision AND status IN ('unread', 'read')
    AND subject_type = @subject_type AND subject_id = ANY(@subject_ids::uuid[])
  RETURNING recipient_id
), sig AS (
  SELECT pg_notify('codna_inbox', r.recipient_id::text) FROM (SELECT DISTINCT recipient_id FROM upd) r
)
SELECT (SELECT count(*) FROM upd)::int AS resolved, (SELECT count(*) FROM sig)::int AS signalled;

-- name: NotificationListNewSince :many
-- NotificationListNewSince lists a recipient's notifications with ids above after_id (UUIDv7: made later), oldest first.
SELECT * FROM notifications
WHERE recipient_id = @recipient_id
  AND (sqlc.narg('after_id')::uuid IS NULL OR id > sqlc.narg('after_id')::uuid)
ORDER BY id
LIMIT @row_limit;

-- name: NotificationGetLatestID :one
-- NotificationGetLatestID is the id of a recipient's newest notification.
SELECT id FROM notifications WHERE recipient_id = @recipient_id ORDER BY id DESC LIMIT 1;

-- name: NotificationListLinkDecisionViews :many
-- NotificationListLinkDecisionViews is what a reader may see of decisions about links and file references (one row per subject id, with the target named in its payload): the href and address as written, the file's name (file references), the target's address, whether the reader can read the source and the target now, and for a link broken by a trashing, whether the reader (the source's owner) could read the target then and its title then.
SELECT a.link_id::uuid AS link_id,
  coalesce(l.href_as_written, f.href_as_written, '') AS href_as_written, coalesce(l.resolved_address, f.resolved_address, '') AS resolved_address,
  f.name AS file_name,
  t.space AS target_space, t.path AS target_path, t.slug AS target_slug,
  coalesce(l.state = 'broken' AND l.break_reader = @reader_id::uuid AND s.created_by = @reader_id::uuid, false)::boolean AS readable_at_break, coalesce(l.title_at_break, '')::text AS title_at_break,
  coalesce((SELECT a.level FROM document_level(s.id, s.created_by, s.deleted_at, s.quarantined_at, @reader_id::uuid, r.is_person) AS a(level)) > 0, false)::boolean AS source_readable,
  coalesce((SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, @reader_id::uuid, r.is_person) AS a(level)) > 0, false)::boolean AS target_readable
FROM unnest(@link_ids::uuid[]) WITH ORDINALITY AS a(link_id, i)
JOIN unnest(@target_ids::uuid[]) WITH ORDINALITY AS b(target_id, i) ON b.i = a.i
CROSS JOIN (SELECT coalesce((SELECT kind = 'person' FROM users WHERE id = @reader_id::uuid), false) AS is_person) r
LEFT JOIN document_links l ON l.id = a.link_id
LEFT JOIN attachment_refs f ON f.id = a.link_id
LEFT JOIN documents s ON s.id = coalesce(l.source_id, f.source_id)
LEFT JOIN documents t ON t.id = b.target_id;

-- name: NotificationResolveUnanswerable :one
-- NotificationResolveUnanswerable resolves the open decisions about links, file references and link suggestions touching the given documents that their recipient can no longer answer (as NotificationCountInbox counts decisions), and signals each recipient's inbox.
WITH cand AS (
  SELECT n.id, n.recipient_id, n.subject_type, n.subject_id
  FROM notifications n
  WHERE n.requires_decision AND n.status IN ('unread', 'read')
    AND ((n.subject_type = 'link' AND n.subject_id IN (
           SELECT l.id FROM document_links l
           WHERE l.source_id = ANY(@document_ids::uuid[]) OR l.target_id = ANY(@document_ids::uuid[])))
      OR (n.subject_type = 'attachment_ref' AND n.subject_id IN (
           SELECT r.id FROM attachment_refs r
           WHERE r.source_id = ANY(@document_ids::uuid[]) OR r.target_id = ANY(@document_ids::uuid[])))
      OR (n.subject_type = 'link_suggestion' AND n.subject_id IN (
           SELECT ls.id FROM link_suggestions ls
           WHERE ls.source_id = ANY(@document_ids::uuid[]) OR ls.target_id = ANY(@document_ids::uuid[]))))
), gone AS (
  SELECT c.id
  FROM cand c
  LEFT JOIN users u ON u.id = c.recipient_id
  WHERE NOT CASE c.subject_type
    WHEN 'link' THEN EXISTS (
      SELECT 1
      FROM document_links l
      JOIN documents s ON s.id = l.source_id
      JOIN documents t ON t.id = l.target_id
      WHERE l.id = c.subject_id AND l.state IN ('stale_text', 'broken') AND l.kept_at IS NULL
        AND s.created_by = c.recipient_id AND s.deleted_at IS NULL AND s.space <> 'raw'
        AND ((l.state = 'broken' AND l.break_reader = c.recipient_id)
          OR (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, c.recipient_id, coalesce(u.kind = 'person', false)) AS a(level)) > 0))
    WHEN 'attachment_ref' THEN EXISTS (
      SELECT 1
      FROM attachment_refs r
      JOIN documents s ON s.id = r.source_id
      JOIN documents t ON t.id = r.target_id
      WHERE r.id = c.subject_id AND r.state IN ('stale_text', 'broken') AND r.kept_at IS NULL
        AND s.created_by = c.recipient_id AND s.deleted_at IS NULL AND s.space <> 'raw'
        AND (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, c.recipient_id, coalesce(u.kind = 'person', false)) AS a(level)) > 0)
    ELSE EXISTS (
      SELECT 1
      FROM link_suggestions ls
      JOIN documents s ON s.id = ls.source_id
      JOIN documents t ON t.id = ls.target_id
      WHERE ls.id = c.subject_id AND ls.status = 'pending'
        AND s.deleted_at IS NULL AND s.space <> 'raw' AND t.deleted_at IS NULL
        AND (SELECT a.level FROM document_level(s.id, s.created_by, s.deleted_at, s.quarantined_at, c.recipient_id, coalesce(u.kind = 'person', false)) AS a(level)) >= 2
        AND (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, c.recipient_id, coalesce(u.kind = 'person', false)) AS a(level)) > 0)
  END
), upd AS (
  UPDATE notifications n SET status = 'resolved', resolved_at = now()
  FROM gone
  WHERE n.id = gone.id AND n.status IN ('unread', 'read')
  RETURNING n.recipient_id
), sig AS (
  SELECT pg_notify('codna_inbox', r.recipient_id::text) FROM (SELECT DISTINCT recipient_id FROM upd) r
)
SELECT (SELECT count(*) FROM upd)::int AS resolved, (SELECT count(*) FROM sig)::int AS signalled;

-- name: NotificationListLinkDecisionsUnraised :many
-- NotificationListLinkDecisionsUnraised lists the stale or broken edges touching the given documents that are a decision for their source's owner (as NotificationCountInbox counts them) but have no open decision notification to that owner.
SELECT sqlc.embed(l), s.created_by AS owner_id, t.space AS target_space, t.path AS target_path, t.slug AS target_slug
FROM document_links l
JOIN documents s ON s.id = l.source_id
JOIN documents t ON t.id = l.target_id
JOIN users u ON u.id = s.created_by
WHERE (l.source_id = ANY(@document_ids::uuid[]) OR l.target_id = ANY(@document_ids::uuid[]))
  AND l.state IN ('stale_text', 'broken') AND l.kept_at IS NULL
  AND s.deleted_at IS NULL AND s.space <> 'raw'
  AND ((l.state = 'broken' AND l.break_reader = s.created_by)
    OR (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, s.created_by, u.kind = 'person') AS a(level)) > 0)
  AND NOT EXISTS (
    SELECT 1 FROM notifications n
    WHERE n.requires_decision AND n.status IN ('unread', 'read')
      AND n.subject_type = 'link' AND n.subject_id = l.id AND n.recipient_id = s.created_by)
ORDER BY l.id;

-- name: NotificationListRecipientsWithSubject :many
-- NotificationListRecipientsWithSubject lists which of the recipients already have a notification of the type about the subject (whatever its age or status), so a retried producer does not tell them twice.
SELECT DISTINCT recipient_id FROM notifications
WHERE recipient_id = ANY(@recipient_ids::uuid[]) AND type = @type AND subject_type = @subject_type AND subject_id = @subject_id;

-- name: NotificationListMailViews :many
-- NotificationListMailViews is what a mail may say of a recipient's notifications (the ids given): the type, status, whether it is a decision, and the page it is about (its subject, a link's or file reference's source, or payload documentId; the nil uuid for none) with whether the recipient can read it now.
SELECT n.id, n.type, n.status, n.requires_decision, n.created_at,
  coalesce(CASE WHEN n.subject_type = 'document' THEN n.subject_id
        WHEN n.subject_type = 'link' THEN coalesce(l.source_id, n.subject_id)
        WHEN n.subject_type = 'attachment_ref' THEN coalesce(f.source_id, n.subject_id)
        WHEN n.payload->>'documentId' ~ '^[0-9a-fA-F-]{36}$' THEN (n.payload->>'documentId')::uuid END,
    '00000000-0000-0000-0000-000000000000'::uuid)::uuid AS page_id,
  coalesce(d.title, '')::text AS page_title, coalesce(d.space::text, '')::text AS page_space, coalesce(d.path, '')::text AS page_path,
  coalesce((SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @recipient_id::uuid, true) AS a(level)) > 0, false)::boolean AS page_readable
FROM notifications n
LEFT JOIN document_links l ON n.subject_type = 'link' AND l.id = n.subject_id
LEFT JOIN attachment_refs f ON n.subject_type = 'attachment_ref' AND f.id = n.subject_id
LEFT JOIN documents d ON d.id = CASE WHEN n.subject_type = 'document' THEN n.subject_id
        WHEN n.subject_type = 'link' THEN l.source_id
        WHEN n.subject_type = 'attachment_ref' THEN f.source_id
        WHEN n.payload->>'documentId' ~ '^[0-9a-fA-F-]{36}$' THEN (n.payload->>'documentId')::uuid END
WHERE n.recipient_id = @recipient_id AND n.id = ANY(@ids::uuid[])
ORDER BY n.created_at;

-- name: NotificationListDigestIDs :many
-- NotificationListDigestIDs is a recipient's unread information notifications (no decision, no mention) created in a digest's window, oldest first, at most row_limit.
SELECT id FROM notifications
WHERE recipient_id = @recipient_id AND status = 'unread' AND NOT requires_decision AND type <> 'mention'
  AND created_at > @period_start AND created_at <= @period_end
ORDER BY created_at
LIMIT @row_limit;

-- name: NotificationResolveMentionDecisions :one
-- NotificationResolveMentionDecisions resolves the open mention decisions about the given pages, about the given people, agents or groups mentioned (user_ids), or of the given recipients, that no longer hold (mention_decision_holds: the mention left the text, the page was trashed or purged, the person can read it now or was deactivated, the group was deleted, the recipient may no longer act), and signals each recipient's inbox.
WITH gone AS (
  SELECT n.id
  FROM notifications n
  WHERE n.requires_decision AND n.status IN ('unread', 'read')
    AND n.type IN ('mention.unreadable', 'mention.group_capped') AND n.subject_type = 'mention'
    AND (n.payload->>'documentId' IN (SELECT x::text FROM unnest(@document_ids::uuid[]) AS x)
      OR n.payload->>'userId' IN (SELECT x::text FROM unnest(@user_ids::uuid[]) AS x)
      OR n.payload->>'groupId' IN (SELECT x::text FROM unnest(@user_ids::uuid[]) AS x)
      OR n.recipient_id = ANY(@user_ids::uuid[]))
    AND NOT mention_decision_holds(n.subject_id, n.recipient_id, n.type)
), upd AS (
  UPDATE notifications n SET status = 'resolved', resolved_at = now()
  FROM gone
  WHERE n.id = gone.id AND n.status IN ('unread', 'read')
  RETURNING n.recipient_id
), sig AS (
  SELECT pg_notify('codna_inbox', r.recipient_id::text) FROM (SELECT DISTINCT recipient_id FROM upd) r
)
SELECT (SELECT count(*) FROM upd)::int AS resolved, (SELECT count(*) FROM sig)::int AS signalled;

-- name: NotificationLockOwn :one
-- NotificationLockOwn locks one of the recipient's notifications, to answer it.
SELECT * FROM notifications WHERE id = @id AND recipient_id = @recipient_id FOR UPDATE;

-- name: NotificationListNoticeIDs :many
-- NotificationListNoticeIDs is a recipient's unread decisions (or, decisions false, mention notifications) created in a decision or mention mail's window, oldest first, at most row_limit.
SELECT id FROM notifications
WHERE recipient_id = @recipient_id AND status = 'unread'
  AND CASE WHEN @decisions::boolean THEN requires_decision ELSE type = 'mention' AND NOT requires_decision END
  AND created_at > @period_start AND created_at <= @period_end
ORDER BY created_at
LIMIT @row_limit;

-- name: NotificationDocumentListReadable :many
-- NotificationDocumentListReadable pages, for each given (notification, after, limit), the documents that notification of the reader's stands for and the reader can read, by document id after after_ids[i] (the nil uuid for the first page), at most row_limits[i] each.
SELECT k.notification_id::uuid AS notification_id, k.after_id::uuid AS after_id, x.document_id
FROM (SELECT unnest(@notification_ids::uuid[]) AS notification_id, unnest(@after_ids::uuid[]) AS after_id, unnest(@row_limits::int[]) AS row_limit) k
JOIN notifications n ON n.id = k.notification_id AND n.recipient_id = @reader_id
CROSS JOIN LATERAL (
  SELECT nd.document_id
  FROM notification_documents nd
  JOIN documents d ON d.id = nd.document_id
  CROSS JOIN LATERAL document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @reader_id, @reader_is_person::boolean) a
  WHERE nd.notification_id = k.notification_id AND nd.document_id > k.after_id AND a.level > 0
  ORDER BY nd.document_id
  LIMIT k.row_limit
) x
ORDER BY k.notification_id, k.after_id, x.document_id;

-- name: NotificationGet :one
-- NotificationGet reads one notification of a recipient.
SELECT * FROM notifications WHERE id = @id AND recipient_id = @recipient_id;
