-- name: DocumentRevisionCreate :one
-- DocumentRevisionCreate records one revision: a full snapshot of the document after a save.
INSERT INTO document_revisions (id, document_id, version, title, space, path, slug, content, tags, status, frontmatter_extra, change_kind, change_summary, author_id, contributors, base_version)
VALUES (@id, @document_id, @version, @title, @space, @path, @slug, @content, @tags, @status, @frontmatter_extra, @change_kind, @change_summary, @author_id, @contributors::uuid[], sqlc.narg('base_version'))
RETURNING *;

-- name: DocumentRevisionList :many
-- DocumentRevisionList pages through a document's revisions, newest first.
SELECT * FROM document_revisions
WHERE document_id = @document_id AND (sqlc.narg('before_version')::int IS NULL OR version < sqlc.narg('before_version')::int)
ORDER BY version DESC
LIMIT @row_limit;

-- name: DocumentRevisionGet :one
-- DocumentRevisionGet reads one revision of a document by version.
SELECT * FROM document_revisions WHERE document_id = @document_id AND version = @version;

-- name: DocumentRevisionCount :many
-- DocumentRevisionCount counts the revisions of each of a batch of documents.
SELECT document_id, count(*)::int AS revisions
FROM document_revisions
WHERE document_id = ANY(@ids::uuid[])
GROUP BY document_id;

-- name: DocumentRevisionListBodies :many
-- DocumentRevisionListBodies reads the body and extra frontmatter of each (document, version) pair given in parallel arrays: a body exactly as of the version its document was read at.
SELECT r.document_id, r.version, r.content, r.frontmatter_extra
FROM document_revisions r
WHERE (r.document_id, r.version) IN (SELECT unnest(@document_ids::uuid[]), unnest(@versions::int[]));

-- name: DocumentRevisionGetPair :many
-- DocumentRevisionGetPair reads two versions of a document, for a diff.
SELECT * FROM document_revisions
WHERE document_id = @document_id AND version IN (@from_version::int, @to_version::int);

-- name: DocumentRevisionListLastAddressChange :many
-- DocumentRevisionListLastAddressChange finds, per document, the newest revision that moved, renamed or deleted it.
SELECT DISTINCT ON (document_id) *
FROM document_revisions
WHERE document_id = ANY(@ids::uuid[]) AND change_kind IN ('move', 'rename', 'delete')
ORDER BY document_id, version DESC;

-- name: DocumentRevisionGetLatest :one
-- DocumentRevisionGetLatest reads a document's current revision (none once it is purged).
SELECT r.* FROM document_revisions r
JOIN documents d ON d.id = r.document_id AND r.version = d.version
WHERE d.id = @document_id;
