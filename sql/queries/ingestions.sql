-- name: IngestionCreate :one
-- IngestionCreate records an uploaded original, pending conversion.
INSERT INTO ingestions (id, user_id, filename, mime_type, byte_size, storage_key, source, status, path, kind, sha256)
VALUES (@id, @user_id, @filename, @mime_type, @byte_size, @storage_key, @source, 'pending', @path, @kind, @sha256)
RETURNING *;

-- name: IngestionGet :one
-- IngestionGet reads an ingestion by id.
SELECT * FROM ingestions WHERE id = @id;

-- name: IngestionList :many
-- IngestionList pages through a user's ingestions, newest first (ids are UUIDv7).
SELECT * FROM ingestions
WHERE user_id = @user_id AND (sqlc.narg(before_id)::uuid IS NULL OR id < sqlc.narg(before_id)::uuid)
ORDER BY id DESC
LIMIT @row_limit;

-- name: IngestionClaim :one
-- IngestionClaim leases the oldest ingestion waiting for conversion (pending, or processing under a lease that ran out) to a worker.
UPDATE ingestions i SET status = 'processing', worker_id = @worker_id::text, attempts = i.attempts + 1,
  lease_until = now() + sqlc.arg(lease_ms)::bigint * interval '1 millisecond', updated_at = now()
WHERE i.id = (
  SELECT c.id FROM ingestions c
  WHERE c.status IN ('pending', 'processing') AND c.purpose = 'document'
    AND (c.lease_until IS NULL OR c.lease_until < now())
  ORDER BY c.created_at
  LIMIT 1
  FOR UPDATE SKIP LOCKED
)
RETURNING i.*;

-- name: IngestionSetDocument :execrows
-- IngestionSetDocument records the document an ingestion created, in the transaction that created it, while the worker holds it.
UPDATE ingestions SET document_id = @document_id, updated_at = now()
WHERE id = @id AND worker_id = @worker_id::text AND status = 'processing';

-- name: IngestionFinish :execrows
-- IngestionFinish ends a conversion the worker holds: ready (error null) or failed (with the reason).
UPDATE ingestions SET status = @status, error = sqlc.narg(error), lease_until = NULL, updated_at = now()
WHERE id = @id AND worker_id = @worker_id::text AND status = 'processing';

-- name: IngestionRelease :execrows
-- IngestionRelease gives a conversion back to be retried after retry_ms (the server failed, not the file).
UPDATE ingestions SET worker_id = NULL, lease_until = now() + sqlc.arg(retry_ms)::bigint * interval '1 millisecond', updated_at = now()
WHERE id = @id AND worker_id = @worker_id::text AND status = 'processing';

-- name: IngestionRequeue :one
-- IngestionRequeue queues a finished ingestion's conversion again from its kept original (reconvertIngestion).
UPDATE ingestions SET status = 'pending', error = NULL, worker_id = NULL, lease_until = NULL, attempts = 0, updated_at = now()
WHERE id = @id AND status IN ('ready', 'failed') AND purpose = 'document'
RETURNING *;

-- name: IngestionCreateArchive :one
-- IngestionCreateArchive records an import's archive: kept as it came, never converted (purpose archive, ready at once).
INSERT INTO ingestions (id, user_id, filename, mime_type, byte_size, storage_key, status, path, kind, sha256, purpose)
VALUES (@id, @user_id, @filename, @mime_type, @byte_size, @storage_key, 'ready', @path, '', @sha256, 'archive')
RETURNING *;

-- name: IngestionRenew :execrows
-- IngestionRenew extends the lease of a conversion the worker still holds, while it runs (docs/operations.md, "Leases"); 0 rows: the lease was lost.
UPDATE ingestions SET lease_until = now() + sqlc.arg(lease_ms)::bigint * interval '1 millisecond'
WHERE id = @id AND worker_id = @worker_id::text AND status = 'processing';
