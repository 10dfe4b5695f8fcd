-- name: LinkSuggestionCreate :one
-- LinkSuggestionCreate records a proposed link; a pair proposed before (whatever its status) is left alone.
INSERT INTO link_suggestions (id, source_id, target_id, reason, score, rationale, suggested_by)
VALUES (@id, @source_id, @target_id, @reason, @score, @rationale, @suggested_by)
ON CONFLICT (source_id, target_id) DO NOTHING
RETURNING *;

-- name: LinkSuggestionGetPair :one
-- LinkSuggestionGetPair reads the suggestion for a pair.
SELECT * FROM link_suggestions WHERE source_id = @source_id AND target_id = @target_id;

-- name: LinkSuggestionGetForUpdate :one
-- LinkSuggestionGetForUpdate reads and locks a suggestion to decide it.
SELECT * FROM link_suggestions WHERE id = @id FOR UPDATE;

-- name: LinkSuggestionDecide :one
-- LinkSuggestionDecide accepts or rejects a pending suggestion.
UPDATE link_suggestions SET status = @status, decided_by = @decided_by, decided_at = now()
WHERE id = @id AND status = 'pending'
RETURNING *;

-- name: LinkSuggestionListPending :many
-- LinkSuggestionListPending pages through pending suggestions on live documents the actor can edit, towards live documents they can read.
SELECT ls.*
FROM link_suggestions ls
JOIN documents s ON s.id = ls.source_id
JOIN documents t ON t.id = ls.target_id
WHERE ls.status = 'pending' AND s.deleted_at IS NULL AND s.space <> 'raw' AND t.deleted_at IS NULL
  AND (sqlc.narg('source_id')::uuid IS NULL OR ls.source_id = sqlc.narg('source_id')::uuid)
  AND (SELECT a.level FROM document_level(s.id, s.created_by, s.deleted_at, s.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) >= 2
  AND (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) > 0
  AND (sqlc.narg('after_id')::uuid IS NULL OR ls.id > sqlc.narg('after_id')::uuid)
ORDER BY ls.id
LIMIT @row_limit;

-- name: LinkSuggestionListIDsTouching :many
-- LinkSuggestionListIDsTouching lists the link suggestions from or to a document, so a purge can resolve their decisions before the rows cascade away.
SELECT id FROM link_suggestions WHERE source_id = @document_id OR target_id = @document_id;
