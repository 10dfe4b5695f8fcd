-- name: DocumentAccessGetForUpdate :one
-- DocumentAccessGetForUpdate reads and locks one principal's grant on a document.
SELECT * FROM document_access
WHERE document_id = @document_id AND principal_type = @principal_type AND principal_id = @principal_id
FOR UPDATE;

-- name: DocumentAccessCreate :one
-- DocumentAccessCreate records a grant; a grant already there for the principal is left alone.
INSERT INTO document_access (id, document_id, principal_type, principal_id, permission, granted_by, grant_reason, batch_id)
VALUES (@id, @document_id, @principal_type, @principal_id, @permission, @granted_by, @grant_reason, @batch_id)
ON CONFLICT (document_id, principal_type, principal_id) DO NOTHING
RETURNING *;

-- name: DocumentAccessUpgrade :one
-- DocumentAccessUpgrade raises a read grant to write.
UPDATE document_access SET permission = 'write', granted_by = @granted_by, batch_id = @batch_id
WHERE id = @id AND permission = 'read'
RETURNING *;

-- name: DocumentAccessDelete :one
-- DocumentAccessDelete removes one principal's grant on a document.
DELETE FROM document_access
WHERE document_id = @document_id AND principal_type = @principal_type AND principal_id = @principal_id
RETURNING *;
