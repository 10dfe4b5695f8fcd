package server

import (
	"net/http"

	"github.com/klauspost/compress/gzhttp"
)

// compressed answers /graphql in gzip when the client accepts it
// (docs/operations.md, Compression). A websocket upgrade is passed through
// untouched: its frames are not an HTTP body. Multipart requests (uploads)
// are passed through too: their answers are small and their bodies stream
// under their own deadlines. Bodies under gzhttp's minimum size (1 KiB) go
// out as they are, where gzip would only add bytes.
func compressed(next http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(gzhttp.EnableZstd(false))
	if err != nil { // only for invalid options, which these are not
		panic(err)
	}
	gz := wrap(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Upgrade") != "" || isMultipart(r) {
			next.ServeHTTP(w, r)
			return
		}
		gz.ServeHTTP(w, r)
	})
}
