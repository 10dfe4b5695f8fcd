-- Management of people, groups and agents (internal/manage). Nothing here
-- reads content: users, groups, agents, their tokens and invitations only.

-- People and invitations ------------------------------------------------------

-- name: ManageUserGetForUpdate :one
-- ManageUserGetForUpdate reads and locks one user.
SELECT * FROM users WHERE id = @id FOR UPDATE;

-- name: ManageUserSetPassword :one
-- ManageUserSetPassword replaces a person's password hash and returns the person.
UPDATE users SET password_hash = @password_hash, updated_at = now()
WHERE id = @id AND kind = 'person'
RETURNING *;

-- name: ManageInvitationCreate :one
-- ManageInvitationCreate stores an invitation by the hash of its secret.
INSERT INTO invitations (id, user_id, token_hash, expires_at)
VALUES (@id, @user_id, @token_hash, @expires_at)
RETURNING *;

-- name: ManageInvitationGetByHash :one
-- ManageInvitationGetByHash finds an invitation by the hash of its secret, whatever its state.
SELECT * FROM invitations WHERE token_hash = @token_hash;

-- name: ManageInvitationUse :one
-- ManageInvitationUse marks an invitation used when it is unused, unexpired and its person is active; no row when it is not.
UPDATE invitations i SET used_at = now()
FROM users u
WHERE i.id = @id AND i.used_at IS NULL AND i.expires_at > now()
  AND u.id = i.user_id AND u.kind = 'person' AND u.is_active
RETURNING i.user_id;

-- Groups ----------------------------------------------------------------------

-- name: ManageGroupGetForUpdate :one
-- ManageGroupGetForUpdate reads and locks one group.
SELECT * FROM groups WHERE id = @id FOR UPDATE;

-- name: ManageGroupGet :one
-- ManageGroupGet reads one group with its member count (Everyone counts every active person).
SELECT g.*,
  (CASE WHEN g.kind = 'everyone' THEN (SELECT count(*) FROM users WHERE kind = 'person' AND is_active)
        ELSE (SELECT count(*) FROM group_members gm WHERE gm.group_id = g.id) END)::int AS members
FROM groups g
WHERE g.id = @id;

-- name: ManageGroupList :many
-- ManageGroupList lists every group with its member count (Everyone first, counting every active person), then by slug.
SELECT g.*,
  (CASE WHEN g.kind = 'everyone' THEN (SELECT count(*) FROM users WHERE kind = 'person' AND is_active)
        ELSE (SELECT count(*) FROM group_members gm WHERE gm.group_id = g.id) END)::int AS members
FROM groups g
ORDER BY g.kind DESC, g.slug;

-- name: ManageGroupUpdate :one
-- ManageGroupUpdate sets a group's name and description.
UPDATE groups SET name = @name, description = sqlc.narg('description')
WHERE id = @id
RETURNING *;

-- name: ManageGroupMemberAdd :execrows
-- ManageGroupMemberAdd puts a user in a group; 0 rows when they were in it already.
INSERT INTO group_members (group_id, user_id) VALUES (@group_id, @user_id) ON CONFLICT DO NOTHING;

-- name: ManageGroupMemberRemove :execrows
-- ManageGroupMemberRemove takes a user out of a group; 0 rows when they were not in it.
DELETE FROM group_members WHERE group_id = @group_id AND user_id = @user_id;

-- name: ManageGroupMembers :many
-- ManageGroupMembers lists a custom group's members by name.
SELECT u.* FROM group_members gm
JOIN users u ON u.id = gm.user_id
WHERE gm.group_id = @group_id
ORDER BY lower(u.name), u.id;

-- name: ManageActivePeople :many
-- ManageActivePeople lists every active person by name: the members of Everyone.
SELECT * FROM users WHERE kind = 'person' AND is_active
ORDER BY lower(name), id;

-- name: ManageGroupActiveMemberIDs :many
-- ManageGroupActiveMemberIDs lists the active people in a custom group, to tell them it was deleted.
SELECT gm.user_id FROM group_members gm
JOIN users u ON u.id = gm.user_id
WHERE gm.group_id = @group_id AND u.kind = 'person' AND u.is_active
ORDER BY gm.user_id;

-- name: ManageGroupFolderShareOwners :many
-- ManageGroupFolderShareOwners lists, in id order, the owners of folder rules for a group (to take their folder-share locks).
SELECT DISTINCT owner_id FROM folder_shares
WHERE principal_type = 'group' AND principal_id = @group_id
ORDER BY owner_id;

-- name: ManageGroupDeleteFolderShares :execrows
-- ManageGroupDeleteFolderShares deletes every folder rule for a group.
DELETE FROM folder_shares WHERE principal_type = 'group' AND principal_id = @group_id;

-- name: ManageGroupLockGrantDocuments :many
-- ManageGroupLockGrantDocuments locks, in id order, the documents (live or not) holding a grant to a group, and returns their ids.
SELECT d.id FROM documents d
WHERE d.id IN (SELECT da.document_id FROM document_access da
               WHERE da.principal_type = 'group' AND da.principal_id = @group_id)
ORDER BY d.id
FOR UPDATE OF d;

-- name: ManageGroupDeleteDecisions :execrows
-- ManageGroupDeleteDecisions forgets declined share suggestions to a group.
DELETE FROM share_suggestion_decisions WHERE principal_type = 'group' AND principal_id = @group_id;

-- Agents ----------------------------------------------------------------------

-- name: ManageIdentityCreate :exec
-- ManageIdentityCreate links an identity to a user (for an agent: its service account).
INSERT INTO identities (id, user_id, provider, subject) VALUES (@id, @user_id, @provider, @subject);

-- name: ManageIdentityDeleteByUser :execrows
-- ManageIdentityDeleteByUser removes every identity of a user.
DELETE FROM identities WHERE user_id = @user_id;

-- name: ManageAgentGet :one
-- ManageAgentGet reads a live agent with its name.
SELECT a.user_id, a.slug, a.description, a.created_at, a.deleted_at, u.name
FROM agents a JOIN users u ON u.id = a.user_id
WHERE a.user_id = @id AND a.deleted_at IS NULL;

-- name: ManageAgentGetForUpdate :one
-- ManageAgentGetForUpdate reads and locks a live agent.
SELECT a.user_id, a.slug, a.description, a.created_at, a.deleted_at, u.name
FROM agents a JOIN users u ON u.id = a.user_id
WHERE a.user_id = @id AND a.deleted_at IS NULL
FOR UPDATE OF a;

-- name: ManageAgentList :many
-- ManageAgentList lists the live agents by slug.
SELECT a.user_id, a.slug, a.description, a.created_at, a.deleted_at, u.name
FROM agents a JOIN users u ON u.id = a.user_id
WHERE a.deleted_at IS NULL
ORDER BY a.slug;

-- name: ManageAgentResponsibleList :many
-- ManageAgentResponsibleList lists who answers for each of the agents, by agent then name.
SELECT ar.agent_id, u.id, u.email, u.name, u.kind, u.is_active, u.created_at
FROM agent_responsible ar JOIN users u ON u.id = ar.user_id
WHERE ar.agent_id = ANY(@agent_ids::uuid[])
ORDER BY ar.agent_id, lower(u.name), u.id;

-- name: ManageAgentResponsibleAdd :execrows
-- ManageAgentResponsibleAdd makes a person answer for an agent; 0 rows when they did already.
INSERT INTO agent_responsible (agent_id, user_id) VALUES (@agent_id, @user_id) ON CONFLICT DO NOTHING;

-- name: ManageAgentResponsibleRemove :execrows
-- ManageAgentResponsibleRemove stops a person answering for an agent; 0 rows when they did not.
DELETE FROM agent_responsible WHERE agent_id = @agent_id AND user_id = @user_id;

-- name: ManageAgentResponsibleCount :one
-- ManageAgentResponsibleCount counts who answers for an agent.
SELECT count(*)::int FROM agent_responsible WHERE agent_id = @agent_id;

-- name: ManageAgentDelete :one
-- ManageAgentDelete marks a live agent deleted, which frees its slug.
UPDATE agents SET deleted_at = now()
WHERE user_id = @id AND deleted_at IS NULL
RETURNING *;

-- name: ManageAccessTokenRevokeAll :execrows
-- ManageAccessTokenRevokeAll revokes every live token of a user.
UPDATE access_tokens SET revoked_at = now() WHERE user_id = @user_id AND revoked_at IS NULL;
