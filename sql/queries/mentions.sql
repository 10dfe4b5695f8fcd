-- name: MentionLockSource :exec
-- MentionLockSource serialises the mentions consumer's work on one page's body or one comment (the key) for the rest of the transaction.
SELECT pg_advisory_xact_lock(hashtextextended('mentions:' || @source_key::text, 0));

-- name: MentionGetPage :one
-- MentionGetPage reads what the mentions consumer needs of a page: its body, whether it is live, and its latest revision with that revision's author.
SELECT d.id, d.content, d.created_by, (d.deleted_at IS NULL)::boolean AS live,
  r.id AS revision_id, r.author_id
FROM documents d
LEFT JOIN document_revisions r ON r.document_id = d.id AND r.version = d.version
WHERE d.id = @id;

-- name: MentionGetComment :one
-- MentionGetComment reads a comment as the mentions consumer needs it: its page, author and body (empty once deleted), and whether its page is live.
SELECT c.id, c.document_id, c.author_id, CASE WHEN c.deleted_at IS NULL THEN c.body ELSE '' END::text AS body,
  (d.deleted_at IS NULL)::boolean AS live
FROM comments c
JOIN documents d ON d.id = c.document_id
WHERE c.id = @id;

-- name: MentionListForSource :many
-- MentionListForSource lists what a page's body (comment_id null) or one comment mentions now.
SELECT * FROM mentions
WHERE document_id = @document_id AND comment_id IS NOT DISTINCT FROM sqlc.narg('comment_id')::uuid
ORDER BY position, id;

-- name: MentionInsert :exec
-- MentionInsert records one new mention.
INSERT INTO mentions (id, document_id, comment_id, revision_id, target_kind, target_id, author_id, position)
VALUES (@id, @document_id, sqlc.narg('comment_id'), sqlc.narg('revision_id'), @target_kind, @target_id, sqlc.narg('author_id'), @position);

-- name: MentionSetPositions :exec
-- MentionSetPositions moves mentions still standing to where the latest text has them (parallel arrays), with the revision they were found in.
UPDATE mentions m SET position = v.position, revision_id = coalesce(sqlc.narg('revision_id')::uuid, m.revision_id)
FROM (SELECT unnest(@ids::uuid[]) AS id, unnest(@positions::int[]) AS position) v
WHERE m.id = v.id;

-- name: MentionDeleteMany :exec
-- MentionDeleteMany removes mentions that left the latest text.
DELETE FROM mentions WHERE id = ANY(@ids::uuid[]);

-- name: MentionListTargetUsers :many
-- MentionListTargetUsers is what the mentions consumer needs of the people and agents a text mentions (by user id): their kind, whether they are active, their access level to the page now, and whether the author answers for each agent.
SELECT u.id, u.kind, u.is_active,
  (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, u.id, u.kind = 'person') AS a(level))::int AS level,
  EXISTS (SELECT 1 FROM agent_responsible ar WHERE ar.agent_id = u.id AND ar.user_id = sqlc.narg('author_id')::uuid)::boolean AS author_responsible
FROM users u
CROSS JOIN documents d
WHERE d.id = @document_id AND u.id = ANY(@user_ids::uuid[]);

-- name: MentionListAgentsBySlug :many
-- MentionListAgentsBySlug maps the slugs of live agents to their user ids.
SELECT user_id, slug FROM agents WHERE slug = ANY(@slugs::text[]) AND deleted_at IS NULL;

-- name: MentionListGroupsBySlug :many
-- MentionListGroupsBySlug maps group slugs to groups.
SELECT id, slug, kind FROM groups WHERE slug = ANY(@slugs::text[]);

-- name: MentionListGroupReaders :many
-- MentionListGroupReaders lists up to row_limit active members of a group (every active person for Everyone) who can read the page now.
SELECT u.id
FROM groups g
JOIN users u ON u.kind = 'person' AND u.is_active
  AND (g.kind = 'everyone' OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = g.id AND gm.user_id = u.id))
CROSS JOIN documents d
WHERE g.id = @group_id AND d.id = @document_id
  AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, u.id, true) AS a(level)) > 0
ORDER BY u.id
LIMIT @row_limit;

-- name: MentionGet :one
-- MentionGet reads one mention with its page's owner and whether the page is live.
SELECT m.*, d.created_by AS owner_id, (d.deleted_at IS NULL)::boolean AS live
FROM mentions m JOIN documents d ON d.id = m.document_id
WHERE m.id = @id;

-- name: MentionListExcerptSources :many
-- MentionListExcerptSources reads, for each (page, revision or comment) given in parallel arrays (the nil uuid for none), the text a mention notification points at — a revision's body or a comment's — only where the reader can read the page now; i is the 1-based index of the item.
SELECT a.i::int AS i,
  CASE WHEN c.comment_id <> '00000000-0000-0000-0000-000000000000'::uuid
       THEN (SELECT CASE WHEN cm.deleted_at IS NULL THEN cm.body ELSE '' END FROM comments cm WHERE cm.id = c.comment_id AND cm.document_id = d.id)
       ELSE (SELECT r.content FROM document_revisions r WHERE r.id = b.revision_id AND r.document_id = d.id) END::text AS body
FROM unnest(@document_ids::uuid[]) WITH ORDINALITY AS a(document_id, i)
JOIN unnest(@revision_ids::uuid[]) WITH ORDINALITY AS b(revision_id, i) ON b.i = a.i
JOIN unnest(@comment_ids::uuid[]) WITH ORDINALITY AS c(comment_id, i) ON c.i = a.i
JOIN documents d ON d.id = a.document_id
JOIN users u ON u.id = @reader_id
WHERE (SELECT l.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, u.id, u.kind = 'person') AS l(level)) > 0;

-- name: MentionListNames :many
-- MentionListNames is the current name of each person or agent (by id), agent (by slug) and group (by slug, or by id: kind groupid) a text mentions, for showing mentions by name.
SELECT 'user'::text AS kind, u.id::text AS key, u.name FROM users u WHERE u.id = ANY(@user_ids::uuid[]) AND u.kind IN ('person', 'agent')
UNION ALL
SELECT 'agent', a.slug, u.name FROM agents a JOIN users u ON u.id = a.user_id WHERE a.slug = ANY(@agent_slugs::text[]) AND a.deleted_at IS NULL
UNION ALL
SELECT 'group', g.slug, g.name FROM groups g WHERE g.slug = ANY(@group_slugs::text[])
UNION ALL
SELECT 'groupid', g.id::text, g.name FROM groups g WHERE g.id = ANY(@group_ids::uuid[]);

-- name: MentionSearchMentionables :many
-- MentionSearchMentionables finds what the actor may mention by name (two characters at least, the caller checks): active people by name or email, groups by name or slug, and the live agents the actor answers for by name or slug; names and ids only.
(SELECT 'user'::text AS kind, u.id, u.name, ''::text AS slug
 FROM users u
 WHERE u.kind = 'person' AND u.is_active
   AND (u.name ILIKE '%' || @query::text || '%' OR u.email ILIKE '%' || @query::text || '%')
 ORDER BY lower(u.name), u.id
 LIMIT @row_limit)
UNION ALL
(SELECT 'group', g.id, g.name, g.slug
 FROM groups g
 WHERE g.name ILIKE '%' || @query::text || '%' OR g.slug ILIKE '%' || @query::text || '%'
 ORDER BY g.slug
 LIMIT @row_limit)
UNION ALL
(SELECT 'agent', u.id, u.name, a.slug
 FROM agents a
 JOIN users u ON u.id = a.user_id AND u.is_active
 JOIN agent_responsible ar ON ar.agent_id = a.user_id AND ar.user_id = @actor_id
 WHERE a.deleted_at IS NULL AND (u.name ILIKE '%' || @query::text || '%' OR a.slug ILIKE '%' || @query::text || '%')
 ORDER BY a.slug
 LIMIT @row_limit);

-- name: MentionListPagesToSync :many
-- MentionListPagesToSync says which of the given pages the mentions consumer has work on: a body that may hold a mention link (the scheme, in any case), or mentions recorded from an earlier body.
SELECT d.id FROM documents d
WHERE d.id = ANY(@document_ids::uuid[])
  AND (d.content ILIKE '%mention:%'
       OR EXISTS (SELECT 1 FROM mentions m WHERE m.document_id = d.id AND m.comment_id IS NULL));
