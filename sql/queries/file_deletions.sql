-- name: FileDeletionListBatch :many
-- FileDeletionListBatch lists the next batch_size queued keys after the cursor (created_at, storage_key), oldest first, each with whether an attachment still names it (its bytes must stay).
SELECT fd.storage_key, fd.created_at,
  EXISTS (SELECT 1 FROM attachments a WHERE a.storage_key = fd.storage_key)::boolean AS named
FROM file_deletions fd
WHERE (fd.created_at, fd.storage_key) > (@after_created_at::timestamptz, @after_key::text)
ORDER BY fd.created_at, fd.storage_key
LIMIT @batch_size;

-- name: FileDeletionDelete :exec
-- FileDeletionDelete takes a key off the queue (its bytes are deleted, or a row still names them).
DELETE FROM file_deletions WHERE storage_key = @storage_key;
