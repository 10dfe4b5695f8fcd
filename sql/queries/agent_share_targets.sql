-- name: AgentShareTargetList :many
-- AgentShareTargetList lists whom an agent may share its own pages with, with their names, groups first then users, by name.
SELECT st.principal_type, st.principal_id, st.created_at,
       coalesce(u.email, '') AS user_email, coalesce(u.name, g.name, '') AS principal_name,
       coalesce(g.slug, '') AS group_slug, coalesce(a.slug, '') AS agent_slug
FROM agent_share_targets st
LEFT JOIN users u ON st.principal_type = 'user' AND u.id = st.principal_id
LEFT JOIN agents a ON a.user_id = u.id
LEFT JOIN groups g ON st.principal_type = 'group' AND g.id = st.principal_id
WHERE st.agent_id = @agent_id
ORDER BY st.principal_type DESC, lower(coalesce(u.name, g.name, '')), st.principal_id;

-- name: AgentShareTargetDeleteAll :exec
-- AgentShareTargetDeleteAll forgets whom an agent may share with.
DELETE FROM agent_share_targets WHERE agent_id = @agent_id;

-- name: AgentShareTargetAdd :exec
-- AgentShareTargetAdd lets an agent share with a principal.
INSERT INTO agent_share_targets (agent_id, principal_type, principal_id, added_by)
VALUES (@agent_id, @principal_type, @principal_id, @added_by)
ON CONFLICT DO NOTHING;
