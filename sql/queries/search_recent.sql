-- name: SearchRecentTrim :exec
-- SearchRecentTrim keeps the newest keep entries' words in search_recent (ties at the last instant included): the cutoff rises to the keep-th newest row's instant (it never falls), the rows below it are deleted, and keep is recorded for a rebuild's refill (search_recent_refill).
WITH newest AS (
  SELECT r.updated_at FROM search_recent r
  ORDER BY r.updated_at DESC
  OFFSET (sqlc.arg(keep)::int - 1) LIMIT 1
), state AS (
  UPDATE search_recent_state
  SET cutoff = greatest(cutoff, coalesce((SELECT n.updated_at FROM newest n), cutoff)), keep = sqlc.arg(keep)::int
  RETURNING cutoff
)
DELETE FROM search_recent r WHERE r.updated_at < (SELECT s.cutoff FROM state s);

-- name: SearchRecentRefill :exec
-- SearchRecentRefill fills search_recent again from search_entries (search_recent_refill): a rebuild runs it in the swap's transaction, under its lock.
SELECT search_recent_refill();
