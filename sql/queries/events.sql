-- name: EventCreate :exec
-- EventCreate writes an outbox event; call it in the transaction of the change it describes.
INSERT INTO events (id, event_type, subject_type, subject_id, document_id, actor_id, revision_id, payload)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8);
