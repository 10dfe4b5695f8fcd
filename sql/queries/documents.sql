-- name: DocumentCreate :one
-- DocumentCreate inserts a new document at version 1.
INSERT INTO documents (id, space, path, slug, title, content, frontmatter_extra, tags, status, content_hash, created_by, updated_by)
VALUES (@id, @space, @path, @slug, @title, @content, @frontmatter_extra, @tags, @status, @content_hash, @created_by, @created_by)
RETURNING *;

-- name: DocumentCountAll :one
-- DocumentCountAll counts every document, tombstones included.
SELECT count(*) FROM documents;
