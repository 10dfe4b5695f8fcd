-- name: DocumentQuarantineCreate :one
-- DocumentQuarantineCreate opens a quarantine; document_quarantines_active allows one open quarantine per document.
INSERT INTO document_quarantines (id, document_id, reason, saved_grants)
VALUES (@id, @document_id, @reason, @saved_grants)
RETURNING *;

-- name: DocumentQuarantineGetOpenForUpdate :one
-- DocumentQuarantineGetOpenForUpdate reads and locks a document's open quarantine.
SELECT * FROM document_quarantines WHERE document_id = @document_id AND released_at IS NULL FOR UPDATE;

-- name: DocumentQuarantineClose :one
-- DocumentQuarantineClose records a release.
UPDATE document_quarantines SET released_at = now(), restored_sharing = @restored_sharing
WHERE id = @id
RETURNING *;
