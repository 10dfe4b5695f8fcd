package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
)

// ChunkSize is the size of every chunk of a file in the Postgres store but
// its last, which is shorter (migration 000015: a download streams a chunk at
// a time, a Range request reads only the chunks it covers).
const ChunkSize = 1 << 20

// Postgres is a Store in the database's file_chunks table, for several
// replicas with nothing more to run than Postgres: a file is rows 0, 1, 2, …
// of ChunkSize bytes under its key, all written in one transaction.
type Postgres struct {
	pool      *pgxpool.Pool
	chunkSize int
}

// NewPostgres returns a Postgres store on pool.
func NewPostgres(pool *pgxpool.Pool) *Postgres {
	return &Postgres{pool: pool, chunkSize: ChunkSize}
}

// Name is "postgres".
func (p *Postgres) Name() string { return "postgres" }

// Put reads r a chunk at a time (holding one chunk in memory) and inserts
// each in one transaction, so the file is durable when Put returns and a
// crash or an error before leaves no row. An empty r is stored as one empty
// chunk, so that the key exists and opens as an empty file.
//
// Errors: an invalid key (checkKey); errExists (wrapped) when the key has a
// chunk 0 — known after r's first chunk has been read, and certain even
// against a concurrent Put of the key, which waits for this one; r's error,
// wrapped; a database error.
func (p *Postgres) Put(ctx context.Context, key string, r io.Reader) error {
	if err := checkKey(key); err != nil {
		return err
	}
	buf := make([]byte, p.chunkSize)
	err := db.InTx(ctx, p.pool, func(tx db.DBTX) error {
		for chunk := int32(0); ; chunk++ {
			n, rerr := io.ReadFull(r, buf)
			last := rerr == io.EOF || rerr == io.ErrUnexpectedEOF
			if rerr != nil && !last {
				return rerr
			}
			if n == 0 && chunk > 0 {
				return nil // r ended on a chunk boundary
			}
			inserted, err := db.Q.FileChunkInsert(ctx, tx, db.FileChunkInsertParams{StorageKey: key, Chunk: chunk, Data: buf[:n]})
			if err != nil {
				return fmt.Errorf("insert chunk %d: %w", chunk, err)
			}
			if inserted == 0 {
				return errExists
			}
			if last {
				return nil
			}
		}
	})
	if err != nil {
		return fmt.Errorf("files: put %s: %w", key, err)
	}
	return nil
}

// Open looks up key's chunk count and size in one statement and returns a
// File that reads each chunk when a read first needs it, one query per
// chunk, with ctx: the File fails once ctx ends, so open it with the
// context of the request it serves. Errors: an invalid key (checkKey);
// ErrNoFile (wrapped) when the key has no chunks; a database error.
func (p *Postgres) Open(ctx context.Context, key string) (File, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	st, err := db.Q.FileChunkStat(ctx, p.pool, key)
	if err != nil {
		return nil, fmt.Errorf("files: open %s: %w", key, err)
	}
	if st.Chunks == 0 {
		return nil, fmt.Errorf("%w: %s", ErrNoFile, key)
	}
	// The chunk size is the file's own (its largest chunk), not ChunkSize,
	// so files written before a change of ChunkSize still read right.
	return &pgFile{
		ctx: ctx, pool: p.pool, key: key,
		chunks: int64(st.Chunks), size: st.Size, chunkSize: int64(st.ChunkSize),
		cur: -1,
	}, nil
}

// Delete deletes every chunk of key. A key with none is not an error.
// Errors: an invalid key (checkKey); a database error.
func (p *Postgres) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if _, err := db.Q.FileChunkDelete(ctx, p.pool, key); err != nil {
		return fmt.Errorf("files: delete %s: %w", key, err)
	}
	return nil
}

// pgFile is an open file of the Postgres store. It holds the one chunk it
// last read. It is not safe for concurrent use.
type pgFile struct {
	ctx       context.Context
	pool      *pgxpool.Pool
	key       string
	chunks    int64
	size      int64
	chunkSize int64 // every chunk's but the last's; 0 for an empty file

	pos    int64
	cur    int64  // the chunk in data; -1 for none
	data   []byte // chunk cur's bytes
	closed bool
}

// Size is the file's size in bytes.
func (f *pgFile) Size() int64 { return f.size }

// Read reads from the chunk holding the current offset, fetching it first
// when it is not the one held: never more than that chunk's rest per call.
// Errors: io.EOF at the end; os.ErrClosed after Close; ErrNoFile (wrapped)
// when the file was deleted since Open; a chunk of the wrong size (the file
// changed); a database error, ctx's among them.
func (f *pgFile) Read(p []byte) (int, error) {
	if f.closed {
		return 0, fmt.Errorf("files: read %s: %w", f.key, os.ErrClosed)
	}
	if f.pos >= f.size {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	// pos < size, so the file is not empty and chunkSize > 0.
	i := f.pos / f.chunkSize
	if i != f.cur {
		if err := f.fetch(i); err != nil {
			return 0, err
		}
	}
	n := copy(p, f.data[f.pos-i*f.chunkSize:])
	f.pos += int64(n)
	return n, nil
}

// fetch reads chunk i into f.data and checks its size against what Open
// learned, so that a file changed since then is an error, not wrong bytes.
func (f *pgFile) fetch(i int64) error {
	f.cur, f.data = -1, nil // let the old chunk go before the new one comes
	data, err := db.Q.FileChunkGet(f.ctx, f.pool, db.FileChunkGetParams{StorageKey: f.key, Chunk: int32(i)})
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("files: read %s chunk %d: %w", f.key, i, ErrNoFile)
	}
	if err != nil {
		return fmt.Errorf("files: read %s chunk %d: %w", f.key, i, err)
	}
	want := f.chunkSize
	if i == f.chunks-1 {
		want = f.size - i*f.chunkSize
	}
	if int64(len(data)) != want {
		return fmt.Errorf("files: read %s chunk %d: %d bytes, want %d: the file changed", f.key, i, len(data), want)
	}
	f.cur, f.data = i, data
	return nil
}

// Seek sets the offset of the next Read, as io.Seeker says, without a
// query. An offset past the end is allowed (reads there give io.EOF).
// Errors: a negative offset or an unknown whence; os.ErrClosed after Close.
func (f *pgFile) Seek(offset int64, whence int) (int64, error) {
	if f.closed {
		return 0, fmt.Errorf("files: seek %s: %w", f.key, os.ErrClosed)
	}
	var pos int64
	switch whence {
	case io.SeekStart:
		pos = offset
	case io.SeekCurrent:
		pos = f.pos + offset
	case io.SeekEnd:
		pos = f.size + offset
	default:
		return 0, fmt.Errorf("files: seek %s: invalid whence %d", f.key, whence)
	}
	if pos < 0 {
		return 0, fmt.Errorf("files: seek %s: negative offset %d", f.key, pos)
	}
	f.pos = pos
	return pos, nil
}

// Close lets the held chunk go. The file holds no connection between reads,
// so there is nothing else to release; Close is never an error.
func (f *pgFile) Close() error {
	f.closed, f.cur, f.data = true, -1, nil
	return nil
}
