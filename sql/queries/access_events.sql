-- name: AccessEventCreate :exec
-- AccessEventCreate appends to the access history; it is never updated or deleted.
INSERT INTO access_events (id, document_id, principal_type, principal_id, permission, action, actor_id, grant_reason, batch_id)
VALUES (@id, @document_id, @principal_type, @principal_id, @permission, @action, @actor_id, @grant_reason, @batch_id);

-- name: AccessEventListRecentlyShared :many
-- AccessEventListRecentlyShared is, per document, the latest grant or upgrade to write the actor was given since a time, to them or to a group of theirs other than Everyone (not the ones they gave their own group), among grants that still stand on a live document, with that grant's permission now and the group's slug and name.
SELECT g.id, g.document_id, g.permission, g.actor_id, g.grant_reason, g.batch_id, g.created_at,
       g.principal_type, g.principal_id, g.group_slug, g.group_name
FROM (
  SELECT DISTINCT ON (ae.document_id) ae.id, ae.document_id, da.permission, ae.actor_id, ae.grant_reason, ae.batch_id, ae.created_at,
         ae.principal_type, ae.principal_id, m.group_slug, m.group_name
  FROM (
    SELECT 'user'::principal_type AS principal_type, @actor_id::uuid AS principal_id, ''::text AS group_slug, ''::text AS group_name
    UNION ALL
    SELECT 'group'::principal_type, gr.id, gr.slug, gr.name
    FROM group_members gm JOIN groups gr ON gr.id = gm.group_id
    WHERE gm.user_id = @actor_id::uuid AND gr.kind <> 'everyone'
  ) m
  JOIN access_events ae ON ae.principal_type = m.principal_type AND ae.principal_id = m.principal_id
  JOIN document_access da ON da.document_id = ae.document_id
   AND da.principal_type = ae.principal_type AND da.principal_id = ae.principal_id
  WHERE (ae.action = 'granted' OR (ae.action = 'permission_changed' AND ae.permission = 'write'))
    AND ae.created_at > @since::timestamptz
    AND (m.principal_type = 'user' OR ae.actor_id IS DISTINCT FROM @actor_id::uuid)
  ORDER BY ae.document_id, ae.created_at DESC, ae.id DESC
) g
JOIN documents d ON d.id = g.document_id
WHERE d.deleted_at IS NULL
ORDER BY g.created_at DESC, g.id DESC
LIMIT @row_limit;
