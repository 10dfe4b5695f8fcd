-- name: DocumentCreate :one
-- DocumentCreate inserts a new document at version 1.
INSERT INTO documents (id, space, path, slug, title, content, frontmatter_extra, tags, status, content_hash, created_by, updated_by, source_ingestion_id)
VALUES (@id, @space, @path, @slug, @title, @content, @frontmatter_extra, @tags, @status, @content_hash, @created_by, @created_by, sqlc.narg(source_ingestion_id))
RETURNING *;

-- name: DocumentListAccessLevels :many
-- DocumentListAccessLevels answers, in one statement, what the actor may do to each document (0 none, 1 read, 2 write, 3 owner).
SELECT d.id, (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id, @actor_is_person) AS a(level))::int AS level
FROM documents d
WHERE d.id = ANY(@ids::uuid[]);

-- name: DocumentGetManyWithAccess :many
-- DocumentGetManyWithAccess reads documents by id, without their bodies, with the actor's access level to each.
SELECT d.id, d.space, d.path, d.slug, d.title, d.tags, d.status, d.version, d.created_by, d.updated_by,
       d.created_at, d.updated_at, d.deleted_at, d.purge_after, d.quarantined_at, a.level
FROM documents d
CROSS JOIN LATERAL (SELECT (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS level) a
WHERE d.id = ANY(@ids::uuid[]);

-- name: DocumentGetWithAccess :one
-- DocumentGetWithAccess reads one document, body included, with the actor's access level.
SELECT sqlc.embed(d), a.level
FROM documents d
CROSS JOIN LATERAL (SELECT (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS level) a
WHERE d.id = @id;

-- name: DocumentGetByAddressWithAccess :one
-- DocumentGetByAddressWithAccess finds the live document at an address with the actor's access level.
SELECT sqlc.embed(d), a.level
FROM documents d
CROSS JOIN LATERAL (SELECT (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS level) a
WHERE d.space = @space AND d.path = @path AND d.slug = @slug AND d.deleted_at IS NULL;

-- name: DocumentGetForUpdate :one
-- DocumentGetForUpdate reads and locks a document for a write, with the actor's access level.
SELECT sqlc.embed(d), (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS level
FROM documents d
WHERE d.id = @id
FOR UPDATE OF d;

-- name: DocumentIsAddressTaken :one
-- DocumentIsAddressTaken reports whether a live document other than the given one holds an address.
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
-- DocumentListByUpdated pages through the live documents the actor can read, without their bodies, newest change first, one of three ways by how many level sources the actor has (docs/design.md#lists): probed from them, walking documents_updated_idx keeping those among them, or walking it testing each level.
WITH drive AS MATERIALIZED (
  SELECT b.n FROM document_drive_bound(@row_limit::int) AS b(n)
), src AS MATERIALIZED (
  -- The actor's level sources, at most as many as decide the way: all of them when they are few.
  SELECT s.document_id, s.level
  FROM document_level_sources(@actor_id::uuid, @actor_is_person::boolean) AS s(document_id, level)
  LIMIT (SELECT n FROM drive)
), way AS MATERIALIZED (
  SELECT count(*) < (SELECT n FROM drive) / 4 AS probe, count(*) < (SELECT n FROM drive) AS few FROM src
)
SELECT p.id, p.space, p.path, p.slug, p.title, p.tags, p.status, p.version, p.created_by, p.updated_by,
       p.created_at, p.updated_at, p.deleted_at, p.purge_after, p.quarantined_at, p.level::int AS level
FROM (
  -- probed: one primary-key lookup per source, then a sort.
  (SELECT d.id, d.space, d.path, d.slug, d.title, d.tags, d.status, d.version, d.created_by, d.updated_by,
          d.created_at, d.updated_at, d.deleted_at, d.purge_after, d.quarantined_at, d.updated_at AS sort_key, r.level
   FROM (SELECT src.document_id, max(src.level) AS level FROM src GROUP BY src.document_id) r
   JOIN documents d ON d.id = r.document_id
   WHERE (SELECT probe FROM way)
    AND d.deleted_at IS NULL AND (d.created_by = @actor_id::uuid OR d.quarantined_at IS NULL)
    AND (sqlc.narg('space')::space IS NULL OR d.space = sqlc.narg('space')::space)
    AND (sqlc.narg('path_prefix')::text IS NULL OR sqlc.narg('path_prefix')::text = ''
         OR d.path = sqlc.narg('path_prefix')::text OR starts_with(d.path, sqlc.narg('path_prefix')::text || '/'))
    AND (cardinality(@tags::text[]) = 0 OR d.tags @> @tags::text[])
    AND (sqlc.narg('status')::document_status IS NULL OR d.status = sqlc.narg('status')::document_status)
    AND (sqlc.narg('updated_since')::timestamptz IS NULL OR d.updated_at >= sqlc.narg('updated_since')::timestamptz)
    AND (sqlc.narg('updated_before')::timestamptz IS NULL OR d.updated_at < sqlc.narg('updated_before')::timestamptz)
    AND (d.updated_at, d.id) < (coalesce(sqlc.narg('after_updated')::timestamptz, 'infinity'), coalesce(sqlc.narg('after_id')::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
   ORDER BY d.updated_at DESC, d.id DESC LIMIT @row_limit)
  UNION ALL
  -- walked: in the page's order, reading the index only until a document passes. With few sources,
  -- the walk keeps those among them (a hashed filter, in an OR so that it stays one) and looks up
  -- the level of those only; else it looks up the level of each document it passes.
  (SELECT d.id, d.space, d.path, d.slug, d.title, d.tags, d.status, d.version, d.created_by, d.updated_by,
          d.created_at, d.updated_at, d.deleted_at, d.purge_after, d.quarantined_at, w.updated_at AS sort_key, a.level
   FROM documents w
   -- OFFSET 0 keeps the level a subquery of its own, computed once per row for both the filter and the output.
   CROSS JOIN LATERAL (SELECT (SELECT a.level FROM document_level(w.id, w.created_by, w.deleted_at, w.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS level OFFSET 0) a
   -- The row itself, read after the level (it names a.level), for the documents the walk passes only.
   CROSS JOIN LATERAL (SELECT d.* FROM documents d WHERE d.id = w.id AND a.level > 0 OFFSET 0) d
   WHERE NOT (SELECT probe FROM way)
    AND w.deleted_at IS NULL
    AND (NOT (SELECT few FROM way) OR w.id IN (SELECT src.document_id FROM src))
    AND a.level > 0
    AND (w.updated_at, w.id) < (coalesce(sqlc.narg('after_updated')::timestamptz, 'infinity'), coalesce(sqlc.narg('after_id')::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
    AND (sqlc.narg('space')::space IS NULL OR d.space = sqlc.narg('space')::space)
    AND (sqlc.narg('path_prefix')::text IS NULL OR sqlc.narg('path_prefix')::text = ''
         OR d.path = sqlc.narg('path_prefix')::text OR starts_with(d.path, sqlc.narg('path_prefix')::text || '/'))
    AND (cardinality(@tags::text[]) = 0 OR d.tags @> @tags::text[])
    AND (sqlc.narg('status')::document_status IS NULL OR d.status = sqlc.narg('status')::document_status)
    AND (sqlc.narg('updated_since')::timestamptz IS NULL OR d.updated_at >= sqlc.narg('updated_since')::timestamptz)
    AND (sqlc.narg('updated_before')::timestamptz IS NULL OR d.updated_at < sqlc.narg('updated_before')::timestamptz)
   ORDER BY w.updated_at DESC, w.id DESC LIMIT @row_limit)
) p
ORDER BY p.sort_key DESC, p.id DESC
LIMIT @row_limit;

-- name: DocumentListByTitle :many
-- DocumentListByTitle pages through the live documents the actor can read, without their bodies, by title: chosen like DocumentListByUpdated, walking documents_title_idx.
WITH drive AS MATERIALIZED (
  SELECT b.n FROM document_drive_bound(@row_limit::int) AS b(n)
), src AS MATERIALIZED (
  -- The actor's level sources, at most as many as decide the way: all of them when they are few.
  SELECT s.document_id, s.level
  FROM document_level_sources(@actor_id::uuid, @actor_is_person::boolean) AS s(document_id, level)
  LIMIT (SELECT n FROM drive)
), way AS MATERIALIZED (
  SELECT count(*) < (SELECT n FROM drive) / 4 AS probe, count(*) < (SELECT n FROM drive) AS few FROM src
)
SELECT p.id, p.space, p.path, p.slug, p.title, p.tags, p.status, p.version, p.created_by, p.updated_by,
       p.created_at, p.updated_at, p.deleted_at, p.purge_after, p.quarantined_at, p.level::int AS level
FROM (
  -- probed: one primary-key lookup per source, then a sort.
  (SELECT d.id, d.space, d.path, d.slug, d.title, d.tags, d.status, d.version, d.created_by, d.updated_by,
          d.created_at, d.updated_at, d.deleted_at, d.purge_after, d.quarantined_at, lower(d.title) AS sort_key, r.level
   FROM (SELECT src.document_id, max(src.level) AS level FROM src GROUP BY src.document_id) r
   JOIN documents d ON d.id = r.document_id
   WHERE (SELECT probe FROM way)
    AND d.deleted_at IS NULL AND (d.created_by = @actor_id::uuid OR d.quarantined_at IS NULL)
    AND (sqlc.narg('space')::space IS NULL OR d.space = sqlc.narg('space')::space)
    AND (sqlc.narg('path_prefix')::text IS NULL OR sqlc.narg('path_prefix')::text = ''
         OR d.path = sqlc.narg('path_prefix')::text OR starts_with(d.path, sqlc.narg('path_prefix')::text || '/'))
    AND (cardinality(@tags::text[]) = 0 OR d.tags @> @tags::text[])
    AND (sqlc.narg('status')::document_status IS NULL OR d.status = sqlc.narg('status')::document_status)
    AND (sqlc.narg('updated_since')::timestamptz IS NULL OR d.updated_at >= sqlc.narg('updated_since')::timestamptz)
    AND (sqlc.narg('updated_before')::timestamptz IS NULL OR d.updated_at < sqlc.narg('updated_before')::timestamptz)
    AND (lower(d.title), d.id) > (coalesce(sqlc.narg('after_title')::text, ''), coalesce(sqlc.narg('after_id')::uuid, '00000000-0000-0000-0000-000000000000'))
   ORDER BY lower(d.title), d.id LIMIT @row_limit)
  UNION ALL
  -- walked: in the page's order, reading the index only until a document passes. With few sources,
  -- the walk keeps those among them (a hashed filter, in an OR so that it stays one) and looks up
  -- the level of those only; else it looks up the level of each document it passes.
  (SELECT d.id, d.space, d.path, d.slug, d.title, d.tags, d.status, d.version, d.created_by, d.updated_by,
          d.created_at, d.updated_at, d.deleted_at, d.purge_after, d.quarantined_at, lower(w.title) AS sort_key, a.level
   FROM documents w
   -- OFFSET 0 keeps the level a subquery of its own, computed once per row for both the filter and the output.
   CROSS JOIN LATERAL (SELECT (SELECT a.level FROM document_level(w.id, w.created_by, w.deleted_at, w.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS level OFFSET 0) a
   -- The row itself, read after the level (it names a.level), for the documents the walk passes only.
   CROSS JOIN LATERAL (SELECT d.* FROM documents d WHERE d.id = w.id AND a.level > 0 OFFSET 0) d
   WHERE NOT (SELECT probe FROM way)
    AND w.deleted_at IS NULL
    AND (NOT (SELECT few FROM way) OR w.id IN (SELECT src.document_id FROM src))
    AND a.level > 0
    AND (lower(w.title), w.id) > (coalesce(sqlc.narg('after_title')::text, ''), coalesce(sqlc.narg('after_id')::uuid, '00000000-0000-0000-0000-000000000000'))
    AND (sqlc.narg('space')::space IS NULL OR d.space = sqlc.narg('space')::space)
    AND (sqlc.narg('path_prefix')::text IS NULL OR sqlc.narg('path_prefix')::text = ''
         OR d.path = sqlc.narg('path_prefix')::text OR starts_with(d.path, sqlc.narg('path_prefix')::text || '/'))
    AND (cardinality(@tags::text[]) = 0 OR d.tags @> @tags::text[])
    AND (sqlc.narg('status')::document_status IS NULL OR d.status = sqlc.narg('status')::document_status)
    AND (sqlc.narg('updated_since')::timestamptz IS NULL OR d.updated_at >= sqlc.narg('updated_since')::timestamptz)
    AND (sqlc.narg('updated_before')::timestamptz IS NULL OR d.updated_at < sqlc.narg('updated_before')::timestamptz)
   ORDER BY lower(w.title), w.id LIMIT @row_limit)
) p
ORDER BY p.sort_key, p.id
LIMIT @row_limit;

-- name: DocumentListTrash :many
-- DocumentListTrash pages through an owner's tombstoned documents, without their bodies, most recently deleted first.
SELECT id, space, path, slug, title, tags, status, version, created_by, updated_by,
       created_at, updated_at, deleted_at, purge_after, quarantined_at FROM documents
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

-- name: DocumentTrashClaimOwned :many
-- DocumentTrashClaimOwned locks up to row_limit of an owner's tombstones, skipping ones another transaction holds, for emptying the trash in batches.
SELECT id, space, path, slug, created_by FROM documents
WHERE created_by = @owner_id AND deleted_at IS NOT NULL
ORDER BY id
LIMIT @row_limit
FOR UPDATE SKIP LOCKED;

-- name: DocumentHardDelete :execrows
-- DocumentHardDelete removes a tombstoned document and, by cascade, its revisions and history.
DELETE FROM documents WHERE id = @id AND deleted_at IS NOT NULL;

-- name: DocumentListLinkTargets :many
-- DocumentListLinkTargets reads what the resolver needs of link targets: address, tombstone and owner.
SELECT id, space, path, slug, deleted_at, created_by FROM documents WHERE id = ANY(@ids::uuid[]);

-- name: DocumentListForResolver :many
-- DocumentListForResolver reads what the link resolver needs of a set of documents.
SELECT id, space, path, slug, content, deleted_at, created_by, version FROM documents WHERE id = ANY(@ids::uuid[]);

-- name: DocumentListAtAddresses :many
-- DocumentListAtAddresses finds, for each address (index for index, i from 1), the live document there and the one that most recently vacated it, whoever can read them (a nil uuid where there is none).
SELECT a.i::int AS i,
  coalesce((SELECT d.id FROM documents d
            WHERE d.space = a.space::space AND d.path = a.path AND d.slug = a.slug AND d.deleted_at IS NULL),
           '00000000-0000-0000-0000-000000000000')::uuid AS live_id,
  coalesce((SELECT h.document_id FROM document_path_history h
            WHERE h.space = a.space::space AND h.path = a.path AND h.slug = a.slug
            ORDER BY h.valid_to DESC, h.id DESC LIMIT 1),
           '00000000-0000-0000-0000-000000000000')::uuid AS vacated_id
FROM (SELECT unnest(@spaces::text[]) AS space, unnest(@paths::text[]) AS path, unnest(@slugs::text[]) AS slug,
        generate_subscripts(@spaces::text[], 1) AS i) a;

-- name: DocumentListFolders :many
-- DocumentListFolders lists every folder of a space the viewer can see, parent right before its children, with the live readable documents in it and beneath it, the first @max_folders only.
WITH visible AS (
  SELECT string_to_array(d.path, '/') AS segs
  FROM documents d
  WHERE d.space = @space::space
    AND d.deleted_at IS NULL
    AND d.path <> ''
    AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) > 0
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

-- name: DocumentListSubfolders :many
-- DocumentListSubfolders lists the folders directly under @path (the empty path is the space root) that the viewer can see, with the live readable documents in each and beneath it.
WITH parent AS (
  SELECT cardinality(string_to_array(@path::text, '/')) AS depth
), visible AS (
  SELECT string_to_array(d.path, '/') AS segs
  FROM documents d
  WHERE d.space = @space::space
    AND d.deleted_at IS NULL
    AND CASE WHEN @path::text = '' THEN d.path <> ''
             ELSE starts_with(d.path, @path::text || '/') END
    AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) > 0
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

-- name: DocumentListInFolder :many
-- DocumentListInFolder lists the live documents the viewer can read directly in @path (the empty path is the space root), by slug compared bytewise, without their bodies.
SELECT d.id, d.space, d.path, d.slug, d.title, d.status, d.updated_at
FROM documents d
WHERE d.space = @space::space
  AND d.path = @path::text
  AND d.deleted_at IS NULL
  AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) > 0
ORDER BY d.slug COLLATE "C", d.id;

-- name: DocumentLockForShare :many
-- DocumentLockForShare locks the documents of a share in id order (so two shares never deadlock), not against rows referencing them (the link resolver's inserts hold those in no order), and reads, from the locked row versions, what a share re-checks: owner, tombstone, quarantine and the actor's access level.
SELECT d.id, d.created_by, d.title,
       (d.deleted_at IS NOT NULL)::boolean AS deleted,
       (d.quarantined_at IS NOT NULL)::boolean AS quarantined,
       (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS level
FROM documents d
WHERE d.id = ANY(@ids::uuid[])
ORDER BY d.id
FOR NO KEY UPDATE OF d;

-- name: DocumentListTaggedShareable :many
-- DocumentListTaggedShareable is a share-by-tag's one-time expansion: the live, active, unquarantined documents carrying a tag that the actor may share (owner or write), in id order, at most row_limit.
SELECT d.id
FROM documents d
WHERE d.tags @> ARRAY[@tag::text] AND d.deleted_at IS NULL AND d.status = 'active' AND d.quarantined_at IS NULL
  AND (d.created_by = @actor_id::uuid
    OR (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) >= 2)
ORDER BY d.id
LIMIT @row_limit;

-- name: DocumentListShareSuggestions :many
-- DocumentListShareSuggestions reads, in one statement, the title of each of title_ids and, for each of candidate_ids (a subset) that is live, not quarantined and that the actor may share (owner or write), the recipients — by their rcpt_ords (parallel arrays; ords from 1) — who cannot read it yet and have not declined it. A user recipient reads what the access level says (rcpt_persons: whether group grants, Everyone included, reach them); a group recipient reads what is granted to it or to Everyone. A document with no such recipient has one row with ord 0.
SELECT d.id, d.title, coalesce(r.ord, 0)::int AS ord
FROM documents d
LEFT JOIN LATERAL (
  SELECT x.ord
  FROM (SELECT unnest(@rcpt_ords::int[]) AS ord, unnest(@rcpt_types::text[]) AS ptype,
               unnest(@rcpt_ids::uuid[]) AS pid, unnest(@rcpt_persons::boolean[]) AS is_person) x
  WHERE d.id = ANY(@candidate_ids::uuid[])
    AND d.deleted_at IS NULL AND d.quarantined_at IS NULL
    AND (d.created_by = @actor_id::uuid
      OR (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) >= 2)
    AND NOT (x.ptype = 'user'
      AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, x.pid, x.is_person) AS a(level)) > 0)
    AND NOT (x.ptype = 'group' AND EXISTS (
      SELECT 1 FROM document_access da
      WHERE da.document_id = d.id AND da.principal_type = 'group'
        AND da.principal_id IN (x.pid, '00000000-0000-0000-0000-000000000002'::uuid)))
    AND NOT EXISTS (
      SELECT 1 FROM share_suggestion_decisions s
      WHERE s.document_id = d.id AND s.principal_type = x.ptype::principal_type AND s.principal_id = x.pid)
) r ON true
WHERE d.id = ANY(@title_ids::uuid[])
ORDER BY d.id, 3;

-- name: DocumentLockFolderScope :many
-- DocumentLockFolderScope locks, in id order and not against rows referencing them, the owner's documents in @path and beneath it that a change of the principal's rule may touch: the live, unquarantined ones when @include_live, and, when @include_held, any (tombstones too) holding a folder grant the owner made for the principal. The WHERE clause is re-checked on the locked row, so a document quarantined, deleted or moved meanwhile is judged as it is now; grantable says whether it may receive a grant.
SELECT d.id, (d.deleted_at IS NULL AND d.quarantined_at IS NULL)::boolean AS grantable
FROM documents d
WHERE d.created_by = @owner_id
  AND d.space = @space
  AND (@path::text = '' OR d.path = @path::text OR starts_with(d.path, @path::text || '/'))
  AND ((@include_live::boolean AND d.deleted_at IS NULL AND d.quarantined_at IS NULL)
       OR (@include_held::boolean AND EXISTS (SELECT 1 FROM document_access da
                  WHERE da.document_id = d.id AND da.principal_type = @principal_type
                    AND da.principal_id = @principal_id AND da.grant_reason = 'folder'
                    AND da.granted_by = @owner_id)))
ORDER BY d.id
FOR NO KEY UPDATE OF d;

-- name: DocumentGetOwner :one
-- DocumentGetOwner reads a document's owner without locking it.
SELECT created_by FROM documents WHERE id = @id;

-- name: DocumentLockForFolderShare :one
-- DocumentLockForFolderShare locks a document, live or not, against moves, transfers and other writers (not against rows referencing it, which would deadlock with the link resolver's inserts), and reads what the applier needs.
SELECT id, created_by, space, path, deleted_at, quarantined_at
FROM documents WHERE id = @id
FOR NO KEY UPDATE;

-- name: DocumentLockGrantedToGroup :many
-- DocumentLockGrantedToGroup locks, in id order and not against rows referencing them, the documents (live or not) holding a grant to a group, and returns their ids.
SELECT d.id FROM documents d
WHERE d.id IN (SELECT da.document_id FROM document_access da
               WHERE da.principal_type = 'group' AND da.principal_id = @group_id)
ORDER BY d.id
FOR NO KEY UPDATE OF d;

-- name: DocumentLockForQuarantine :one
-- DocumentLockForQuarantine locks a document row (first, so a share or the folder-share applier waits) and reads its owner and quarantine state.
SELECT id, created_by, deleted_at, quarantined_at FROM documents WHERE id = @id FOR UPDATE;

-- name: DocumentSetQuarantined :one
-- DocumentSetQuarantined sets or clears documents.quarantined_at without touching version or updated_at.
UPDATE documents
SET quarantined_at = CASE WHEN @quarantined::boolean THEN now() ELSE NULL END
WHERE id = @id
RETURNING quarantined_at;

-- name: DocumentTransfer :many
-- DocumentTransfer hands every document a user owns, live and trashed, to another; version and updated_at stay.
UPDATE documents SET created_by = @to_user
WHERE id IN (SELECT d.id FROM documents d WHERE d.created_by = @from_user ORDER BY d.id FOR UPDATE)
RETURNING id, deleted_at;

-- name: DocumentGetMetadata :one
-- DocumentGetMetadata is a document's metadata for management: never its title, path, slug, body or tags.
SELECT d.id, d.space, d.status, d.version, d.created_by, u.name AS owner_name, u.email AS owner_email, u.kind AS owner_kind,
       u.is_active AS owner_active, d.created_at, d.updated_at, d.deleted_at, d.purge_after, d.quarantined_at,
       (SELECT count(*) FROM document_revisions r WHERE r.document_id = d.id) AS revisions
FROM documents d
JOIN users u ON u.id = d.created_by
WHERE d.id = @id;

-- name: DocumentListTemplates :many
-- DocumentListTemplates lists the live documents tagged template that the actor can read (found through documents_tags_idx), without their bodies, by title then id, at most row_limit.
SELECT d.id, d.space, d.path, d.slug, d.title, d.tags, d.status, d.version, d.created_by, d.updated_by,
       d.created_at, d.updated_at, d.deleted_at, d.purge_after, d.quarantined_at, a.level
FROM documents d
CROSS JOIN LATERAL (SELECT (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS level) a
WHERE d.tags @> ARRAY['template']::text[] AND d.deleted_at IS NULL AND a.level > 0
ORDER BY lower(d.title), d.id
LIMIT @row_limit::int;

-- name: DocumentTagCounts :many
-- DocumentTagCounts counts, per tag starting with prefix (lowercase; empty: all), the live documents the actor can read that hold it, most used first then by tag, at most row_limit (docs/design.md#the-tag-index): for a person, tag_everyone_counts (what Everyone reads) plus the documents they read by another source that Everyone does not read; for an agent, the documents it reads.
WITH own AS MATERIALIZED (
  -- What the actor reads by a source other than Everyone: their documents, grants to them, to their groups.
  SELECT d.id FROM documents d WHERE d.created_by = @actor_id::uuid
  UNION
  SELECT da.document_id FROM document_access da WHERE da.principal_type = 'user' AND da.principal_id = @actor_id::uuid
  UNION
  SELECT da.document_id FROM document_access da
  WHERE @actor_is_person::boolean AND da.principal_type = 'group' AND da.principal_id <> '00000000-0000-0000-0000-000000000002'::uuid
    AND da.principal_id = ANY (ARRAY(SELECT gm.group_id FROM group_members gm WHERE gm.user_id = @actor_id::uuid))
), counts AS (
  SELECT c.tag, c.pages::bigint AS n
  FROM tag_everyone_counts c
  WHERE @actor_is_person::boolean AND c.pages > 0 AND starts_with(c.tag, @prefix::text)
  UNION ALL
  SELECT t.tag, count(*) AS n
  FROM own o
  JOIN documents d ON d.id = o.id
  CROSS JOIN LATERAL unnest(d.tags) AS t(tag)
  WHERE d.deleted_at IS NULL AND (d.quarantined_at IS NULL OR d.created_by = @actor_id::uuid)
    AND starts_with(t.tag, @prefix::text)
    -- Counted in tag_everyone_counts already.
    AND NOT (@actor_is_person::boolean AND d.quarantined_at IS NULL AND EXISTS (
      SELECT 1 FROM document_access e
      WHERE e.document_id = d.id AND e.principal_type = 'group' AND e.principal_id = '00000000-0000-0000-0000-000000000002'::uuid))
  GROUP BY t.tag
)
SELECT c.tag::text AS tag, sum(c.n)::int AS count
FROM counts c
GROUP BY c.tag
ORDER BY sum(c.n) DESC, c.tag
LIMIT @row_limit::int;

-- name: DocumentLockOwnedByAgent :many
-- DocumentLockOwnedByAgent locks, in id order and not against rows referencing them, the unquarantined documents (trashed ones too) an agent owns, which the agent_responsible rule reaches.
SELECT d.id FROM documents d
WHERE d.created_by = @owner_id AND d.quarantined_at IS NULL
ORDER BY d.id
FOR NO KEY UPDATE OF d;

-- name: DocumentLockAgentResponsibleGrants :many
-- DocumentLockAgentResponsibleGrants locks, in id order and not against rows referencing them, the documents (live or not) on which a person holds an agent_responsible grant the agent made.
SELECT d.id FROM documents d
WHERE d.id IN (SELECT da.document_id FROM document_access da
               WHERE da.principal_type = 'user' AND da.principal_id = @user_id
                 AND da.grant_reason = 'agent_responsible' AND da.granted_by = @agent_id)
ORDER BY d.id
FOR NO KEY UPDATE OF d;

-- name: DocumentGetCoeditHead :one
-- DocumentGetCoeditHead reads what a page's co-editing document starts from: its latest version and body, and whether it is in the trash, locking the page so two replicas opening its first room start from one document.
SELECT version, content, (deleted_at IS NOT NULL)::boolean AS trashed FROM documents WHERE id = @id FOR NO KEY UPDATE;
