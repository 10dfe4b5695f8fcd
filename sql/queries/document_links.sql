-- name: DocumentLinkOrphanTarget :many
-- DocumentLinkOrphanTarget turns every edge into a purged document pending, with no target, and returns their ids.
UPDATE document_links
SET target_id = NULL, state = 'pending', kept_at = NULL, updated_at = now()
WHERE target_id = @target_id
RETURNING id;

-- name: DocumentLinkDelete :exec
-- DocumentLinkDelete removes edges whose hrefs left the body.
DELETE FROM document_links WHERE id = ANY(@ids::uuid[]);

-- name: DocumentLinkListForResync :many
-- DocumentLinkListForResync locks, in id order (so concurrent resyncs cannot deadlock on them), every edge a resync of a set of documents recomputes: the outgoing edges of the live ones, the edges into any of them, and the pending edges naming a live one's address.
SELECT * FROM document_links
WHERE source_id = ANY(@source_ids::uuid[]) OR target_id = ANY(@target_ids::uuid[])
   OR (target_id IS NULL AND resolved_address = ANY(@addresses::text[]))
ORDER BY id
FOR UPDATE;

-- name: DocumentLinkCreateMany :many
-- DocumentLinkCreateMany adds edges, index for index (a nil target id is none), and returns the ids of those it added: an edge already there for the same source and href is left alone.
INSERT INTO document_links (id, source_id, target_id, href_as_written, resolved_address, link_text, occurrence_count, state)
SELECT x.id, x.source_id, nullif(x.target_id, '00000000-0000-0000-0000-000000000000'::uuid), x.href, x.address, x.link_text, x.occurrences, x.state::link_state
FROM (SELECT unnest(@ids::uuid[]) AS id, unnest(@source_ids::uuid[]) AS source_id, unnest(@target_ids::uuid[]) AS target_id,
        unnest(@hrefs::text[]) AS href, unnest(@addresses::text[]) AS address, unnest(@link_texts::text[]) AS link_text,
        unnest(@occurrences::int[]) AS occurrences, unnest(@states::text[]) AS state) x
ON CONFLICT (source_id, href_as_written) DO NOTHING
RETURNING id;

-- name: DocumentLinkUpdateTextMany :exec
-- DocumentLinkUpdateTextMany records edges' current occurrence counts and first link texts, index for index, writing only those that changed.
UPDATE document_links l SET occurrence_count = x.occurrences, link_text = x.link_text, updated_at = now()
FROM (SELECT unnest(@ids::uuid[]) AS id, unnest(@occurrences::int[]) AS occurrences, unnest(@link_texts::text[]) AS link_text) x
WHERE l.id = x.id AND (l.occurrence_count <> x.occurrences OR l.link_text IS DISTINCT FROM x.link_text);

-- name: DocumentLinkSetStateMany :exec
-- DocumentLinkSetStateMany moves edges to states and targets, index for index (a nil target id is none); kept_at is cleared where the state changes. An edge turning broken records whether its source's owner could read the target then (break_reader: the target's level for them as if it were not trashed) and the target's title (title_at_break); leaving broken clears both.
UPDATE document_links l
SET target_id = nullif(x.target_id, '00000000-0000-0000-0000-000000000000'::uuid), state = x.state::link_state, updated_at = now(),
    kept_at = CASE WHEN l.state = x.state::link_state THEN l.kept_at ELSE NULL END,
    break_reader = CASE WHEN x.state <> 'broken' THEN NULL
      WHEN l.state = 'broken' THEN l.break_reader
      ELSE (SELECT s.created_by FROM documents s JOIN documents t ON t.id = x.target_id JOIN users u ON u.id = s.created_by
            WHERE s.id = l.source_id
              AND (SELECT a.level FROM document_level(t.id, t.created_by, NULL::timestamptz, t.quarantined_at, u.id, u.kind = 'person') AS a(level)) > 0) END,
    title_at_break = CASE WHEN x.state <> 'broken' THEN ''
      WHEN l.state = 'broken' THEN l.title_at_break
      ELSE coalesce((SELECT t.title FROM documents t WHERE t.id = x.target_id), '') END
FROM (SELECT unnest(@ids::uuid[]) AS id, unnest(@target_ids::uuid[]) AS target_id, unnest(@states::text[]) AS state) x
WHERE l.id = x.id;

-- name: DocumentLinkListDecisionOwners :many
-- DocumentLinkListDecisionOwners keeps, of the given edges, those whose source's owner is to be asked about them (source live and not raw, target readable by the owner — or, broken, readable by them when it broke: break_reader), with the owner.
SELECT l.id, u.id AS owner_id
FROM document_links l
JOIN documents s ON s.id = l.source_id
JOIN documents t ON t.id = l.target_id
JOIN users u ON u.id = s.created_by
WHERE l.id = ANY(@ids::uuid[]) AND s.space <> 'raw' AND s.deleted_at IS NULL
  AND ((l.state = 'broken' AND l.break_reader = u.id)
    OR (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, u.id, u.kind = 'person') AS a(level)) > 0)
ORDER BY l.id;

-- name: DocumentLinkRenameHref :execrows
-- DocumentLinkRenameHref rewrites an edge's href in place (a rebase keeps the edge and its target), unless the new href already has an edge.
UPDATE document_links l SET href_as_written = @new_href, updated_at = now()
WHERE l.source_id = @source_id AND l.href_as_written = @old_href
  AND NOT EXISTS (SELECT 1 FROM document_links o WHERE o.source_id = @source_id AND o.href_as_written = @new_href);

-- name: DocumentLinkGet :one
-- DocumentLinkGet reads one edge, locked, for a decision.
SELECT * FROM document_links WHERE id = @id FOR UPDATE;

-- name: DocumentLinkKeep :one
-- DocumentLinkKeep records that the source's owner keeps a stale link as written.
UPDATE document_links SET kept_at = now(), updated_at = now() WHERE id = @id RETURNING *;

-- name: DocumentLinkListEnds :many
-- DocumentLinkListEnds lists in one statement the edges out of a batch of sources (outgoing), with the actor's access level to each target (0: none, or no target) and, where it is above 0, the target's metadata (no body), placeholders otherwise; and the edges into a batch of targets whose live source the actor can read (not outgoing), with each source's metadata and level. Either batch may be empty; rows come by direction, then by end (source, target), then by href or id.
SELECT -- The coalesces keep nullable (by the LEFT JOIN) columns out of pointers, an allocation each per row, for values always there when read.
       true AS outgoing, l.source_id AS end_id, l.href_as_written AS sort_key,
       l.id, l.source_id, coalesce(l.target_id, '00000000-0000-0000-0000-000000000000') AS target_id,
       l.href_as_written, coalesce(l.resolved_address, '') AS resolved_address, coalesce(l.link_text, '') AS link_text,
       l.occurrence_count, l.state, l.created_at, l.updated_at, l.kept_at,
       coalesce(t.id, '00000000-0000-0000-0000-000000000000') AS far_id,
       coalesce(t.space, 'wiki') AS far_space,
       coalesce(t.path, '') AS far_path,
       coalesce(t.slug, '') AS far_slug,
       coalesce(t.title, '') AS far_title,
       coalesce(t.tags, '{}') AS far_tags,
       coalesce(t.status, 'active') AS far_status,
       coalesce(t.version, 0) AS far_version,
       coalesce(t.created_by, '00000000-0000-0000-0000-000000000000') AS far_created_by,
       t.updated_by AS far_updated_by,
       coalesce(t.created_at, 'epoch') AS far_created_at,
       coalesce(t.updated_at, 'epoch') AS far_updated_at,
       t.deleted_at AS far_deleted_at,
       t.purge_after AS far_purge_after,
       t.quarantined_at AS far_quarantined_at,
       coalesce(a.level, 0)::int AS far_level
FROM document_links l
LEFT JOIN documents t ON t.id = l.target_id
LEFT JOIN LATERAL (SELECT (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS level) a ON t.id IS NOT NULL
WHERE l.source_id = ANY(@source_ids::uuid[])
UNION ALL
SELECT false, coalesce(l.target_id, '00000000-0000-0000-0000-000000000000'), l.id::text,
       l.id, l.source_id, coalesce(l.target_id, '00000000-0000-0000-0000-000000000000'),
       l.href_as_written, coalesce(l.resolved_address, ''), coalesce(l.link_text, ''),
       l.occurrence_count, l.state, l.created_at, l.updated_at, l.kept_at,
       s.id, s.space, s.path, s.slug, s.title, s.tags, s.status, s.version, s.created_by, s.updated_by,
       s.created_at, s.updated_at, s.deleted_at, s.purge_after, s.quarantined_at,
       a.level
FROM document_links l
JOIN documents s ON s.id = l.source_id
-- OFFSET 0 keeps the level a subquery of its own, computed once per row for both the filter and the output.
CROSS JOIN LATERAL (SELECT (SELECT a.level FROM document_level(s.id, s.created_by, s.deleted_at, s.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS level OFFSET 0) a
WHERE l.target_id = ANY(@target_ids::uuid[])
  AND s.deleted_at IS NULL
  AND a.level > 0
ORDER BY outgoing DESC, end_id, sort_key;

-- name: DocumentLinkListEndTitles :many
-- DocumentLinkListEndTitles is DocumentLinkListEnds narrowed to what a page asking only each link's id and state and its far end's id and title needs: the same rows in the same order, with the edge's id, ends and state and the far end's id, title and the actor's level (no other column of either).
SELECT true AS outgoing, l.source_id AS end_id, l.href_as_written AS sort_key,
       l.id, l.source_id, coalesce(l.target_id, '00000000-0000-0000-0000-000000000000') AS target_id, l.state,
       coalesce(t.id, '00000000-0000-0000-0000-000000000000') AS far_id,
       coalesce(t.title, '') AS far_title,
       -- The level as a sub-select in place, none for a pending edge: fewer plan nodes a row than a lateral join (docs/design.md#reading-documents).
       (CASE WHEN t.id IS NULL THEN 0
             ELSE (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) END)::int AS far_level
FROM document_links l
LEFT JOIN documents t ON t.id = l.target_id
WHERE l.source_id = ANY(@source_ids::uuid[])
UNION ALL
SELECT i.outgoing, i.end_id, i.sort_key, i.id, i.source_id, i.target_id, i.state, i.far_id, i.far_title, i.far_level
FROM (
  SELECT false AS outgoing, coalesce(l.target_id, '00000000-0000-0000-0000-000000000000') AS end_id, l.id::text AS sort_key,
         l.id, l.source_id, coalesce(l.target_id, '00000000-0000-0000-0000-000000000000') AS target_id, l.state,
         s.id AS far_id, s.title AS far_title,
         (SELECT a.level FROM document_level(s.id, s.created_by, s.deleted_at, s.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS far_level
  FROM document_links l
  JOIN documents s ON s.id = l.source_id
  WHERE l.target_id = ANY(@target_ids::uuid[])
    AND s.deleted_at IS NULL
  -- OFFSET 0 keeps the level computed once per row for both the filter and the output.
  OFFSET 0
) i
WHERE i.far_level > 0
ORDER BY outgoing DESC, end_id, sort_key;

-- name: DocumentLinkListDecisions :many
-- DocumentLinkListDecisions pages through the actor's link decisions: stale or broken edges from live, non-raw documents they own, not kept, to targets they can read; with the metadata (no body) of both ends and the actor's access level to the target.
SELECT sqlc.embed(l),
       s.space AS source_space,
       s.path AS source_path,
       s.slug AS source_slug,
       s.title AS source_title,
       s.tags AS source_tags,
       s.status AS source_status,
       s.version AS source_version,
       s.created_by AS source_created_by,
       s.updated_by AS source_updated_by,
       s.created_at AS source_created_at,
       s.updated_at AS source_updated_at,
       s.deleted_at AS source_deleted_at,
       s.purge_after AS source_purge_after,
       s.quarantined_at AS source_quarantined_at,
       t.space AS target_space,
       t.path AS target_path,
       t.slug AS target_slug,
       t.title AS target_title,
       t.tags AS target_tags,
       t.status AS target_status,
       t.version AS target_version,
       t.created_by AS target_created_by,
       t.updated_by AS target_updated_by,
       t.created_at AS target_created_at,
       t.updated_at AS target_updated_at,
       t.deleted_at AS target_deleted_at,
       t.purge_after AS target_purge_after,
       t.quarantined_at AS target_quarantined_at,
       a.level AS target_level
FROM document_links l
JOIN documents s ON s.id = l.source_id
JOIN documents t ON t.id = l.target_id
-- OFFSET 0 keeps the level a subquery of its own, computed once per row for both the filter and the output.
CROSS JOIN LATERAL (SELECT (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS level OFFSET 0) a
WHERE s.created_by = @actor_id::uuid AND s.deleted_at IS NULL AND s.space <> 'raw'
  AND l.state IN ('stale_text', 'broken') AND l.kept_at IS NULL
  AND a.level > 0
  AND (sqlc.narg('after_id')::uuid IS NULL OR l.id > sqlc.narg('after_id')::uuid)
ORDER BY l.id
LIMIT @row_limit;

-- name: DocumentLinkListDecisionIDsToTarget :many
-- DocumentLinkListDecisionIDsToTarget lists the ids of the actor's link decisions (as DocumentLinkListDecisions) whose target is one document, oldest first, at most row_limit: "the same for every page of mine linking here".
SELECT l.id
FROM document_links l
JOIN documents s ON s.id = l.source_id
JOIN documents t ON t.id = l.target_id
CROSS JOIN LATERAL (SELECT (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level))::int AS level OFFSET 0) a
WHERE l.target_id = @target_id::uuid AND s.created_by = @actor_id::uuid AND s.deleted_at IS NULL AND s.space <> 'raw'
  AND l.state IN ('stale_text', 'broken') AND l.kept_at IS NULL
  AND a.level > 0
ORDER BY l.id
LIMIT @row_limit;

-- name: DocumentLinkNotifyEnds :exec
-- DocumentLinkNotifyEnds wakes the live subscribers (documentChanged) of these documents, whose links or backlinks link resolution changed without an event of theirs, on commit.
SELECT pg_notify('codna_document', d.id::text) FROM documents d WHERE d.id = ANY(@document_ids::uuid[]);
