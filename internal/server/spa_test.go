package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// The web app is served at / and at every path that is not the API's
// (the app routes pages itself), with its Content-Security-Policy; the
// API's own paths are not the app's.
func TestAppServedWithItsPolicy(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, path := range []string{"/", "/wiki/ops/deploy", "/inbox"} {
		resp, body := b.fetch(t, path, "", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, path)
		require.Contains(t, resp.Header.Get("Content-Type"), "text/html")
		require.Contains(t, resp.Header.Get("Content-Security-Policy"), "script-src 'self'")
		require.Contains(t, string(body), "CoDNA")
	}
	resp, _ := b.fetch(t, "/assets/missing-0000.js", "", nil)
	require.Equal(t, http.StatusNotFound, resp.StatusCode, "a stale asset is no page")
	resp, _ = b.fetch(t, "/healthz", "", nil)
	require.NotContains(t, resp.Header.Get("Content-Type"), "text/html")
}
