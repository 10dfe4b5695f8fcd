-- name: FavoriteAdd :execrows
-- FavoriteAdd stars a document for a person at the end of their favourites; starring it again changes nothing.
INSERT INTO favorites (user_id, document_id, position)
VALUES (@user_id, @document_id, (SELECT coalesce(max(f.position), 0) + 1 FROM favorites f WHERE f.user_id = @user_id))
ON CONFLICT (user_id, document_id) DO NOTHING;

-- name: FavoriteCount :one
-- FavoriteCount counts a person's favourites, readable or not.
SELECT count(*) FROM favorites WHERE user_id = @user_id;

-- name: FavoriteRemove :execrows
-- FavoriteRemove unstars a document for a person.
DELETE FROM favorites WHERE user_id = @user_id AND document_id = @document_id;

-- name: FavoriteLockOrder :many
-- FavoriteLockOrder locks a person's favourites, readable or not, and lists them in their order.
SELECT document_id FROM favorites WHERE user_id = @user_id ORDER BY position, created_at, document_id FOR UPDATE;

-- name: FavoriteSetPositions :exec
-- FavoriteSetPositions renumbers a person's favourites: each document of the array gets its index (from 1) as position.
UPDATE favorites f SET position = t.position
FROM (SELECT unnest(@document_ids::uuid[]) AS document_id, generate_subscripts(@document_ids::uuid[], 1) AS position) t
WHERE f.user_id = @user_id AND f.document_id = t.document_id;

-- name: FavoriteListReadable :many
-- FavoriteListReadable lists a person's starred live documents they can read now, without bodies, in their order.
SELECT d.id, d.space, d.path, d.slug, d.title, d.tags, d.status, d.version, d.created_by, d.updated_by,
       d.created_at, d.updated_at, d.deleted_at, d.purge_after, d.quarantined_at, a.level
FROM favorites f
JOIN documents d ON d.id = f.document_id
CROSS JOIN LATERAL (SELECT (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @user_id::uuid, true) AS a(level))::int AS level) a
WHERE f.user_id = @user_id AND d.deleted_at IS NULL AND a.level > 0
ORDER BY f.position, f.created_at, f.document_id
LIMIT @row_limit;

-- name: FavoriteListStarred :many
-- FavoriteListStarred answers which of the documents a person has starred.
SELECT document_id FROM favorites WHERE user_id = @user_id AND document_id = ANY(@document_ids::uuid[]);
