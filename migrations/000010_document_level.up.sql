-- The access level in forms the planner can see into (docs/design.md#the-access-level).
-- document_access_level (000002) stays the statement of the rule; a property test
-- (internal/document/level_test.go) holds these two to it on random data.
--
-- document_level is the same rule as a one-row set. A scalar SQL function whose body
-- holds a sub-select is never inlined, so each document_access_level call starts and
-- stops an executor; a set-returning SQL function (STABLE, one SELECT, not STRICT) is
-- inlined into the calling query when used in FROM / LATERAL, and its grant lookup
-- becomes a sub-plan of that query. Use it as
--   CROSS JOIN LATERAL document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, actor, is_person) a
CREATE FUNCTION document_level(
  doc_id uuid, owner_id uuid, deleted_at timestamptz, quarantined_at timestamptz,
  actor_id uuid, actor_is_person boolean
) RETURNS TABLE (level integer)
LANGUAGE sql STABLE PARALLEL SAFE ROWS 1 AS $$
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

-- document_level_sources are the rows an actor's access comes from, to drive a read
-- from them when they are few: every document the actor owns (level 3) and every
-- grant that reaches them (1 read, 2 write) — to them as a user and, for a person,
-- to Everyone and to each group they are in. Tombstoned and quarantined documents
-- are included and a document may appear more than once. For a document d with
-- rows here, document_level(d) is 0 when d is tombstoned or quarantined and the
-- actor does not own it, else the largest level among its rows; a document with no
-- row is at level 0. Nothing for management. Each part is an index scan
-- (documents_created_by_idx, document_access_principal_idx).
CREATE FUNCTION document_level_sources(actor_id uuid, actor_is_person boolean)
RETURNS TABLE (document_id uuid, level integer)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT d.id, 3 FROM documents d
  WHERE d.created_by = actor_id AND actor_id <> '00000000-0000-0000-0000-000000000001'::uuid
  UNION ALL
  SELECT da.document_id, CASE da.permission WHEN 'write' THEN 2 ELSE 1 END
  FROM document_access da
  WHERE da.principal_type = 'user' AND da.principal_id = actor_id
    AND actor_id <> '00000000-0000-0000-0000-000000000001'::uuid
  UNION ALL
  SELECT da.document_id, CASE da.permission WHEN 'write' THEN 2 ELSE 1 END
  FROM document_access da
  WHERE da.principal_type = 'group' AND actor_is_person
    AND actor_id <> '00000000-0000-0000-0000-000000000001'::uuid
    AND da.principal_id = ANY (ARRAY(
          SELECT '00000000-0000-0000-0000-000000000002'::uuid
          UNION ALL
          SELECT gm.group_id FROM group_members gm WHERE gm.user_id = actor_id))
$$;

-- document_drive_max is the number of level sources below which a page of row_limit
-- documents is read from the sources rather than by walking documents in the page's
-- order: driving costs about one lookup per source, walking about row_limit x
-- documents / readable rows, and the two meet at sqrt(row_limit x documents) (the
-- planner's estimate of the table's rows; 0 before the first ANALYZE, so a table
-- never analysed is walked).
CREATE FUNCTION document_drive_max(row_limit integer) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT sqrt(greatest(row_limit, 0) * greatest(c.reltuples, 0))::integer
  FROM pg_class c WHERE c.oid = 'documents'::regclass
$$;

-- The lists walk these in their order and stop at the page (docs/design.md#lists):
-- by last change (with the id as tie-break, so a cursor is an index bound) and by
-- title. documents_updated_at_idx (updated_at alone) is replaced.
DROP INDEX documents_updated_at_idx;
CREATE INDEX documents_updated_idx ON documents (updated_at DESC, id DESC);
CREATE INDEX documents_title_idx ON documents (lower(title), id) WHERE deleted_at IS NULL;
