package typesense

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/search"
	"codna/internal/search/typesense/tsfake"
)

const testKey = "test-key-5ec2e7"

// env is one backend under test: over the in-process fake always, over a
// live server when CODNA_TEST_TYPESENSE_URL is set (servers).
type env struct {
	b    *Backend
	fake *tsfake.Server // nil for a live server
	live bool
}

// needFake skips a test that inspects the fake's requests or injects
// faults, when it runs against a live server.
func (e *env) needFake(t *testing.T) *tsfake.Server {
	t.Helper()
	if e.fake == nil {
		t.Skip("inspects the fake's requests")
	}
	return e.fake
}

// servers runs fn against the fake and, when CODNA_TEST_TYPESENSE_URL (and
// CODNA_TEST_TYPESENSE_API_KEY) are set, against that live server under an
// alias of its own, whose collections are dropped when the test ends.
func servers(t *testing.T, fn func(t *testing.T, e *env), opts ...Option) {
	t.Run("fake", func(t *testing.T) {
		t.Parallel()
		f := tsfake.New(t, testKey)
		b, err := New(f.URL, testKey, append([]Option{WithAlias("codna_test")}, opts...)...)
		require.NoError(t, err)
		fn(t, &env{b: b, fake: f})
	})
	url := os.Getenv("CODNA_TEST_TYPESENSE_URL")
	t.Run("live", func(t *testing.T) {
		if url == "" {
			t.Skip("CODNA_TEST_TYPESENSE_URL is not set: no live Typesense server")
		}
		t.Parallel()
		alias := "codna_test_" + randomHex(6)
		b, err := New(url, os.Getenv("CODNA_TEST_TYPESENSE_API_KEY"), append([]Option{WithAlias(alias)}, opts...)...)
		require.NoError(t, err)
		t.Cleanup(func() { dropAll(b) })
		fn(t, &env{b: b, live: true})
	})
}

// onFake returns a fake and a backend over it (alias codna_test).
func onFake(t *testing.T) (*tsfake.Server, *Backend) {
	t.Helper()
	f := tsfake.New(t, testKey)
	b, err := New(f.URL, testKey, WithAlias("codna_test"))
	require.NoError(t, err)
	return f, b
}

// dropAll removes a live test's alias and collections.
func dropAll(b *Backend) {
	ctx := context.Background()
	_, _ = b.client.Alias(b.alias).Delete(ctx)
	cols, err := b.client.Collections().Retrieve(ctx)
	if err != nil {
		return
	}
	for _, c := range cols {
		if strings.HasPrefix(c.Name, b.alias+"_") {
			_, _ = b.client.Collection(c.Name).Delete(ctx)
		}
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

var clock struct {
	sync.Mutex
	t time.Time
}

// tick returns a distinct, increasing updated_at.
func tick() time.Time {
	clock.Lock()
	defer clock.Unlock()
	if clock.t.IsZero() {
		clock.t = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	clock.t = clock.t.Add(time.Second)
	return clock.t
}

var owner = uuid.MustParse("0192f000-0000-7000-8000-000000000001")
var reader = uuid.MustParse("0192f000-0000-7000-8000-000000000002")

// entry is a live wiki page owned by owner, readable by its owner and
// Everyone, version 1.
func entry(title, body string, tags ...string) search.Entry {
	return search.Entry{
		ID: uuid.New(), Space: "wiki", Path: "", Slug: "page", Title: title, Tags: tags,
		Status: "active", OwnerID: owner, UpdatedAt: tick(), Body: body,
		ACLRead: []string{search.UserACL(owner), search.EveryoneACL}, Version: 1, AccessSeq: 1,
	}
}

// person is the searcher reader, a person in Everyone.
var person = search.Searcher{UserID: reader, IsPerson: true, ACL: []string{search.UserACL(reader), search.EveryoneACL}}

// allReadable is a re-check that lets everything through.
func allReadable(_ context.Context, ids []uuid.UUID) (map[uuid.UUID]bool, error) {
	out := make(map[uuid.UUID]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

// readableOnly is a re-check that lets only ids through, counting the ids
// it was asked about.
type readableOnly struct {
	mu    sync.Mutex
	ok    map[uuid.UUID]bool
	asked int
}

func only(ids ...uuid.UUID) *readableOnly {
	r := &readableOnly{ok: map[uuid.UUID]bool{}}
	for _, id := range ids {
		r.ok[id] = true
	}
	return r
}

func (r *readableOnly) check(_ context.Context, ids []uuid.UUID) (map[uuid.UUID]bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.asked += len(ids)
	out := map[uuid.UUID]bool{}
	for _, id := range ids {
		if r.ok[id] {
			out[id] = true
		}
	}
	return out, nil
}

// put applies entries and fails the test on error.
func put(t *testing.T, b *Backend, entries ...search.Entry) {
	t.Helper()
	require.NoError(t, b.Apply(context.Background(), nil, entries, nil))
}

// find searches text as person with everything readable, first 100.
func find(t *testing.T, b *Backend, text string, f search.Filter) search.Result {
	t.Helper()
	res, err := b.Search(context.Background(), search.Query{
		Text: search.Parse(text), Filter: f, Searcher: person, First: search.MaxFirst, Readable: allReadable, Facets: true,
	})
	require.NoError(t, err)
	return res
}

// ids lists a result's hit ids in order.
func ids(res search.Result) []uuid.UUID {
	out := make([]uuid.UUID, len(res.Hits))
	for i, h := range res.Hits {
		out[i] = h.ID
	}
	return out
}
