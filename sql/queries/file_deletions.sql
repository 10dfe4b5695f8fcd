-- name: FileDeletionListBatch :many
-- FileDeletionListBatch lists the next batch_size keys queued before queued_before (younger ones may be uploads still in flight) after the cursor (created_at, storage_key), oldest first, each with whether an attachment or an ingestion still names it (its bytes must stay).
SELECT fd.storage_key, fd.created_at,
  (EXISTS (SELECT 1 FROM attachments a WHERE a.storage_key = fd.storage_key)
   OR EXISTS (SELECT 1 FROM ingestions i WHERE i.storage_key = fd.storage_key))::boolean AS named
FROM file_deletions fd
WHERE (fd.created_at, fd.storage_key) > (@after_created_at::timestamptz, @after_key::text)
  AND fd.created_at < @queued_before::timestamptz
ORDER BY fd.created_at, fd.storage_key
LIMIT @batch_size;

-- name: FileDeletionDelete :exec
-- FileDeletionDelete takes a key off the queue (its bytes are deleted, or a row still names them).
DELETE FROM file_deletions WHERE storage_key = @storage_key;

-- name: FileDeletionQueue :exec
-- FileDeletionQueue queues a key before its bytes are written: the row that will name them takes it off the queue in its own transaction, so bytes a crash left without a row are deleted by maintenance.
INSERT INTO file_deletions (storage_key) VALUES (@storage_key) ON CONFLICT DO NOTHING;
