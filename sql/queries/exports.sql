-- name: ExportCreate :one
-- ExportCreate queues an export of a folder for its requester.
INSERT INTO exports (id, requester_id, space, path) VALUES (@id, @requester_id, @space, @path) RETURNING *;

-- name: ExportGet :one
-- ExportGet reads an export by id.
SELECT * FROM exports WHERE id = @id;

-- name: ExportList :many
-- ExportList pages through a requester's exports that have not expired, newest first (ids are UUIDv7).
SELECT * FROM exports
WHERE requester_id = @requester_id AND (expires_at IS NULL OR expires_at > now())
  AND (sqlc.narg(before_id)::uuid IS NULL OR id < sqlc.narg(before_id)::uuid)
ORDER BY id DESC
LIMIT @row_limit;

-- name: ExportClaim :one
-- ExportClaim leases the oldest export waiting for a worker (queued, or running under a lease that ran out) to worker_id.
UPDATE exports e SET status = 'running', worker_id = @worker_id::text, attempts = e.attempts + 1,
  lease_until = now() + sqlc.arg(lease_ms)::bigint * interval '1 millisecond', updated_at = now()
WHERE e.id = (
  SELECT c.id FROM exports c
  WHERE c.status IN ('queued', 'running') AND (c.lease_until IS NULL OR c.lease_until < now())
  ORDER BY c.created_at
  LIMIT 1
  FOR UPDATE SKIP LOCKED
)
RETURNING e.*;

-- name: ExportProgress :execrows
-- ExportProgress records how far the worker holding an export got and renews its lease; 0 rows: the lease was lost.
UPDATE exports SET done = @done, total = @total, lease_until = now() + sqlc.arg(lease_ms)::bigint * interval '1 millisecond', updated_at = now()
WHERE id = @id AND worker_id = @worker_id::text AND status = 'running';

-- name: ExportFinish :execrows
-- ExportFinish ends an export the worker holds: ready with its zip until expires_at, or failed with the reason.
UPDATE exports SET status = @status, done = @done, total = @total, storage_key = sqlc.narg(storage_key), byte_size = sqlc.narg(byte_size),
  expires_at = sqlc.narg(expires_at), error = sqlc.narg(error), lease_until = NULL, finished_at = now(), updated_at = now()
WHERE id = @id AND worker_id = @worker_id::text AND status = 'running';

-- name: ExportRelease :execrows
-- ExportRelease gives an export back to be picked up again after retry_ms (the server failed).
UPDATE exports SET worker_id = NULL, lease_until = now() + sqlc.arg(retry_ms)::bigint * interval '1 millisecond', updated_at = now()
WHERE id = @id AND worker_id = @worker_id::text AND status = 'running';

-- name: ExportDeleteExpired :one
-- ExportDeleteExpired deletes up to row_limit exports past their expiry (and failed ones over a day old), queueing their zips' bytes for deletion, and returns how many went.
WITH gone AS (
  DELETE FROM exports WHERE id IN (
    SELECT e.id FROM exports e
    WHERE e.expires_at < now() OR (e.status = 'failed' AND e.finished_at < now() - interval '1 day')
    ORDER BY e.id LIMIT @row_limit FOR UPDATE SKIP LOCKED)
  RETURNING storage_key
), queued AS (
  INSERT INTO file_deletions (storage_key) SELECT storage_key FROM gone WHERE storage_key IS NOT NULL ON CONFLICT DO NOTHING
)
SELECT count(*)::int FROM gone;

-- name: ExportRenew :execrows
-- ExportRenew extends the lease of an export the worker still holds, while a step takes long (docs/operations.md, "Leases"); 0 rows: the lease was lost.
UPDATE exports SET lease_until = now() + sqlc.arg(lease_ms)::bigint * interval '1 millisecond'
WHERE id = @id AND worker_id = @worker_id::text AND status = 'running';
