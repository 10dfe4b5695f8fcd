-- name: AgentResponsibleAdd :execrows
-- AgentResponsibleAdd makes a person answer for an agent; 0 rows when they did already.
INSERT INTO agent_responsible (agent_id, user_id) VALUES (@agent_id, @user_id) ON CONFLICT DO NOTHING;

-- name: AgentResponsibleRemove :execrows
-- AgentResponsibleRemove stops a person answering for an agent; 0 rows when they did not.
DELETE FROM agent_responsible WHERE agent_id = @agent_id AND user_id = @user_id;

-- name: AgentResponsibleList :many
-- AgentResponsibleList lists who answers for each of the agents, by agent then name.
SELECT ar.agent_id, u.id, u.email, u.name, u.kind, u.is_active, u.created_at
FROM agent_responsible ar JOIN users u ON u.id = ar.user_id
WHERE ar.agent_id = ANY(@agent_ids::uuid[])
ORDER BY ar.agent_id, lower(u.name), u.id;

-- name: AgentResponsibleHas :one
-- AgentResponsibleHas says whether a person answers for an agent.
SELECT EXISTS (SELECT 1 FROM agent_responsible WHERE agent_id = @agent_id AND user_id = @user_id);

-- name: AgentResponsibleListActive :many
-- AgentResponsibleListActive lists the active people who answer for an agent, by id.
SELECT ar.user_id FROM agent_responsible ar JOIN users u ON u.id = ar.user_id
WHERE ar.agent_id = @agent_id AND u.is_active
ORDER BY ar.user_id;
