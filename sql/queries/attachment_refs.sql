-- name: AttachmentRefListForResync :many
-- AttachmentRefListForResync locks, in id order, every file reference a resync of a set of documents recomputes: those out of the live ones, those into any of them, and the pending ones naming a live one's address.
SELECT * FROM attachment_refs
WHERE source_id = ANY(@source_ids::uuid[]) OR target_id = ANY(@target_ids::uuid[])
   OR (target_id IS NULL AND resolved_address = ANY(@addresses::text[]))
ORDER BY id
FOR UPDATE;

-- name: AttachmentRefCreateMany :many
-- AttachmentRefCreateMany adds file references, index for index (a nil target id is none), and returns the ids of those it added: one already there for the same source and href is left alone.
INSERT INTO attachment_refs (id, source_id, target_id, href_as_written, resolved_address, name, occurrence_count, state)
SELECT x.id, x.source_id, nullif(x.target_id, '00000000-0000-0000-0000-000000000000'::uuid), x.href, x.address, x.name, x.occurrences, x.state::link_state
FROM (SELECT unnest(@ids::uuid[]) AS id, unnest(@source_ids::uuid[]) AS source_id, unnest(@target_ids::uuid[]) AS target_id,
        unnest(@hrefs::text[]) AS href, unnest(@addresses::text[]) AS address, unnest(@names::text[]) AS name,
        unnest(@occurrences::int[]) AS occurrences, unnest(@states::text[]) AS state) x
ON CONFLICT (source_id, href_as_written) DO NOTHING
RETURNING id;

-- name: AttachmentRefUpdateCountMany :exec
-- AttachmentRefUpdateCountMany records file references' current occurrence counts, index for index.
UPDATE attachment_refs r SET occurrence_count = x.occurrences, updated_at = now()
FROM (SELECT unnest(@ids::uuid[]) AS id, unnest(@occurrences::int[]) AS occurrences) x
WHERE r.id = x.id AND r.occurrence_count <> x.occurrences;

-- name: AttachmentRefSetStateMany :exec
-- AttachmentRefSetStateMany moves file references to states and targets, index for index (a nil target id is none); kept_at is cleared where the state changes.
UPDATE attachment_refs r
SET target_id = nullif(x.target_id, '00000000-0000-0000-0000-000000000000'::uuid), state = x.state::link_state, updated_at = now(),
    kept_at = CASE WHEN r.state = x.state::link_state THEN r.kept_at ELSE NULL END
FROM (SELECT unnest(@ids::uuid[]) AS id, unnest(@target_ids::uuid[]) AS target_id, unnest(@states::text[]) AS state) x
WHERE r.id = x.id;

-- name: AttachmentRefDelete :exec
-- AttachmentRefDelete removes file references whose hrefs left the body.
DELETE FROM attachment_refs WHERE id = ANY(@ids::uuid[]);

-- name: AttachmentRefListDecisionOwners :many
-- AttachmentRefListDecisionOwners keeps, of the given file references, those whose source's owner is to be asked about them (source live and not raw, target readable by the owner), with the owner.
SELECT r.id, u.id AS owner_id
FROM attachment_refs r
JOIN documents s ON s.id = r.source_id
JOIN documents t ON t.id = r.target_id
JOIN users u ON u.id = s.created_by
WHERE r.id = ANY(@ids::uuid[]) AND s.space <> 'raw' AND s.deleted_at IS NULL
  AND (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, u.id, u.kind = 'person') AS a(level)) > 0
ORDER BY r.id;

-- name: AttachmentRefListUnraised :many
-- AttachmentRefListUnraised lists the stale or broken file references touching the given documents that are a decision for their source's owner (as NotificationCountInbox counts them) but have no open decision notification to that owner.
SELECT sqlc.embed(r), s.created_by AS owner_id
FROM attachment_refs r
JOIN documents s ON s.id = r.source_id
JOIN documents t ON t.id = r.target_id
JOIN users u ON u.id = s.created_by
WHERE (r.source_id = ANY(@document_ids::uuid[]) OR r.target_id = ANY(@document_ids::uuid[]))
  AND r.state IN ('stale_text', 'broken') AND r.kept_at IS NULL
  AND s.deleted_at IS NULL AND s.space <> 'raw'
  AND (SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, s.created_by, u.kind = 'person') AS a(level)) > 0
  AND NOT EXISTS (
    SELECT 1 FROM notifications n
    WHERE n.requires_decision AND n.status IN ('unread', 'read')
      AND n.subject_type = 'attachment_ref' AND n.subject_id = r.id AND n.recipient_id = s.created_by)
ORDER BY r.id;

-- name: AttachmentRefOrphanTarget :many
-- AttachmentRefOrphanTarget turns every file reference into a purged document pending, with no target, and returns their ids.
UPDATE attachment_refs
SET target_id = NULL, state = 'pending', kept_at = NULL, updated_at = now()
WHERE target_id = @target_id
RETURNING id;

-- name: AttachmentRefGet :one
-- AttachmentRefGet reads one file reference, locked, for a decision.
SELECT * FROM attachment_refs WHERE id = @id FOR UPDATE;

-- name: AttachmentRefKeep :one
-- AttachmentRefKeep records that the source's owner keeps a stale file reference as written.
UPDATE attachment_refs SET kept_at = now(), updated_at = now() WHERE id = @id RETURNING *;

-- name: AttachmentRefListForSources :many
-- AttachmentRefListForSources lists the file references out of the given sources, by source then href, each with whether the actor can read its target (false when it has none).
SELECT sqlc.embed(r),
  coalesce((SELECT a.level FROM document_level(t.id, t.created_by, t.deleted_at, t.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) > 0, false)::boolean AS target_readable
FROM attachment_refs r
LEFT JOIN documents t ON t.id = r.target_id
WHERE r.source_id = ANY(@source_ids::uuid[])
ORDER BY r.source_id, r.href_as_written;

-- name: AttachmentRefBackfillClaim :many
-- AttachmentRefBackfillClaim takes up to row_limit documents off the back-fill list (skipping those another worker holds) and returns them.
DELETE FROM attachment_ref_backfill
WHERE document_id IN (SELECT b.document_id FROM attachment_ref_backfill b ORDER BY b.document_id LIMIT @row_limit FOR UPDATE SKIP LOCKED)
RETURNING document_id;
