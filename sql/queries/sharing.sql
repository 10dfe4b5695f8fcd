-- name: SharingResolveRecipients :many
-- SharingResolveRecipients looks up share recipients in one statement: people by lower-cased email (people only, never an agent or management), groups by slug (Everyone is kind 'everyone'), and live agents by slug with whether the actor answers for each.
SELECT 'person'::text AS kind, lower(u.email) AS lookup, u.id, u.name, u.email, u.is_active AS active, false AS responsible
FROM users u
WHERE u.kind = 'person' AND lower(u.email) = ANY(@emails::text[])
UNION ALL
SELECT CASE WHEN g.kind = 'everyone' THEN 'everyone' ELSE 'group' END, g.slug, g.id, g.name, '', true, false
FROM groups g
WHERE g.slug = ANY(@group_slugs::text[])
UNION ALL
SELECT 'agent', a.slug, a.user_id, au.name, '', au.is_active,
       EXISTS (SELECT 1 FROM agent_responsible ar WHERE ar.agent_id = a.user_id AND ar.user_id = @actor_id::uuid)
FROM agents a
JOIN users au ON au.id = a.user_id
WHERE a.deleted_at IS NULL AND a.slug = ANY(@agent_slugs::text[]);

-- name: SharingLockDocuments :many
-- SharingLockDocuments locks the documents of a share in id order (so two shares never deadlock) and reads, from the locked row versions, what a share re-checks: owner, tombstone, quarantine and the actor's access level.
SELECT d.id, d.created_by, d.title,
       (d.deleted_at IS NOT NULL)::boolean AS deleted,
       (d.quarantined_at IS NOT NULL)::boolean AS quarantined,
       document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean)::int AS level
FROM documents d
WHERE d.id = ANY(@ids::uuid[])
ORDER BY d.id
FOR UPDATE OF d;

-- name: SharingDecline :many
-- SharingDecline records declined share suggestions (status rejected), one row per (document, principal) given, only on documents the actor may share (owner or write); it returns the documents it wrote for, so the caller can tell which were refused. The input pairs must be distinct.
INSERT INTO share_suggestion_decisions (id, document_id, principal_type, principal_id, decided_by, status)
SELECT x.id, x.document_id, x.principal_type::principal_type, x.principal_id, @actor_id::uuid, 'rejected'
FROM (SELECT unnest(@ids::uuid[]) AS id, unnest(@document_ids::uuid[]) AS document_id,
             unnest(@principal_types::text[]) AS principal_type, unnest(@principal_ids::uuid[]) AS principal_id) x
JOIN documents d ON d.id = x.document_id
WHERE document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) >= 2
ON CONFLICT (document_id, principal_type, principal_id)
  DO UPDATE SET status = 'rejected', decided_by = EXCLUDED.decided_by
RETURNING document_id;

-- name: SharingAudience :many
-- SharingAudience is who a change of access tells: each of user_ids that is an active person or a live agent (group_id NULL), and the active people in each of group_ids (Everyone excluded: it tells nobody).
SELECT NULL::uuid AS group_id, u.id AS user_id
FROM users u
WHERE u.id = ANY(@user_ids::uuid[]) AND u.is_active
  AND (u.kind = 'person'
    OR (u.kind = 'agent' AND EXISTS (SELECT 1 FROM agents a WHERE a.user_id = u.id AND a.deleted_at IS NULL)))
UNION ALL
SELECT gm.group_id, mu.id
FROM group_members gm
JOIN groups g ON g.id = gm.group_id
JOIN users mu ON mu.id = gm.user_id
WHERE gm.group_id = ANY(@group_ids::uuid[]) AND g.kind <> 'everyone' AND mu.kind = 'person' AND mu.is_active;

-- name: SharingTaggedDocuments :many
-- SharingTaggedDocuments is the one-time expansion of docs/design.md#trace-share-by-tag: the live, active, unquarantined documents carrying a tag that the actor may share (owner or write), in id order, at most row_limit.
SELECT d.id
FROM documents d
WHERE d.tags @> ARRAY[@tag::text] AND d.deleted_at IS NULL AND d.status = 'active' AND d.quarantined_at IS NULL
  AND (d.created_by = @actor_id::uuid
    OR document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) >= 2)
ORDER BY d.id
LIMIT @row_limit;

-- name: SharingBatchForRevoke :many
-- SharingBatchForRevoke locks the grants still standing from a batch that the actor may revoke: those they granted and those on documents they own, on documents they can read.
SELECT da.document_id, da.principal_type, da.principal_id, d.created_by AS owner_id
FROM document_access da
JOIN documents d ON d.id = da.document_id
WHERE da.batch_id = @batch_id::uuid
  AND (da.granted_by = @actor_id::uuid OR d.created_by = @actor_id::uuid)
  AND document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) > 0
ORDER BY da.document_id, da.principal_type, da.principal_id
FOR UPDATE OF da;

-- name: SharingSuggestionRows :many
-- SharingSuggestionRows reads, in one statement, the title of each of title_ids and, for each of candidate_ids (a subset) that is live, not quarantined and that the actor may share (owner or write), the recipients — by their rcpt_ords (parallel arrays; ords from 1) — who cannot read it yet and have not declined it. A user recipient reads what document_access_level says (rcpt_persons: whether group grants, Everyone included, reach them); a group recipient reads what is granted to it or to Everyone. A document with no such recipient has one row with ord 0.
SELECT d.id, d.title, coalesce(r.ord, 0)::int AS ord
FROM documents d
LEFT JOIN LATERAL (
  SELECT x.ord
  FROM (SELECT unnest(@rcpt_ords::int[]) AS ord, unnest(@rcpt_types::text[]) AS ptype,
               unnest(@rcpt_ids::uuid[]) AS pid, unnest(@rcpt_persons::boolean[]) AS is_person) x
  WHERE d.id = ANY(@candidate_ids::uuid[])
    AND d.deleted_at IS NULL AND d.quarantined_at IS NULL
    AND (d.created_by = @actor_id::uuid
      OR document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, @actor_id::uuid, @actor_is_person::boolean) >= 2)
    AND NOT (x.ptype = 'user'
      AND document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, x.pid, x.is_person) > 0)
    AND NOT (x.ptype = 'group' AND EXISTS (
      SELECT 1 FROM document_access da
      WHERE da.document_id = d.id AND da.principal_type = 'group'
        AND da.principal_id IN (x.pid, '00000000-0000-0000-0000-000000000002'::uuid)))
    AND NOT EXISTS (
      SELECT 1 FROM share_suggestion_decisions s
      WHERE s.document_id = d.id AND s.principal_type = x.ptype::principal_type AND s.principal_id = x.pid)
) r ON true
WHERE d.id = ANY(@title_ids::uuid[])
ORDER BY d.id, 3;
