package files

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/pgtest"
)

// storeUnderTest is a Store with what the contract needs to look behind it.
type storeUnderTest struct {
	Store
	// queries counts the Postgres store's statements; nil for Local.
	queries *db.Counter
	// nothingLeft requires that key left nothing behind: no bytes, no temp
	// file.
	nothingLeft func(t *testing.T, key string)
	// chunks is the number of chunks key is stored in (Postgres), or -1.
	chunks func(t *testing.T, key string) int
}

func newLocalStore(t *testing.T) storeUnderTest {
	dir := filepath.Join(t.TempDir(), "files")
	l, err := NewLocal(dir)
	require.NoError(t, err)
	return storeUnderTest{
		Store: l,
		nothingLeft: func(t *testing.T, key string) {
			t.Helper()
			_, err := os.Lstat(l.path(key))
			require.ErrorIs(t, err, os.ErrNotExist)
			temps, err := os.ReadDir(filepath.Join(dir, "tmp"))
			require.NoError(t, err)
			require.Empty(t, temps, "temp files left in dir/tmp")
		},
		chunks: func(*testing.T, string) int { return -1 },
	}
}

// newPostgresStore runs the store on a pool of its own over a pgtest
// database, set up as pgtest.New's is, with a statement counter to tell
// which chunks a read fetched.
func newPostgresStore(t *testing.T) storeUnderTest {
	cfg, err := pgxpool.ParseConfig(pgtest.NewURL(t))
	require.NoError(t, err)
	db.Configure(cfg)
	counter := &db.Counter{}
	cfg.ConnConfig.Tracer = counter
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(pool.Close) // before the database is dropped
	count := func(t *testing.T, key string) int {
		t.Helper()
		return pgtest.Count(t, pool, "SELECT count(*) FROM file_chunks WHERE storage_key = $1", key)
	}
	return storeUnderTest{
		Store:   NewPostgres(pool),
		queries: counter,
		nothingLeft: func(t *testing.T, key string) {
			t.Helper()
			require.Zero(t, count(t, key), "chunks left")
		},
		chunks: count,
	}
}

// TestStoreContract runs the same checks of the Store contract on both
// stores.
func TestStoreContract(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		open func(t *testing.T) storeUnderTest
	}{
		{"local", newLocalStore},
		{"postgres", newPostgresStore},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := c.open(t)
			require.Equal(t, c.name, s.Name())
			testContract(t, s)
		})
	}
}

func newKey(t *testing.T) string {
	id, err := uuid.NewV7()
	require.NoError(t, err)
	return id.String() + ".png"
}

func randomBytes(t *testing.T, n int) []byte {
	b := make([]byte, n)
	_, err := rand.Read(b)
	require.NoError(t, err)
	return b
}

func readAll(t *testing.T, s Store, key string) []byte {
	t.Helper()
	f, err := s.Open(context.Background(), key)
	require.NoError(t, err)
	defer func() { require.NoError(t, f.Close()) }()
	b, err := io.ReadAll(f)
	require.NoError(t, err)
	require.Equal(t, int64(len(b)), f.Size())
	return b
}

// testContract checks s against the Store contract. Its steps share s and
// run one after another, so that s.queries counts one step's statements.
func testContract(t *testing.T, s storeUnderTest) {
	ctx := context.Background()
	size := 5 * ChunkSize / 2 // 2.5 MiB: two full chunks and a half
	data := randomBytes(t, size)
	key := newKey(t)
	require.NoError(t, s.Put(ctx, key, bytes.NewReader(data)))

	t.Run("read back", func(t *testing.T) {
		require.True(t, bytes.Equal(data, readAll(t, s, key)), "bytes differ")
		if n := s.chunks(t, key); n >= 0 {
			require.Equal(t, 3, n)
		}
	})

	t.Run("sizes around chunk boundaries", func(t *testing.T) {
		for _, n := range []int{0, 1, ChunkSize - 1, ChunkSize, ChunkSize + 1, 2 * ChunkSize} {
			k := newKey(t)
			b := randomBytes(t, n)
			// OneByteReader: Put must gather full chunks from short reads.
			r := io.Reader(bytes.NewReader(b))
			if n < 10 {
				r = iotest.OneByteReader(r)
			}
			require.NoError(t, s.Put(ctx, k, r), "size %d", n)
			require.True(t, bytes.Equal(b, readAll(t, s, k)), "size %d: bytes differ", n)
			if c := s.chunks(t, k); c >= 0 {
				require.Equal(t, max(1, (n+ChunkSize-1)/ChunkSize), c, "size %d", n)
			}
		}
	})

	t.Run("seek", func(t *testing.T) {
		f, err := s.Open(ctx, key)
		require.NoError(t, err)
		defer f.Close()
		require.Equal(t, int64(size), f.Size())

		end, err := f.Seek(0, io.SeekEnd)
		require.NoError(t, err)
		require.Equal(t, int64(size), end)
		n, err := f.Read(make([]byte, 10))
		require.Zero(t, n)
		require.ErrorIs(t, err, io.EOF)

		// Across the boundary of chunks 0 and 1.
		at, err := f.Seek(ChunkSize-100, io.SeekStart)
		require.NoError(t, err)
		require.Equal(t, int64(ChunkSize-100), at)
		got := make([]byte, 200)
		_, err = io.ReadFull(f, got)
		require.NoError(t, err)
		require.Equal(t, data[ChunkSize-100:ChunkSize+100], got)

		// Back into chunk 0, relative to the current offset.
		at, err = f.Seek(-300, io.SeekCurrent)
		require.NoError(t, err)
		require.Equal(t, int64(ChunkSize-200), at)
		_, err = io.ReadFull(f, got)
		require.NoError(t, err)
		require.Equal(t, data[ChunkSize-200:ChunkSize], got)

		// The last bytes, from the end.
		_, err = f.Seek(-10, io.SeekEnd)
		require.NoError(t, err)
		rest, err := io.ReadAll(f)
		require.NoError(t, err)
		require.Equal(t, data[size-10:], rest)

		_, err = f.Seek(-1, io.SeekStart)
		require.Error(t, err, "a negative offset")
	})

	t.Run("range request", func(t *testing.T) {
		// The middle of the file, across the boundary of chunks 1 and 2.
		start, end := 2*ChunkSize-1000, 2*ChunkSize+999
		if s.queries != nil {
			s.queries.Reset()
		}
		f, err := s.Open(ctx, key)
		require.NoError(t, err)
		defer f.Close()
		req := httptest.NewRequest(http.MethodGet, "/file", nil)
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", start, end))
		rec := httptest.NewRecorder()
		rec.Header().Set("Content-Type", "image/png") // as the server sets it: no sniffing
		http.ServeContent(rec, req, key, time.Time{}, f)
		require.Equal(t, http.StatusPartialContent, rec.Code)
		require.Equal(t, fmt.Sprintf("bytes %d-%d/%d", start, end, size), rec.Header().Get("Content-Range"))
		require.Equal(t, data[start:end+1], rec.Body.Bytes())
		if s.queries != nil {
			require.Equal(t, []string{"FileChunkStat", "FileChunkGet", "FileChunkGet"}, s.queries.Names(),
				"the size in one statement, then chunks 1 and 2 only")
		}
	})

	t.Run("put of an existing key", func(t *testing.T) {
		err := s.Put(ctx, key, bytes.NewReader(randomBytes(t, 10)))
		require.ErrorIs(t, err, errExists)
		require.True(t, bytes.Equal(data, readAll(t, s, key)), "the original is kept")
	})

	t.Run("concurrent puts of a key", func(t *testing.T) {
		k := newKey(t)
		contents := [][]byte{randomBytes(t, ChunkSize+10), randomBytes(t, ChunkSize+10)}
		errs := make([]error, len(contents))
		var wg sync.WaitGroup
		for i, b := range contents {
			wg.Go(func() { errs[i] = s.Put(ctx, k, bytes.NewReader(b)) })
		}
		wg.Wait()
		won := -1
		for i, err := range errs {
			if err == nil {
				require.Equal(t, -1, won, "both puts succeeded")
				won = i
			} else {
				require.ErrorIs(t, err, errExists)
			}
		}
		require.NotEqual(t, -1, won, "neither put succeeded: %v", errs)
		require.True(t, bytes.Equal(contents[won], readAll(t, s, k)), "the winner's bytes")
	})

	t.Run("reader failing halfway", func(t *testing.T) {
		k := newKey(t)
		boom := errors.New("body over its limit")
		r := io.MultiReader(bytes.NewReader(data[:3*ChunkSize/2]), iotest.ErrReader(boom))
		err := s.Put(ctx, k, r)
		require.ErrorIs(t, err, boom)
		_, err = s.Open(ctx, k)
		require.ErrorIs(t, err, ErrNoFile)
		s.nothingLeft(t, k)
	})

	t.Run("cancelled context", func(t *testing.T) {
		k := newKey(t)
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		require.ErrorIs(t, s.Put(cctx, k, bytes.NewReader(data)), context.Canceled)
		s.nothingLeft(t, k)
	})

	t.Run("delete", func(t *testing.T) {
		k := newKey(t)
		require.NoError(t, s.Put(ctx, k, bytes.NewReader(data[:10])))
		require.NoError(t, s.Delete(ctx, k))
		_, err := s.Open(ctx, k)
		require.ErrorIs(t, err, ErrNoFile)
		s.nothingLeft(t, k)
		require.NoError(t, s.Delete(ctx, k), "deleting again")
		require.NoError(t, s.Delete(ctx, newKey(t)), "a key never put")
		// A deleted key can be put again.
		require.NoError(t, s.Put(ctx, k, bytes.NewReader(data[:20])))
		require.Equal(t, data[:20], readAll(t, s, k))
	})

	t.Run("invalid keys", func(t *testing.T) {
		for _, k := range []string{"../x", "a/b", "", ".hidden", "..", `a\b`, "a b", "a\x00b", "é.png", strings.Repeat("a", 101)} {
			err := s.Put(ctx, k, bytes.NewReader(data[:10]))
			require.ErrorContains(t, err, "invalid key", "key %q", k)
			_, err = s.Open(ctx, k)
			require.ErrorContains(t, err, "invalid key", "key %q", k)
			require.ErrorContains(t, s.Delete(ctx, k), "invalid key", "key %q", k)
		}
		long := strings.Repeat("a", 100)
		require.NoError(t, s.Put(ctx, long, bytes.NewReader(data[:10])), "100 bytes is long enough")
		require.Equal(t, data[:10], readAll(t, s, long))
	})
}

// Local never writes outside its directory, whatever the key, and keeps its
// files in the two-level fan-out under it.
func TestStoreLocalStaysInItsDirectory(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := t.TempDir()
	dir := filepath.Join(root, "data", "files")
	l, err := NewLocal(dir)
	require.NoError(t, err)
	info, err := os.Stat(dir)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), info.Mode().Perm())

	for _, k := range []string{"../x", "../../x", "a/b", "/etc/x", ".hidden", ""} {
		require.Error(t, l.Put(ctx, k, strings.NewReader("x")), "key %q", k)
	}
	_, err = os.Lstat(filepath.Join(root, "data", "x"))
	require.ErrorIs(t, err, os.ErrNotExist)
	_, err = os.Lstat(filepath.Join(root, "x"))
	require.ErrorIs(t, err, os.ErrNotExist)

	key := newKey(t)
	require.NoError(t, l.Put(ctx, key, strings.NewReader("hello")))
	a, b := fanOut(key)
	p := filepath.Join(dir, a, b, key)
	require.Equal(t, p, l.path(key))
	got, err := os.ReadFile(p)
	require.NoError(t, err)
	require.Equal(t, "hello", string(got))
	for _, d := range []string{filepath.Join(dir, a), filepath.Join(dir, a, b)} {
		info, err := os.Stat(d)
		require.NoError(t, err)
		require.Equal(t, os.FileMode(0o700), info.Mode().Perm(), d)
	}
}

// NewLocal removes temp files a crashed Put left long ago, and keeps recent
// ones (a Put in flight).
func TestStoreLocalRemovesStaleTempFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, err := NewLocal(dir)
	require.NoError(t, err)
	stale := filepath.Join(dir, "tmp", "old.png.123")
	fresh := filepath.Join(dir, "tmp", "new.png.456")
	require.NoError(t, os.WriteFile(stale, []byte("x"), 0o600))
	require.NoError(t, os.WriteFile(fresh, []byte("x"), 0o600))
	old := time.Now().Add(-2 * staleTemp)
	require.NoError(t, os.Chtimes(stale, old, old))

	_, err = NewLocal(dir)
	require.NoError(t, err)
	_, err = os.Stat(stale)
	require.ErrorIs(t, err, os.ErrNotExist)
	_, err = os.Stat(fresh)
	require.NoError(t, err)
}
