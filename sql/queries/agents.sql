-- name: AgentCreate :one
-- AgentCreate records the agent row of an agent user.
INSERT INTO agents (user_id, slug, description) VALUES ($1, $2, $3)
RETURNING *;

-- name: AgentResponsibleAdd :exec
-- AgentResponsibleAdd makes a person answer for an agent.
INSERT INTO agent_responsible (agent_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING;
