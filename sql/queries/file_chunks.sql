-- name: FileChunkInsert :execrows
-- FileChunkInsert writes one chunk of a file unless the key already has that chunk (0 rows: the key exists); the Postgres store writes all of a file's chunks in one transaction.
INSERT INTO file_chunks (storage_key, chunk, data) VALUES (@storage_key, @chunk, @data)
ON CONFLICT (storage_key, chunk) DO NOTHING;

-- name: FileChunkGet :one
-- FileChunkGet reads the bytes of one chunk of a file.
SELECT data FROM file_chunks WHERE storage_key = @storage_key AND chunk = @chunk;

-- name: FileChunkStat :one
-- FileChunkStat counts a file's chunks and bytes and gives its largest chunk (every chunk's size but the last's); octet_length reads the stored length, not the bytes. 0, 0, 0 for a key with none.
SELECT count(*)::int AS chunks,
  coalesce(sum(octet_length(data)), 0)::bigint AS size,
  coalesce(max(octet_length(data)), 0)::int AS chunk_size
FROM file_chunks WHERE storage_key = @storage_key;

-- name: FileChunkDelete :execrows
-- FileChunkDelete deletes every chunk of a file.
DELETE FROM file_chunks WHERE storage_key = @storage_key;
