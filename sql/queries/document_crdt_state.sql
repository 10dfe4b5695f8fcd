-- name: DocumentCrdtStateGet :one
-- DocumentCrdtStateGet reads a page's co-editing document as last compacted.
SELECT * FROM document_crdt_state WHERE document_id = @document_id;

-- name: DocumentCrdtStateLock :one
-- DocumentCrdtStateLock reads a page's co-editing document and locks it for the rest of the transaction.
SELECT * FROM document_crdt_state WHERE document_id = @document_id FOR UPDATE;

-- name: DocumentCrdtStateUpsert :exec
-- DocumentCrdtStateUpsert starts a page's co-editing document from a revision's text, or replaces it with a new generation (a reset).
INSERT INTO document_crdt_state (document_id, state, vector, through_seq, text_length, version)
VALUES (@document_id, @state, @vector, @through_seq, @text_length, @version)
ON CONFLICT (document_id) DO UPDATE SET
  generation = document_crdt_state.generation + 1, state = EXCLUDED.state, vector = EXCLUDED.vector,
  through_seq = EXCLUDED.through_seq, text_length = EXCLUDED.text_length, version = EXCLUDED.version, updated_at = now();

-- name: DocumentCrdtStateCompact :execrows
-- DocumentCrdtStateCompact stores a compaction of the log through a sequence number, unless the document was reset meanwhile.
UPDATE document_crdt_state
SET state = @state, vector = @vector, through_seq = @through_seq, text_length = @text_length, updated_at = now()
WHERE document_id = @document_id AND generation = @generation AND through_seq < @through_seq;

-- name: DocumentCrdtStateSetVersion :exec
-- DocumentCrdtStateSetVersion records the latest revision the document holds (written from it or merged into it).
UPDATE document_crdt_state SET version = GREATEST(version, @version) WHERE document_id = @document_id;

-- name: DocumentCrdtStateRenew :exec
-- DocumentCrdtStateRenew marks the pages whose rooms this replica holds as live for another interval.
UPDATE document_crdt_state SET live_until = now() + make_interval(secs => @seconds::float8)
WHERE document_id = ANY(@document_ids::uuid[]);

-- name: DocumentCrdtStateRelease :exec
-- DocumentCrdtStateRelease marks a page's room closed on this replica (another replica's renewal marks it live again).
UPDATE document_crdt_state SET live_until = NULL WHERE document_id = @document_id;

