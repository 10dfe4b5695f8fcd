-- name: AgentReadRecord :exec
-- AgentReadRecord counts one read of a document by an agent on the current UTC day.
INSERT INTO agent_reads (agent_id, document_id, day, count, last_at)
VALUES (@agent_id, @document_id, (now() AT TIME ZONE 'UTC')::date, 1, now())
ON CONFLICT (agent_id, document_id, day) DO UPDATE
SET count = agent_reads.count + 1, last_at = greatest(agent_reads.last_at, excluded.last_at);
