-- name: AgentReadRecord :exec
-- AgentReadRecord counts one read of a document by an agent on the current UTC day.
INSERT INTO agent_reads (agent_id, document_id, day, count, last_at)
VALUES (@agent_id, @document_id, (now() AT TIME ZONE 'UTC')::date, 1, now())
ON CONFLICT (agent_id, document_id, day) DO UPDATE
SET count = agent_reads.count + 1, last_at = greatest(agent_reads.last_at, excluded.last_at);

-- name: AgentReadListForViewer :many
-- AgentReadListForViewer lists an agent's reads per page per UTC day between two days, newest first, of the pages a person can read now.
SELECT ar.day, ar.document_id, ar.count, ar.last_at
FROM agent_reads ar
JOIN documents d ON d.id = ar.document_id
WHERE ar.agent_id = @agent_id AND ar.day >= @from_day::date AND ar.day <= @to_day::date
  AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @viewer_id::uuid, true) AS a(level)) > 0
ORDER BY ar.day DESC, ar.last_at DESC, ar.document_id
LIMIT @row_limit;
