-- name: AttachmentCreate :one
-- AttachmentCreate records an uploaded file under a name of its page; no row when the page already has a file of that name.
INSERT INTO attachments (id, document_id, name, mime_type, byte_size, sha256, storage_key, created_by)
VALUES (@id, @document_id, @name, @mime_type, @byte_size, @sha256, @storage_key, @created_by)
ON CONFLICT (document_id, name) DO NOTHING
RETURNING *;

-- name: AttachmentGetBySHA :one
-- AttachmentGetBySHA finds a page's file with the given bytes (a second upload of the same file).
SELECT * FROM attachments WHERE document_id = @document_id AND sha256 = @sha256 LIMIT 1;

-- name: AttachmentGetByName :one
-- AttachmentGetByName reads a page's file by name.
SELECT * FROM attachments WHERE document_id = @document_id AND name = @name;

-- name: AttachmentGet :one
-- AttachmentGet reads a file by id.
SELECT * FROM attachments WHERE id = @id;

-- name: AttachmentListForDocuments :many
-- AttachmentListForDocuments lists the files of the pages, each page's by name.
SELECT * FROM attachments WHERE document_id = ANY(@document_ids::uuid[]) ORDER BY document_id, name;

-- name: AttachmentIsNamed :one
-- AttachmentIsNamed reports whether any revision of any page names the file's path (<slug>.files/<name>): such a file is part of the history and stays.
SELECT EXISTS (SELECT 1 FROM document_revisions r WHERE strpos(r.content, @needle::text) > 0)::boolean;

-- name: AttachmentDelete :execrows
-- AttachmentDelete deletes a file's row (its bytes are queued in file_deletions by a trigger).
DELETE FROM attachments WHERE id = @id;
