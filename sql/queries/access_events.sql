-- name: AccessEventCreate :exec
-- AccessEventCreate appends to the access history; it is never updated or deleted.
INSERT INTO access_events (id, document_id, principal_type, principal_id, permission, action, actor_id, grant_reason, batch_id)
VALUES (@id, @document_id, @principal_type, @principal_id, @permission, @action, @actor_id, @grant_reason, @batch_id);

-- name: AccessEventListRecentlyShared :many
-- AccessEventListRecentlyShared is, per document, the latest grant or upgrade the actor was given since a time, where their grant still stands on a live document, with that grant's permission now.
SELECT g.id, g.document_id, da.permission, g.actor_id, g.grant_reason, g.batch_id, g.created_at
FROM (
  SELECT DISTINCT ON (ae.document_id) ae.*
  FROM access_events ae
  WHERE ae.principal_type = 'user' AND ae.principal_id = @actor_id::uuid
    AND (ae.action = 'granted' OR (ae.action = 'permission_changed' AND ae.permission = 'write'))
    AND ae.created_at > @since::timestamptz
  ORDER BY ae.document_id, ae.created_at DESC, ae.id DESC
) g
JOIN documents d ON d.id = g.document_id
JOIN document_access da ON da.document_id = g.document_id
  AND da.principal_type = 'user' AND da.principal_id = @actor_id::uuid
WHERE d.deleted_at IS NULL
ORDER BY g.created_at DESC, g.id DESC
LIMIT @row_limit;
