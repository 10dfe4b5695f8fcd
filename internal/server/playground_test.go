package server_test

import (
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/frontend/playground"
)

// cspDirectives splits a Content-Security-Policy into its directives by
// name.
func cspDirectives(csp string) map[string]string {
	out := map[string]string{}
	for _, d := range strings.Split(csp, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		out[name] = value
	}
	return out
}

// GraphiQL, when turned on, is served by the binary itself: the page names
// only its own assets, under a CSP of this origin alone (no CDN, no inline
// script, styles by a nonce fresh in each response), cannot be framed, and
// every asset of the build is served with its content type and cached for
// good.
func TestPlaygroundIsServedByTheBinaryAlone(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.Playground = true })

	resp, raw := b.fetch(t, "/playground", "", nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "text/html; charset=utf-8", resp.Header.Get("Content-Type"))
	require.Equal(t, "DENY", resp.Header.Get("X-Frame-Options"))
	require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	page := string(raw)
	csp := resp.Header.Get("Content-Security-Policy")
	require.NotContains(t, csp, "http", "no host but this one")
	require.NotContains(t, csp, "unsafe")
	d := cspDirectives(csp)
	require.Equal(t, "'none'", d["default-src"])
	require.Equal(t, "'self'", d["script-src"])
	require.Equal(t, "'self'", d["connect-src"])
	require.Equal(t, "'none'", d["frame-ancestors"])
	nonce := regexp.MustCompile(`^'self' 'nonce-([A-Za-z0-9+/]{24})'$`).FindStringSubmatch(d["style-src"])
	require.NotNil(t, nonce, "style-src: %q", d["style-src"])
	require.Contains(t, page, `nonce="`+nonce[1]+`"`, "the page carries its response's nonce")
	require.NotContains(t, page, "CODNA_CSP_NONCE")
	again, _ := b.fetch(t, "/playground", "", nil)
	require.NotEqual(t, csp, again.Header.Get("Content-Security-Policy"), "a fresh nonce per response")

	// The page loads its own assets and nothing from anywhere else.
	require.NotRegexp(t, `(?i)(src|href)\s*=\s*"(https?:)?//`, page)
	refs := regexp.MustCompile(`(?:src|href)="([^"]+)"`).FindAllStringSubmatch(page, -1)
	require.Len(t, refs, 2, "one script and one stylesheet: %s", page)
	for _, ref := range refs {
		require.Regexp(t, `^/playground/assets/[A-Za-z0-9_.-]+\.(js|css)$`, ref[1])
	}

	// Every file of the build (the page's two and the chunks its script
	// imports) is served as built, with its type, gzipped on request.
	assets, err := fs.ReadDir(playground.Dist, "dist/assets")
	require.NoError(t, err)
	require.NotEmpty(t, assets)
	types := map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
	for _, a := range assets {
		want, err := fs.ReadFile(playground.Dist, "dist/assets/"+a.Name())
		require.NoError(t, err)
		resp, raw := b.fetch(t, "/playground/assets/"+a.Name(), "", nil) // Go's client asks for gzip and unzips
		require.Equal(t, http.StatusOK, resp.StatusCode, a.Name())
		require.Equal(t, types[path.Ext(a.Name())], resp.Header.Get("Content-Type"), a.Name())
		require.Equal(t, "public, max-age=31536000, immutable", resp.Header.Get("Cache-Control"), a.Name())
		require.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
		require.Equal(t, want, raw, a.Name())
		require.Equal(t, len(want) > 1024, resp.Uncompressed, "%s: gzipped when larger than 1 KiB", a.Name())
	}
	for _, missing := range []string{"/playground/assets/nope.js", "/playground/assets/x/y.js", "/playground/assets/"} {
		resp, _ := b.fetch(t, missing, "", nil)
		require.Equal(t, http.StatusNotFound, resp.StatusCode, missing)
	}

	// Off (the default), neither the page nor its assets are served.
	off := setup(t)
	for _, p := range []string{"/playground", "/playground/assets/" + assets[0].Name()} {
		resp, _ := off.fetch(t, p, "", nil)
		require.Equal(t, http.StatusNotFound, resp.StatusCode, p)
	}
}
