-- name: DocumentViewAddMany :exec
-- DocumentViewAddMany adds views recorded in memory, one row per (person, document) of the arrays, leaving out documents purged meanwhile.
INSERT INTO document_views (user_id, document_id, last_viewed_at, count)
SELECT t.user_id, t.document_id, t.last_viewed_at, t.count
FROM (SELECT unnest(@user_ids::uuid[]) AS user_id, unnest(@document_ids::uuid[]) AS document_id,
             unnest(@last_viewed_ats::timestamptz[]) AS last_viewed_at, unnest(@counts::bigint[]) AS count) t
WHERE EXISTS (SELECT 1 FROM documents d WHERE d.id = t.document_id)
ON CONFLICT (user_id, document_id) DO UPDATE
SET count = document_views.count + excluded.count, last_viewed_at = greatest(document_views.last_viewed_at, excluded.last_viewed_at);

-- name: DocumentViewListRecent :many
-- DocumentViewListRecent lists the live documents a person viewed and can read now, without bodies, most recently viewed first.
SELECT d.id, d.space, d.path, d.slug, d.title, d.tags, d.status, d.version, d.created_by, d.updated_by,
       d.created_at, d.updated_at, d.deleted_at, d.purge_after, d.quarantined_at, a.level
FROM document_views v
JOIN documents d ON d.id = v.document_id
CROSS JOIN LATERAL (SELECT (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @user_id::uuid, true) AS a(level))::int AS level) a
WHERE v.user_id = @user_id AND d.deleted_at IS NULL AND a.level > 0
ORDER BY v.last_viewed_at DESC, v.document_id
LIMIT @row_limit;
