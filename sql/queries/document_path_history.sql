-- name: DocumentPathHistoryCreate :exec
-- DocumentPathHistoryCreate records an address a document vacated.
INSERT INTO document_path_history (id, document_id, space, path, slug, valid_from, valid_to, revision_id)
VALUES (@id, @document_id, @space, @path, @slug, @valid_from, now(), @revision_id);

-- name: DocumentPathHistoryGetSince :one
-- DocumentPathHistoryGetSince is when a document took its current address: its last move, or its creation.
SELECT coalesce(max(h.valid_to), d.created_at)::timestamptz AS since
FROM documents d LEFT JOIN document_path_history h ON h.document_id = d.id
WHERE d.id = @id
GROUP BY d.created_at;

-- name: DocumentPathHistoryList :many
-- DocumentPathHistoryList lists the addresses a document vacated, most recent first.
SELECT * FROM document_path_history WHERE document_id = @document_id ORDER BY valid_to DESC, id DESC;
