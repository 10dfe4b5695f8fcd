-- name: AccessListForDocument :many
-- AccessListForDocument lists a document's grants with who they are to and who made them.
SELECT da.*, coalesce(u.email, '') AS user_email, coalesce(u.name, g.name, '') AS principal_name,
       coalesce(u.kind, '') AS user_kind, coalesce(g.slug, '') AS group_slug, coalesce(a.slug, '') AS agent_slug
FROM document_access da
LEFT JOIN users u ON da.principal_type = 'user' AND u.id = da.principal_id
LEFT JOIN agents a ON a.user_id = u.id
LEFT JOIN groups g ON da.principal_type = 'group' AND g.id = da.principal_id
WHERE da.document_id = @document_id
ORDER BY da.created_at, da.id;

-- name: AccessWhy :many
-- AccessWhy lists the grants that give an actor access to a document: their own, and (for a person) their groups' and Everyone's.
SELECT da.*, coalesce(g.slug, '') AS group_slug, coalesce(g.name, '') AS group_name
FROM document_access da
LEFT JOIN groups g ON da.principal_type = 'group' AND g.id = da.principal_id
WHERE da.document_id = @document_id
  AND ((da.principal_type = 'user' AND da.principal_id = @actor_id::uuid)
    OR (@actor_is_person::boolean AND da.principal_type = 'group'
        AND (g.kind = 'everyone' OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = da.principal_id AND gm.user_id = @actor_id::uuid))))
ORDER BY da.permission DESC, da.created_at;

-- name: AccessRecentlyShared :many
-- AccessRecentlyShared is docs/design.md#trace-recently-shared: per document, the latest grant or upgrade the actor was given since a time, where their grant still stands on a live document, with that grant's permission now.
SELECT g.id, g.document_id, da.permission, g.actor_id, g.grant_reason, g.batch_id, g.created_at
FROM (
  SELECT DISTINCT ON (ae.document_id) ae.*
  FROM access_events ae
  WHERE ae.principal_type = 'user' AND ae.principal_id = @actor_id::uuid
    AND (ae.action = 'granted' OR (ae.action = 'permission_changed' AND ae.permission = 'write'))
    AND ae.created_at > @since::timestamptz
  ORDER BY ae.document_id, ae.created_at DESC, ae.id DESC
) g
JOIN documents d ON d.id = g.document_id
JOIN document_access da ON da.document_id = g.document_id
  AND da.principal_type = 'user' AND da.principal_id = @actor_id::uuid
WHERE d.deleted_at IS NULL
ORDER BY g.created_at DESC, g.id DESC
LIMIT @row_limit;

-- name: AccessBatch :many
-- AccessBatch lists the grants of a batch that still stand, for its granter or the documents' owners to review.
SELECT da.*, d.created_by AS owner_id
FROM document_access da
JOIN documents d ON d.id = da.document_id
WHERE da.batch_id = @batch_id AND (da.granted_by = @actor_id::uuid OR d.created_by = @actor_id::uuid)
ORDER BY da.document_id, da.id;

-- name: PeopleSearch :many
-- PeopleSearch finds active people by name or email and live agents by slug, never management.
SELECT u.id, u.email, u.name, u.kind, coalesce(a.slug, '') AS agent_slug
FROM users u
LEFT JOIN agents a ON a.user_id = u.id AND a.deleted_at IS NULL
WHERE u.is_active
  AND ((u.kind = 'person' AND (u.name ILIKE '%' || @query::text || '%' OR u.email ILIKE '%' || @query::text || '%'))
    OR (u.kind = 'agent' AND a.user_id IS NOT NULL AND a.slug ILIKE '%' || @query::text || '%'))
ORDER BY u.kind DESC, lower(u.name), u.id
LIMIT @row_limit;

-- name: GroupList :many
-- GroupList lists every group with its member count (Everyone counts every active person).
SELECT g.id, g.slug, g.name, g.description, g.kind,
  (CASE WHEN g.kind = 'everyone' THEN (SELECT count(*) FROM users WHERE kind = 'person' AND is_active)
        ELSE (SELECT count(*) FROM group_members gm WHERE gm.group_id = g.id) END)::int AS members
FROM groups g
ORDER BY g.kind DESC, g.slug;
