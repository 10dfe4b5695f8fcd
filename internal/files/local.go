package files

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// maxKeyBytes is the longest key a store takes.
const maxKeyBytes = 100

// errExists is what Put returns, wrapped, for a key that already has bytes.
var errExists = errors.New("files: key exists")

// checkKey refuses a key that is not one this package could have made: only
// ASCII letters, digits, '.', '_' and '-', not starting with a dot, 1 to
// maxKeyBytes bytes. Local makes a file name of the key, so no key may name
// a directory ("..", "a/b") or a hidden file; Postgres checks the same, so
// that the stores take the same keys and either can replace the other.
func checkKey(key string) error {
	if key == "" || len(key) > maxKeyBytes {
		return fmt.Errorf("files: invalid key %q: want 1 to %d bytes", key, maxKeyBytes)
	}
	if key[0] == '.' {
		return fmt.Errorf("files: invalid key %q: starts with a dot", key)
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return fmt.Errorf("files: invalid key %q: only letters, digits, '.', '_' and '-'", key)
		}
	}
	return nil
}

// Local is a Store on the local disk, for a single replica: a file is dir/
// ab/cd/<key>, where ab and cd come from a hash of the key. Files are
// written to dir/tmp first, on the same file system, and moved into place
// once durable.
type Local struct {
	dir string
	tmp string
}

// staleTemp is the age past which NewLocal removes a file left in tmp: a
// Put killed by a crash leaves its temp file, and no upload takes this long.
const staleTemp = 24 * time.Hour

// NewLocal returns a Local store over dir (CODNA_DATA_DIR/files), creating
// dir and dir/tmp (mode 0700) when missing, and removing the temp files of
// Puts that a crash interrupted more than a day ago. Errors: dir cannot be
// created or is not a directory.
func NewLocal(dir string) (*Local, error) {
	l := &Local{dir: dir, tmp: filepath.Join(dir, "tmp")}
	if err := os.MkdirAll(l.tmp, 0o700); err != nil {
		return nil, fmt.Errorf("files: local store: %w", err)
	}
	entries, err := os.ReadDir(l.tmp)
	if err != nil {
		return nil, fmt.Errorf("files: local store: %w", err)
	}
	for _, e := range entries {
		// Only old ones: a Put in flight (another process on the same
		// directory) keeps its file.
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && time.Since(info.ModTime()) > staleTemp {
			_ = os.Remove(filepath.Join(l.tmp, e.Name()))
		}
	}
	return l, nil
}

// Name is "local".
func (l *Local) Name() string { return "local" }

// fanOut returns the two levels of directories under dir holding key. They
// come from a hash rather than the key's first characters because a key
// starts with a UUIDv7's timestamp: its first four hex digits change once
// every fifty days or so, which would put every recent file in one directory.
func fanOut(key string) (string, string) {
	sum := sha256.Sum256([]byte(key))
	h := hex.EncodeToString(sum[:2])
	return h[:2], h[2:4]
}

// path returns the file of key, which checkKey has accepted.
func (l *Local) path(key string) string {
	a, b := fanOut(key)
	return filepath.Join(l.dir, a, b, key)
}

// Put streams r to a temp file in dir/tmp, syncs it and moves it to its
// place, then syncs the directory, so the file is durable when Put returns
// and a crash before leaves at most a temp file, which no reader sees. It
// moves the file with a hard link and then removes the temp name, because
// a rename would replace a file a concurrent Put of the same key had just
// put there; the file system must support hard links.
//
// Errors: an invalid key (checkKey); errExists (wrapped) when the key has a
// file, which is kept; r's error, wrapped; ctx's error when it ends during
// the copy; a file system error. The temp file is removed on any error.
func (l *Local) Put(ctx context.Context, key string, r io.Reader) (err error) {
	if err := checkKey(key); err != nil {
		return err
	}
	final := l.path(key)
	// Refuse before reading r when the key is taken; the link below is what
	// makes the refusal certain.
	if _, err := os.Lstat(final); err == nil {
		return fmt.Errorf("files: put %s: %w", key, errExists)
	}
	f, err := os.CreateTemp(l.tmp, key+".*")
	if err != nil {
		return fmt.Errorf("files: put %s: %w", key, err)
	}
	tmp := f.Name()
	defer func() {
		if f != nil {
			_ = f.Close()
		}
		// Also after success: the file lives on under its link in place.
		_ = os.Remove(tmp)
	}()

	if _, err := io.Copy(f, ctxReader{ctx, r}); err != nil {
		return fmt.Errorf("files: put %s: %w", key, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("files: put %s: sync: %w", key, err)
	}
	err = f.Close()
	f = nil
	if err != nil {
		return fmt.Errorf("files: put %s: %w", key, err)
	}
	if err := mkdirs(l.dir, filepath.Dir(final)); err != nil {
		return fmt.Errorf("files: put %s: %w", key, err)
	}
	if err := os.Link(tmp, final); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("files: put %s: %w", key, errExists)
		}
		return fmt.Errorf("files: put %s: %w", key, err)
	}
	if err := syncDir(filepath.Dir(final)); err != nil {
		// The file is in place but may not survive a crash: take it back
		// rather than report as stored what may vanish.
		_ = os.Remove(final)
		return fmt.Errorf("files: put %s: sync directory: %w", key, err)
	}
	return nil
}

// mkdirs creates the directories from root (which exists) down to dir, mode
// 0700, syncing the parent of each one it creates so that the new entry is
// as durable as the file put in it.
func mkdirs(root, dir string) error {
	rel, err := filepath.Rel(root, dir)
	if err != nil {
		return err
	}
	parent := root
	for _, name := range strings.Split(rel, string(filepath.Separator)) {
		p := filepath.Join(parent, name)
		if err := os.Mkdir(p, 0o700); err == nil {
			if err := syncDir(parent); err != nil {
				return fmt.Errorf("sync directory: %w", err)
			}
		} else if !errors.Is(err, fs.ErrExist) {
			return err
		}
		parent = p
	}
	return nil
}

// syncDir makes the entries of dir durable (a file linked or removed in it).
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil // directories cannot be synced there; NTFS journals entries
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// ctxReader stops a copy when ctx ends, between reads of r.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// localFile is an open file of a Local store.
type localFile struct {
	*os.File
	size int64
}

// Size is the file's size in bytes.
func (f *localFile) Size() int64 { return f.size }

// Open opens key's file. ctx is not used: reads from the disk do not wait
// on anything a context could cancel. Errors: an invalid key (checkKey);
// ErrNoFile (wrapped) when the key has no file; a file system error.
func (l *Local) Open(_ context.Context, key string) (File, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	f, err := os.Open(l.path(key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNoFile, key)
	}
	if err != nil {
		return nil, fmt.Errorf("files: open %s: %w", key, err)
	}
	info, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("files: open %s: %w", key, err)
	}
	return &localFile{File: f, size: info.Size()}, nil
}

// Delete removes key's file and syncs its directory, so that a deleted file
// does not come back after a crash (its key is forgotten once Delete
// returns). A key with no file is not an error. Errors: an invalid key
// (checkKey); a file system error.
func (l *Local) Delete(_ context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	p := l.path(key)
	if err := os.Remove(p); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("files: delete %s: %w", key, err)
	}
	if err := syncDir(filepath.Dir(p)); err != nil {
		return fmt.Errorf("files: delete %s: sync directory: %w", key, err)
	}
	return nil
}
