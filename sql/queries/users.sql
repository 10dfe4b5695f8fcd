-- name: UserCreate :one
-- UserCreate inserts a person, agent or management user.
INSERT INTO users (id, email, name, kind, password_hash)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: UserGetByID :one
-- UserGetByID reads one user by id.
SELECT * FROM users WHERE id = $1;

-- name: UserGetPersonByEmail :one
-- UserGetPersonByEmail finds a person (never an agent or management) by email, case-insensitively.
SELECT * FROM users WHERE lower(email) = lower(@email::text) AND kind = 'person';

-- name: UserGetMany :many
-- UserGetMany reads a batch of users by id.
SELECT * FROM users WHERE id = ANY(@ids::uuid[]);

-- name: UserListPeople :many
-- UserListPeople pages through people and agents in id order, for management.
SELECT * FROM users
WHERE kind <> 'management' AND (sqlc.narg('after')::uuid IS NULL OR id > sqlc.narg('after')::uuid)
ORDER BY id
LIMIT @row_limit;

-- name: UserListActivePeople :many
-- UserListActivePeople lists every active person by name: the members of Everyone.
SELECT * FROM users WHERE kind = 'person' AND is_active
ORDER BY lower(name), id;

-- name: UserCountPeople :one
-- UserCountPeople counts people, for deciding whether to seed a demo.
SELECT count(*) FROM users WHERE kind = 'person';

-- name: UserSetActive :one
-- UserSetActive activates or deactivates a person.
UPDATE users SET is_active = @is_active, updated_at = now()
WHERE id = @id AND kind = 'person'
RETURNING *;

-- name: UserSetPassword :one
-- UserSetPassword replaces a person's password hash and returns the person.
UPDATE users SET password_hash = @password_hash, updated_at = now()
WHERE id = @id AND kind = 'person'
RETURNING *;

-- name: UserLockForTransfer :one
-- UserLockForTransfer reads a user and holds it (FOR SHARE) so it is not deactivated while a transfer gives it documents.
SELECT id, kind, is_active, name, email FROM users WHERE id = @id FOR SHARE;

-- name: UserSearch :many
-- UserSearch finds active people by name or email and live agents by slug, never management.
SELECT u.id, u.email, u.name, u.kind, coalesce(a.slug, '') AS agent_slug
FROM users u
LEFT JOIN agents a ON a.user_id = u.id AND a.deleted_at IS NULL
WHERE u.is_active
  AND ((u.kind = 'person' AND (u.name ILIKE '%' || @query::text || '%' OR u.email ILIKE '%' || @query::text || '%'))
    OR (u.kind = 'agent' AND a.user_id IS NOT NULL AND a.slug ILIKE '%' || @query::text || '%'))
ORDER BY u.kind DESC, lower(u.name), u.id
LIMIT @row_limit;

-- name: UserResolveRecipients :many
-- UserResolveRecipients looks up share recipients in one statement: people by lower-cased email (people only, never an agent or management), groups by slug (Everyone is kind 'everyone'), and live agents by slug with whether the actor answers for each.
SELECT 'person'::text AS kind, lower(u.email) AS lookup, u.id, u.name, u.email, u.is_active AS active, false AS responsible
FROM users u
WHERE u.kind = 'person' AND lower(u.email) = ANY(@emails::text[])
UNION ALL
SELECT CASE WHEN g.kind = 'everyone' THEN 'everyone' ELSE 'group' END, g.slug, g.id, g.name, '', true, false
FROM groups g
WHERE g.slug = ANY(@group_slugs::text[])
UNION ALL
SELECT 'agent', a.slug, a.user_id, au.name, '', au.is_active,
       EXISTS (SELECT 1 FROM agent_responsible ar WHERE ar.agent_id = a.user_id AND ar.user_id = @actor_id::uuid)
FROM agents a
JOIN users au ON au.id = a.user_id
WHERE a.deleted_at IS NULL AND a.slug = ANY(@agent_slugs::text[]);

-- name: UserCheckRecipient :one
-- UserCheckRecipient says whether a user may receive a share, and whether @actor_id answers for it when it is an agent.
SELECT u.kind, u.is_active,
       (a.user_id IS NOT NULL AND a.deleted_at IS NULL)::boolean AS live_agent,
       EXISTS (SELECT 1 FROM agent_responsible ar WHERE ar.agent_id = u.id AND ar.user_id = @actor_id::uuid)::boolean AS responsible
FROM users u
LEFT JOIN agents a ON a.user_id = u.id
WHERE u.id = @id;

-- name: UserCheckPrincipalGone :one
-- UserCheckPrincipalGone says why a saved grant may not be given back ('' when it may): person_deactivated, agent_deleted, group_deleted or user_deleted.
SELECT (CASE
  WHEN @principal_type::principal_type = 'group' THEN
    CASE WHEN EXISTS (SELECT 1 FROM groups g WHERE g.id = @principal_id::uuid) THEN '' ELSE 'group_deleted' END
  ELSE coalesce((
    SELECT CASE
      WHEN u.kind = 'person' AND NOT u.is_active THEN 'person_deactivated'
      WHEN u.kind = 'agent' AND (a.user_id IS NULL OR a.deleted_at IS NOT NULL OR NOT u.is_active) THEN 'agent_deleted'
      WHEN u.kind NOT IN ('person', 'agent') THEN 'user_deleted'
      ELSE '' END
    FROM users u LEFT JOIN agents a ON a.user_id = u.id
    WHERE u.id = @principal_id::uuid), 'user_deleted')
END)::text AS why;

-- name: UserListAudience :many
-- UserListAudience is who a change of access tells: each of user_ids that is an active person or a live agent (group_id NULL), and the active people in each of group_ids (Everyone excluded: it tells nobody).
SELECT NULL::uuid AS group_id, u.id AS user_id
FROM users u
WHERE u.id = ANY(@user_ids::uuid[]) AND u.is_active
  AND (u.kind = 'person'
    OR (u.kind = 'agent' AND EXISTS (SELECT 1 FROM agents a WHERE a.user_id = u.id AND a.deleted_at IS NULL)))
UNION ALL
SELECT gm.group_id, mu.id
FROM group_members gm
JOIN groups g ON g.id = gm.group_id
JOIN users mu ON mu.id = gm.user_id
WHERE gm.group_id = ANY(@group_ids::uuid[]) AND g.kind <> 'everyone' AND mu.kind = 'person' AND mu.is_active;

-- name: UserListPrincipalAudience :many
-- UserListPrincipalAudience is who a grant to a principal reaches, to notify: a user if active (and, for an agent, not deleted); a group's active members (Everyone has no member rows, and is told nothing).
SELECT u.id FROM users u
LEFT JOIN agents a ON a.user_id = u.id
WHERE u.is_active AND u.kind <> 'management' AND (a.user_id IS NULL OR a.deleted_at IS NULL)
  AND ((@principal_type::principal_type = 'user' AND u.id = @principal_id::uuid)
    OR (@principal_type::principal_type = 'group'
        AND u.id IN (SELECT gm.user_id FROM group_members gm WHERE gm.group_id = @principal_id::uuid)))
ORDER BY u.id;

-- name: UserNotifyCredentialEnded :exec
-- UserNotifyCredentialEnded tells every replica, once committed, that a session or token of the user ended.
SELECT pg_notify('codna_credential', sqlc.arg(user_id)::uuid::text);

-- name: UserRename :one
-- UserRename sets a user's display name (an invited person choosing theirs).
UPDATE users SET name = @name WHERE id = @id RETURNING *;

-- name: UserLockPersonByEmail :one
-- UserLockPersonByEmail finds a person by email, case-insensitively, and locks the row (FOR UPDATE) so that two first sign-ins cannot link it twice.
SELECT * FROM users WHERE lower(email) = lower(@email::text) AND kind = 'person' FOR UPDATE;
