-- name: GroupCreate :one
-- GroupCreate makes a custom group.
INSERT INTO groups (id, slug, name, description, created_by) VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: GroupMemberAdd :exec
-- GroupMemberAdd puts a user in a group; adding twice is harmless.
INSERT INTO group_members (group_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING;

-- name: GroupDelete :execrows
-- GroupDelete deletes a group (the Everyone group's trigger refuses).
DELETE FROM groups WHERE id = $1;
