-- name: GroupCreate :one
-- GroupCreate makes a custom group.
INSERT INTO groups (id, slug, name, description, created_by) VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: GroupGet :one
-- GroupGet reads one group with its member count (Everyone counts every active person).
SELECT g.*,
  (CASE WHEN g.kind = 'everyone' THEN (SELECT count(*) FROM users WHERE kind = 'person' AND is_active)
        ELSE (SELECT count(*) FROM group_members gm WHERE gm.group_id = g.id) END)::int AS members
FROM groups g
WHERE g.id = @id;

-- name: GroupGetForUpdate :one
-- GroupGetForUpdate reads and locks one group.
SELECT * FROM groups WHERE id = @id FOR UPDATE;

-- name: GroupList :many
-- GroupList lists every group with its member count (Everyone first, counting every active person), then by slug.
SELECT g.*,
  (CASE WHEN g.kind = 'everyone' THEN (SELECT count(*) FROM users WHERE kind = 'person' AND is_active)
        ELSE (SELECT count(*) FROM group_members gm WHERE gm.group_id = g.id) END)::int AS members
FROM groups g
ORDER BY g.kind DESC, g.slug;

-- name: GroupExists :one
-- GroupExists says whether a group exists.
SELECT EXISTS (SELECT 1 FROM groups WHERE id = @id)::boolean;

-- name: GroupUpdate :one
-- GroupUpdate sets a group's name and description.
UPDATE groups SET name = @name, description = sqlc.narg('description')
WHERE id = @id
RETURNING *;

-- name: GroupDelete :execrows
-- GroupDelete deletes a group (the Everyone group's trigger refuses).
DELETE FROM groups WHERE id = $1;
