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

-- name: AttachmentMarkReferenced :many
-- AttachmentMarkReferenced takes the next batch_size unreferenced files after the cursor (created_at, id), oldest first, sets referenced_at on those a revision made since their upload names ('.files/<name>' in one of their page's, '<slug>.files/<name>' in any page's), and returns the batch with which it marked.
WITH batch AS (
  SELECT a.id, a.document_id, a.name, a.created_at
  FROM attachments a
  WHERE a.referenced_at IS NULL
    AND a.created_at >= @after_created_at::timestamptz
    AND (a.created_at, a.id) > (@after_created_at::timestamptz, @after_id::uuid)
  ORDER BY a.created_at, a.id
  LIMIT @batch_size
), marked AS (
  UPDATE attachments a SET referenced_at = now()
  FROM batch b JOIN documents d ON d.id = b.document_id
  WHERE a.id = b.id AND a.referenced_at IS NULL
    AND (EXISTS (SELECT 1 FROM document_revisions r
           WHERE r.document_id = b.document_id AND r.created_at >= b.created_at
             AND strpos(r.content, '.files/' || b.name) > 0)
      OR EXISTS (SELECT 1 FROM document_revisions r
           WHERE r.created_at >= b.created_at AND strpos(r.content, d.slug || '.files/' || b.name) > 0))
  RETURNING a.id
)
SELECT b.id, b.created_at, (m.id IS NOT NULL)::boolean AS marked
FROM batch b LEFT JOIN marked m ON m.id = b.id
ORDER BY b.created_at, b.id;

-- name: AttachmentDeleteExpired :execrows
-- AttachmentDeleteExpired deletes up to batch_size files, oldest first, uploaded over unreferenced_ms ago and still named by no revision (AttachmentMarkReferenced's test, made again): the trigger queues their bytes in file_deletions.
DELETE FROM attachments WHERE referenced_at IS NULL AND id IN (
  SELECT a.id FROM attachments a JOIN documents d ON d.id = a.document_id
  WHERE a.referenced_at IS NULL
    AND a.created_at < now() - sqlc.arg(unreferenced_ms)::bigint * interval '1 millisecond'
    AND NOT EXISTS (SELECT 1 FROM document_revisions r
          WHERE r.document_id = a.document_id AND r.created_at >= a.created_at
            AND strpos(r.content, '.files/' || a.name) > 0)
    AND NOT EXISTS (SELECT 1 FROM document_revisions r
          WHERE r.created_at >= a.created_at AND strpos(r.content, d.slug || '.files/' || a.name) > 0)
  ORDER BY a.created_at
  LIMIT @batch_size
);
