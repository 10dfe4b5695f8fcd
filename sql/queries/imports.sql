-- name: ImportCreate :one
-- ImportCreate queues an import of a kept archive into a folder, its pages read by whom access says.
INSERT INTO imports (id, user_id, ingestion_id, format, space, path, access)
VALUES (@id, @user_id, @ingestion_id, @format, @space, @path, @access)
RETURNING *;

-- name: ImportGet :one
-- ImportGet reads an import by id.
SELECT * FROM imports WHERE id = @id;

-- name: ImportList :many
-- ImportList pages through a user's imports, newest first (ids are UUIDv7).
SELECT * FROM imports
WHERE user_id = @user_id AND (sqlc.narg(before_id)::uuid IS NULL OR id < sqlc.narg(before_id)::uuid)
ORDER BY id DESC
LIMIT @row_limit;

-- name: ImportClaim :one
-- ImportClaim leases the oldest import waiting for a worker (queued, or running under a lease that ran out) to worker_id.
UPDATE imports i SET status = 'running', worker_id = @worker_id::text, attempts = i.attempts + 1,
  lease_until = now() + sqlc.arg(lease_ms)::bigint * interval '1 millisecond',
  started_at = coalesce(i.started_at, now()), updated_at = now()
WHERE i.id = (
  SELECT c.id FROM imports c
  WHERE c.status IN ('queued', 'running') AND (c.lease_until IS NULL OR c.lease_until < now())
  ORDER BY c.created_at
  LIMIT 1
  FOR UPDATE SKIP LOCKED
)
RETURNING i.*;

-- name: ImportProgress :execrows
-- ImportProgress records how far the worker holding an import got and renews its lease, and signals the import's subscribers; 0 rows: the lease was lost.
WITH upd AS (
  UPDATE imports SET done = @done, total = @total, report = @report,
    lease_until = now() + sqlc.arg(lease_ms)::bigint * interval '1 millisecond', updated_at = now()
  WHERE id = @id AND worker_id = @worker_id::text AND status = 'running'
  RETURNING id
)
SELECT pg_notify('codna_import', id::text) FROM upd;

-- name: ImportFinish :execrows
-- ImportFinish ends an import the worker holds: done (error null) or failed (with the reason), and signals its subscribers.
WITH upd AS (
  UPDATE imports SET status = @status, done = @done, total = @total, report = @report, error = sqlc.narg(error),
    lease_until = NULL, finished_at = now(), updated_at = now()
  WHERE id = @id AND worker_id = @worker_id::text AND status = 'running'
  RETURNING id
)
SELECT pg_notify('codna_import', id::text) FROM upd;

-- name: ImportRelease :execrows
-- ImportRelease gives an import back to be picked up again after retry_ms (the server failed, not the archive).
UPDATE imports SET worker_id = NULL, lease_until = now() + sqlc.arg(retry_ms)::bigint * interval '1 millisecond', updated_at = now()
WHERE id = @id AND worker_id = @worker_id::text AND status = 'running';

-- name: ImportRenew :execrows
-- ImportRenew extends the lease of an import the worker still holds, while a page takes long (docs/operations.md, "Leases"); 0 rows: the lease was lost.
UPDATE imports SET lease_until = now() + sqlc.arg(lease_ms)::bigint * interval '1 millisecond'
WHERE id = @id AND worker_id = @worker_id::text AND status = 'running';
