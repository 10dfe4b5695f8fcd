-- name: AccessEventCreate :exec
-- AccessEventCreate appends to the access history; it is never updated or deleted.
INSERT INTO access_events (id, document_id, principal_type, principal_id, permission, action, actor_id, grant_reason, batch_id)
VALUES (@id, @document_id, @principal_type, @principal_id, @permission, @action, @actor_id, @grant_reason, @batch_id);

-- name: AccessEventListRecentlyShared :many
-- AccessEventListRecentlyShared is what the actor was given since a time, only grants that still stand on live documents.
SELECT ae.id, ae.document_id, ae.permission, ae.actor_id, ae.grant_reason, ae.batch_id, ae.created_at
FROM access_events ae
JOIN documents d ON d.id = ae.document_id
WHERE ae.principal_type = 'user' AND ae.principal_id = @actor_id::uuid
  AND ae.action = 'granted'
  AND ae.created_at > @since::timestamptz
  AND d.deleted_at IS NULL
  AND EXISTS (
    SELECT 1 FROM document_access da
    WHERE da.document_id = ae.document_id
      AND da.principal_type = 'user' AND da.principal_id = @actor_id::uuid
  )
ORDER BY ae.created_at DESC
LIMIT @row_limit;
