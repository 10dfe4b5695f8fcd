package linkgraph

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/document"
)

// Service answers link decisions, handles link suggestions and reads the
// graph for an actor.
type Service struct {
	pool *pgxpool.Pool
	docs *document.Service
}

// New returns a Service; body edits go through docs.
func New(pool *pgxpool.Pool, docs *document.Service) *Service {
	return &Service{pool: pool, docs: docs}
}

// viewer checks the actor in ctx before a read: nobody is
// UNAUTHENTICATED; management and the system actor read no document (ok
// false).
func viewer(ctx context.Context) (v document.Viewer, ok bool, err error) {
	actor, err := auth.RequireActor(ctx)
	if err != nil {
		return document.Viewer{}, false, err
	}
	v, ok = document.ViewerOf(actor)
	return v, ok, nil
}
