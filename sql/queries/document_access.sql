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

-- name: DocumentAccessGroupLosses :many
-- DocumentAccessGroupLosses lists the documents a group grants on where a person (just taken out of it) now holds less than the group gave.
SELECT d.id
FROM document_access da
JOIN documents d ON d.id = da.document_id
WHERE da.principal_type = 'group' AND da.principal_id = @group_id
  AND document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @user_id::uuid, true)
      < CASE da.permission WHEN 'write' THEN 2 ELSE 1 END
ORDER BY d.id;
