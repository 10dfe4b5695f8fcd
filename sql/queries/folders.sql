-- name: FolderListBySpace :many
-- FolderListBySpace lists every folder of a space the viewer can see, parent right before its children, with the live readable documents in it and beneath it, the first @max_folders only.
WITH visible AS (
  SELECT string_to_array(d.path, '/') AS segs
  FROM documents d
  WHERE d.space = @space::space
    AND d.deleted_at IS NULL
    AND d.path <> ''
    AND document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) > 0
), prefixes AS (
  SELECT v.segs[1:i] AS segs, cardinality(v.segs) > i AS deeper
  FROM visible v, generate_series(1, cardinality(v.segs)) AS i
)
SELECT array_to_string(p.segs, '/')::text AS path,
       count(*)::int AS documents,
       coalesce(bool_or(p.deeper), false)::boolean AS has_children
FROM prefixes p
GROUP BY p.segs
ORDER BY p.segs COLLATE "C"
LIMIT @max_folders::int;

-- name: FolderTreeSubfolders :many
-- FolderTreeSubfolders lists the folders directly under @path (the empty path is the space root) that the viewer can see, with the live readable documents in each and beneath it.
WITH parent AS (
  SELECT cardinality(string_to_array(@path::text, '/')) AS depth
), visible AS (
  SELECT string_to_array(d.path, '/') AS segs
  FROM documents d
  WHERE d.space = @space::space
    AND d.deleted_at IS NULL
    AND CASE WHEN @path::text = '' THEN d.path <> ''
             ELSE starts_with(d.path, @path::text || '/') END
    AND document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) > 0
), children AS (
  SELECT v.segs[1:parent.depth + 1] AS segs, cardinality(v.segs) > parent.depth + 1 AS deeper
  FROM visible v, parent
)
SELECT array_to_string(c.segs, '/')::text AS path,
       count(*)::int AS documents,
       coalesce(bool_or(c.deeper), false)::boolean AS has_children
FROM children c
GROUP BY c.segs
ORDER BY c.segs COLLATE "C";

-- name: FolderTreeDocuments :many
-- FolderTreeDocuments lists the live documents the viewer can read directly in @path (the empty path is the space root), by slug compared bytewise, without their bodies.
SELECT d.id, d.space, d.path, d.slug, d.title, d.status, d.updated_at
FROM documents d
WHERE d.space = @space::space
  AND d.path = @path::text
  AND d.deleted_at IS NULL
  AND document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) > 0
ORDER BY d.slug COLLATE "C", d.id;
