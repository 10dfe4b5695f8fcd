-- The tag index (docs/design.md#the-tag-index): tags(prefix, first) counts, per
-- tag, the live pages the caller can read. Most of what a person reads is read
-- by Everyone, and that part is the same for every person: tag_everyone_counts
-- keeps it, per tag, maintained in the transaction of every change that moves
-- it. A person's count is that plus their pages Everyone cannot read (their
-- own, their grants and their groups' grants, with no Everyone grant), counted
-- from their own sources at query time; an agent (Everyone does not reach
-- agents) is counted from its sources alone.

-- tag_everyone_counts: per tag, how many documents that are live (not trashed),
-- not quarantined and granted (read or write) to Everyone hold it. A row may
-- hold 0 (a tag no such page holds any more): readers skip those.
CREATE TABLE tag_everyone_counts (
  tag   text PRIMARY KEY,
  pages integer NOT NULL
);

-- tag_everyone_counts_apply adds deltas to tags, in tag order (two writers
-- touching the same tags lock them in the same order).
CREATE FUNCTION tag_everyone_counts_apply(tags text[], deltas integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO tag_everyone_counts AS c (tag, pages)
  SELECT x.tag, sum(x.delta)::integer FROM unnest(tags, deltas) AS x(tag, delta)
  GROUP BY x.tag HAVING sum(x.delta) <> 0
  ORDER BY x.tag
  ON CONFLICT (tag) DO UPDATE SET pages = c.pages + excluded.pages
$$;

-- A document's tags change, or it is trashed, restored, quarantined or
-- released: its old tags leave the counts and its new ones enter, each when
-- the document counted (live, not quarantined, granted to Everyone) then.
CREATE FUNCTION tag_everyone_counts_document() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  everyone boolean;
  tags text[] := '{}';
  deltas integer[] := '{}';
BEGIN
  SELECT EXISTS (SELECT 1 FROM document_access da WHERE da.document_id = coalesce(NEW.id, OLD.id)
                 AND da.principal_type = 'group' AND da.principal_id = '00000000-0000-0000-0000-000000000002'::uuid)
  INTO everyone;
  IF NOT everyone THEN
    RETURN OLD; -- what a BEFORE DELETE trigger returns to let the delete happen; ignored after an update
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL AND OLD.quarantined_at IS NULL THEN
    tags := tags || OLD.tags;
    deltas := deltas || array_fill(-1, ARRAY[cardinality(OLD.tags)]);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.deleted_at IS NULL AND NEW.quarantined_at IS NULL THEN
    tags := tags || NEW.tags;
    deltas := deltas || array_fill(1, ARRAY[cardinality(NEW.tags)]);
  END IF;
  IF cardinality(tags) > 0 THEN
    PERFORM tag_everyone_counts_apply(tags, deltas);
  END IF;
  RETURN OLD;
END
$$;
CREATE TRIGGER tag_everyone_counts_document AFTER UPDATE OF tags, deleted_at, quarantined_at ON documents
  FOR EACH ROW
  WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
        OR OLD.quarantined_at IS DISTINCT FROM NEW.quarantined_at)
  EXECUTE FUNCTION tag_everyone_counts_document();
-- Before the delete, while its grants are still there (the cascade removes
-- them after; the grants' trigger then finds no document and counts nothing).
-- Only tombstones are purged today, and they do not count; this keeps the
-- counts right whatever deletes a document.
CREATE TRIGGER tag_everyone_counts_document_delete BEFORE DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION tag_everyone_counts_document();

-- An Everyone grant made or taken away: the document's tags enter or leave the
-- counts when it is live and not quarantined (a document has at most one
-- Everyone grant: document_access_key). A change of permission changes
-- nothing here.
CREATE FUNCTION tag_everyone_counts_access() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tag_everyone_counts_apply(array_agg(t.tag), array_agg(t.delta))
  FROM (
    SELECT t.tag, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END AS delta
    FROM changed c
    JOIN documents d ON d.id = c.document_id
    CROSS JOIN LATERAL unnest(d.tags) AS t(tag)
    WHERE c.principal_type = 'group' AND c.principal_id = '00000000-0000-0000-0000-000000000002'::uuid
      AND d.deleted_at IS NULL AND d.quarantined_at IS NULL
  ) t
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;
CREATE TRIGGER tag_everyone_counts_access_insert AFTER INSERT ON document_access
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION tag_everyone_counts_access();
CREATE TRIGGER tag_everyone_counts_access_delete AFTER DELETE ON document_access
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION tag_everyone_counts_access();

INSERT INTO tag_everyone_counts (tag, pages)
SELECT t.tag, count(*)
FROM documents d
JOIN document_access da ON da.document_id = d.id AND da.principal_type = 'group'
  AND da.principal_id = '00000000-0000-0000-0000-000000000002'::uuid
CROSS JOIN LATERAL unnest(d.tags) AS t(tag)
WHERE d.deleted_at IS NULL AND d.quarantined_at IS NULL
GROUP BY t.tag
ORDER BY t.tag;
