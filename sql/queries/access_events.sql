-- name: AccessEventCreate :exec
-- AccessEventCreate appends to the access history; it is never updated or deleted.
INSERT INTO access_events (id, document_id, principal_type, principal_id, permission, action, actor_id, grant_reason, batch_id)
VALUES (@id, @document_id, @principal_type, @principal_id, @permission, @action, @actor_id, @grant_reason, @batch_id);
