-- name: DocumentCrdtUpdateAppend :many
-- DocumentCrdtUpdateAppend stores accepted updates of one page in order, in one statement, and returns their sequence numbers (a nil author id is none).
INSERT INTO document_crdt_updates (document_id, generation, body, author_id)
SELECT @document_id, @generation, unnest(@bodies::bytea[]), NULLIF(unnest(@author_ids::uuid[]), '00000000-0000-0000-0000-000000000000'::uuid)
RETURNING seq;

-- name: DocumentCrdtUpdateList :many
-- DocumentCrdtUpdateList reads a page's log of one generation after a sequence number, in order.
SELECT seq, body, author_id FROM document_crdt_updates
WHERE document_id = @document_id AND generation = @generation AND seq > @after_seq
ORDER BY seq;

-- name: DocumentCrdtUpdateGet :one
-- DocumentCrdtUpdateGet reads one update of the log (another replica's, named by its notification).
SELECT seq, document_id, generation, body, author_id FROM document_crdt_updates WHERE seq = @seq;

-- name: DocumentCrdtUpdateDeleteThrough :exec
-- DocumentCrdtUpdateDeleteThrough drops what a compaction folded, and every update of an older generation.
DELETE FROM document_crdt_updates
WHERE document_id = @document_id AND (seq <= @through_seq OR generation < @generation);

-- name: DocumentCrdtUpdateLogSize :one
-- DocumentCrdtUpdateLogSize measures a page's log of one generation (its updates and bytes) beside its compacted state's bytes.
SELECT count(u.seq)::bigint AS updates, COALESCE(sum(length(u.body)), 0)::bigint AS bytes,
  (SELECT length(s.state) FROM document_crdt_state s WHERE s.document_id = @document_id)::integer AS state_bytes
FROM document_crdt_updates u WHERE u.document_id = @document_id AND u.generation = @generation;

-- name: DocumentCrdtUpdateNotify :exec
-- DocumentCrdtUpdateNotify tells every replica's rooms about accepted updates or awareness changes (one payload each).
SELECT pg_notify('codna_collab', p) FROM unnest(@payloads::text[]) AS p;
