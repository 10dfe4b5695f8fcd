package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

// Scripts and styles are gzipped once, for clients that accept it; small
// files and images are not.
func TestAppAssetsGzipped(t *testing.T) {
	t.Parallel()
	js := strings.Repeat("console.log('codna');\n", 200)
	app := fstest.MapFS{"assets/a.js": {Data: []byte(js)}, "assets/b.js": {Data: []byte("x")}, "assets/c.png": {Data: bytes.Repeat([]byte{1}, 4096)}}
	c := &gzipCache{files: map[string][]byte{}}
	gz := c.get(app, "assets/a.js")
	require.NotNil(t, gz)
	require.Less(t, len(gz), len(js)/4)
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	require.NoError(t, err)
	out, err := io.ReadAll(zr)
	require.NoError(t, err)
	require.Equal(t, js, string(out))
	require.Nil(t, c.get(app, "assets/b.js"), "too small to bother")
	require.Nil(t, c.get(app, "assets/c.png"), "already compressed")

	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Accept-Encoding", "br, gzip;q=0.8")
	require.True(t, acceptsGzip(r))
	r.Header.Set("Accept-Encoding", "gzip;q=0, br")
	require.False(t, acceptsGzip(r))
}
