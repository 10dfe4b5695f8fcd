-- name: ShareSuggestionDecisionReject :many
-- ShareSuggestionDecisionReject records declined share suggestions (status rejected), one row per (document, principal) given, only on documents the actor may share (owner or write); it returns the documents it wrote for, so the caller can tell which were refused. The input pairs must be distinct.
INSERT INTO share_suggestion_decisions (id, document_id, principal_type, principal_id, decided_by, status)
SELECT x.id, x.document_id, x.principal_type::principal_type, x.principal_id, @actor_id::uuid, 'rejected'
FROM (SELECT unnest(@ids::uuid[]) AS id, unnest(@document_ids::uuid[]) AS document_id,
             unnest(@principal_types::text[]) AS principal_type, unnest(@principal_ids::uuid[]) AS principal_id) x
JOIN documents d ON d.id = x.document_id
WHERE (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) >= 2
ON CONFLICT (document_id, principal_type, principal_id)
  DO UPDATE SET status = 'rejected', decided_by = EXCLUDED.decided_by
RETURNING document_id;

-- name: ShareSuggestionDecisionDeleteByGroup :execrows
-- ShareSuggestionDecisionDeleteByGroup forgets declined share suggestions to a group.
DELETE FROM share_suggestion_decisions WHERE principal_type = 'group' AND principal_id = @group_id;

-- Agents ----------------------------------------------------------------------
