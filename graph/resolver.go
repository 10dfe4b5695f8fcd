// Package graph is the GraphQL API: the schema, generated code, thin
// resolvers that decode input, call one service and map the result, their
// data loaders and the error presenter. graph/transport serves it over HTTP
// and websockets, with the query limits.
package graph

import (
	"log/slog"

	"codna/internal/app"
)

// Resolver holds the services the resolvers call: the App's
// (internal/app), reached as r.svc.Document, r.svc.Inbox, … — one
// unexported field, so that no query resolver method (Inbox, Search,
// Automations, …) hides a service of the same name.
type Resolver struct {
	svc *app.Services
	Log *slog.Logger
}

// NewResolver returns the resolvers over svc, logging to log.
func NewResolver(svc *app.Services, log *slog.Logger) *Resolver {
	return &Resolver{svc: svc, Log: log}
}

// Services are the services the resolvers call (for the transport, which
// authenticates sockets with Auth and watches credentials over Live).
func (r *Resolver) Services() *app.Services { return r.svc }
