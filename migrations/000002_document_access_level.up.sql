-- What an actor may do to a document, as a number every read path shares:
-- 0 none, 1 read, 2 write, 3 owner. docs/design.md#the-access-level in one place:
--   management never; the owner always (tombstones and quarantine included);
--   nobody else sees a tombstone or a quarantined document; otherwise the
--   strongest grant to the actor, or (for a person only) to a group they are
--   in, Everyone included. An agent belongs to no group.
CREATE FUNCTION document_access_level(
  doc_id uuid, owner_id uuid, deleted_at timestamptz, quarantined_at timestamptz,
  actor_id uuid, actor_is_person boolean
) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN actor_id = '00000000-0000-0000-0000-000000000001'::uuid THEN 0
    WHEN owner_id = actor_id THEN 3
    WHEN deleted_at IS NOT NULL OR quarantined_at IS NOT NULL THEN 0
    ELSE coalesce((
      SELECT max(CASE da.permission WHEN 'write' THEN 2 ELSE 1 END)
      FROM document_access da
      WHERE da.document_id = doc_id
        AND ((da.principal_type = 'user' AND da.principal_id = actor_id)
          OR (actor_is_person AND da.principal_type = 'group'
              AND (da.principal_id = '00000000-0000-0000-0000-000000000002'::uuid
                OR EXISTS (SELECT 1 FROM group_members gm
                           WHERE gm.group_id = da.principal_id AND gm.user_id = actor_id))))
    ), 0)
  END
$$;
