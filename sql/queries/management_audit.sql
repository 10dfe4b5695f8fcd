-- name: ManagementAuditInsert :exec
-- ManagementAuditInsert records one management change; call it in the change's transaction.
INSERT INTO management_audit (id, action, via, token_id, target_user_id, target_group_id, target_document_id, details, request_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- name: ManagementAuditList :many
-- ManagementAuditList pages through the management audit, newest first, filtered.
SELECT * FROM management_audit
WHERE (sqlc.narg('after')::uuid IS NULL OR id < sqlc.narg('after')::uuid)
  AND (sqlc.narg('action')::text IS NULL OR action = sqlc.narg('action')::text)
  AND (sqlc.narg('target_user')::uuid IS NULL OR target_user_id = sqlc.narg('target_user')::uuid)
  AND (sqlc.narg('target_document')::uuid IS NULL OR target_document_id = sqlc.narg('target_document')::uuid)
  AND (sqlc.narg('since')::timestamptz IS NULL OR created_at >= sqlc.narg('since')::timestamptz)
  AND (sqlc.narg('until')::timestamptz IS NULL OR created_at < sqlc.narg('until')::timestamptz)
ORDER BY id DESC
LIMIT @row_limit;
