-- Folder shares: standing rules about an owner's documents in a folder and
-- beneath it (path '' is the whole space). A rule covers a document when the
-- document's owner is the rule's owner, the spaces match, and the document's
-- path is the rule's path or starts with the rule's path followed by '/'.

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

-- name: FolderShareListJustified :many
-- FolderShareListJustified is, for each of @ids covered by at least one of its owner's rules for the principal, the highest permission those rules give.
SELECT d.id AS document_id, max(fs.permission)::permission AS permission
FROM documents d
JOIN folder_shares fs
  ON fs.owner_id = d.created_by AND fs.space = d.space
 AND (fs.path = '' OR fs.path = d.path OR starts_with(d.path, fs.path || '/'))
WHERE d.id = ANY(@ids::uuid[])
  AND fs.principal_type = @principal_type AND fs.principal_id = @principal_id
GROUP BY d.id;

-- name: FolderShareListCovering :many
-- FolderShareListCovering is, for each principal, the highest permission the owner's rules covering (@space, @path) give.
SELECT fs.principal_type, fs.principal_id, max(fs.permission)::permission AS permission
FROM folder_shares fs
WHERE fs.owner_id = @owner_id AND fs.space = @space
  AND (fs.path = '' OR fs.path = @path::text OR starts_with(@path::text, fs.path || '/'))
GROUP BY fs.principal_type, fs.principal_id
ORDER BY fs.principal_type, fs.principal_id;

-- name: FolderShareListOwnersByGroup :many
-- FolderShareListOwnersByGroup lists, in id order, the owners of folder rules for a group (to take their folder-share locks).
SELECT DISTINCT owner_id FROM folder_shares
WHERE principal_type = 'group' AND principal_id = @group_id
ORDER BY owner_id;

-- name: FolderShareDeleteByGroup :execrows
-- FolderShareDeleteByGroup deletes every folder rule for a group.
DELETE FROM folder_shares WHERE principal_type = 'group' AND principal_id = @group_id;
