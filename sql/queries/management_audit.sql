-- name: ManagementAuditInsert :exec
-- ManagementAuditInsert records one management change; call it in the change's transaction.
INSERT INTO management_audit (id, action, via, token_id, target_user_id, target_group_id, target_document_id, details, request_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- name: ManagementAuditList :many
-- ManagementAuditList pages through the audit, newest first.
SELECT * FROM management_audit
WHERE sqlc.narg('before')::uuid IS NULL OR id < sqlc.narg('before')::uuid
ORDER BY id DESC
LIMIT @row_limit;
