package server

import (
	"net/http"

	"github.com/klauspost/compress/gzhttp"
)

// compressed answers /graphql in zstd or gzip when the client accepts it
// (docs/operations.md, Compression): zstd when the client accepts both (as
// current browsers do), gzip for a client that asks only for gzip. zstd
// (gzhttp's 128 KiB window) at SpeedBetterCompression sends a worst-case
// 1 MB page as 27 % of its size, 11 % fewer bytes than gzip, for 21 ms of
// CPU a MB against gzip's 15; gzip stays at its default level, as its
// higher levels cost 2–15× the CPU for 3–6 % fewer bytes (bench/RESULTS.md,
// "Issue 36: /graphql in gzip"). A websocket upgrade is passed through
// untouched: its frames are not an HTTP body. Multipart requests (uploads)
// are passed through too: their answers are small and their bodies stream
// under their own deadlines. Bodies under gzhttp's minimum size (1 KiB) go
// out as they are, where gzip would only add bytes. A request without
// Accept-Encoding (an API client that does not ask) pays nothing for any of
// this: it gets the Vary header gzhttp would add and the handler itself,
// without gzhttp's writer wrapped around the response.
func compressed(next http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(gzhttp.EnableZstd(true), gzhttp.ZstdCompressionLevel(zstdLevel))
	if err != nil { // only for invalid options, which these are not
		panic(err)
	}
	gz := wrap(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Upgrade") != "" || isMultipart(r) {
			next.ServeHTTP(w, r)
			return
		}
		if _, asked := r.Header["Accept-Encoding"]; !asked {
			// What gzhttp does for a request that accepts no encoding,
			// less its writer (which only strips its own No-Gzip-Compression
			// header, which nothing here sets).
			w.Header().Add("Vary", "Accept-Encoding")
			next.ServeHTTP(w, r)
			return
		}
		gz.ServeHTTP(w, r)
	})
}

// zstdLevel is gzhttp's zstd level 3, zstd.SpeedBetterCompression
// (gzhttp's default, 1, is 9 % larger on prose; 2 is 4 % larger).
const zstdLevel = 3
