-- name: SearchEntriesBuildInsert :execrows
-- SearchEntriesBuildInsert writes a batch of a rebuild's entries (SearchEntryUpsert's arrays) into search_entries_build, each only while its document is live at the version given.
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
)
INSERT INTO search_entries_build (document_id, version, access_seq, space, path, slug, title, tags, status, owner_id, updated_at,
                            title_fold, head, tsv, body, readers)
SELECT n.document_id, n.version, n.access_seq, n.space, n.path, n.slug, n.title, n.tags, n.status, n.owner_id, n.updated_at,
       search_fold(n.title), n.head, n.head || setweight(to_tsvector('codna_search', n.body_index), 'D'), n.body,
       search_readers(n.document_id, n.owner_id)
FROM (
  SELECT r.document_id, r.version, r.access_seq, r.space, r.path, r.slug, r.title,
         coalesce(string_to_array(nullif(r.tag_list, ''), ' '), '{}')::text[] AS tags, r.status, r.owner_id, r.updated_at, r.body,
         coalesce(nullif(r.body_index, ''), r.body) AS body_index,
         setweight(to_tsvector('codna_search', r.title_index), 'A')
           || setweight(to_tsvector('codna_search', r.tags_index), 'B')
           || setweight(to_tsvector('codna_search', r.path_index), 'C') AS head
  FROM r WHERE r.document_id IN (SELECT live.id FROM live)
) n;

-- name: SearchEntriesBuildBegin :exec
-- SearchEntriesBuildBegin empties search_entries_build for a rebuild.
SELECT search_entries_build_begin();

-- name: SearchEntriesBuildSwap :exec
-- SearchEntriesBuildSwap indexes search_entries_build and makes it search_entries (search_entries_build_swap).
SELECT search_entries_build_swap();
