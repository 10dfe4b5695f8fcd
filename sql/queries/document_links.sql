-- name: DocumentLinkOrphanTarget :many
-- DocumentLinkOrphanTarget turns every edge into a purged document pending, with no target, and returns their ids.
UPDATE document_links
SET target_id = NULL, state = 'pending', kept_at = NULL, updated_at = now()
WHERE target_id = @target_id
RETURNING id;
