-- name: SearchEntryUpsert :exec
-- SearchEntryUpsert writes a batch of index entries (arrays, one element per entry; tags space-separated; readers read from the live grants), each only while its document is live at the version given, and only over a stored entry (a dead one search_entries_follow wrote included) that is older or dead; and each written entry's words into search_recent when it is recent (updated_at at least the cutoff; rewritten only when its instant or words changed).
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
), written AS (
INSERT INTO search_entries (document_id, version, access_seq, space, path, slug, title, tags, status, owner_id, updated_at,
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
) n
ON CONFLICT (document_id) DO UPDATE
SET live = true, version = excluded.version, access_seq = excluded.access_seq, space = excluded.space, path = excluded.path,
    slug = excluded.slug, title = excluded.title, tags = excluded.tags, status = excluded.status,
    owner_id = excluded.owner_id, updated_at = excluded.updated_at, title_fold = excluded.title_fold,
    head = excluded.head, tsv = excluded.tsv, body = excluded.body, readers = excluded.readers
WHERE excluded.version >= search_entries.version AND excluded.access_seq >= search_entries.access_seq
  -- An entry read at the stored version and access sequence says what the stored one says (the
  -- triggers wrote any owner and readers change, with its sequence): rewriting it would only churn
  -- the indexes.
  AND (excluded.version > search_entries.version OR excluded.access_seq > search_entries.access_seq OR NOT search_entries.live)
RETURNING search_entries.document_id, search_entries.updated_at, search_entries.tsv
)
INSERT INTO search_recent (document_id, updated_at, words)
SELECT w.document_id, w.updated_at, strip(w.tsv) FROM written w
WHERE w.updated_at >= (SELECT s.cutoff FROM search_recent_state s)
ON CONFLICT (document_id) DO UPDATE SET updated_at = excluded.updated_at, words = excluded.words
WHERE search_recent.updated_at <> excluded.updated_at OR search_recent.words <> excluded.words;

-- name: SearchEntryDelete :exec
-- SearchEntryDelete takes documents out of the index (and their recent words).
WITH recent AS (DELETE FROM search_recent WHERE document_id = ANY(@ids::uuid[]))
DELETE FROM search_entries WHERE document_id = ANY(@ids::uuid[]);

-- name: SearchEntryFind :many
-- SearchEntryFind answers a search of the postgres index for an actor who reads many entries (readers: their id, and for a person Everyone's and their groups'): the page of hits with their title and plain-text body, then at most count_max readable matches, each with its space and tags, for the caller to count (kind hit, counted); planned for its values (docs/design.md#search).
WITH head AS (
  -- Matches whose title, tags or path hold a query word (few: found through their own index), ranked
  -- by where: title (A) above tags (B) above path and slug (C). Conditions are written in the form the
  -- plan should use: `@@` and `&&` where an index is to answer them, ts_match_vq and arrayoverlap (the
  -- same tests, which no index answers) where each row is to be checked.
  SELECT e.document_id, e.updated_at, (ts_rank('{0.1, 0.2, 0.4, 1.0}', e.head, search_query(@any_terms::text[], @any_groups::int[], @any_prefixes::boolean[])) * 10 + 0.1)::float8 AS score
  FROM search_entries e
  WHERE e.head @@ search_query(@any_terms::text[], @any_groups::int[], @any_prefixes::boolean[]) AND e.live AND arrayoverlap(e.readers, @readers::uuid[]) AND ts_match_vq(e.tsv, search_query(@terms::text[], @groups::int[], @prefixes::boolean[])) AND search_entry_passes(e.space, e.path, e.tags, e.owner_id, e.updated_at, e.status, @spaces::text[], sqlc.narg('path_prefix')::text, @tags::text[], sqlc.narg('owner_id')::uuid, sqlc.narg('updated_after')::timestamptz, sqlc.narg('updated_before')::timestamptz, @statuses::text[])
  ORDER BY score DESC, e.updated_at DESC, e.document_id DESC
  LIMIT @row_end::int
), body AS (
  -- The other matches, newest first: the planner walks the recency index checking each entry, or sorts
  -- what the words' index finds, whichever is cheaper for these words.
  SELECT e.document_id, e.updated_at, 0.1::float8 AS score
  FROM search_entries e
  WHERE e.live AND arrayoverlap(e.readers, @readers::uuid[]) AND e.tsv @@ search_query(@terms::text[], @groups::int[], @prefixes::boolean[]) AND NOT (e.head @@ search_query(@any_terms::text[], @any_groups::int[], @any_prefixes::boolean[])) AND search_entry_passes(e.space, e.path, e.tags, e.owner_id, e.updated_at, e.status, @spaces::text[], sqlc.narg('path_prefix')::text, @tags::text[], sqlc.narg('owner_id')::uuid, sqlc.narg('updated_after')::timestamptz, sqlc.narg('updated_before')::timestamptz, @statuses::text[])
  ORDER BY e.updated_at DESC, e.document_id DESC
  LIMIT @row_end::int
), page AS (
  SELECT x.document_id, x.updated_at, x.score
  FROM (SELECT 0 AS part, head.* FROM head UNION ALL SELECT 1, body.* FROM body) x
  ORDER BY x.part, x.score DESC, x.updated_at DESC, x.document_id DESC
  OFFSET @row_offset::int LIMIT @row_limit::int
), counted AS MATERIALIZED (
  -- At most count_max readable matches, in no order (the first an index finds).
  SELECT e.space, e.tags
  FROM search_entries e
  WHERE e.live AND arrayoverlap(e.readers, @readers::uuid[]) AND e.tsv @@ search_query(@terms::text[], @groups::int[], @prefixes::boolean[]) AND search_entry_passes(e.space, e.path, e.tags, e.owner_id, e.updated_at, e.status, @spaces::text[], sqlc.narg('path_prefix')::text, @tags::text[], sqlc.narg('owner_id')::uuid, sqlc.narg('updated_after')::timestamptz, sqlc.narg('updated_before')::timestamptz, @statuses::text[])
  LIMIT @count_max::int
)
SELECT 'hit'::text AS kind, p.document_id, p.score, p.updated_at, e.title AS value, e.body, '{}'::text[] AS tags
FROM page p JOIN search_entries e ON e.document_id = p.document_id
UNION ALL
SELECT 'counted', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, c.space::text, '', c.tags FROM counted c;

-- name: SearchEntryFindFew :many
-- SearchEntryFindFew is SearchEntryFind for an actor who reads few entries (the same arguments and rows): every readable match, the entries both the readers' index and the words' index find (a BitmapAnd of two small sets: the actor's entries and the words' matches), ranked and counted from that set. Its plan is the same whatever the values, so it runs as a generic plan: each query is a one-row sub-select (computed once, not per row).
WITH q AS MATERIALIZED (
  SELECT search_query(@terms::text[], @groups::int[], @prefixes::boolean[]) AS words,
         search_query(@any_terms::text[], @any_groups::int[], @any_prefixes::boolean[]) AS any_words
), few AS MATERIALIZED (
  SELECT e.document_id, e.updated_at, e.space, e.tags, ts_match_vq(e.head, (SELECT q.any_words FROM q)) AS in_head,
         CASE WHEN ts_match_vq(e.head, (SELECT q.any_words FROM q))
              THEN (ts_rank('{0.1, 0.2, 0.4, 1.0}', e.head, (SELECT q.any_words FROM q)) * 10 + 0.1)::float8 ELSE 0.1::float8 END AS score
  FROM search_entries e
  WHERE e.live AND e.readers && @readers::uuid[] AND e.tsv @@ (SELECT q.words FROM q) AND search_entry_passes(e.space, e.path, e.tags, e.owner_id, e.updated_at, e.status, @spaces::text[], sqlc.narg('path_prefix')::text, @tags::text[], sqlc.narg('owner_id')::uuid, sqlc.narg('updated_after')::timestamptz, sqlc.narg('updated_before')::timestamptz, @statuses::text[])
), page AS (
  SELECT f.document_id, f.updated_at, f.score
  FROM few f
  ORDER BY NOT f.in_head, f.score DESC, f.updated_at DESC, f.document_id DESC
  OFFSET @row_offset::int LIMIT @row_limit::int
)
SELECT 'hit'::text AS kind, p.document_id, p.score, p.updated_at, e.title AS value, e.body, '{}'::text[] AS tags
FROM page p JOIN search_entries e ON e.document_id = p.document_id
UNION ALL
(SELECT 'counted', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, f.space::text, '', f.tags FROM few f LIMIT @count_max::int);

-- name: SearchEntryFindMid :many
-- SearchEntryFindMid is SearchEntryFind for an actor who reads many entries when the words match few entries (the same arguments and rows; the caller estimates how many from the words' statistics, SearchEntryWordFrequencies): every match, found once through the words' index and each checked for its readers and filters, ranked and counted from that set (one scan where SearchEntryFind's parts scan the matches twice, and no planning). Its plan is the same whatever the values (readers are checked per row, not through their index, which holds half the entries for such an actor), so it runs as a generic plan: each query is a one-row sub-select (computed once, not per row).
WITH q AS MATERIALIZED (
  SELECT search_query(@terms::text[], @groups::int[], @prefixes::boolean[]) AS words,
         search_query(@any_terms::text[], @any_groups::int[], @any_prefixes::boolean[]) AS any_words
), matched AS MATERIALIZED (
  SELECT e.document_id, e.updated_at, e.space, e.tags, ts_match_vq(e.head, (SELECT q.any_words FROM q)) AS in_head,
         CASE WHEN ts_match_vq(e.head, (SELECT q.any_words FROM q))
              THEN (ts_rank('{0.1, 0.2, 0.4, 1.0}', e.head, (SELECT q.any_words FROM q)) * 10 + 0.1)::float8 ELSE 0.1::float8 END AS score
  FROM search_entries e
  WHERE e.live AND arrayoverlap(e.readers, @readers::uuid[]) AND e.tsv @@ (SELECT q.words FROM q) AND search_entry_passes(e.space, e.path, e.tags, e.owner_id, e.updated_at, e.status, @spaces::text[], sqlc.narg('path_prefix')::text, @tags::text[], sqlc.narg('owner_id')::uuid, sqlc.narg('updated_after')::timestamptz, sqlc.narg('updated_before')::timestamptz, @statuses::text[])
), page AS (
  SELECT m.document_id, m.updated_at, m.score
  FROM matched m
  ORDER BY NOT m.in_head, m.score DESC, m.updated_at DESC, m.document_id DESC
  OFFSET @row_offset::int LIMIT @row_limit::int
)
SELECT 'hit'::text AS kind, p.document_id, p.score, p.updated_at, e.title AS value, e.body, '{}'::text[] AS tags
FROM page p JOIN search_entries e ON e.document_id = p.document_id
UNION ALL
(SELECT 'counted', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, m.space::text, '', m.tags FROM matched m LIMIT @count_max::int);

-- name: SearchEntryFindCommon :many
-- SearchEntryFindCommon is SearchEntryFind for an actor who reads many entries, a search without filters whose words match many entries (the caller estimates how many from the words' statistics, SearchEntryWordFrequencies; the same rows): its head matches through head's index; the other matches newest first by walking the recency index, each checked (for words in a few percent of the entries the newest readable ones come early); at most count_max readable matches to count, the first the words' index finds, or, when newest_counted, the newest (the same walk: for words in more than a few percent of the entries it stops before the words' index has listed their matches). Its plan is the same whatever the values, so it runs as a generic plan (no planning, which costs about as much as the parts): each query is a one-row sub-select (computed once, not per row), and every check of the walks is written so that no index answers it.
WITH q AS MATERIALIZED (
  SELECT search_query(@terms::text[], @groups::int[], @prefixes::boolean[]) AS words,
         search_query(@any_terms::text[], @any_groups::int[], @any_prefixes::boolean[]) AS any_words
), head AS (
  SELECT e.document_id, e.updated_at, (ts_rank('{0.1, 0.2, 0.4, 1.0}', e.head, (SELECT q.any_words FROM q)) * 10 + 0.1)::float8 AS score
  FROM search_entries e
  WHERE e.head @@ (SELECT q.any_words FROM q) AND e.live AND arrayoverlap(e.readers, @readers::uuid[]) AND ts_match_vq(e.tsv, (SELECT q.words FROM q))
  ORDER BY score DESC, e.updated_at DESC, e.document_id DESC
  LIMIT @row_end::int
), body AS (
  SELECT e.document_id, e.updated_at, 0.1::float8 AS score
  FROM search_entries e
  WHERE e.live AND arrayoverlap(e.readers, @readers::uuid[]) AND ts_match_vq(e.tsv, (SELECT q.words FROM q)) AND NOT ts_match_vq(e.head, (SELECT q.any_words FROM q))
  ORDER BY e.updated_at DESC, e.document_id DESC
  LIMIT @row_end::int
), page AS (
  SELECT x.document_id, x.updated_at, x.score
  FROM (SELECT 0 AS part, head.* FROM head UNION ALL SELECT 1, body.* FROM body) x
  ORDER BY x.part, x.score DESC, x.updated_at DESC, x.document_id DESC
  OFFSET @row_offset::int LIMIT @row_limit::int
), counted AS MATERIALIZED (
  (SELECT e.space, e.tags
   FROM search_entries e
   WHERE NOT @newest_counted::boolean AND e.live AND arrayoverlap(e.readers, @readers::uuid[]) AND e.tsv @@ (SELECT q.words FROM q)
   LIMIT @count_max::int)
  UNION ALL
  (SELECT e.space, e.tags
   FROM search_entries e
   WHERE @newest_counted::boolean AND e.live AND arrayoverlap(e.readers, @readers::uuid[]) AND ts_match_vq(e.tsv, (SELECT q.words FROM q))
   ORDER BY e.updated_at DESC, e.document_id DESC
   LIMIT @count_max::int)
)
SELECT 'hit'::text AS kind, p.document_id, p.score, p.updated_at, e.title AS value, e.body, '{}'::text[] AS tags
FROM page p JOIN search_entries e ON e.document_id = p.document_id
UNION ALL
SELECT 'counted', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, c.space::text, '', c.tags FROM counted c;

-- name: SearchEntryFindRecent :many
-- SearchEntryFindRecent is SearchEntryFindCommon through the recent entries' words (search_recent; the same arguments but newest_counted, and the same rows), for one word or prefix without filters: its head matches through head's index (for one term words and any_words are the same query, and an entry's words hold its head's, so a head match needs no check of the words); the readable matches among the recent entries newest first (their words' small index, then each entry by id, at most count_max); the page's other matches the newest of those, or, when they are too few, the newest of every match the words' index finds; counted the recent readable matches, and when they are fewer than count_max (all of the recent ones, then), as many more older ones as the words' index finds first, up to count_max. Every entry from the cutoff on is recent (migration 000048), so the newest ones found there are the newest of all. A generic plan: the fallbacks are one-time filters on what the recent part found, and the recent part's cutoff check is written so that no index answers it.
WITH q AS MATERIALIZED (
  SELECT search_query(@terms::text[], @groups::int[], @prefixes::boolean[]) AS words,
         search_query(@any_terms::text[], @any_groups::int[], @any_prefixes::boolean[]) AS any_words,
         (SELECT s.cutoff FROM search_recent_state s) AS cutoff
), head AS (
  SELECT e.document_id, e.updated_at, (ts_rank('{0.1, 0.2, 0.4, 1.0}', e.head, (SELECT q.any_words FROM q)) * 10 + 0.1)::float8 AS score
  FROM search_entries e
  WHERE e.head @@ (SELECT q.any_words FROM q) AND e.live AND arrayoverlap(e.readers, @readers::uuid[])
  ORDER BY score DESC, e.updated_at DESC, e.document_id DESC
  LIMIT @row_end::int
), recent AS MATERIALIZED (
  SELECT c.document_id, c.updated_at, x.space, x.tags, x.in_head
  FROM (SELECT r.document_id, r.updated_at FROM search_recent r
        WHERE r.words @@ (SELECT q.words FROM q) AND timestamptz_ge(r.updated_at, (SELECT q.cutoff FROM q))
        ORDER BY r.updated_at DESC, r.document_id DESC) c
  CROSS JOIN LATERAL (
    SELECT e.space, e.tags, ts_match_vq(e.head, (SELECT q.any_words FROM q)) AS in_head
    FROM search_entries e
    WHERE e.document_id = c.document_id AND e.live AND arrayoverlap(e.readers, @readers::uuid[])) x
  ORDER BY c.updated_at DESC, c.document_id DESC
  LIMIT @count_max::int
), recent_body AS (
  SELECT r.document_id, r.updated_at FROM recent r WHERE NOT r.in_head
  ORDER BY r.updated_at DESC, r.document_id DESC
  LIMIT @row_end::int
), body AS (
  SELECT b.document_id, b.updated_at, 0.1::float8 AS score FROM recent_body b
  WHERE (SELECT count(*) FROM recent_body) >= @row_end::int
  UNION ALL
  (SELECT e.document_id, e.updated_at, 0.1::float8
   FROM search_entries e
   WHERE (SELECT count(*) FROM recent_body) < @row_end::int AND e.tsv @@ (SELECT q.words FROM q) AND e.live AND arrayoverlap(e.readers, @readers::uuid[]) AND NOT ts_match_vq(e.head, (SELECT q.any_words FROM q))
   ORDER BY e.updated_at DESC, e.document_id DESC
   LIMIT @row_end::int)
), page AS (
  SELECT x.document_id, x.updated_at, x.score
  FROM (SELECT 0 AS part, head.* FROM head UNION ALL SELECT 1, body.* FROM body) x
  ORDER BY x.part, x.score DESC, x.updated_at DESC, x.document_id DESC
  OFFSET @row_offset::int LIMIT @row_limit::int
), counted AS MATERIALIZED (
  (SELECT r.space, r.tags FROM recent r)
  UNION ALL
  (SELECT e.space, e.tags
   FROM search_entries e
   WHERE (SELECT count(*) FROM recent) < @count_max::int AND e.tsv @@ (SELECT q.words FROM q) AND e.live AND arrayoverlap(e.readers, @readers::uuid[])
     AND NOT timestamptz_ge(e.updated_at, (SELECT q.cutoff FROM q))
   LIMIT greatest(sqlc.arg(count_max)::int - (SELECT count(*) FROM recent), 0))
)
SELECT 'hit'::text AS kind, p.document_id, p.score, p.updated_at, e.title AS value, e.body, '{}'::text[] AS tags
FROM page p JOIN search_entries e ON e.document_id = p.document_id
UNION ALL
SELECT 'counted', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, c.space::text, '', c.tags FROM counted c;

-- name: SearchEntryWordFrequencies :one
-- SearchEntryWordFrequencies reads ANALYZE's statistics of the entries' words (pg_stats: the most common lexemes of search_entries.tsv, and the share of entries holding each, element by element, followed by three summary figures) and the table's estimated size: how a search estimates, without planning, how many entries its words match. No row before the first ANALYZE.
SELECT s.most_common_elems::text::text[] AS words, s.most_common_elem_freqs::float4[] AS freqs, c.reltuples::float8 AS entries
FROM pg_catalog.pg_stats s JOIN pg_catalog.pg_class c ON c.oid = 'search_entries'::regclass
WHERE s.schemaname = current_schema() AND s.tablename = 'search_entries' AND s.attname = 'tsv';

-- name: SearchEntryFindTypo :many
-- SearchEntryFindTypo answers SearchEntryFind's search for titles resembling a typo text that the words do not match, best first (the titles holding a title word that resembles one of its words, search_title_words_query, found through head's index, and word-similar to the text as a whole, `%>`): a page of them (from row_offset) with their title and body, then at most count_max of them with their space and tags (the same kinds).
WITH counted AS MATERIALIZED (
  SELECT e.document_id, e.updated_at, (0.05 * word_similarity((SELECT search_fold(@typo::text)), e.title_fold))::float8 AS score, e.space, e.tags
  FROM search_entries e
  WHERE e.head @@ (SELECT search_title_words_query(@typo::text)) AND e.title_fold %> (SELECT search_fold(@typo::text)) AND e.live AND arrayoverlap(e.readers, @readers::uuid[]) AND NOT ts_match_vq(e.tsv, (SELECT search_query(@terms::text[], @groups::int[], @prefixes::boolean[]))) AND search_entry_passes(e.space, e.path, e.tags, e.owner_id, e.updated_at, e.status, @spaces::text[], sqlc.narg('path_prefix')::text, @tags::text[], sqlc.narg('owner_id')::uuid, sqlc.narg('updated_after')::timestamptz, sqlc.narg('updated_before')::timestamptz, @statuses::text[])
  ORDER BY score DESC, e.updated_at DESC, e.document_id DESC
  LIMIT @count_max::int
), page AS (
  SELECT c.document_id, c.updated_at, c.score FROM counted c
  ORDER BY c.score DESC, c.updated_at DESC, c.document_id DESC
  OFFSET @row_offset::int LIMIT @row_limit::int
)
SELECT 'hit'::text AS kind, p.document_id, p.score, p.updated_at, e.title AS value, e.body, '{}'::text[] AS tags
FROM page p JOIN search_entries e ON e.document_id = p.document_id
UNION ALL
SELECT 'counted', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, c.space::text, '', c.tags FROM counted c;

-- name: SearchEntryPlansGeneric :exec
-- SearchEntryPlansGeneric makes the statements of the transaction it runs in use their generic plan (plan_cache_mode, for that transaction only; sent in one batch with the statement, whose implicit transaction it is): SearchEntryFindFew, SearchEntryFindMid, SearchEntryFindCommon, SearchEntryFindRecent, SearchEntryListFew and SearchEntryFindTypo, planned once per connection.
SELECT set_config('plan_cache_mode', 'force_generic_plan', true);

-- name: SearchEntryList :many
-- SearchEntryList is SearchEntryFind for a query without terms, for an actor who reads many entries: the newest count_max readable entries passing the filter (the caller makes count_max reach past the page), counted, and the page among them (from row_offset); planned for its values (a selective filter starts from its index, else the recency index is walked). One scan serves both: the page is a part of the newest count_max.
WITH newest AS MATERIALIZED (
  SELECT e.document_id, e.updated_at, e.space, e.tags
  FROM search_entries e
  WHERE e.live AND arrayoverlap(e.readers, @readers::uuid[]) AND search_entry_passes(e.space, e.path, e.tags, e.owner_id, e.updated_at, e.status, @spaces::text[], sqlc.narg('path_prefix')::text, @tags::text[], sqlc.narg('owner_id')::uuid, sqlc.narg('updated_after')::timestamptz, sqlc.narg('updated_before')::timestamptz, @statuses::text[])
  ORDER BY e.updated_at DESC, e.document_id DESC
  LIMIT @count_max::int
), page AS (
  SELECT n.document_id, n.updated_at FROM newest n
  ORDER BY n.updated_at DESC, n.document_id DESC
  OFFSET @row_offset::int LIMIT @row_limit::int
)
SELECT 'hit'::text AS kind, p.document_id, 0::float8 AS score, p.updated_at, e.title AS value, e.body, '{}'::text[] AS tags
FROM page p JOIN search_entries e ON e.document_id = p.document_id
UNION ALL
SELECT 'counted', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, c.space::text, '', c.tags FROM newest c;

-- name: SearchEntryListFew :many
-- SearchEntryListFew is SearchEntryList for an actor who reads few entries (the same arguments and rows): their entries through the readers' index, each checked against the filter (their few are cheaper to check than a filter's index is to read), newest first; the first count_max to count. Its plan is the same whatever the values: it runs as a generic plan.
WITH few AS MATERIALIZED (
  SELECT e.document_id, e.updated_at, e.space, e.tags
  FROM search_entries e
  WHERE e.live AND e.readers && @readers::uuid[] AND search_entry_passes(e.space, e.path, e.tags, e.owner_id, e.updated_at, e.status, @spaces::text[], sqlc.narg('path_prefix')::text, @tags::text[], sqlc.narg('owner_id')::uuid, sqlc.narg('updated_after')::timestamptz, sqlc.narg('updated_before')::timestamptz, @statuses::text[])
), page AS (
  SELECT f.document_id, f.updated_at FROM few f
  ORDER BY f.updated_at DESC, f.document_id DESC
  OFFSET @row_offset::int LIMIT @row_limit::int
)
SELECT 'hit'::text AS kind, p.document_id, 0::float8 AS score, p.updated_at, e.title AS value, e.body, '{}'::text[] AS tags
FROM page p JOIN search_entries e ON e.document_id = p.document_id
UNION ALL
(SELECT 'counted', '00000000-0000-0000-0000-000000000000'::uuid, 0::float8, 'epoch'::timestamptz, f.space::text, '', f.tags FROM few f LIMIT @count_max::int);

-- name: SearchEntryCountSources :one
-- SearchEntryCountSources counts an actor's level sources (document_level_sources: owned documents and grants reaching them), up to row_limit: how a search decides whether they read few entries.
SELECT count(*) FROM (SELECT 1 FROM document_level_sources(@actor_id::uuid, @actor_is_person::boolean) LIMIT @row_limit::int) s;

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
-- SearchEntryListChanged lists the documents of the outbox events processed since a time or not yet processed (a rebuild's catch-up: what the indexer may have written to the old index), purged ones included.
SELECT DISTINCT coalesce(e.document_id, e.subject_id)::uuid AS id
FROM events e
WHERE (e.processed_at IS NULL OR e.processed_at >= @since::timestamptz)
  AND (e.document_id IS NOT NULL OR (e.subject_type = 'document' AND e.subject_id IS NOT NULL));

