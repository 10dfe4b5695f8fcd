-- name: NotificationResolveForLinks :execrows
-- NotificationResolveForLinks resolves the open decisions about the given link edges.
UPDATE notifications SET status = 'resolved', resolved_at = now()
WHERE requires_decision AND status IN ('unread', 'read')
  AND subject_type = 'link' AND subject_id = ANY(@link_ids::uuid[]);
