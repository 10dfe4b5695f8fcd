-- name: SearchBuildExists :one
-- SearchBuildExists reports whether a backend's index has been built from every document.
SELECT EXISTS (SELECT 1 FROM search_builds WHERE backend = @backend) AS built;

-- name: SearchBuildRecord :exec
-- SearchBuildRecord records that a backend's index was built from every document, by a build that began at started_at.
INSERT INTO search_builds (backend, started_at) VALUES (@backend, @started_at)
ON CONFLICT (backend) DO UPDATE SET started_at = excluded.started_at, built_at = now();
