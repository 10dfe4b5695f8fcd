-- name: ImportPageCreate :exec
-- ImportPageCreate records what one page of an import became (created, updated or unchanged), in the transaction that wrote it.
INSERT INTO import_pages (import_id, source_key, document_id, outcome) VALUES (@import_id, @source_key, @document_id, @outcome);

-- name: ImportPageListForFolder :many
-- ImportPageListForFolder lists, for each source key, the document the newest import into a folder made of it (this import's own first), with where that document is now.
SELECT DISTINCT ON (p.source_key) p.source_key, p.import_id, d.id AS document_id, d.space, d.path, d.slug, d.deleted_at
FROM import_pages p
JOIN imports i ON i.id = p.import_id
JOIN documents d ON d.id = p.document_id
WHERE i.space = @space AND i.path = @path AND i.format = @format AND i.created_at <= (SELECT x.created_at FROM imports x WHERE x.id = @import_id)
ORDER BY p.source_key, (p.import_id = @import_id) DESC, i.created_at DESC;

-- name: ImportPageCountOutcomes :one
-- ImportPageCountOutcomes counts an import's pages by what they became.
SELECT count(*) FILTER (WHERE outcome = 'created')::int AS created,
       count(*) FILTER (WHERE outcome = 'updated')::int AS updated,
       count(*) FILTER (WHERE outcome = 'unchanged')::int AS unchanged
FROM import_pages WHERE import_id = @import_id;
