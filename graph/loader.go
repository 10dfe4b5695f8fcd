package graph

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vikstrous/dataloadgen"

	"codna/internal/auth"
	"codna/internal/automation"
	"codna/internal/comment"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/files"
	"codna/internal/inbox"
	"codna/internal/linkgraph"
	"codna/internal/mention"
	pagewatch "codna/internal/watch"
)

// Loaders batch and cache, per operation, what resolvers read by id.
type Loaders struct {
	// Document reads documents with the actor's access level: one statement
	// per batch. It is the permission loader: a document the actor cannot
	// read is simply not found.
	Document lazyLoader[uuid.UUID, *document.Doc]
	// RevisionCount counts each document's revisions.
	RevisionCount lazyLoader[*document.Doc, int]
	// User reads users by id.
	User lazyLoader[uuid.UUID, auth.User]
	// Body reads the bodies of documents read without one (lists, link
	// ends, Document), as of the version each was read at.
	Body lazyLoader[*document.Doc, *document.Body]
	// Links reads each readable document's outgoing links; Backlinks the
	// links into it from readable sources. Both read the far end of each
	// link in the same statement and prime Document with it. Cause reads
	// the revision that last moved or deleted a target.
	Links     lazyLoader[*document.Doc, []linkgraph.Edge]
	Backlinks lazyLoader[*document.Doc, []linkgraph.Edge]
	Cause     lazyLoader[uuid.UUID, document.Revision]
	// Attachments reads the files of pages.
	Attachments lazyLoader[*document.Doc, []files.Attachment]
	// FileReferences reads each readable document's references to files.
	FileReferences lazyLoader[*document.Doc, []linkgraph.FileReference]
	// LastRun reads the latest run of each automation of a list.
	LastRun lazyLoader[*automation.Automation, *automation.Run]
	// Starred says whether the actor starred each document.
	Starred lazyLoader[*document.Doc, bool]
	// ThreadCounts counts each document's threads and open threads.
	ThreadCounts lazyLoader[*document.Doc, comment.Counts]
	// MentionView renders mention notifications for their reader: two
	// statements per batch.
	MentionView lazyLoader[*inbox.Notification, *mention.View]
	// Watch reads whether the actor watches each document and how many do.
	Watch lazyLoader[*document.Doc, pagewatch.State]
	// WatchEvents counts the changes each watch notification stands for.
	WatchEvents lazyLoader[*inbox.Notification, int]
	// NotificationDocuments pages the readable documents of batch
	// notifications: one statement per batch of pages.
	NotificationDocuments lazyLoader[inbox.DocumentPage, inbox.DocumentIDs]

	// r is the resolver whose services the loaders, and loadEndsNow, read
	// through.
	r *Resolver

	// titled holds, for each links or backlinks field of the operation
	// whose selection asks no more of a far end than its id and title, the
	// narrow edges (linkgraph's EndTitles) a page read for it. Only that
	// field's resolver reads them (titledEdges): their far ends are partial
	// Docs, never primed into Document, Links or Backlinks.
	titledMu sync.Mutex
	titled   map[*ast.Field]map[*document.Doc][]linkgraph.Edge
}

const loaderWait = time.Millisecond

func newLoaders(r *Resolver) *Loaders {
	l := &Loaders{r: r}
	l.Document.init(l, func(l *Loaders) *dataloadgen.Loader[uuid.UUID, *document.Doc] {
		return dataloadgen.NewMappedLoader(l.r.svc.Document.GetMany, loaderOptions...)
	})
	l.RevisionCount.init(l, func(l *Loaders) *dataloadgen.Loader[*document.Doc, int] {
		return dataloadgen.NewMappedLoader(func(ctx context.Context, docs []*document.Doc) (map[*document.Doc]int, error) {
			counts, err := l.r.svc.Document.RevisionCounts(ctx, docs)
			if err != nil {
				return nil, err
			}
			out := make(map[*document.Doc]int, len(docs))
			for _, d := range docs {
				out[d] = counts[d.ID]
			}
			return out, nil
		}, loaderOptions...)
	})
	l.User.init(l, func(l *Loaders) *dataloadgen.Loader[uuid.UUID, auth.User] {
		return dataloadgen.NewMappedLoader(l.r.svc.Auth.UsersByID, loaderOptions...)
	})
	l.Body.init(l, func(l *Loaders) *dataloadgen.Loader[*document.Doc, *document.Body] {
		return dataloadgen.NewMappedLoader(l.r.svc.Document.Bodies, loaderOptions...)
	})
	l.Links.init(l, func(l *Loaders) *dataloadgen.Loader[*document.Doc, []linkgraph.Edge] {
		return dataloadgen.NewMappedLoader(l.primingEnds(l.r.svc.Linkgraph.Outgoing), loaderOptions...)
	})
	l.Backlinks.init(l, func(l *Loaders) *dataloadgen.Loader[*document.Doc, []linkgraph.Edge] {
		return dataloadgen.NewMappedLoader(l.primingEnds(l.r.svc.Linkgraph.Incoming), loaderOptions...)
	})
	l.Cause.init(l, func(l *Loaders) *dataloadgen.Loader[uuid.UUID, document.Revision] {
		return dataloadgen.NewMappedLoader(l.r.svc.Linkgraph.Causes, loaderOptions...)
	})
	l.LastRun.init(l, func(l *Loaders) *dataloadgen.Loader[*automation.Automation, *automation.Run] {
		return dataloadgen.NewMappedLoader(l.r.svc.Automation.LastRuns, loaderOptions...)
	})
	l.Attachments.init(l, func(l *Loaders) *dataloadgen.Loader[*document.Doc, []files.Attachment] {
		return dataloadgen.NewMappedLoader(l.r.svc.Files.ForDocuments, loaderOptions...)
	})
	l.FileReferences.init(l, func(l *Loaders) *dataloadgen.Loader[*document.Doc, []linkgraph.FileReference] {
		return dataloadgen.NewMappedLoader(l.r.svc.Linkgraph.FileReferences, loaderOptions...)
	})
	l.Starred.init(l, func(l *Loaders) *dataloadgen.Loader[*document.Doc, bool] {
		return dataloadgen.NewMappedLoader(l.r.svc.Favorite.Starred, loaderOptions...)
	})
	l.ThreadCounts.init(l, func(l *Loaders) *dataloadgen.Loader[*document.Doc, comment.Counts] {
		return dataloadgen.NewMappedLoader(countsByDoc(l.r.svc.Comment), loaderOptions...)
	})
	l.MentionView.init(l, func(l *Loaders) *dataloadgen.Loader[*inbox.Notification, *mention.View] {
		return dataloadgen.NewMappedLoader(l.r.svc.Mention.Views, loaderOptions...)
	})
	l.Watch.init(l, func(l *Loaders) *dataloadgen.Loader[*document.Doc, pagewatch.State] {
		return dataloadgen.NewMappedLoader(l.r.svc.Watch.States, loaderOptions...)
	})
	l.WatchEvents.init(l, func(l *Loaders) *dataloadgen.Loader[*inbox.Notification, int] {
		return dataloadgen.NewMappedLoader(l.r.watchEvents, loaderOptions...)
	})
	l.NotificationDocuments.init(l, func(l *Loaders) *dataloadgen.Loader[inbox.DocumentPage, inbox.DocumentIDs] {
		return dataloadgen.NewMappedLoader(l.r.svc.Inbox.Documents, loaderOptions...)
	})
	return l
}

// loaderOptions are every loader's: a batch waits a millisecond for more
// keys, and takes at most 500.
var loaderOptions = []dataloadgen.Option{dataloadgen.WithWait(loaderWait), dataloadgen.WithBatchCapacity(500)}

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

// loadEndsNow is loadNow for the Links (links) and Backlinks (backlinks)
// of docs, read in one statement. When every field asking them
// (linkFields, backlinkFields) selects no more of a far end than
// titledEnds allows, it reads only that (EndTitles) and keeps the edges for
// those fields alone (titled); otherwise it reads the ends whole and primes
// the loaders.
func (l *Loaders) loadEndsNow(ctx context.Context, docs []*document.Doc, linkFields, backlinkFields []graphql.CollectedField) error {
	var sources, targets []*document.Doc
	if len(linkFields) > 0 {
		sources = docs
	}
	if len(backlinkFields) > 0 {
		targets = docs
	}
	oc := graphql.GetOperationContext(ctx)
	if titledEnds(oc, linkFields, "target") && titledEnds(oc, backlinkFields, "source") {
		out, in, err := l.r.svc.Linkgraph.EndTitles(ctx, sources, targets)
		if err != nil {
			return err
		}
		l.keepTitled(linkFields, docs, out)
		l.keepTitled(backlinkFields, docs, in)
		return nil
	}
	out, in, err := l.r.svc.Linkgraph.Ends(ctx, sources, targets)
	if err != nil {
		return err
	}
	for _, each := range []struct {
		fields []graphql.CollectedField
		loader *lazyLoader[*document.Doc, []linkgraph.Edge]
		m      map[*document.Doc][]linkgraph.Edge
	}{{linkFields, &l.Links, out}, {backlinkFields, &l.Backlinks, in}} {
		if len(each.fields) == 0 {
			continue
		}
		l.primeEnds(docs, each.m)
		for _, d := range docs {
			each.loader.Prime(d, each.m[d])
		}
	}
	return nil
}

// keepTitled records m, with an empty list for each of docs that has no
// edges, as what each of fields resolves to for those docs.
func (l *Loaders) keepTitled(fields []graphql.CollectedField, docs []*document.Doc, m map[*document.Doc][]linkgraph.Edge) {
	if len(fields) == 0 {
		return
	}
	for _, d := range docs {
		if m[d] == nil {
			m[d] = []linkgraph.Edge{}
		}
	}
	l.titledMu.Lock()
	defer l.titledMu.Unlock()
	if l.titled == nil {
		l.titled = map[*ast.Field]map[*document.Doc][]linkgraph.Edge{}
	}
	for _, f := range fields {
		if kept := l.titled[f.Field]; kept != nil { // another page under the same field
			for d, edges := range m {
				kept[d] = edges
			}
			continue
		}
		l.titled[f.Field] = m
	}
}

// titledEdges returns the narrow edges a page read for the field being
// resolved on d (keepTitled), if it read them.
func (l *Loaders) titledEdges(ctx context.Context, d *document.Doc) ([]linkgraph.Edge, bool) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil {
		return nil, false
	}
	l.titledMu.Lock()
	defer l.titledMu.Unlock()
	edges, ok := l.titled[fc.Field.Field][d]
	return edges, ok
}

// edgesOf is what a Document's links (or, incoming, backlinks) field
// resolves to: the narrow edges a page read for this very field, or else
// the Links (Backlinks) loader's.
func edgesOf(ctx context.Context, d *document.Doc, incoming bool) ([]linkgraph.Edge, error) {
	l := loaders(ctx)
	if edges, ok := l.titledEdges(ctx, d); ok {
		return edges, nil
	}
	if incoming {
		return l.Backlinks.Load(ctx, d)
	}
	return l.Links.Load(ctx, d)
}

// titledEnds reports whether each of fields (links or backlinks fields of a
// Document) selects of its DocumentLinks only their id, state and near end
// (the page's own document, whole), and of the far end (far: "target" or
// "source") only its id and title: all that EndTitles reads.
func titledEnds(oc *graphql.OperationContext, fields []graphql.CollectedField, far string) bool {
	for _, f := range fields {
		for _, c := range graphql.CollectFields(oc, f.Selections, []string{"DocumentLink"}) {
			switch c.Name {
			case "id", "state", "__typename":
			case far:
				for _, g := range graphql.CollectFields(oc, c.Selections, []string{"Document"}) {
					if g.Name != "id" && g.Name != "title" && g.Name != "__typename" {
						return false
					}
				}
			case "source", "target": // the near end
			default:
				return false
			}
		}
	}
	return true
}

// primeDoc records d, read with the actor's access level (d.Access), in
// the Document loader, so a later load of it by id costs no statement.
func (l *Loaders) primeDoc(d *document.Doc) {
	l.Document.PrimeLater(d.ID, d)
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
