-- Folder shares: standing rules about an owner's documents in a folder and
-- beneath it (path '' is the whole space). A rule covers a document when the
-- document's owner is the rule's owner, the spaces match, and the document's
-- path is the rule's path or starts with the rule's path followed by '/'.

-- name: FolderShareLockOwner :exec
-- FolderShareLockOwner serialises changes to one owner's folder rules (Share, Unshare): held until the transaction ends.
SELECT pg_advisory_xact_lock(hashtextextended('codna.folder-shares:' || CAST(@owner_id::uuid AS text), 0));

-- name: FolderShareLockOwnerShared :exec
-- FolderShareLockOwnerShared lets the applier read one owner's folder rules only after a Share or Unshare in flight has committed.
SELECT pg_advisory_xact_lock_shared(hashtextextended('codna.folder-shares:' || CAST(@owner_id::uuid AS text), 0));

-- name: FolderShareGetForUpdate :one
-- FolderShareGetForUpdate reads and locks an owner's rule for one folder and principal.
SELECT * FROM folder_shares
WHERE owner_id = @owner_id AND space = @space AND path = @path
  AND principal_type = @principal_type AND principal_id = @principal_id
FOR UPDATE;

-- name: FolderShareInsert :one
-- FolderShareInsert records a rule; a rule already there for the folder and principal is left alone (no row returned).
INSERT INTO folder_shares (id, owner_id, space, path, principal_type, principal_id, permission)
VALUES (@id, @owner_id, @space, @path, @principal_type, @principal_id, @permission)
ON CONFLICT (owner_id, space, path, principal_type, principal_id) DO NOTHING
RETURNING *;

-- name: FolderShareSetPermission :one
-- FolderShareSetPermission changes a rule's permission.
UPDATE folder_shares SET permission = @permission, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: FolderShareDelete :one
-- FolderShareDelete deletes one of an owner's rules.
DELETE FROM folder_shares
WHERE id = @id AND owner_id = @owner_id
RETURNING *;

-- name: FolderShareList :many
-- FolderShareList lists an owner's rules, of one space when @space is given, by space, path (bytewise) and principal.
SELECT * FROM folder_shares
WHERE owner_id = @owner_id
  AND (sqlc.narg('space')::space IS NULL OR space = sqlc.narg('space')::space)
ORDER BY space, path COLLATE "C", principal_type, principal_id;

-- name: FolderShareLockScope :many
-- FolderShareLockScope locks, in id order, the owner's documents in @path and beneath it that a change of the principal's rule may touch: the live, unquarantined ones when @include_live, and, when @include_held, any (tombstones too) holding a folder grant the owner made for the principal. The WHERE clause is re-checked on the locked row, so a document quarantined, deleted or moved meanwhile is judged as it is now; grantable says whether it may receive a grant.
SELECT d.id, (d.deleted_at IS NULL AND d.quarantined_at IS NULL)::boolean AS grantable
FROM documents d
WHERE d.created_by = @owner_id
  AND d.space = @space
  AND (@path::text = '' OR d.path = @path::text OR starts_with(d.path, @path::text || '/'))
  AND ((@include_live::boolean AND d.deleted_at IS NULL AND d.quarantined_at IS NULL)
       OR (@include_held::boolean AND EXISTS (SELECT 1 FROM document_access da
                  WHERE da.document_id = d.id AND da.principal_type = @principal_type
                    AND da.principal_id = @principal_id AND da.grant_reason = 'folder'
                    AND da.granted_by = @owner_id)))
ORDER BY d.id
FOR UPDATE OF d;

-- name: FolderShareJustified :many
-- FolderShareJustified is, for each of @ids covered by at least one of its owner's rules for the principal, the highest permission those rules give.
SELECT d.id AS document_id, max(fs.permission)::permission AS permission
FROM documents d
JOIN folder_shares fs
  ON fs.owner_id = d.created_by AND fs.space = d.space
 AND (fs.path = '' OR fs.path = d.path OR starts_with(d.path, fs.path || '/'))
WHERE d.id = ANY(@ids::uuid[])
  AND fs.principal_type = @principal_type AND fs.principal_id = @principal_id
GROUP BY d.id;

-- name: FolderShareCovering :many
-- FolderShareCovering is, for each principal, the highest permission the owner's rules covering (@space, @path) give.
SELECT fs.principal_type, fs.principal_id, max(fs.permission)::permission AS permission
FROM folder_shares fs
WHERE fs.owner_id = @owner_id AND fs.space = @space
  AND (fs.path = '' OR fs.path = @path::text OR starts_with(@path::text, fs.path || '/'))
GROUP BY fs.principal_type, fs.principal_id
ORDER BY fs.principal_type, fs.principal_id;

-- name: FolderShareDocumentOwner :one
-- FolderShareDocumentOwner reads a document's owner without locking it.
SELECT created_by FROM documents WHERE id = @id;

-- name: FolderShareDocumentForUpdate :one
-- FolderShareDocumentForUpdate locks a document, live or not, and reads what the applier needs.
SELECT id, created_by, space, path, deleted_at, quarantined_at
FROM documents WHERE id = @id
FOR UPDATE;

-- name: FolderShareFolderGrants :many
-- FolderShareFolderGrants lists the principals holding a folder grant on a document made by @owner_id's rules.
SELECT principal_type, principal_id FROM document_access
WHERE document_id = @document_id AND grant_reason = 'folder' AND granted_by = @owner_id::uuid
ORDER BY principal_type, principal_id;

-- name: FolderShareGrantDowngrade :one
-- FolderShareGrantDowngrade lowers a folder write grant @granted_by's rules made to read (never a grant made for another reason or by someone else).
UPDATE document_access SET permission = 'read', batch_id = @batch_id
WHERE id = @id AND permission = 'write' AND grant_reason = 'folder' AND granted_by = @granted_by::uuid
RETURNING *;

-- name: FolderShareCheckUser :one
-- FolderShareCheckUser says whether a user may receive a share, and whether @actor_id answers for it when it is an agent.
SELECT u.kind, u.is_active,
       (a.user_id IS NOT NULL AND a.deleted_at IS NULL)::boolean AS live_agent,
       EXISTS (SELECT 1 FROM agent_responsible ar WHERE ar.agent_id = u.id AND ar.user_id = @actor_id::uuid)::boolean AS responsible
FROM users u
LEFT JOIN agents a ON a.user_id = u.id
WHERE u.id = @id;

-- name: FolderShareGroupExists :one
-- FolderShareGroupExists says whether a group exists.
SELECT EXISTS (SELECT 1 FROM groups WHERE id = @id)::boolean;

-- name: FolderShareAudience :many
-- FolderShareAudience is who a grant to a principal reaches, to notify: a user if active (and, for an agent, not deleted); a group's active members (Everyone has no member rows, and is told nothing).
SELECT u.id FROM users u
LEFT JOIN agents a ON a.user_id = u.id
WHERE u.is_active AND u.kind <> 'management' AND (a.user_id IS NULL OR a.deleted_at IS NULL)
  AND ((@principal_type::principal_type = 'user' AND u.id = @principal_id::uuid)
    OR (@principal_type::principal_type = 'group'
        AND u.id IN (SELECT gm.user_id FROM group_members gm WHERE gm.group_id = @principal_id::uuid)))
ORDER BY u.id;
