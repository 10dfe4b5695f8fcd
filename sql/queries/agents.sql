-- name: AgentCreate :one
-- AgentCreate records the agent row of an agent user.
INSERT INTO agents (user_id, slug, description) VALUES ($1, $2, $3)
RETURNING *;

-- name: AgentGet :one
-- AgentGet reads a live agent with its name.
SELECT a.user_id, a.slug, a.description, a.created_at, a.deleted_at, a.paused_at, u.name
FROM agents a JOIN users u ON u.id = a.user_id
WHERE a.user_id = @id AND a.deleted_at IS NULL;

-- name: AgentGetForUpdate :one
-- AgentGetForUpdate reads and locks a live agent.
SELECT a.user_id, a.slug, a.description, a.created_at, a.deleted_at, a.paused_at, u.name
FROM agents a JOIN users u ON u.id = a.user_id
WHERE a.user_id = @id AND a.deleted_at IS NULL
FOR UPDATE OF a;

-- name: AgentList :many
-- AgentList lists the live agents by slug.
SELECT a.user_id, a.slug, a.description, a.created_at, a.deleted_at, a.paused_at, u.name
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
SELECT a.user_id, a.slug, a.description, a.created_at, a.deleted_at, a.paused_at, u.name
FROM agents a
JOIN users u ON u.id = a.user_id
JOIN agent_responsible ar ON ar.agent_id = a.user_id
WHERE ar.user_id = @user_id AND a.deleted_at IS NULL
ORDER BY a.slug;

-- name: AgentPauseUnanswered :many
-- AgentPauseUnanswered pauses those of the live, unpaused agents given that no active person answers for any more, and returns them.
UPDATE agents a SET paused_at = now()
WHERE a.user_id = ANY(@ids::uuid[]) AND a.deleted_at IS NULL AND a.paused_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM agent_responsible ar JOIN users u ON u.id = ar.user_id
                  WHERE ar.agent_id = a.user_id AND u.is_active)
RETURNING a.user_id, a.slug;

-- name: AgentResume :execrows
-- AgentResume resumes a paused live agent; 0 rows when it was not paused.
UPDATE agents SET paused_at = NULL
WHERE user_id = @id AND deleted_at IS NULL AND paused_at IS NOT NULL;
