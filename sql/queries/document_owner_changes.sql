-- name: DocumentOwnerChangeCreate :exec
-- DocumentOwnerChangeCreate records one owner change per document of a transfer.
INSERT INTO document_owner_changes (id, document_id, from_user, to_user, transfer_id)
SELECT unnest(@ids::uuid[]), unnest(@document_ids::uuid[]), @from_user, @to_user, @transfer_id;
