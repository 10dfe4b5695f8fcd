-- name: DocumentCrdtRevisionInsert :exec
-- DocumentCrdtRevisionInsert keeps the snapshot of a revision written from a room.
INSERT INTO document_crdt_revisions (document_id, version, snapshot) VALUES (@document_id, @version, @snapshot)
ON CONFLICT DO NOTHING;

-- name: DocumentCrdtRevisionGet :one
-- DocumentCrdtRevisionGet reads the snapshot of a revision written from a room.
SELECT snapshot FROM document_crdt_revisions WHERE document_id = @document_id AND version = @version;

-- name: DocumentCrdtRevisionForeignSince :one
-- DocumentCrdtRevisionForeignSince counts a page's revisions after a version that were not written from a room: none means a write based on that version merges.
SELECT count(*)::bigint FROM document_revisions r
WHERE r.document_id = @document_id AND r.version > @version
  AND NOT EXISTS (SELECT 1 FROM document_crdt_revisions c WHERE c.document_id = r.document_id AND c.version = r.version);

-- name: DocumentCrdtRevisionMergeRange :one
-- DocumentCrdtRevisionMergeRange reads what to merge into a page's co-editing document after the version it holds: the earliest version those writes were based on, and the latest version.
SELECT COALESCE(min(LEAST(COALESCE(r.base_version, r.version - 1), r.version - 1)), 0)::integer AS base_version,
  COALESCE(max(r.version), 0)::integer AS head_version
FROM document_revisions r WHERE r.document_id = @document_id AND r.version > @version;
