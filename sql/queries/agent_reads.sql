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

-- name: AgentReadAddMany :exec
-- AgentReadAddMany adds agent reads tallied in memory, one row per (agent, document, day) of the arrays, leaving out documents purged meanwhile.
INSERT INTO agent_reads (agent_id, document_id, day, count, last_at)
SELECT t.agent_id, t.document_id, t.day, t.count, t.last_at
FROM (SELECT unnest(@agent_ids::uuid[]) AS agent_id, unnest(@document_ids::uuid[]) AS document_id, unnest(@days::date[]) AS day,
             unnest(@counts::bigint[]) AS count, unnest(@last_ats::timestamptz[]) AS last_at) t
WHERE EXISTS (SELECT 1 FROM documents d WHERE d.id = t.document_id)
ON CONFLICT (agent_id, document_id, day) DO UPDATE
SET count = agent_reads.count + excluded.count, last_at = greatest(agent_reads.last_at, excluded.last_at);
