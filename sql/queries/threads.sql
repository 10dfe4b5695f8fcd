-- name: ThreadCreate :one
-- ThreadCreate inserts a thread of a page, anchored (attached) or page-level (none).
INSERT INTO threads (id, document_id, author_id, kind, anchor_state, anchor_exact, anchor_prefix, anchor_suffix,
                     anchor_revision_id, anchor_start, anchor_end)
VALUES (@id, @document_id, @author_id, @kind, @anchor_state, sqlc.narg(anchor_exact), sqlc.narg(anchor_prefix),
        sqlc.narg(anchor_suffix), sqlc.narg(anchor_revision_id), sqlc.narg(anchor_start), sqlc.narg(anchor_end))
RETURNING *;

-- name: ThreadGet :one
-- ThreadGet reads one thread by id.
SELECT * FROM threads WHERE id = @id;

-- name: ThreadGetForUpdate :one
-- ThreadGetForUpdate reads and locks one thread for a change of it or of its comments.
SELECT * FROM threads WHERE id = @id FOR UPDATE;

-- name: ThreadListByDocument :many
-- ThreadListByDocument lists a page's threads, oldest first.
SELECT * FROM threads WHERE document_id = @document_id ORDER BY created_at, id;

-- name: ThreadSetStatus :one
-- ThreadSetStatus resolves (resolved_by set) or reopens (resolved_by null) a thread.
UPDATE threads
SET status = @status, resolved_by = sqlc.narg(resolved_by),
    resolved_at = CASE WHEN @status::text = 'resolved' THEN now() END, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: ThreadTouch :exec
-- ThreadTouch records that a thread's comments changed.
UPDATE threads SET updated_at = now() WHERE id = @id;

-- name: ThreadDelete :exec
-- ThreadDelete deletes a thread whose comments are all gone (its comments go with it).
DELETE FROM threads WHERE id = @id;

-- name: ThreadCountByDocuments :many
-- ThreadCountByDocuments counts the threads, and the open ones, of each of a batch of pages.
SELECT document_id, count(*)::int AS threads, (count(*) FILTER (WHERE status = 'open'))::int AS open_threads
FROM threads
WHERE document_id = ANY(@document_ids::uuid[])
GROUP BY document_id;

-- name: ThreadListAttachedBefore :many
-- ThreadListAttachedBefore lists a page's open attached threads whose anchor refers to a revision older than the given version (or to none), with that revision's version, for re-anchoring.
SELECT t.id, t.anchor_exact, t.anchor_prefix, t.anchor_suffix, t.anchor_start, t.anchor_end, coalesce(r.version, 0)::int AS anchor_version
FROM threads t
LEFT JOIN document_revisions r ON r.id = t.anchor_revision_id
WHERE t.document_id = @document_id AND t.status = 'open' AND t.anchor_state = 'attached'
  AND coalesce(r.version, 0) < @version::int
ORDER BY t.id
FOR UPDATE OF t;

-- name: ThreadSetAnchors :exec
-- ThreadSetAnchors records where the re-anchoring consumer found each thread's passage (attached) or that it found none (detached: the quote stays as it was).
UPDATE threads t
SET anchor_state = u.state,
    anchor_exact = CASE WHEN u.state = 'attached' THEN u.exact ELSE t.anchor_exact END,
    anchor_prefix = CASE WHEN u.state = 'attached' THEN u.prefix ELSE t.anchor_prefix END,
    anchor_suffix = CASE WHEN u.state = 'attached' THEN u.suffix ELSE t.anchor_suffix END,
    anchor_start = CASE WHEN u.state = 'attached' THEN u.start_at ELSE t.anchor_start END,
    anchor_end = CASE WHEN u.state = 'attached' THEN u.end_at ELSE t.anchor_end END,
    anchor_revision_id = CASE WHEN u.state = 'attached' THEN @revision_id::uuid ELSE t.anchor_revision_id END,
    updated_at = now()
FROM (SELECT unnest(@ids::uuid[]) AS id, unnest(@states::text[]) AS state, unnest(@exacts::text[]) AS exact,
             unnest(@prefixes::text[]) AS prefix, unnest(@suffixes::text[]) AS suffix,
             unnest(@starts::int[]) AS start_at, unnest(@ends::int[]) AS end_at) AS u
WHERE t.id = u.id;

-- name: ThreadListParticipants :many
-- ThreadListParticipants lists the active people of a thread (its author and whoever commented in it) who can read its page now.
SELECT u.id
FROM users u
JOIN documents d ON d.id = @document_id
WHERE u.id IN (SELECT t.author_id FROM threads t WHERE t.id = @thread_id
               UNION SELECT c.author_id FROM comments c WHERE c.thread_id = @thread_id)
  AND u.kind = 'person' AND u.is_active
  AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, u.id, true) AS a(level)) >= 1;

-- name: ThreadNotifyDocument :exec
-- ThreadNotifyDocument wakes a page's live subscribers (documentChanged, threadChanged) when its threads changed without an event (re-anchoring), on commit.
SELECT pg_notify('codna_document', d.id::text) FROM documents d WHERE d.id = @document_id;

-- name: ThreadListAnchoredDocuments :many
-- ThreadListAnchoredDocuments says which of the given pages have an open attached thread: the only pages the re-anchoring consumer has work on.
SELECT DISTINCT document_id FROM threads
WHERE document_id = ANY(@document_ids::uuid[]) AND status = 'open' AND anchor_state = 'attached';
