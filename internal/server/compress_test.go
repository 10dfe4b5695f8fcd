package server_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// bigPage is size bytes of markdown prose in a made-up language: 30,000
// pronounceable words drawn with a Zipf distribution (exponent 1.07, as
// English's; bench/load's search scenario makes its bodies the same way),
// with headings and links, so gzip meets text like a real page's rather
// than one repeated line.
func bigPage(size int) string {
	r := rand.New(rand.NewPCG(7, 11))
	onsets := strings.Fields("b c d f g h j k l m n p r s t v w z br ch cl dr fl gr kr pl pr sh st tr")
	vowels := strings.Fields("a e i o u ai ea ie ou")
	codas := []string{"", "", "", "n", "r", "s", "l", "m", "nd", "st", "rk"}
	words := make([]string, 30_000)
	for i := range words {
		var w strings.Builder
		for range 2 + r.IntN(3) {
			w.WriteString(onsets[r.IntN(len(onsets))] + vowels[r.IntN(len(vowels))] + codas[r.IntN(len(codas))])
		}
		words[i] = w.String()
	}
	zipf := rand.NewZipf(r, 1.07, 1, uint64(len(words)-1))
	var b strings.Builder
	for n := 0; b.Len() < size; n++ {
		if n%40 == 0 {
			fmt.Fprintf(&b, "\n## Section %d\n\n", n/40)
		}
		for i := 0; i < 12; i++ {
			b.WriteString(words[zipf.Uint64()])
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "see [%s](%s.md).\n", words[zipf.Uint64()], words[zipf.Uint64()])
	}
	return b.String()[:size]
}

// postRaw posts a GraphQL query with the given Accept-Encoding and returns
// the response and its body as sent on the wire (Go's transport decodes
// gzip itself only when it asked for it, which it does not here).
func (b *bundle) postRaw(t *testing.T, token, acceptEncoding, q string, vars map[string]any) (*http.Response, []byte) {
	t.Helper()
	body, err := json.Marshal(map[string]any{"query": q, "variables": vars})
	require.NoError(t, err)
	hr, err := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", bytes.NewReader(body))
	require.NoError(t, err)
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Authorization", "Bearer "+token)
	hr.Header.Set("Accept-Encoding", acceptEncoding)
	resp, err := http.DefaultClient.Do(hr)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, raw
}

// A 1 MB page's response goes out gzipped when the client accepts only gzip
// (under a third of its size on the wire) and in zstd when it accepts zstd
// too, as browsers do (under 300 KB); both decode to exactly the JSON sent
// to a client that asked for neither.
func TestGraphQLAnswersGzipWhenAsked(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	id := b.create(t, tok, "", "big", bigPage(1<<20-64))
	const q = `query($id: ID!) { document(id: $id) { id title content version } }`
	vars := map[string]any{"id": id}

	plainResp, plain := b.postRaw(t, tok, "identity", q, vars)
	require.Equal(t, http.StatusOK, plainResp.StatusCode)
	require.Empty(t, plainResp.Header.Get("Content-Encoding"))
	require.Greater(t, len(plain), 1<<20-64, "the page itself is 1 MiB of JSON")

	gzResp, wire := b.postRaw(t, tok, "gzip", q, vars)
	require.Equal(t, http.StatusOK, gzResp.StatusCode)
	require.Equal(t, "gzip", gzResp.Header.Get("Content-Encoding"))
	require.Contains(t, gzResp.Header.Values("Vary"), "Accept-Encoding")
	// Made-up prose with no repetition beyond its word frequencies gzips to
	// about 30 % (320 KB at gzhttp's default level, bench/RESULTS.md);
	// real pages repeat more (markup, names, terms).
	require.Less(t, len(wire), len(plain)/3+10_000, "the 1 MB page on the wire")
	t.Logf("1 MB page: %d bytes of JSON, %d bytes gzipped on the wire", len(plain), len(wire))

	zr, err := gzip.NewReader(bytes.NewReader(wire))
	require.NoError(t, err)
	decoded, err := io.ReadAll(zr)
	require.NoError(t, err)
	require.JSONEq(t, string(plain), string(decoded))
	var out struct {
		Data struct {
			Document struct{ Content string } `json:"document"`
		} `json:"data"`
	}
	require.NoError(t, json.Unmarshal(decoded, &out))
	require.Greater(t, len(out.Data.Document.Content), 1<<20-1024)

	// What chromium sends: zstd wins, and the page is under 300 KB on the wire.
	zsResp, zwire := b.postRaw(t, tok, "gzip, deflate, br, zstd", q, vars)
	require.Equal(t, http.StatusOK, zsResp.StatusCode)
	require.Equal(t, "zstd", zsResp.Header.Get("Content-Encoding"))
	require.Contains(t, zsResp.Header.Values("Vary"), "Accept-Encoding")
	require.Less(t, len(zwire), 300_000, "the 1 MB page on the wire in zstd")
	t.Logf("1 MB page: %d bytes in zstd on the wire", len(zwire))
	zd, err := zstd.NewReader(bytes.NewReader(zwire))
	require.NoError(t, err)
	defer zd.Close()
	zdecoded, err := io.ReadAll(zd)
	require.NoError(t, err)
	require.JSONEq(t, string(plain), string(zdecoded))
}

// A small answer is not worth compressing; a websocket upgrade is never
// wrapped (the subscription tests in websocket_test.go run over it).
func TestGraphQLSmallAnswersGoOutPlain(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	resp, raw := b.postRaw(t, tok, "gzip", `{ me { id } }`, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Empty(t, resp.Header.Get("Content-Encoding"))
	require.Contains(t, string(raw), `"me"`)
}
