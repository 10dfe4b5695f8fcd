-- name: WatchAuto :execrows
-- WatchAuto makes a person watch a page for an automatic source (author, comment, mention); an existing watch or a mute wins.
INSERT INTO watches (id, user_id, document_id, source)
VALUES (@id, @user_id, @document_id, @source)
ON CONFLICT (user_id, document_id) WHERE document_id IS NOT NULL DO NOTHING;

-- name: WatchDocumentManual :one
-- WatchDocumentManual makes a person watch a page by hand: a new watch is manual, a mute is lifted (and becomes manual), an existing watch keeps its source.
INSERT INTO watches (id, user_id, document_id, source)
VALUES (@id, @user_id, @document_id, 'manual')
ON CONFLICT (user_id, document_id) WHERE document_id IS NOT NULL DO UPDATE
SET muted = false,
    source = CASE WHEN watches.muted THEN 'manual' ELSE watches.source END,
    updated_at = CASE WHEN watches.muted THEN now() ELSE watches.updated_at END
RETURNING *;

-- name: WatchDocumentMute :one
-- WatchDocumentMute records that a person unwatched a page: the row stays, muted, so automatic sources and folder watches do not bring it back.
INSERT INTO watches (id, user_id, document_id, source, muted)
VALUES (@id, @user_id, @document_id, 'manual', true)
ON CONFLICT (user_id, document_id) WHERE document_id IS NOT NULL DO UPDATE
SET muted = true, updated_at = CASE WHEN watches.muted THEN watches.updated_at ELSE now() END
RETURNING *;

-- name: WatchFolderAdd :one
-- WatchFolderAdd makes a person watch a folder (a space and a path prefix, '' for the whole space); watching it again changes nothing.
INSERT INTO watches (id, user_id, space, path, source)
VALUES (@id, @user_id, @space, @path, 'manual')
ON CONFLICT (user_id, space, path) WHERE document_id IS NULL DO UPDATE
SET muted = false, updated_at = CASE WHEN watches.muted THEN now() ELSE watches.updated_at END
RETURNING *;

-- name: WatchFolderRemove :execrows
-- WatchFolderRemove ends a person's watch of a folder (no automatic source watches folders, so no mute is needed).
DELETE FROM watches WHERE user_id = @user_id AND document_id IS NULL AND space = @space AND path = @path;

-- name: WatchListReadable :many
-- WatchListReadable lists a person's watches, newest first: their folder watches and their unmuted watches of live pages they can read now.
SELECT w.id, w.document_id, w.space, w.path, w.source, w.created_at
FROM watches w
LEFT JOIN documents d ON d.id = w.document_id
WHERE w.user_id = @user_id AND NOT w.muted
  AND (w.document_id IS NULL
    OR (d.deleted_at IS NULL
        AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @user_id::uuid, true) AS a(level)) > 0))
ORDER BY w.created_at DESC, w.id DESC
LIMIT @row_limit;

-- name: WatchStates :many
-- WatchStates is, for each of the documents, whether the person watches it (a page watch, or a folder watch without a mute of the page) and how many active people watch it and can read it now.
WITH docs AS (
  SELECT d.id, d.space, d.path, d.created_by, d.deleted_at, d.quarantined_at
  FROM documents d WHERE d.id = ANY(@document_ids::uuid[])
), watchers AS (
  SELECT docs.id AS document_id, w.user_id
  FROM docs JOIN watches w ON w.document_id = docs.id AND NOT w.muted
  UNION
  SELECT docs.id, w.user_id
  FROM docs JOIN watches w ON w.document_id IS NULL AND NOT w.muted AND w.space = docs.space
    AND (w.path = '' OR w.path = docs.path OR starts_with(docs.path, w.path || '/'))
  WHERE NOT EXISTS (SELECT 1 FROM watches m WHERE m.user_id = w.user_id AND m.document_id = docs.id AND m.muted)
)
SELECT docs.id AS document_id,
  coalesce(bool_or(watchers.user_id = @user_id::uuid), false)::boolean AS watching,
  count(u.id) FILTER (WHERE u.is_active AND u.kind = 'person'
     AND (SELECT a.level FROM document_level(docs.id, docs.created_by, docs.deleted_at, docs.quarantined_at, u.id, true) AS a(level)) > 0)::int AS watchers
FROM docs
LEFT JOIN watchers ON watchers.document_id = docs.id
LEFT JOIN users u ON u.id = watchers.user_id
GROUP BY docs.id, docs.created_by, docs.deleted_at, docs.quarantined_at;

-- name: WatchMuteExisting :execrows
-- WatchMuteExisting mutes a person's existing watch of a page (the page they can no longer read: no row is created for it).
UPDATE watches SET muted = true, updated_at = now()
WHERE user_id = @user_id AND document_id = @document_id AND NOT muted;

-- name: WatchFanOut :one
-- WatchFanOut tells the watchers of a page of one event in one statement (docs/design.md, "Watches"): each active person watching the page (unmuted) or a folder holding it (without a mute of the page), who can read it now (for a trashing: could read it but for the trash), is not the actor, and was not told of this page since the given time (the coalescing window), gets a watch.updated notification; it returns how many.
WITH d AS (
  SELECT doc.id, doc.space, doc.path, doc.created_by, doc.quarantined_at,
         CASE WHEN @trashed::boolean THEN NULL ELSE doc.deleted_at END AS deleted_at
  FROM documents doc WHERE doc.id = @document_id
), told AS MATERIALIZED (
  -- Those told of this page within the window: one range of notifications_watch_idx.
  SELECT n.recipient_id FROM notifications n
  WHERE n.type = 'watch.updated' AND n.subject_id = @document_id AND n.created_at > @since::timestamptz
), watchers AS (
  SELECT w.user_id FROM d JOIN watches w ON w.document_id = d.id AND NOT w.muted
  UNION
  SELECT w.user_id FROM d JOIN watches w ON w.document_id IS NULL AND NOT w.muted AND w.space = d.space
    AND (w.path = '' OR w.path = d.path OR starts_with(d.path, w.path || '/'))
  WHERE NOT EXISTS (SELECT 1 FROM watches m WHERE m.user_id = w.user_id AND m.document_id = d.id AND m.muted)
), fresh AS MATERIALIZED (
  -- The watchers not told yet, before any level is looked up.
  SELECT x.user_id FROM watchers x WHERE x.user_id NOT IN (SELECT told.recipient_id FROM told)
), p AS MATERIALIZED (
  -- The one payload every watcher gets: ids only.
  SELECT jsonb_strip_nulls(jsonb_build_object(
           'documentId', d.id, 'event', @event_type::text, 'at', @event_at::timestamptz, 'actorId', sqlc.narg('actor_id')::uuid,
           'automationId', (SELECT e.automation_id FROM events e WHERE e.id = @event_id))) AS payload
  FROM d
), ins AS (
  INSERT INTO notifications (id, recipient_id, type, subject_type, subject_id, payload)
  SELECT gen_random_uuid(), u.id, 'watch.updated', 'document', d.id, p.payload
  FROM d
  JOIN p ON true
  JOIN fresh x ON true
  JOIN users u ON u.id = x.user_id
  WHERE u.is_active AND u.kind = 'person'
    AND u.id IS DISTINCT FROM sqlc.narg('actor_id')::uuid
    AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, u.id, true) AS a(level)) > 0
  RETURNING recipient_id
)
SELECT count(*)::int FROM ins CROSS JOIN LATERAL pg_notify('codna_inbox', ins.recipient_id::text) AS n;
