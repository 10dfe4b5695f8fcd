package typesense

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/fault"
	"codna/internal/pgtest"
	"codna/internal/search"
	"codna/internal/search/typesense/tsfake"
)

func TestNewValidatesItsConfiguration(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"", "typesense:8108", "ftp://host", "http://", "http://user:" + testKey + "@host",
		"http://host/?x-typesense-api-key=" + testKey, "http://host/#frag", "://x"} {
		_, err := New(bad, testKey)
		fe := pgtest.RequireCode(t, err, fault.BadInput, "CODNA_TYPESENSE_URL")
		require.NotContains(t, fe.Error(), testKey, bad)
	}
	for _, bad := range []string{"", "   ", "a\nb"} {
		_, err := New("http://127.0.0.1:8108", bad)
		pgtest.RequireCode(t, err, fault.BadInput, "CODNA_TYPESENSE_API_KEY")
	}
	_, err := New("http://127.0.0.1:8108", testKey, WithAlias("no spaces"))
	pgtest.RequireCode(t, err, fault.BadInput, "alias")
	_, err = New("http://127.0.0.1:8108", testKey, WithCandidateCap(10))
	pgtest.RequireCode(t, err, fault.BadInput, "options")

	b, err := New(" https://search.example.com/typesense/ ", testKey)
	require.NoError(t, err)
	_, err = NewBackend("ftp://x", testKey)
	pgtest.RequireCode(t, err, fault.BadInput, "CODNA_TYPESENSE_URL")
	sb, err := NewBackend("http://127.0.0.1:8108", testKey)
	require.NoError(t, err)
	require.Equal(t, "typesense", sb.Name())
	require.Equal(t, "typesense", b.Name())
	require.Equal(t, DefaultAlias, b.Alias())
}

// A server nobody listens on: every call fails UNAVAILABLE, quickly, and
// no message holds the key.
func TestUnreachableServerIsUnavailable(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	b, err := New("http://"+addr, testKey, WithTimeout(2*time.Second))
	require.NoError(t, err)
	ctx := context.Background()

	start := time.Now()
	_, err = b.Search(ctx, search.Query{Text: search.Parse("x"), Searcher: person, First: 10, Readable: allReadable})
	requireUnavailable(t, err)
	requireUnavailable(t, b.Apply(ctx, nil, []search.Entry{entry("t", "b")}, nil))
	requireUnavailable(t, b.Ping(ctx))
	requireUnavailable(t, b.Rebuild(ctx, &sliceSource{}, nil))
	require.Less(t, time.Since(start), 10*time.Second)
}

func requireUnavailable(t *testing.T, err error) {
	t.Helper()
	require.Error(t, err)
	require.Equal(t, fault.Unavailable, fault.CodeOf(err), err.Error())
	require.NotContains(t, err.Error(), testKey)
	var te *Error
	require.ErrorAs(t, err, &te)
	require.True(t, te.Unavailable)
}

// A server answering 503 is unavailable too; one that refuses the key says
// so without repeating it, as an internal (configuration) error.
func TestServerErrorsAreCoded(t *testing.T) {
	t.Parallel()
	f, b := onFake(t)
	ctx := context.Background()
	put(t, b, entry("Deploy runbook", "steps"))

	f.Hook(func(r *tsfake.Request) (int, string, bool) {
		return 503, `{"message": "Not Ready or Lagging"}`, true
	})
	_, err := b.Search(ctx, search.Query{Text: search.Parse("deploy"), Searcher: person, First: 10, Readable: allReadable})
	requireUnavailable(t, err)
	require.Contains(t, err.Error(), "Not Ready or Lagging")
	f.Hook(nil)

	wrong, err := New(f.URL, "not-the-key", WithAlias("codna_test"))
	require.NoError(t, err)
	_, err = wrong.Search(ctx, search.Query{Text: search.Parse("deploy"), Searcher: person, First: 10, Readable: allReadable})
	require.Error(t, err)
	require.Equal(t, fault.Internal, fault.CodeOf(err))
	require.Contains(t, err.Error(), "refused the API key")
	require.NotContains(t, err.Error(), "not-the-key")

	require.NoError(t, b.Ping(ctx))
	require.Error(t, wrong.Ping(ctx))
}

// The key travels in the X-TYPESENSE-API-KEY header of every request,
// never in a URL.
func TestAPIKeyOnlyInTheHeader(t *testing.T) {
	t.Parallel()
	f, b := onFake(t)
	e := entry("Key", "body")
	put(t, b, e)
	find(t, b, "key", search.Filter{})
	require.NoError(t, b.Apply(context.Background(), nil, nil, []uuid.UUID{e.ID}))
	reqs := f.Requests()
	require.NotEmpty(t, reqs)
	for _, r := range reqs {
		require.Equal(t, testKey, r.Header.Get(tsfake.APIKeyHeader), r.Path)
		require.False(t, strings.Contains(r.Path+r.Query.Encode(), testKey), r.Path)
	}
}

// A URL with a path (Typesense behind a proxy at /ts/) keeps the path.
func TestURLWithAPathPrefix(t *testing.T) {
	t.Parallel()
	f := tsfake.New(t, testKey)
	target, err := url.Parse(f.URL)
	require.NoError(t, err)
	proxy := httptest.NewServer(http.StripPrefix("/ts", httputil.NewSingleHostReverseProxy(target)))
	t.Cleanup(proxy.Close)
	b, err := New(proxy.URL+"/ts/", testKey, WithAlias("codna_test"))
	require.NoError(t, err)
	put(t, b, entry("Behind a proxy", "x"))
	require.Len(t, find(t, b, "proxy", search.Filter{}).Hits, 1)
	require.NoError(t, b.Ping(context.Background()))
}
