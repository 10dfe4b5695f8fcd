package graph

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/vikstrous/dataloadgen"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/linkgraph"
)

// Loaders batch and cache, per operation, what resolvers read by id.
type Loaders struct {
	// Document reads documents with the actor's access level: one statement
	// per batch. It is the permission loader: a document the actor cannot
	// read is simply not found.
	Document *dataloadgen.Loader[uuid.UUID, *document.Doc]
	// Access answers what the actor may do to each document, one statement
	// per batch, for callers that need no more than that.
	Access *dataloadgen.Loader[uuid.UUID, document.Access]
	// RevisionCount counts each document's revisions.
	RevisionCount *dataloadgen.Loader[*document.Doc, int]
	// User reads users by id.
	User *dataloadgen.Loader[uuid.UUID, auth.User]
	// Links reads each readable document's outgoing links; Backlinks the
	// links into it from readable sources; Cause the revision that last
	// moved or deleted a target.
	Links     *dataloadgen.Loader[uuid.UUID, []linkgraph.Edge]
	Backlinks *dataloadgen.Loader[uuid.UUID, []linkgraph.Edge]
	Cause     *dataloadgen.Loader[uuid.UUID, document.Revision]
}

const loaderWait = time.Millisecond

func newLoaders(r *Resolver) *Loaders {
	opts := []dataloadgen.Option{dataloadgen.WithWait(loaderWait), dataloadgen.WithBatchCapacity(500)}
	return &Loaders{
		Document: dataloadgen.NewMappedLoader(r.Docs.GetMany, opts...),
		Access:   dataloadgen.NewMappedLoader(r.Docs.Levels, opts...),
		RevisionCount: dataloadgen.NewMappedLoader(func(ctx context.Context, docs []*document.Doc) (map[*document.Doc]int, error) {
			counts, err := r.Docs.RevisionCounts(ctx, docs)
			if err != nil {
				return nil, err
			}
			out := make(map[*document.Doc]int, len(docs))
			for _, d := range docs {
				out[d] = counts[d.ID]
			}
			return out, nil
		}, opts...),
		User:      dataloadgen.NewMappedLoader(r.Auth.UsersByID, opts...),
		Links:     dataloadgen.NewMappedLoader(withEmpty(r.Linking.Outgoing), opts...),
		Backlinks: dataloadgen.NewMappedLoader(withEmpty(r.Linking.Incoming), opts...),
		Cause:     dataloadgen.NewMappedLoader(r.Linking.Causes, opts...),
	}
}

// withEmpty makes a list fetch answer an empty list, not "not found", for
// keys with nothing.
func withEmpty[V any](fetch func(context.Context, []uuid.UUID) (map[uuid.UUID][]V, error)) func(context.Context, []uuid.UUID) (map[uuid.UUID][]V, error) {
	return func(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID][]V, error) {
		m, err := fetch(ctx, ids)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			if m[id] == nil {
				m[id] = []V{}
			}
		}
		return m, nil
	}
}

type loadersKey struct{}

func withLoaders(ctx context.Context, l *Loaders) context.Context {
	return context.WithValue(ctx, loadersKey{}, l)
}

// loaders returns the operation's loaders.
func loaders(ctx context.Context) *Loaders {
	return ctx.Value(loadersKey{}).(*Loaders)
}

// primeDocs records documents a list already read, so fields resolved on
// them reuse them instead of reading again.
func primeDocs(ctx context.Context, docs []*document.Doc) {
	l := loaders(ctx)
	for _, d := range docs {
		l.Document.Prime(d.ID, d)
		l.Access.Prime(d.ID, d.Access)
	}
}

// loadDoc reads one document through the permission loader; nil when the
// actor cannot read it.
func loadDoc(ctx context.Context, id uuid.UUID) (*document.Doc, error) {
	d, err := loaders(ctx).Document.Load(ctx, id)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return nil, nil
	}
	return d, err
}

// loadUser reads one user; nil when there is none.
func loadUser(ctx context.Context, id *uuid.UUID) (*auth.User, error) {
	if id == nil {
		return nil, nil
	}
	u, err := loaders(ctx).User.Load(ctx, *id)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// allNotFound reports whether a LoadAll error only says some keys had no
// value, which callers treat as absent rather than failed.
func allNotFound(err error) bool {
	var errs dataloadgen.ErrorSlice
	if !errors.As(err, &errs) {
		return errors.Is(err, dataloadgen.ErrNotFound)
	}
	for _, e := range errs {
		if e != nil && !errors.Is(e, dataloadgen.ErrNotFound) {
			return false
		}
	}
	return true
}
