-- name: SearchEntryUpsert :execrows
-- SearchEntryUpsert writes a batch of index entries (arrays, one element per entry; tags space-separated), each only while its document is live at the version given and unless the stored entry is newer; it locks those documents (FOR SHARE, in id order) so that a trash or a quarantine commits before it or after it, never between.
WITH r AS (
  SELECT unnest(@document_ids::uuid[]) AS document_id, unnest(@versions::int[]) AS version,
         unnest(@access_seqs::bigint[]) AS access_seq, unnest(@spaces::text[])::space AS space, unnest(@paths::text[]) AS path,
         unnest(@slugs::text[]) AS slug, unnest(@titles::text[]) AS title, unnest(@tag_lists::text[]) AS tag_list,
         unnest(@statuses::text[])::document_status AS status, unnest(@owner_ids::uuid[]) AS owner_id,
         unnest(@updated_ats::timestamptz[]) AS updated_at, unnest(@bodies::text[]) AS body,
         unnest(@body_indexes::text[]) AS body_index, unnest(@title_indexes::text[]) AS title_index,
         unnest(@tags_indexes::text[]) AS tags_index, unnest(@path_indexes::text[]) AS path_index
), live AS (
  SELECT d.id FROM documents d JOIN r ON r.document_id = d.id AND r.version = d.version
  WHERE d.deleted_at IS NULL AND d.quarantined_at IS NULL
  ORDER BY d.id
  FOR SHARE OF d
)
INSERT INTO search_entries (document_id, version, access_seq, space, path, slug, title, tags, status, owner_id, updated_at,
                            title_fold, head, tsv, body)
SELECT n.document_id, n.version, n.access_seq, n.space, n.path, n.slug, n.title, n.tags, n.status, n.owner_id, n.updated_at,
       search_fold(n.title), n.head, n.head || setweight(to_tsvector('codna_search', n.body_index), 'D'), n.body
FROM (
  SELECT r.document_id, r.version, r.access_seq, r.space, r.path, r.slug, r.title,
         coalesce(string_to_array(nullif(r.tag_list, ''), ' '), '{}')::text[] AS tags, r.status, r.owner_id, r.updated_at, r.body,
         coalesce(nullif(r.body_index, ''), r.body) AS body_index,
         setweight(to_tsvector('codna_search', r.title_index), 'A')
           || setweight(to_tsvector('codna_search', r.tags_index), 'B')
           || setweight(to_tsvector('codna_search', r.path_index), 'C') AS head
  FROM r WHERE r.document_id IN (SELECT live.id FROM live)
) n
ON CONFLICT (document_id) DO UPDATE
SET version = excluded.version, access_seq = excluded.access_seq, space = excluded.space, path = excluded.path,
    slug = excluded.slug, title = excluded.title, tags = excluded.tags, status = excluded.status,
    owner_id = excluded.owner_id, updated_at = excluded.updated_at, title_fold = excluded.title_fold,
    head = excluded.head, tsv = excluded.tsv, body = excluded.body
WHERE excluded.version >= search_entries.version AND excluded.access_seq >= search_entries.access_seq;

-- name: SearchEntryDelete :exec
-- SearchEntryDelete takes documents out of the index.
DELETE FROM search_entries WHERE document_id = ANY(@ids::uuid[]);

-- name: SearchEntryDeleteGone :execrows
-- SearchEntryDeleteGone takes out every entry whose document is no longer live (a rebuild's last step).
DELETE FROM search_entries e
WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = e.document_id AND d.deleted_at IS NULL AND d.quarantined_at IS NULL);

-- name: SearchEntryFind :many
-- SearchEntryFind answers a search of the postgres index for an actor: the page of hits (with their title and plain-text body), and over every readable hit the counts by space and by tag and the total, in one statement (kind hit, space, tag, total).
WITH m AS MATERIALIZED (
  SELECT e.document_id, e.space, e.tags, e.updated_at,
         (ts_rank('{0.1, 0.2, 0.4, 1.0}', e.head, (SELECT search_query(@any_terms::text[], @any_groups::int[], @any_prefixes::boolean[]))) * 10
          + CASE WHEN e.tsv @@ (SELECT search_query(@terms::text[], @groups::int[], @prefixes::boolean[])) THEN 0.1
                 ELSE 0.05 * word_similarity((SELECT search_fold(sqlc.narg('typo')::text)), e.title_fold) END)::float8 AS score
  FROM search_entries e
  WHERE (e.tsv @@ (SELECT search_query(@terms::text[], @groups::int[], @prefixes::boolean[]))
         OR (SELECT search_fold(sqlc.narg('typo')::text)) <% e.title_fold)
    AND (cardinality(@spaces::text[]) = 0 OR e.space::text = ANY(@spaces::text[]))
    AND (sqlc.narg('path_prefix')::text IS NULL OR sqlc.narg('path_prefix')::text = ''
         OR e.path = sqlc.narg('path_prefix')::text OR starts_with(e.path, sqlc.narg('path_prefix')::text || '/'))
    AND (cardinality(@tags::text[]) = 0 OR e.tags @> @tags::text[])
    AND (sqlc.narg('owner_id')::uuid IS NULL OR e.owner_id = sqlc.narg('owner_id')::uuid)
    AND (sqlc.narg('updated_after')::timestamptz IS NULL OR e.updated_at > sqlc.narg('updated_after')::timestamptz)
    AND (sqlc.narg('updated_before')::timestamptz IS NULL OR e.updated_at < sqlc.narg('updated_before')::timestamptz)
    AND (cardinality(@statuses::text[]) = 0 OR e.status::text = ANY(@statuses::text[]))
    AND (SELECT a.level FROM document_level(e.document_id, e.owner_id, NULL::timestamptz, NULL::timestamptz, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) > 0
), page AS (
  SELECT m.document_id, m.score, m.updated_at FROM m
  ORDER BY m.score DESC, m.updated_at DESC, m.document_id DESC
  OFFSET @row_offset::int LIMIT @row_limit::int
)
SELECT 'hit'::text AS kind, p.document_id, p.score, p.updated_at, e.title AS value, e.body, 0::bigint AS n
FROM page p JOIN search_entries e ON e.document_id = p.document_id
UNION ALL
SELECT 'space', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, m.space::text, '', count(*) FROM m WHERE @facets::boolean GROUP BY m.space
UNION ALL
(SELECT 'tag', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, t.tag, '', count(*) FROM m CROSS JOIN LATERAL unnest(m.tags) AS t(tag)
 WHERE @facets::boolean GROUP BY t.tag ORDER BY count(*) DESC, t.tag LIMIT @tag_limit::int)
UNION ALL
SELECT 'total', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, '', '', count(*) FROM m;

-- name: SearchEntryList :many
-- SearchEntryList is SearchEntryFind for a query without terms: every readable entry passing the filter, newest first, with the same facets and total.
WITH m AS MATERIALIZED (
  SELECT e.document_id, e.space, e.tags, e.updated_at
  FROM search_entries e
  WHERE (cardinality(@spaces::text[]) = 0 OR e.space::text = ANY(@spaces::text[]))
    AND (sqlc.narg('path_prefix')::text IS NULL OR sqlc.narg('path_prefix')::text = ''
         OR e.path = sqlc.narg('path_prefix')::text OR starts_with(e.path, sqlc.narg('path_prefix')::text || '/'))
    AND (cardinality(@tags::text[]) = 0 OR e.tags @> @tags::text[])
    AND (sqlc.narg('owner_id')::uuid IS NULL OR e.owner_id = sqlc.narg('owner_id')::uuid)
    AND (sqlc.narg('updated_after')::timestamptz IS NULL OR e.updated_at > sqlc.narg('updated_after')::timestamptz)
    AND (sqlc.narg('updated_before')::timestamptz IS NULL OR e.updated_at < sqlc.narg('updated_before')::timestamptz)
    AND (cardinality(@statuses::text[]) = 0 OR e.status::text = ANY(@statuses::text[]))
    AND (SELECT a.level FROM document_level(e.document_id, e.owner_id, NULL::timestamptz, NULL::timestamptz, @actor_id::uuid, @actor_is_person::boolean) AS a(level)) > 0
), page AS (
  SELECT m.document_id, m.updated_at FROM m
  ORDER BY m.updated_at DESC, m.document_id DESC
  OFFSET @row_offset::int LIMIT @row_limit::int
)
SELECT 'hit'::text AS kind, p.document_id, 0::float8 AS score, p.updated_at, e.title AS value, e.body, 0::bigint AS n
FROM page p JOIN search_entries e ON e.document_id = p.document_id
UNION ALL
SELECT 'space', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, m.space::text, '', count(*) FROM m WHERE @facets::boolean GROUP BY m.space
UNION ALL
(SELECT 'tag', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, t.tag, '', count(*) FROM m CROSS JOIN LATERAL unnest(m.tags) AS t(tag)
 WHERE @facets::boolean GROUP BY t.tag ORDER BY count(*) DESC, t.tag LIMIT @tag_limit::int)
UNION ALL
SELECT 'total', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, '', '', count(*) FROM m;

-- name: SearchEntrySourceList :many
-- SearchEntrySourceList reads what the index needs of documents by id, body and readers included (the owner and every grant as acl_read strings), with each one's access sequence; purged ones are absent.
SELECT d.id, d.space, d.path, d.slug, d.title, d.content, d.tags, d.status, d.version, d.created_by, d.updated_at,
       (d.deleted_at IS NULL AND d.quarantined_at IS NULL)::boolean AS live,
       coalesce(s.seq, 0)::bigint AS access_seq,
       ARRAY(SELECT da.principal_type::text || ':' || da.principal_id::text FROM document_access da
             WHERE da.document_id = d.id ORDER BY 1)::text[] AS acl
FROM documents d
LEFT JOIN document_access_seq s ON s.document_id = d.id
WHERE d.id = ANY(@ids::uuid[])
ORDER BY d.id;

-- name: SearchEntrySourceListLive :many
-- SearchEntrySourceListLive reads SearchEntrySourceList's columns for the live documents after an id, in id order: a rebuild's batches.
SELECT d.id, d.space, d.path, d.slug, d.title, d.content, d.tags, d.status, d.version, d.created_by, d.updated_at,
       true::boolean AS live,
       coalesce(s.seq, 0)::bigint AS access_seq,
       ARRAY(SELECT da.principal_type::text || ':' || da.principal_id::text FROM document_access da
             WHERE da.document_id = d.id ORDER BY 1)::text[] AS acl
FROM documents d
LEFT JOIN document_access_seq s ON s.document_id = d.id
WHERE d.id > @after_id::uuid AND d.deleted_at IS NULL AND d.quarantined_at IS NULL
ORDER BY d.id
LIMIT @row_limit::int;

-- name: SearchEntrySourceCount :one
-- SearchEntrySourceCount counts the live documents (what a rebuild writes).
SELECT count(*) FROM documents WHERE deleted_at IS NULL AND quarantined_at IS NULL;

-- name: SearchEntryListChanged :many
-- SearchEntryListChanged lists the documents any outbox event since a time is about (a rebuild's catch-up), purged ones included.
SELECT DISTINCT coalesce(e.document_id, e.subject_id)::uuid AS id
FROM events e
WHERE e.created_at >= @since::timestamptz
  AND (e.document_id IS NOT NULL OR (e.subject_type = 'document' AND e.subject_id IS NOT NULL));

