-- name: DocumentCreate :one
-- DocumentCreate inserts a new document at version 1.
INSERT INTO documents (id, space, path, slug, title, content, frontmatter_extra, tags, status, content_hash, created_by, updated_by)
VALUES (@id, @space, @path, @slug, @title, @content, @frontmatter_extra, @tags, @status, @content_hash, @created_by, @created_by)
RETURNING *;

-- name: DocumentCountAll :one
-- DocumentCountAll counts every document, tombstones included.
SELECT count(*) FROM documents;

-- name: DocumentAccessLevels :many
-- DocumentAccessLevels answers, in one statement, what the actor may do to each document (0 none, 1 read, 2 write, 3 owner).
SELECT d.id, document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id, @actor_is_person)::int AS level
FROM documents d
WHERE d.id = ANY(@ids::uuid[]);
