package files

import (
	"context"
	"errors"
	"io"
)

// ErrNoFile is returned by Store.Open for a key with no bytes.
var ErrNoFile = errors.New("files: no such file")

// Store keeps the bytes of files under keys this package makes (a UUIDv7
// and an extension, like "0193…c1.png"). A file never changes: it is
// written once, read any number of times, deleted once. Implementations are
// safe for concurrent use.
type Store interface {
	// Name is the store's name in logs and docs: "local" or "postgres".
	Name() string
	// Put writes everything r yields under key and returns once the bytes
	// are durable (a crash after Put returns loses nothing; a crash before
	// leaves nothing a reader can see). Writing a key that exists is an
	// error. r's errors (a body over its limit, say) are returned as they
	// are, wrapped, and nothing is left behind.
	Put(ctx context.Context, key string, r io.Reader) error
	// Open returns the file's bytes for reading and seeking (http.ServeContent
	// reads ranges of it) and its size. The caller closes it. Errors:
	// ErrNoFile (wrapped) when the key has no bytes.
	Open(ctx context.Context, key string) (File, error)
	// Delete removes the key's bytes; a key with none is not an error.
	Delete(ctx context.Context, key string) error
}

// File is an open file of a Store.
type File interface {
	io.ReadSeekCloser
	Size() int64
}
