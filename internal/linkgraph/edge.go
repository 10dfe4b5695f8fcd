package linkgraph

// Edges as one actor reads them: a page's links (Outgoing), its backlinks
// (Incoming), both at once (Ends, EndTitles) and its file references
// (FileReferences), each read through the actor's permission in one
// statement.

import (
	"context"
	"time"

	"github.com/google/uuid"

	"codna/internal/db"
	"codna/internal/document"
)

// Edge is a link as one actor sees it. For a reader who cannot read the
// target, State is pending and TargetID nil: an edge must not reveal that a
// document exists at an address.
//
// Source and Target are its ends as the actor sees them, without their
// bodies, when the read that made the edge knows them: Outgoing, Incoming
// and Decisions set both (Target nil where the actor cannot read it or
// there is none). Edges from other reads leave them nil.
type Edge struct {
	ID              uuid.UUID
	SourceID        uuid.UUID
	TargetID        *uuid.UUID
	Href            string
	ResolvedAddress string
	Text            string
	Count           int
	State           State
	KeptAt          *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
	Source          *document.Doc
	Target          *document.Doc
}

func edgeOf(l db.DocumentLink, targetReadable bool) Edge {
	e := Edge{
		ID: l.ID, SourceID: l.SourceID, TargetID: l.TargetID, Href: l.HrefAsWritten, ResolvedAddress: deref(l.ResolvedAddress),
		Text: deref(l.LinkText), Count: int(l.OccurrenceCount), State: stateFromDB(l.State), KeptAt: l.KeptAt, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt,
	}
	if !targetReadable {
		e.TargetID, e.State, e.KeptAt = nil, Pending, nil
	}
	return e
}

// readableByID keys the docs the actor can read by id, the first Doc of an
// id kept, and lists those ids in order.
func readableByID(docs []*document.Doc) (map[uuid.UUID]*document.Doc, []uuid.UUID) {
	byID := make(map[uuid.UUID]*document.Doc, len(docs))
	ids := make([]uuid.UUID, 0, len(docs))
	for _, d := range docs {
		if d != nil && d.Access.CanRead() && byID[d.ID] == nil {
			byID[d.ID] = d
			ids = append(ids, d.ID)
		}
	}
	return byID, ids
}

// sameDocs says whether a and b are the same list (the same elements of
// one array), whose readable documents need reading out once.
func sameDocs(a, b []*document.Doc) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// Outgoing returns the edges of each source, in one statement, each with
// its Source and, where the actor can read it, its Target (read in the same
// statement, without its body). sources are Docs this actor got from the
// document service; those they cannot read are skipped (a readable
// document's body, and so its hrefs, are the actor's to see). Targets they
// cannot read show as pending.
func (s *Service) Outgoing(ctx context.Context, sources []*document.Doc) (map[*document.Doc][]Edge, error) {
	out, _, err := s.Ends(ctx, sources, nil)
	return out, err
}

// Incoming returns the edges into each target whose live source the actor
// can read, in one statement, each with its Target and its Source (read in
// the same statement, without its body); the others are not named at all.
// targets are Docs this actor got from the document service; those they
// cannot read are skipped.
func (s *Service) Incoming(ctx context.Context, targets []*document.Doc) (map[*document.Doc][]Edge, error) {
	_, in, err := s.Ends(ctx, nil, targets)
	return in, err
}

// Ends is Outgoing for sources and Incoming for targets in one statement
// (a page that shows both its links and its backlinks reads them at once).
// A far end read by both halves is one Doc.
func (s *Service) Ends(ctx context.Context, sources, targets []*document.Doc) (out, in map[*document.Doc][]Edge, err error) {
	return s.ends(ctx, sources, targets, false)
}

// EndTitles is Ends reading no more than a page that asks each link's id
// and state and its far end's id and title needs: each Edge holds its ID,
// SourceID, TargetID, State and ends, and each far-end Doc only its ID,
// Title and Access (every other field zero). Such a Doc is no document to
// cache or hand on: the caller reads those three fields of it and nothing
// else.
func (s *Service) EndTitles(ctx context.Context, sources, targets []*document.Doc) (out, in map[*document.Doc][]Edge, err error) {
	return s.ends(ctx, sources, targets, true)
}

func (s *Service) ends(ctx context.Context, sources, targets []*document.Doc, titles bool) (out, in map[*document.Doc][]Edge, err error) {
	v, ok, err := viewer(ctx)
	if err != nil {
		return nil, nil, err
	}
	out, in = make(map[*document.Doc][]Edge, len(sources)), make(map[*document.Doc][]Edge, len(targets))
	if !ok {
		return out, in, nil
	}
	bySource, sourceIDs := readableByID(sources)
	byTarget, targetIDs := bySource, sourceIDs
	if !sameDocs(sources, targets) { // the documents page asks both of the same list
		byTarget, targetIDs = readableByID(targets)
	}
	if len(sourceIDs)+len(targetIDs) == 0 {
		return out, in, nil
	}
	// The statement's rows go straight into edges (one Row at a time), in
	// the order it returns them: the outgoing by source, then the incoming
	// by target.
	n := len(sourceIDs) + len(targetIDs)
	edges := make([]Edge, 0, 3*n)
	// One Doc per far end, however many edges reach it; sized for more far
	// ends than near ones (a page links out more than once), so that the
	// map is not rebuilt while it fills.
	far := make(map[uuid.UUID]*document.Doc, 2*n)
	heads := newDocs(n)
	farDoc := func(r *db.DocumentLinkListEndsRow) *document.Doc {
		d := far[r.FarID]
		if d == nil {
			d = heads.of(document.Head{
				ID: r.FarID, Space: r.FarSpace, Path: r.FarPath, Slug: r.FarSlug, Title: r.FarTitle,
				Tags: r.FarTags, Status: r.FarStatus, Version: r.FarVersion, CreatedBy: r.FarCreatedBy,
				UpdatedBy: r.FarUpdatedBy, CreatedAt: r.FarCreatedAt, UpdatedAt: r.FarUpdatedAt,
				DeletedAt: r.FarDeletedAt, PurgeAfter: r.FarPurgeAfter, QuarantinedAt: r.FarQuarantinedAt, Level: r.FarLevel,
			})
			far[r.FarID] = d
		}
		return d
	}
	firstIncoming := -1
	add := func(r *db.DocumentLinkListEndsRow) {
		e := Edge{
			ID: r.ID, SourceID: r.SourceID, Href: r.HrefAsWritten, ResolvedAddress: r.ResolvedAddress, Text: r.LinkText,
			Count: int(r.OccurrenceCount), State: Pending, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
		}
		switch {
		case r.Outgoing:
			e.Source = bySource[r.SourceID]
			if r.FarLevel > 0 { // else none, or one the actor cannot read: pending, naming nothing
				t := farDoc(r)
				e.Target, e.TargetID, e.State, e.KeptAt = t, &t.ID, stateFromDB(r.State), r.KeptAt
			}
		default:
			if firstIncoming < 0 {
				firstIncoming = len(edges)
			}
			t := byTarget[r.TargetID]
			e.Source, e.Target, e.TargetID, e.State, e.KeptAt = farDoc(r), t, &t.ID, stateFromDB(r.State), r.KeptAt
		}
		edges = append(edges, e)
	}
	params := db.DocumentLinkListEndsParams{ActorID: v.ID, ActorIsPerson: v.IsPerson, SourceIds: sourceIDs, TargetIds: targetIDs}
	if titles {
		// The narrow row fills the wide one's columns it has; the others
		// stay zero, which add copies into nothing a caller reads.
		var wide db.DocumentLinkListEndsRow
		err = db.Q.DocumentLinkListEndTitlesEach(ctx, s.pool, db.DocumentLinkListEndTitlesParams(params), func(r *db.DocumentLinkListEndTitlesRow) {
			wide.Outgoing, wide.ID, wide.SourceID, wide.TargetID, wide.State = r.Outgoing, r.ID, r.SourceID, r.TargetID, r.State
			wide.FarID, wide.FarTitle, wide.FarLevel = r.FarID, r.FarTitle, r.FarLevel
			add(&wide)
		})
	} else {
		err = db.Q.DocumentLinkListEndsEach(ctx, s.pool, params, add)
	}
	if err != nil {
		return nil, nil, err
	}
	if firstIncoming < 0 {
		firstIncoming = len(edges)
	}
	// Each end's edges are one run of edges.
	groupRuns(out, edges[:firstIncoming], func(e *Edge) *document.Doc { return e.Source })
	groupRuns(in, edges[firstIncoming:], func(e *Edge) *document.Doc { return e.Target })
	return out, in, nil
}

// groupRuns keys edges by end(edge) into out, where the edges of each end
// are one run (the order a query returned them in). Each end's list is a
// slice of edges capped at its run, so appending to one cannot overwrite
// the next.
func groupRuns(out map[*document.Doc][]Edge, edges []Edge, end func(*Edge) *document.Doc) {
	for start := 0; start < len(edges); {
		d := end(&edges[start])
		stop := start + 1
		for stop < len(edges) && end(&edges[stop]) == d {
			stop++
		}
		if run := edges[start:stop:stop]; out[d] == nil {
			out[d] = run
		} else { // an end seen in an earlier run: not in the queries' order, but still its edges
			out[d] = append(out[d], run...)
		}
		start = stop
	}
}

// docs hands out the Docs of one read from allocations of many, the first
// sized for n, rather than one allocation per Doc.
type docs struct{ free []document.Doc }

func newDocs(n int) *docs { return &docs{free: make([]document.Doc, 0, n)} }

// of is document.FromHead(h), placed in the read's allocation; when that is
// full (a page's far ends are often more than its documents), in a new one
// of half its size (a Doc is never moved once handed out).
func (ds *docs) of(h document.Head) *document.Doc {
	if len(ds.free) == cap(ds.free) {
		ds.free = make([]document.Doc, 0, max(cap(ds.free)/2, 16))
	}
	ds.free = append(ds.free, *document.FromHead(h))
	return &ds.free[len(ds.free)-1]
}

// FileReference is a reference in a page's body to a file of a page
// ("<slug>.files/<name>", docs/design.md#file-references) as one actor sees
// it. For a reader who cannot read the page the file belongs to, State is
// pending and TargetID nil, as for an Edge.
type FileReference struct {
	ID       uuid.UUID
	SourceID uuid.UUID
	// TargetID is the page the file belongs to.
	TargetID *uuid.UUID
	// Href is the destination as written; Name the file's name in it.
	Href, Name string
	Count      int
	State      State
	KeptAt     *time.Time
}

// FileReferences returns the file references out of each source, in one
// statement, by href. sources are Docs this actor got from the document
// service; those they cannot read are skipped. Every readable source gets
// a list (empty when its body names no file).
func (s *Service) FileReferences(ctx context.Context, sources []*document.Doc) (map[*document.Doc][]FileReference, error) {
	v, ok, err := viewer(ctx)
	if err != nil || !ok {
		return nil, err
	}
	byID, ids := readableByID(sources)
	out := make(map[*document.Doc][]FileReference, len(ids))
	for _, d := range sources {
		if d != nil && d.Access.CanRead() {
			out[d] = []FileReference{}
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.Q.AttachmentRefListForSources(ctx, s.pool, db.AttachmentRefListForSourcesParams{
		ActorID: v.ID, ActorIsPerson: v.IsPerson, SourceIds: ids,
	})
	if err != nil {
		return nil, err
	}
	refs := make(map[uuid.UUID][]FileReference, len(ids))
	for _, row := range rows {
		r := row.AttachmentRef
		f := FileReference{
			ID: r.ID, SourceID: r.SourceID, TargetID: r.TargetID, Href: r.HrefAsWritten, Name: r.Name,
			Count: int(r.OccurrenceCount), State: stateFromDB(r.State), KeptAt: r.KeptAt,
		}
		if !row.TargetReadable {
			f.TargetID, f.State, f.KeptAt = nil, Pending, nil
		}
		refs[r.SourceID] = append(refs[r.SourceID], f)
	}
	for _, d := range sources {
		if d != nil && byID[d.ID] != nil && len(refs[d.ID]) > 0 {
			out[d] = refs[d.ID]
		}
	}
	return out, nil
}
