package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"

	"codna/graph"
	"codna/internal/fault"
)

// codedWriter makes sure every error body has extensions.code. A few of
// gqlgen's transport errors (an unsupported transport, a mutation over GET,
// undecodable variables) are written straight to the response, past the
// error presenter; they all come with a 4xx status, so only those responses
// are buffered and patched.
type codedWriter struct {
	http.ResponseWriter
	status int
	buf    *bytes.Buffer
}

func (w *codedWriter) WriteHeader(code int) {
	if w.status != 0 {
		return
	}
	w.status = code
	if code >= 400 {
		w.buf = &bytes.Buffer{}
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *codedWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.buf != nil {
		return w.buf.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap exposes the underlying writer to http.ResponseController.
func (w *codedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish writes a buffered error response, with codes added where missing.
func (w *codedWriter) finish() {
	if w.buf == nil {
		return
	}
	body := w.buf.Bytes()
	var resp map[string]any
	if err := json.Unmarshal(body, &resp); err == nil {
		if errs, ok := resp["errors"].([]any); ok {
			for _, e := range errs {
				m, ok := e.(map[string]any)
				if !ok {
					continue
				}
				ext, _ := m["extensions"].(map[string]any)
				if ext == nil {
					ext = map[string]any{}
					m["extensions"] = ext
				}
				if _, has := ext["code"]; !has {
					ext["code"] = string(fault.BadInput)
					if msg, ok := m["message"].(string); ok {
						m["message"] = graph.RequestMessage(msg)
					}
				}
			}
			if patched, err := json.Marshal(resp); err == nil {
				body = patched
			}
		}
	}
	w.ResponseWriter.Header().Set("Content-Type", "application/json")
	w.ResponseWriter.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.ResponseWriter.WriteHeader(w.status)
	_, _ = w.ResponseWriter.Write(body)
}
