-- name: AgentCreate :one
-- AgentCreate records the agent row of an agent user.
INSERT INTO agents (user_id, slug, description) VALUES ($1, $2, $3)
RETURNING *;

-- name: AgentGet :one
-- AgentGet reads a live agent with its name.
SELECT a.user_id, a.slug, a.description, a.created_at, a.deleted_at, u.name
FROM agents a JOIN users u ON u.id = a.user_id
WHERE a.user_id = @id AND a.deleted_at IS NULL;

-- name: AgentGetForUpdate :one
-- AgentGetForUpdate reads and locks a live agent.
SELECT a.user_id, a.slug, a.description, a.created_at, a.deleted_at, u.name
FROM agents a JOIN users u ON u.id = a.user_id
WHERE a.user_id = @id AND a.deleted_at IS NULL
FOR UPDATE OF a;

-- name: AgentList :many
-- AgentList lists the live agents by slug.
SELECT a.user_id, a.slug, a.description, a.created_at, a.deleted_at, u.name
FROM agents a JOIN users u ON u.id = a.user_id
WHERE a.deleted_at IS NULL
ORDER BY a.slug;

-- name: AgentDelete :one
-- AgentDelete marks a live agent deleted, which frees its slug.
UPDATE agents SET deleted_at = now()
WHERE user_id = @id AND deleted_at IS NULL
RETURNING *;

-- name: AgentListByResponsible :many
-- AgentListByResponsible lists the live agents a person answers for, by slug.
SELECT a.user_id, a.slug, a.description, a.created_at, a.deleted_at, u.name
FROM agents a
JOIN users u ON u.id = a.user_id
JOIN agent_responsible ar ON ar.agent_id = a.user_id
WHERE ar.user_id = @user_id AND a.deleted_at IS NULL
ORDER BY a.slug;
