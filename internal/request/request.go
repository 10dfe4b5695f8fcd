// Package request carries what the transport knows about one request (its
// id, the client's address, how to set a cookie) to the layers below it.
package request

import (
	"context"
	"log/slog"
	"net/http"
)

// Info describes the request being served.
type Info struct {
	ID        string
	IP        string
	UserAgent string
	// Session is the session cookie's value, if any.
	Session string
	// Secure says whether cookies must be Secure (the request came over TLS).
	Secure bool
	// SetCookie sets a cookie on the response; nil where there is no HTTP
	// response to carry one (a websocket operation).
	SetCookie func(*http.Cookie)
}

type key struct{}

// With returns ctx carrying info.
func With(ctx context.Context, info *Info) context.Context {
	return context.WithValue(ctx, key{}, info)
}

// From returns the request's Info; never nil (an empty Info outside a request).
func From(ctx context.Context) *Info {
	if i, ok := ctx.Value(key{}).(*Info); ok && i != nil {
		return i
	}
	return &Info{}
}

// ID returns the request id in ctx, or "".
func ID(ctx context.Context) string { return From(ctx).ID }

// LogHandler adds request_id to every record logged with a request's context.
type LogHandler struct{ slog.Handler }

// Handle adds the request id, then delegates.
func (h LogHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := ID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

// WithAttrs keeps the wrapper.
func (h LogHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return LogHandler{h.Handler.WithAttrs(attrs)}
}

// WithGroup keeps the wrapper.
func (h LogHandler) WithGroup(name string) slog.Handler { return LogHandler{h.Handler.WithGroup(name)} }
