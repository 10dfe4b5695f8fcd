-- name: DocumentCreate :one
-- DocumentCreate inserts a new document at version 1.
INSERT INTO documents (id, space, path, slug, title, content, frontmatter_extra, tags, status, content_hash, created_by, updated_by)
VALUES (@id, @space, @path, @slug, @title, @content, @frontmatter_extra, @tags, @status, @content_hash, @created_by, @created_by)
RETURNING *;

-- name: DocumentAccessLevels :many
-- DocumentAccessLevels answers, in one statement, what the actor may do to each document (0 none, 1 read, 2 write, 3 owner).
SELECT d.id, document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id, @actor_is_person)::int AS level
FROM documents d
WHERE d.id = ANY(@ids::uuid[]);

-- name: DocumentGetManyWithAccess :many
-- DocumentGetManyWithAccess reads documents by id with the actor's access level to each.
SELECT sqlc.embed(d), a.level
FROM documents d
CROSS JOIN LATERAL (SELECT document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean)::int AS level) a
WHERE d.id = ANY(@ids::uuid[]);

-- name: DocumentGetByAddressWithAccess :one
-- DocumentGetByAddressWithAccess finds the live document at an address with the actor's access level.
SELECT sqlc.embed(d), a.level
FROM documents d
CROSS JOIN LATERAL (SELECT document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean)::int AS level) a
WHERE d.space = @space AND d.path = @path AND d.slug = @slug AND d.deleted_at IS NULL;

-- name: DocumentGetForUpdate :one
-- DocumentGetForUpdate reads and locks a document for a write, with the actor's access level.
SELECT sqlc.embed(d), document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean)::int AS level
FROM documents d
WHERE d.id = @id
FOR UPDATE OF d;

-- name: DocumentAddressTaken :one
-- DocumentAddressTaken reports whether a live document other than the given one holds an address.
SELECT EXISTS (
  SELECT 1 FROM documents
  WHERE space = @space AND path = @path AND slug = @slug AND deleted_at IS NULL AND id <> @id
) AS taken;

-- name: DocumentUpdateContent :one
-- DocumentUpdateContent saves a new title, body, tags, status and frontmatter as the next version.
UPDATE documents
SET title = @title, content = @content, tags = @tags, status = @status, frontmatter_extra = @frontmatter_extra,
    content_hash = @content_hash, updated_by = @updated_by, version = version + 1, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: DocumentUpdateAddress :one
-- DocumentUpdateAddress moves or renames a document as the next version.
UPDATE documents
SET space = @space, path = @path, slug = @slug, content = @content, content_hash = @content_hash,
    updated_by = @updated_by, version = version + 1, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: DocumentTombstone :one
-- DocumentTombstone moves a document to the trash as the next version.
UPDATE documents
SET deleted_at = now(), purge_after = @purge_after, updated_by = @updated_by, version = version + 1, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: DocumentUntombstone :one
-- DocumentUntombstone brings a document back from the trash, at an address, as the next version.
UPDATE documents
SET deleted_at = NULL, purge_after = NULL, space = @space, path = @path, slug = @slug,
    content = @content, content_hash = @content_hash,
    updated_by = @updated_by, version = version + 1, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: DocumentListByUpdated :many
-- DocumentListByUpdated pages through the live documents the actor can read, newest change first.
SELECT sqlc.embed(d), a.level
FROM documents d
CROSS JOIN LATERAL (SELECT document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean)::int AS level) a
WHERE d.deleted_at IS NULL
  AND a.level > 0
  AND (sqlc.narg('space')::space IS NULL OR d.space = sqlc.narg('space')::space)
  AND (sqlc.narg('path_prefix')::text IS NULL OR sqlc.narg('path_prefix')::text = ''
       OR d.path = sqlc.narg('path_prefix')::text OR starts_with(d.path, sqlc.narg('path_prefix')::text || '/'))
  AND (cardinality(@tags::text[]) = 0 OR d.tags @> @tags::text[])
  AND (sqlc.narg('status')::document_status IS NULL OR d.status = sqlc.narg('status')::document_status)
  AND (sqlc.narg('updated_since')::timestamptz IS NULL OR d.updated_at >= sqlc.narg('updated_since')::timestamptz)
  AND (sqlc.narg('after_id')::uuid IS NULL
       OR (d.updated_at, d.id) < (sqlc.narg('after_updated')::timestamptz, sqlc.narg('after_id')::uuid))
ORDER BY d.updated_at DESC, d.id DESC
LIMIT @row_limit;

-- name: DocumentListByTitle :many
-- DocumentListByTitle pages through the live documents the actor can read, by title.
SELECT sqlc.embed(d), a.level
FROM documents d
CROSS JOIN LATERAL (SELECT document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean)::int AS level) a
WHERE d.deleted_at IS NULL
  AND a.level > 0
  AND (sqlc.narg('space')::space IS NULL OR d.space = sqlc.narg('space')::space)
  AND (sqlc.narg('path_prefix')::text IS NULL OR sqlc.narg('path_prefix')::text = ''
       OR d.path = sqlc.narg('path_prefix')::text OR starts_with(d.path, sqlc.narg('path_prefix')::text || '/'))
  AND (cardinality(@tags::text[]) = 0 OR d.tags @> @tags::text[])
  AND (sqlc.narg('status')::document_status IS NULL OR d.status = sqlc.narg('status')::document_status)
  AND (sqlc.narg('updated_since')::timestamptz IS NULL OR d.updated_at >= sqlc.narg('updated_since')::timestamptz)
  AND (sqlc.narg('after_id')::uuid IS NULL
       OR (lower(d.title), d.id) > (sqlc.narg('after_title')::text, sqlc.narg('after_id')::uuid))
ORDER BY lower(d.title), d.id
LIMIT @row_limit;

-- name: DocumentListTrash :many
-- DocumentListTrash pages through an owner's tombstoned documents, most recently deleted first.
SELECT * FROM documents
WHERE created_by = @owner_id AND deleted_at IS NOT NULL
  AND (sqlc.narg('after_id')::uuid IS NULL
       OR (deleted_at, id) < (sqlc.narg('after_deleted')::timestamptz, sqlc.narg('after_id')::uuid))
ORDER BY deleted_at DESC, id DESC
LIMIT @row_limit;

-- name: DocumentPurgeClaim :many
-- DocumentPurgeClaim locks tombstones whose purge time has passed, skipping ones another worker holds.
SELECT id, space, path, slug, created_by FROM documents
WHERE deleted_at IS NOT NULL AND purge_after <= now()
ORDER BY purge_after
LIMIT @row_limit
FOR UPDATE SKIP LOCKED;

-- name: DocumentHardDelete :execrows
-- DocumentHardDelete removes a tombstoned document and, by cascade, its revisions and history.
DELETE FROM documents WHERE id = @id AND deleted_at IS NOT NULL;

-- name: DocumentLinkTargets :many
-- DocumentLinkTargets reads what the resolver needs of link targets: address, tombstone and owner.
SELECT id, space, path, slug, deleted_at, created_by FROM documents WHERE id = ANY(@ids::uuid[]);

-- name: DocumentLiveAt :one
-- DocumentLiveAt finds the live document at an address, whoever can read it.
SELECT id FROM documents WHERE space = @space AND path = @path AND slug = @slug AND deleted_at IS NULL;

-- name: DocumentReadableBy :one
-- DocumentReadableBy says whether a user (person or agent, by their kind) can read a document.
SELECT (document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, u.id, u.kind = 'person') > 0)::boolean AS readable
FROM documents d, users u
WHERE d.id = @document_id AND u.id = @user_id;

-- name: DocumentForResolver :one
-- DocumentForResolver reads what the link resolver needs of a document.
SELECT id, space, path, slug, content, deleted_at, created_by, version FROM documents WHERE id = @id;
