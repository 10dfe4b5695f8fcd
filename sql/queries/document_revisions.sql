-- name: DocumentRevisionCreate :one
-- DocumentRevisionCreate records one revision: a full snapshot of the document after a save.
INSERT INTO document_revisions (id, document_id, version, title, path, slug, content, tags, frontmatter_extra, change_kind, change_summary, author_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
RETURNING *;
