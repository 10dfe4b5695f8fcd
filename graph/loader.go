package graph

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/vikstrous/dataloadgen"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/linkgraph"
)

// Loaders batch and cache, per operation, what resolvers read by id.
type Loaders struct {
	// Document reads documents with the actor's access level: one statement
	// per batch. It is the permission loader: a document the actor cannot
	// read is simply not found.
	Document *dataloadgen.Loader[uuid.UUID, *document.Doc]
	// RevisionCount counts each document's revisions.
	RevisionCount *dataloadgen.Loader[*document.Doc, int]
	// User reads users by id.
	User *dataloadgen.Loader[uuid.UUID, auth.User]
	// Body reads the bodies of documents read without one (lists, link
	// ends, Document), as of the version each was read at.
	Body *dataloadgen.Loader[*document.Doc, *document.Body]
	// Links reads each readable document's outgoing links; Backlinks the
	// links into it from readable sources. Both read the far end of each
	// link in the same statement and prime Document with it. Cause reads
	// the revision that last moved or deleted a target.
	Links     *dataloadgen.Loader[*document.Doc, []linkgraph.Edge]
	Backlinks *dataloadgen.Loader[*document.Doc, []linkgraph.Edge]
	Cause     *dataloadgen.Loader[uuid.UUID, document.Revision]

	// links and backlinks are Links' and Backlinks' fetches, for a caller
	// that has every key at once and need not wait for a batch (loadNow);
	// ends reads both in one statement (loadEndsNow).
	links, backlinks linksFetch
	ends             func(ctx context.Context, sources, targets []*document.Doc) (out, in map[*document.Doc][]linkgraph.Edge, err error)
}

type linksFetch = func(context.Context, []*document.Doc) (map[*document.Doc][]linkgraph.Edge, error)

const loaderWait = time.Millisecond

func newLoaders(r *Resolver) *Loaders {
	opts := []dataloadgen.Option{dataloadgen.WithWait(loaderWait), dataloadgen.WithBatchCapacity(500)}
	l := &Loaders{}
	links, backlinks := l.primingEnds(r.Linking.Outgoing), l.primingEnds(r.Linking.Incoming)
	*l = Loaders{
		Document: dataloadgen.NewMappedLoader(r.Docs.GetMany, opts...),
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
		Body:      dataloadgen.NewMappedLoader(r.Docs.Bodies, opts...),
		Links:     dataloadgen.NewMappedLoader(links, opts...),
		Backlinks: dataloadgen.NewMappedLoader(backlinks, opts...),
		Cause:     dataloadgen.NewMappedLoader(r.Linking.Causes, opts...),
		links:     links,
		backlinks: backlinks,
		ends:      r.Linking.Ends,
	}
	return l
}

// primingEnds wraps a links fetch: every key gets a list (empty when it has
// no links, not "not found"), and both ends of every edge are primed into
// the Document loader, so a later load of one by id costs no statement.
func (l *Loaders) primingEnds(fetch func(context.Context, []*document.Doc) (map[*document.Doc][]linkgraph.Edge, error)) func(context.Context, []*document.Doc) (map[*document.Doc][]linkgraph.Edge, error) {
	return func(ctx context.Context, docs []*document.Doc) (map[*document.Doc][]linkgraph.Edge, error) {
		m, err := fetch(ctx, docs)
		if err != nil {
			return nil, err
		}
		l.primeEnds(docs, m)
		return m, nil
	}
}

// primeEnds gives every doc a list in m (empty when it has no links, not
// "not found") and primes both ends of every edge into the Document loader.
func (l *Loaders) primeEnds(docs []*document.Doc, m map[*document.Doc][]linkgraph.Edge) {
	for _, d := range docs {
		if m[d] == nil {
			m[d] = []linkgraph.Edge{}
		}
	}
	for _, edges := range m {
		for i := range edges {
			for _, end := range [2]*document.Doc{edges[i].Source, edges[i].Target} {
				if end != nil {
					l.primeDoc(end)
				}
			}
		}
	}
}

// loadEndsNow is loadNow for both Links and Backlinks of docs, read in one
// statement.
func (l *Loaders) loadEndsNow(ctx context.Context, docs []*document.Doc) error {
	out, in, err := l.ends(ctx, docs, docs)
	if err != nil {
		return err
	}
	l.primeEnds(docs, out)
	l.primeEnds(docs, in)
	for _, d := range docs {
		l.Links.Prime(d, out[d])
		l.Backlinks.Prime(d, in[d])
	}
	return nil
}

// loadNow runs fetch for docs at once, without the loader's batch wait,
// and primes loader with every list, so the field resolvers that follow
// find them without a statement. A page that knows all its documents (a
// list's lookahead) needs no batch window to gather them.
func loadNow(ctx context.Context, loader *dataloadgen.Loader[*document.Doc, []linkgraph.Edge], fetch linksFetch, docs []*document.Doc) error {
	m, err := fetch(ctx, docs)
	if err != nil {
		return err
	}
	for _, d := range docs {
		loader.Prime(d, m[d])
	}
	return nil
}

// primeDoc records d, read with the actor's access level (d.Access), in
// the Document loader, so a later load of it by id costs no statement.
func (l *Loaders) primeDoc(d *document.Doc) {
	l.Document.Prime(d.ID, d)
}

type loadersKey struct{}

func withLoaders(ctx context.Context, l *Loaders) context.Context {
	return context.WithValue(ctx, loadersKey{}, l)
}

// lazyLoaders are an operation's loaders made on first use: a subscription
// lives as long as its socket, and most (inboxCounts) never load anything.
type lazyLoaders struct {
	once sync.Once
	r    *Resolver
	l    *Loaders
}

// withLazyLoaders gives the operation in ctx loaders made on first use.
func withLazyLoaders(ctx context.Context, r *Resolver) context.Context {
	return context.WithValue(ctx, loadersKey{}, &lazyLoaders{r: r})
}

// loaders returns the operation's loaders.
func loaders(ctx context.Context) *Loaders {
	switch v := ctx.Value(loadersKey{}).(type) {
	case *Loaders:
		return v
	case *lazyLoaders:
		v.once.Do(func() { v.l = newLoaders(v.r) })
		return v.l
	}
	panic("graph: an operation without loaders")
}

// primeDocs records documents a list already read, so fields resolved on
// them reuse them instead of reading again.
func primeDocs(ctx context.Context, docs []*document.Doc) {
	l := loaders(ctx)
	for _, d := range docs {
		l.primeDoc(d)
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

// bodyOf returns d's body: the one it was read with, or else one loaded, in
// a batch, as of d's version. A body that cannot be had is an error, never an
// empty body.
func bodyOf(ctx context.Context, d *document.Doc) (*document.Body, error) {
	if d.Body != nil {
		return d.Body, nil
	}
	b, err := loaders(ctx).Body.Load(ctx, d)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return nil, fault.New(fault.NotFound, "The document is gone.")
	}
	return b, err
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
