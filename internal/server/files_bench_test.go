package server_test

import (
	"crypto/rand"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/files"
	"codna/internal/pgtest"
)

// rssBytes is the process's resident set now (VmRSS), for how much an
// upload or download grows it.
func rssBytes(tb testing.TB) int64 {
	tb.Helper()
	raw, err := os.ReadFile("/proc/self/status")
	require.NoError(tb, err)
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			require.NoError(tb, err)
			return kb << 10
		}
	}
	tb.Fatal("no VmRSS")
	return 0
}

// BenchmarkAttachment10MB uploads a 10 MB file over real HTTP (a streamed
// multipart body) and downloads it, on each store, and reports MB/s each
// way and how far the process's RSS rose above where it started; the 30 MB
// runs show the growth does not follow the file's size: the file streams
// (the multipart body to a temporary file, the store written and read a
// chunk at a time), never held whole.
func BenchmarkAttachment10MB(b *testing.B) {
	for _, c := range []struct {
		name string
		size int
	}{{"postgres", 10 << 20}, {"local", 10 << 20}, {"postgres/30MB", 30 << 20}, {"local/30MB", 30 << 20}} {
		name, size := strings.TrimSuffix(c.name, "/30MB"), c.size
		b.Run(c.name, func(b *testing.B) {
			bb := setup(b, func(c *config) {
				c.Files.MaxFileBytes = 40 << 20
				if name == "local" {
					store, err := files.NewLocal(b.TempDir())
					require.NoError(b, err)
					c.Files.Store = store
				}
			})
			p := pgtest.CreatePerson(b, bb.pool)
			tok := pgtest.CreatePersonToken(b, bb.pool, p.ID)
			doc := bb.create(b, tok, "bench", "page", "A page.")
			src := make([]byte, 1<<20) // one random MiB, repeated: the bytes differ per upload by their first byte
			_, err := rand.Read(src)
			require.NoError(b, err)
			var up, down time.Duration
			var peak int64
			base := rssBytes(b)
			b.ResetTimer()
			for i := range b.N {
				src[0] = byte(i)
				pr, pw := io.Pipe()
				mw := multipart.NewWriter(pw)
				go func() {
					ops, _ := json.Marshal(map[string]any{"query": uploadMutation, "variables": map[string]any{"i": map[string]any{"documentId": doc, "file": nil}}})
					_ = mw.WriteField("operations", string(ops))
					_ = mw.WriteField("map", `{"0": ["variables.i.file"]}`)
					part, _ := mw.CreateFormFile("0", "big-"+strconv.Itoa(i)+".bin")
					for range size / len(src) {
						if _, err := part.Write(src); err != nil {
							break
						}
					}
					pw.CloseWithError(mw.Close())
				}()
				hr, err := http.NewRequest(http.MethodPost, bb.http.URL+"/graphql", pr)
				require.NoError(b, err)
				hr.Header.Set("Content-Type", mw.FormDataContentType())
				hr.Header.Set("Authorization", "Bearer "+tok)
				t0 := time.Now()
				r := send(b, hr)
				up += time.Since(t0)
				require.Empty(b, r.Errors)
				peak = max(peak, rssBytes(b)-base)

				hr, err = http.NewRequest(http.MethodGet, bb.http.URL+"/files/"+doc+"/big-"+strconv.Itoa(i)+".bin", nil)
				require.NoError(b, err)
				hr.Header.Set("Authorization", "Bearer "+tok)
				t0 = time.Now()
				resp, err := http.DefaultClient.Do(hr)
				require.NoError(b, err)
				n, err := io.Copy(io.Discard, resp.Body)
				require.NoError(b, err)
				resp.Body.Close()
				down += time.Since(t0)
				require.EqualValues(b, size, n)
				peak = max(peak, rssBytes(b)-base)
			}
			b.StopTimer()
			mb := float64(size) / (1 << 20) * float64(b.N)
			b.ReportMetric(mb/up.Seconds(), "upload-MB/s")
			b.ReportMetric(mb/down.Seconds(), "download-MB/s")
			b.ReportMetric(float64(peak)/(1<<20), "rss-growth-MiB")
		})
	}
}
