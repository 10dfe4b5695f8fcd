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

-- name: DocumentAccessDowngradeFolderGrant :one
-- DocumentAccessDowngradeFolderGrant lowers a folder write grant @granted_by's rules made to read (never a grant made for another reason or by someone else).
UPDATE document_access SET permission = 'read', batch_id = @batch_id
WHERE id = @id AND permission = 'write' AND grant_reason = 'folder' AND granted_by = @granted_by::uuid
RETURNING *;

-- name: DocumentAccessRestore :one
-- DocumentAccessRestore gives a saved grant back as it was (id, granted_by, grant_reason, batch_id and created_at included); a granter since removed becomes NULL, as ON DELETE SET NULL would have made it. Nothing is written when the principal already has a grant.
INSERT INTO document_access (id, document_id, principal_type, principal_id, permission, granted_by, grant_reason, batch_id, created_at)
VALUES (@id, @document_id, @principal_type, @principal_id, @permission,
        (SELECT u.id FROM users u WHERE u.id = sqlc.narg('granted_by')::uuid),
        @grant_reason, sqlc.narg('batch_id')::uuid, @created_at)
ON CONFLICT DO NOTHING
RETURNING *;

-- name: DocumentAccessListForUpdate :many
-- DocumentAccessListForUpdate reads and locks every grant on a document, oldest first.
SELECT * FROM document_access WHERE document_id = @document_id ORDER BY created_at, id FOR UPDATE;

-- name: DocumentAccessListByDocument :many
-- DocumentAccessListByDocument lists a document's grants with who they are to and who made them.
SELECT da.*, coalesce(u.email, '') AS user_email, coalesce(u.name, g.name, '') AS principal_name,
       coalesce(u.kind, '') AS user_kind, coalesce(g.slug, '') AS group_slug, coalesce(a.slug, '') AS agent_slug
FROM document_access da
LEFT JOIN users u ON da.principal_type = 'user' AND u.id = da.principal_id
LEFT JOIN agents a ON a.user_id = u.id
LEFT JOIN groups g ON da.principal_type = 'group' AND g.id = da.principal_id
WHERE da.document_id = @document_id
ORDER BY da.created_at, da.id;

-- name: DocumentAccessListForManagement :many
-- DocumentAccessListForManagement lists a document's grants with who they are to and who made them.
SELECT da.id, da.principal_type, da.principal_id, da.permission, da.granted_by, da.grant_reason, da.batch_id, da.created_at,
       coalesce(u.email, '') AS user_email, coalesce(u.name, g.name, '') AS principal_name,
       coalesce(g.slug, '') AS group_slug, coalesce(a.slug, '') AS agent_slug,
       coalesce(gb.name, '') AS granted_by_name
FROM document_access da
LEFT JOIN users u ON da.principal_type = 'user' AND u.id = da.principal_id
LEFT JOIN agents a ON a.user_id = u.id
LEFT JOIN groups g ON da.principal_type = 'group' AND g.id = da.principal_id
LEFT JOIN users gb ON gb.id = da.granted_by
WHERE da.document_id = @document_id
ORDER BY da.created_at, da.id;

-- name: DocumentAccessListForActor :many
-- DocumentAccessListForActor lists the grants that give an actor access to a document: their own, and (for a person) their groups' and Everyone's.
SELECT da.*, coalesce(g.slug, '') AS group_slug, coalesce(g.name, '') AS group_name
FROM document_access da
LEFT JOIN groups g ON da.principal_type = 'group' AND g.id = da.principal_id
WHERE da.document_id = @document_id
  AND ((da.principal_type = 'user' AND da.principal_id = @actor_id::uuid)
    OR (@actor_is_person::boolean AND da.principal_type = 'group'
        AND (g.kind = 'everyone' OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = da.principal_id AND gm.user_id = @actor_id::uuid))))
ORDER BY da.permission DESC, da.created_at;

-- name: DocumentAccessListByBatch :many
-- DocumentAccessListByBatch lists the grants of a batch that still stand, with who they are to, for its granter or the documents' owners to review.
SELECT da.*, d.created_by AS owner_id, coalesce(u.email, '') AS user_email, coalesce(u.name, g.name, '') AS principal_name,
       coalesce(g.slug, '') AS group_slug, coalesce(a.slug, '') AS agent_slug
FROM document_access da
JOIN documents d ON d.id = da.document_id
LEFT JOIN users u ON da.principal_type = 'user' AND u.id = da.principal_id
LEFT JOIN agents a ON a.user_id = u.id
LEFT JOIN groups g ON da.principal_type = 'group' AND g.id = da.principal_id
WHERE da.batch_id = @batch_id AND (da.granted_by = @actor_id::uuid OR d.created_by = @actor_id::uuid)
ORDER BY da.document_id, da.id;

-- name: DocumentAccessLockBatch :many
-- DocumentAccessLockBatch locks the grants still standing from a batch that the actor may revoke: those they granted and those on documents they own, on documents they can read.
SELECT da.document_id, da.principal_type, da.principal_id, d.created_by AS owner_id
FROM document_access da
JOIN documents d ON d.id = da.document_id
WHERE da.batch_id = @batch_id::uuid
  AND (da.granted_by = @actor_id::uuid OR d.created_by = @actor_id::uuid)
  AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) > 0
ORDER BY da.document_id, da.principal_type, da.principal_id
FOR UPDATE OF da;

-- name: DocumentAccessListFolderGrants :many
-- DocumentAccessListFolderGrants lists the principals holding a folder grant on a document made by @owner_id's rules.
SELECT principal_type, principal_id FROM document_access
WHERE document_id = @document_id AND grant_reason = 'folder' AND granted_by = @owner_id::uuid
ORDER BY principal_type, principal_id;

-- name: DocumentAccessListGroupLosses :many
-- DocumentAccessListGroupLosses lists the documents a group grants on where a person (just taken out of it) now holds less than the group gave.
SELECT d.id
FROM document_access da
JOIN documents d ON d.id = da.document_id
WHERE da.principal_type = 'group' AND da.principal_id = @group_id
  AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @user_id::uuid, true) AS a(level))
      < CASE da.permission WHEN 'write' THEN 2 ELSE 1 END
ORDER BY d.id;
