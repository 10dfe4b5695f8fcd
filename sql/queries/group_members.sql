-- name: GroupMemberAdd :execrows
-- GroupMemberAdd puts a user in a group; 0 rows when they were in it already.
INSERT INTO group_members (group_id, user_id) VALUES (@group_id, @user_id) ON CONFLICT DO NOTHING;

-- name: GroupMemberRemove :execrows
-- GroupMemberRemove takes a user out of a group; 0 rows when they were not in it.
DELETE FROM group_members WHERE group_id = @group_id AND user_id = @user_id;

-- name: GroupMemberList :many
-- GroupMemberList lists a custom group's members by name.
SELECT u.* FROM group_members gm
JOIN users u ON u.id = gm.user_id
WHERE gm.group_id = @group_id
ORDER BY lower(u.name), u.id;

-- name: GroupMemberListActiveIDs :many
-- GroupMemberListActiveIDs lists the active people in a custom group, to tell them it was deleted.
SELECT gm.user_id FROM group_members gm
JOIN users u ON u.id = gm.user_id
WHERE gm.group_id = @group_id AND u.kind = 'person' AND u.is_active
ORDER BY gm.user_id;

-- name: GroupMemberListGroupIDs :many
-- GroupMemberListGroupIDs lists the groups a user is a member of (Everyone, which has no member rows, not included).
SELECT gm.group_id FROM group_members gm WHERE gm.user_id = @user_id ORDER BY gm.group_id;
