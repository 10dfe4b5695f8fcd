-- name: CommentCreate :one
-- CommentCreate inserts a comment of a thread.
INSERT INTO comments (id, thread_id, document_id, author_id, body)
VALUES (@id, @thread_id, @document_id, @author_id, @body)
RETURNING *;

-- name: CommentGetForUpdate :one
-- CommentGetForUpdate reads and locks one comment.
SELECT * FROM comments WHERE id = @id FOR UPDATE;

-- name: CommentListByThreads :many
-- CommentListByThreads lists the comments of a batch of threads, each thread's oldest first (the first opens it).
SELECT * FROM comments WHERE thread_id = ANY(@thread_ids::uuid[]) ORDER BY thread_id, created_at, id;

-- name: CommentEdit :one
-- CommentEdit replaces a comment's body.
UPDATE comments SET body = @body, edited_at = now() WHERE id = @id RETURNING *;

-- name: CommentMarkDeleted :one
-- CommentMarkDeleted empties a deleted comment that stays because replies follow it.
UPDATE comments SET body = '', deleted_at = now() WHERE id = @id RETURNING *;

-- name: CommentDelete :exec
-- CommentDelete deletes a comment.
DELETE FROM comments WHERE id = @id;

-- name: CommentCountLive :one
-- CommentCountLive counts a thread's comments that are not deleted.
SELECT count(*)::int FROM comments WHERE thread_id = @thread_id AND deleted_at IS NULL;

-- name: CommentIsFirst :one
-- CommentIsFirst reports whether a comment opens its thread and how many comments follow it.
SELECT (SELECT c2.id FROM comments c2 WHERE c2.thread_id = @thread_id ORDER BY c2.created_at, c2.id LIMIT 1) = @id::uuid AS first,
       (SELECT count(*) FROM comments c3 WHERE c3.thread_id = @thread_id AND c3.id <> @id::uuid)::int AS others;
