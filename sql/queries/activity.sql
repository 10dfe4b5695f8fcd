-- name: ActivityRecord :exec
-- ActivityRecord writes one event into the activity log: with fold set, into the actor's entry of the same action on the page whose latest event is after since (count, at, last_event_id and the change summary move), else as a new entry; an event already folded into an entry, or already an entry's first, changes nothing, nor does one about a page gone.
WITH prior AS (
  SELECT a.id, a.last_event_id FROM activity a
  WHERE @fold::boolean AND a.document_id = @document_id AND a.action = @action
    AND a.actor_id IS NOT DISTINCT FROM sqlc.narg('actor_id')::uuid
    AND a.at > @since::timestamptz
  ORDER BY a.at DESC, a.id DESC
  LIMIT 1
  FOR UPDATE
), seen AS (
  SELECT a.id FROM activity a
  WHERE a.document_id = @document_id AND a.action = @action
    AND a.first_event_id <= @event_id AND a.last_event_id >= @event_id
), upd AS (
  UPDATE activity a
  SET count = a.count + 1, at = greatest(a.at, @at::timestamptz), last_event_id = @event_id,
      change_summary = coalesce(sqlc.narg('change_summary')::text, a.change_summary)
  FROM prior
  WHERE a.id = prior.id AND prior.last_event_id < @event_id AND NOT EXISTS (SELECT 1 FROM seen)
  RETURNING a.id
)
INSERT INTO activity (id, document_id, actor_id, action, change_summary, detail, automation_id,
                      first_event_id, last_event_id, first_at, at)
SELECT @id, doc.id, sqlc.narg('actor_id')::uuid, @action, sqlc.narg('change_summary')::text, sqlc.narg('detail')::jsonb,
       (SELECT e.automation_id FROM events e WHERE e.id = @event_id),
       @event_id, @event_id, @at::timestamptz, @at::timestamptz
FROM documents doc
WHERE doc.id = @document_id AND NOT EXISTS (SELECT 1 FROM prior) AND NOT EXISTS (SELECT 1 FROM seen)
ON CONFLICT (first_event_id) DO NOTHING;

-- name: ActivityList :many
-- ActivityList pages through the activity on pages the viewer can read now (document_level), newest first, keyset on (at, id), one of three ways by how many level sources the viewer has, like DocumentListByUpdated (docs/design.md#lists): probed from the readable pages, walking activity_at_idx keeping those among them, or walking it testing each level. A share's detail is given only to its sharer and the page's owner.
WITH drive AS MATERIALIZED (
  SELECT b.n FROM document_drive_bound(@row_limit::int) AS b(n)
), src AS MATERIALIZED (
  SELECT s.document_id, s.level
  FROM document_level_sources(@viewer_id::uuid, @viewer_is_person::boolean) AS s(document_id, level)
  LIMIT (SELECT n FROM drive)
), way AS MATERIALIZED (
  SELECT count(*) < (SELECT n FROM drive) / 4 AS probe, count(*) < (SELECT n FROM drive) AS few FROM src
)
SELECT p.id, p.document_id, p.actor_id, p.action, p.change_summary, p.detail, p.automation_id, p.count, p.at
FROM (
  -- probed: each readable page's newest entries, from activity_document_idx alone (it covers the
  -- actor), sorted; the rows of the page's first row_limit only are read.
  (SELECT e.id, e.document_id, e.actor_id, e.action, e.change_summary,
          (CASE WHEN e.actor_id = @viewer_id::uuid OR top.owner_id = @viewer_id::uuid THEN e.detail END)::jsonb AS detail,
          e.automation_id, e.count, e.at
   FROM (
     SELECT k.id, k.at, d.created_by AS owner_id
     FROM (SELECT DISTINCT src.document_id FROM src) r
     JOIN documents d ON d.id = r.document_id
     CROSS JOIN LATERAL (
       SELECT x.id, x.at FROM activity x
       WHERE x.document_id = d.id
         AND (sqlc.narg('by_actor')::uuid IS NULL OR x.actor_id = sqlc.narg('by_actor')::uuid)
         AND (x.at, x.id) < (coalesce(sqlc.narg('after_at')::timestamptz, 'infinity'), coalesce(sqlc.narg('after_id')::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
       ORDER BY x.at DESC, x.id DESC LIMIT @row_limit) k
     WHERE (SELECT probe FROM way)
       AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @viewer_id::uuid, @viewer_is_person::boolean) AS a(level)) > 0
       AND (sqlc.narg('space')::space IS NULL OR d.space = sqlc.narg('space')::space)
       AND (sqlc.narg('path_prefix')::text IS NULL OR sqlc.narg('path_prefix')::text = ''
            OR d.path = sqlc.narg('path_prefix')::text OR starts_with(d.path, sqlc.narg('path_prefix')::text || '/'))
     ORDER BY k.at DESC, k.id DESC LIMIT @row_limit) top
   JOIN activity e ON e.id = top.id
   ORDER BY e.at DESC, e.id DESC LIMIT @row_limit)
  UNION ALL
  -- walked: in the page's order, until enough pass, reading activity_at_idx only (it covers the
  -- page and the actor) for the entries passed over. With few sources, only entries on their pages
  -- are looked at (a hashed filter); else the level of each entry's page is looked up. The entry
  -- itself is read after the level (it names lv.level), for the entries that pass only.
  (SELECT e.id, e.document_id, e.actor_id, e.action, e.change_summary,
          (CASE WHEN e.actor_id = @viewer_id::uuid OR d.created_by = @viewer_id::uuid THEN e.detail END)::jsonb AS detail,
          e.automation_id, e.count, e.at
   FROM activity w
   JOIN documents d ON d.id = w.document_id
   -- OFFSET 0 keeps the level a subquery of its own, computed once per row for both the filter and the output.
   CROSS JOIN LATERAL (SELECT (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @viewer_id::uuid, @viewer_is_person::boolean) AS a(level))::int AS level OFFSET 0) lv
   CROSS JOIN LATERAL (SELECT x.* FROM activity x WHERE x.id = w.id AND lv.level > 0 OFFSET 0) e
   WHERE NOT (SELECT probe FROM way)
     AND (NOT (SELECT few FROM way) OR w.document_id IN (SELECT src.document_id FROM src))
     AND lv.level > 0
     AND (sqlc.narg('by_actor')::uuid IS NULL OR w.actor_id = sqlc.narg('by_actor')::uuid)
     AND (w.at, w.id) < (coalesce(sqlc.narg('after_at')::timestamptz, 'infinity'), coalesce(sqlc.narg('after_id')::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
     AND (sqlc.narg('space')::space IS NULL OR d.space = sqlc.narg('space')::space)
     AND (sqlc.narg('path_prefix')::text IS NULL OR sqlc.narg('path_prefix')::text = ''
          OR d.path = sqlc.narg('path_prefix')::text OR starts_with(d.path, sqlc.narg('path_prefix')::text || '/'))
   ORDER BY w.at DESC, w.id DESC LIMIT @row_limit)
) p
ORDER BY p.at DESC, p.id DESC
LIMIT @row_limit;

-- name: ActivityListDocument :many
-- ActivityListDocument pages through one page's activity, newest first, keyset on (at, id), for a viewer the caller checked can read it; a share's detail only for its sharer and the page's owner.
SELECT e.id, e.document_id, e.actor_id, e.action, e.change_summary,
       (CASE WHEN e.actor_id = @viewer_id::uuid OR d.created_by = @viewer_id::uuid THEN e.detail END)::jsonb AS detail,
       e.automation_id, e.count, e.at
FROM activity e
JOIN documents d ON d.id = e.document_id
WHERE e.document_id = @document_id
  AND (sqlc.narg('by_actor')::uuid IS NULL OR e.actor_id = sqlc.narg('by_actor')::uuid)
  AND (e.at, e.id) < (coalesce(sqlc.narg('after_at')::timestamptz, 'infinity'), coalesce(sqlc.narg('after_id')::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
ORDER BY e.at DESC, e.id DESC
LIMIT @row_limit;

-- name: ActivityPrune :execrows
-- ActivityPrune deletes up to row_limit entries whose latest event is older than before (the retention).
DELETE FROM activity WHERE id IN (SELECT a.id FROM activity a WHERE a.at < @before::timestamptz ORDER BY a.at LIMIT @row_limit);

-- name: ActivityCountWindows :many
-- ActivityCountWindows is, for each (page, since) of the arrays, how many events by others than the viewer the activity log holds on the page from since for the watch window, 0 for a page the viewer cannot read now: a watch notification's "N times".
SELECT k.i::int AS i,
  (CASE WHEN (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @viewer_id::uuid, true) AS a(level)) > 0
        THEN (SELECT coalesce(sum(e.count), 0) FROM activity e
              WHERE e.document_id = d.id AND e.actor_id IS DISTINCT FROM @viewer_id::uuid
                AND e.at >= k.since AND e.first_at < k.since + make_interval(secs => @window_secs::float8))
        ELSE 0 END)::int AS events
FROM (SELECT a.document_id, b.since, a.i
      FROM unnest(@document_ids::uuid[]) WITH ORDINALITY AS a(document_id, i)
      JOIN unnest(@since::timestamptz[]) WITH ORDINALITY AS b(since, i) ON b.i = a.i) k
JOIN documents d ON d.id = k.document_id;
