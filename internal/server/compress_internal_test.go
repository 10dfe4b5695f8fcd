package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A request without Accept-Encoding reaches the handler with the server's
// own response writer (no compressing writer wrapped around it) and gets
// the same answer gzhttp gives it: the handler's bytes and headers, plus
// Vary: Accept-Encoding. One that asks still gets gzhttp's writer.
func TestUncompressedRequestSkipsTheCompressor(t *testing.T) {
	t.Parallel()
	body := strings.Repeat(`{"data":{"documents":[]}}`, 100) // over gzhttp's 1 KiB minimum
	var seen http.ResponseWriter
	h := compressed(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = w
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}))
	viaGzhttp := func(r *http.Request) *httptest.ResponseRecorder {
		// gzhttp's own path for a request that accepts nothing it offers.
		r.Header.Set("Accept-Encoding", "identity")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec
	}

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/graphql", nil))
	require.Same(t, rec, seen, "no writer of the compressor's between the handler and the server")
	ref := viaGzhttp(httptest.NewRequest(http.MethodPost, "/graphql", nil))
	require.NotSame(t, ref, seen)
	require.Equal(t, ref.Code, rec.Code)
	require.Equal(t, ref.Header(), rec.Header())
	require.Equal(t, []string{"Accept-Encoding"}, rec.Header().Values("Vary"))
	require.Empty(t, rec.Header().Get("Content-Encoding"))
	require.Equal(t, body, rec.Body.String())
	require.Equal(t, ref.Body.String(), rec.Body.String())

	gz := httptest.NewRecorder()
	r := httptest.NewRequest(http.MethodPost, "/graphql", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	h.ServeHTTP(gz, r)
	require.NotSame(t, gz, seen, "a client that asks gets the compressor")
	require.Equal(t, "gzip", gz.Header().Get("Content-Encoding"))
}
