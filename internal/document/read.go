package document

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hexops/gotextdiff"
	"github.com/hexops/gotextdiff/myers"
	"github.com/hexops/gotextdiff/span"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// GetMany reads the documents among ids that the actor can read, without
// their bodies (Bodies loads those), in one statement, keyed by id: live
// ones, and tombstones the actor owns. Ids the actor cannot read are simply
// absent.
func (s *Service) GetMany(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]*Doc, error) {
	v, ok, err := reader(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[uuid.UUID]*Doc, len(ids))
	if !ok || len(ids) == 0 {
		return out, nil
	}
	rows, err := db.Q.DocumentGetManyWithAccess(ctx, s.pool, db.DocumentGetManyWithAccessParams{ActorID: v.ID, ActorIsPerson: v.IsPerson, Ids: ids})
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if r.Level > 0 {
			out[r.ID] = FromHead(r)
		}
	}
	return out, nil
}

// Get reads one document, body included. Errors: NOT_FOUND when it does
// not exist or the actor cannot read it — the two are indistinguishable.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*Doc, error) {
	return s.GetTx(ctx, s.pool, id)
}

// GetTx reads one document inside the caller's transaction, as Get does.
func (s *Service) GetTx(ctx context.Context, tx db.DBTX, id uuid.UUID) (*Doc, error) {
	v, ok, err := reader(ctx)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errNotFound
	}
	r, err := db.Q.DocumentGetWithAccess(ctx, tx, db.DocumentGetWithAccessParams{ActorID: v.ID, ActorIsPerson: v.IsPerson, ID: id})
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && r.Level == 0) {
		return nil, errNotFound
	} else if err != nil {
		return nil, err
	}
	return fromRow(r.Document, r.Level), nil
}

// Bodies reads the bodies of docs (Docs this service returned, typically
// without their Body), each as of the version its Doc was read at, in one
// statement, keyed by Doc. A Doc the actor cannot read is absent, and so is
// one purged since it was read.
func (s *Service) Bodies(ctx context.Context, docs []*Doc) (map[*Doc]*Body, error) {
	_, ok, err := reader(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[*Doc]*Body, len(docs))
	if !ok {
		return out, nil
	}
	var without []*Doc // readable, read without their body
	p := db.DocumentRevisionListBodiesParams{DocumentIds: make([]uuid.UUID, 0, len(docs)), Versions: make([]int32, 0, len(docs))}
	for _, d := range docs {
		if d == nil || !d.Access.CanRead() {
			continue
		}
		if d.Body != nil {
			out[d] = d.Body
			continue
		}
		without = append(without, d)
		p.DocumentIds = append(p.DocumentIds, d.ID)
		p.Versions = append(p.Versions, int32(d.Version))
	}
	if len(without) == 0 {
		return out, nil
	}
	rows, err := db.Q.DocumentRevisionListBodies(ctx, s.pool, p)
	if err != nil {
		return nil, err
	}
	// Keyed by version too: one operation may hold a document at two
	// versions (a list read before a mutation returned the next one), and
	// each must get its own body.
	type at struct {
		id      uuid.UUID
		version int32
	}
	bodies := make(map[at]*Body, len(rows))
	for _, r := range rows {
		bodies[at{r.DocumentID, r.Version}] = &Body{Content: r.Content, FrontmatterExtra: decodeExtra(r.FrontmatterExtra)}
	}
	for _, d := range without {
		if b := bodies[at{d.ID, int32(d.Version)}]; b != nil {
			out[d] = b
		}
	}
	return out, nil
}

// GetByAddress reads the live document at an address. Errors:
// BAD_USER_INPUT for a malformed address; UNAUTHENTICATED for nobody;
// NOT_FOUND.
func (s *Service) GetByAddress(ctx context.Context, space Space, path, slug string) (*Doc, error) {
	v, ok, err := reader(ctx)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fault.New(fault.NotFound, "No document lives at that address.")
	}
	sp, err := ParseSpace("space", string(space))
	if err != nil {
		return nil, err
	}
	if path, err = NormalizePath(path); err != nil {
		return nil, err
	}
	if err := CheckSlug(slug); err != nil {
		return nil, err
	}
	notFound := fault.New(fault.NotFound, "No document lives at %s.", FormatAddress(sp, path, slug))
	r, err := db.Q.DocumentGetByAddressWithAccess(ctx, s.pool, db.DocumentGetByAddressWithAccessParams{
		ActorID: v.ID, ActorIsPerson: v.IsPerson, Space: dbSpace(sp), Path: path, Slug: slug,
	})
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && r.Level == 0) {
		return nil, notFound
	} else if err != nil {
		return nil, err
	}
	return fromRow(r.Document, r.Level), nil
}

// Order is how List sorts.
type Order int

// The orders List knows.
const (
	ByUpdated Order = iota // most recently changed first
	ByTitle                // by title, case-insensitively
)

// Filter narrows List. Zero fields do not filter.
type Filter struct {
	Space        *Space
	PathPrefix   *string // a folder: documents in it and beneath it
	Tags         []string
	Status       *Status
	UpdatedSince *time.Time // changed at or after
	// UpdatedBefore: changed before (an automation's codna.find).
	UpdatedBefore *time.Time
}

// Cursor is where a List page starts (exclusive): the last item of the
// previous page.
type Cursor struct {
	ID        uuid.UUID
	UpdatedAt time.Time // ByUpdated
	Title     string    // ByTitle: the lowercased title
}

// CursorOf returns the cursor just past d in order.
func CursorOf(d *Doc, o Order) Cursor {
	return Cursor{ID: d.ID, UpdatedAt: d.UpdatedAt, Title: strings.ToLower(d.Title)}
}

// List pages through the live documents the actor can read, in one
// statement. It returns at most limit documents and whether more follow.
// Management gets an empty list. Errors: UNAUTHENTICATED for nobody;
// BAD_USER_INPUT naming the filter field.
func (s *Service) List(ctx context.Context, f Filter, o Order, after *Cursor, limit int) ([]*Doc, bool, error) {
	actor, err := auth.RequireActor(ctx)
	if err != nil {
		return nil, false, err
	}
	v, ok := ViewerOf(actor)
	if !ok {
		return nil, false, nil
	}
	if f.Space != nil {
		sp, err := ParseSpace("space", string(*f.Space))
		if err != nil {
			return nil, false, err
		}
		f.Space = &sp
	}
	if f.PathPrefix != nil {
		p, err := NormalizePath(*f.PathPrefix)
		if err != nil {
			return nil, false, &fault.Error{Code: fault.BadInput, Field: "pathPrefix", Message: err.(*fault.Error).Message}
		}
		f.PathPrefix = &p
	}
	tags, err := NormalizeTags(f.Tags)
	if err != nil {
		return nil, false, err
	}
	switch o {
	case ByTitle:
		p := db.DocumentListByTitleParams{
			ActorID: v.ID, ActorIsPerson: v.IsPerson, Space: dbSpacePtr(f.Space), PathPrefix: f.PathPrefix, Tags: tags,
			Status: dbStatusPtr(f.Status), UpdatedSince: f.UpdatedSince, UpdatedBefore: f.UpdatedBefore, RowLimit: int32(limit + 1),
		}
		if after != nil {
			p.AfterID, p.AfterTitle = &after.ID, &after.Title
		}
		pg := newPage(limit)
		if err := db.Q.DocumentListByTitleEach(ctx, s.pool, p, func(r *db.DocumentListByTitleRow) { pg.add(Head(*r)) }); err != nil {
			return nil, false, err
		}
		out, more := pg.docs()
		return out, more, nil
	default:
		p := db.DocumentListByUpdatedParams{
			ActorID: v.ID, ActorIsPerson: v.IsPerson, Space: dbSpacePtr(f.Space), PathPrefix: f.PathPrefix, Tags: tags,
			Status: dbStatusPtr(f.Status), UpdatedSince: f.UpdatedSince, UpdatedBefore: f.UpdatedBefore, RowLimit: int32(limit + 1),
		}
		if after != nil {
			p.AfterID, p.AfterUpdated = &after.ID, &after.UpdatedAt
		}
		pg := newPage(limit)
		if err := db.Q.DocumentListByUpdatedEach(ctx, s.pool, p, func(r *db.DocumentListByUpdatedRow) { pg.add(Head(*r)) }); err != nil {
			return nil, false, err
		}
		out, more := pg.docs()
		return out, more, nil
	}
}

// page collects the Docs of a list's rows as they are read (the queries
// ask for limit+1 rows): the first limit of them, in one allocation rather
// than one per Doc, and whether there was another.
type page struct {
	held []Doc
	more bool
}

func newPage(limit int) *page { return &page{held: make([]Doc, 0, limit)} }

func (p *page) add(h Head) {
	if len(p.held) == cap(p.held) {
		p.more = true
		return
	}
	p.held = append(p.held, *FromHead(h))
}

func (p *page) docs() (out []*Doc, more bool) {
	out = make([]*Doc, len(p.held))
	for i := range p.held {
		out[i] = &p.held[i]
	}
	return out, p.more
}

// Trash pages through the actor's own tombstones, without their bodies,
// most recently deleted first, after the given (deletedAt, id).
func (s *Service) Trash(ctx context.Context, afterDeleted *time.Time, afterID *uuid.UUID, limit int) ([]*Doc, bool, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, false, err
	}
	rows, err := db.Q.DocumentListTrash(ctx, s.pool, db.DocumentListTrashParams{
		OwnerID: actor.UserID, AfterDeleted: afterDeleted, AfterID: afterID, RowLimit: int32(limit + 1),
	})
	if err != nil {
		return nil, false, err
	}
	more := len(rows) > limit
	if more {
		rows = rows[:limit]
	}
	out := make([]*Doc, len(rows))
	for i, r := range rows {
		out[i] = FromHead(Head{ID: r.ID, Space: r.Space, Path: r.Path, Slug: r.Slug, Title: r.Title, Tags: r.Tags, Status: r.Status,
			Version: r.Version, CreatedBy: r.CreatedBy, UpdatedBy: r.UpdatedBy, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
			DeletedAt: r.DeletedAt, PurgeAfter: r.PurgeAfter, QuarantinedAt: r.QuarantinedAt, Level: int32(Owner)})
	}
	return out, more, nil
}

// reader checks the actor in ctx before a read: nobody is
// UNAUTHENTICATED; management and the system actor read no document (ok
// false).
func reader(ctx context.Context) (v Viewer, ok bool, err error) {
	actor, err := auth.RequireActor(ctx)
	if err != nil {
		return Viewer{}, false, err
	}
	v, ok = ViewerOf(actor)
	return v, ok, nil
}

// readable guards the methods below: the actor must be one who reads
// documents, and d must have come from this service for them.
func readable(ctx context.Context, d *Doc) error {
	_, ok, err := reader(ctx)
	if err != nil {
		return err
	}
	if !ok || d == nil || !d.Access.CanRead() {
		return errNotFound
	}
	return nil
}

// Revisions pages through d's revisions, newest first, before the given
// version (nil: from the newest).
func (s *Service) Revisions(ctx context.Context, d *Doc, beforeVersion *int, limit int) ([]Revision, bool, error) {
	if err := readable(ctx, d); err != nil {
		return nil, false, err
	}
	var before *int32
	if beforeVersion != nil {
		b := int32(*beforeVersion)
		before = &b
	}
	rows, err := db.Q.DocumentRevisionList(ctx, s.pool, db.DocumentRevisionListParams{DocumentID: d.ID, BeforeVersion: before, RowLimit: int32(limit + 1)})
	if err != nil {
		return nil, false, err
	}
	more := len(rows) > limit
	if more {
		rows = rows[:limit]
	}
	out := make([]Revision, len(rows))
	for i, r := range rows {
		out[i] = RevisionFromRow(r)
	}
	return out, more, nil
}

// RevisionCounts counts the revisions of each document, in one statement.
func (s *Service) RevisionCounts(ctx context.Context, docs []*Doc) (map[uuid.UUID]int, error) {
	if _, _, err := reader(ctx); err != nil {
		return nil, err
	}
	ids := make([]uuid.UUID, 0, len(docs))
	for _, d := range docs {
		if readable(ctx, d) == nil {
			ids = append(ids, d.ID)
		}
	}
	out := make(map[uuid.UUID]int, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.Q.DocumentRevisionCount(ctx, s.pool, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.DocumentID] = int(r.Revisions)
	}
	return out, nil
}

// Revision reads one version of d; nil when d has no such version.
func (s *Service) Revision(ctx context.Context, d *Doc, version int) (*Revision, error) {
	if err := readable(ctx, d); err != nil {
		return nil, err
	}
	r, err := db.Q.DocumentRevisionGet(ctx, s.pool, db.DocumentRevisionGetParams{DocumentID: d.ID, Version: int32(version)})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	rev := RevisionFromRow(r)
	return &rev, nil
}

// Diff is a unified diff from one version of d to another, over each
// version's markdown source (frontmatter included, so title, tag and status
// changes show). Errors: NOT_FOUND naming from or to when a version does not
// exist.
func (s *Service) Diff(ctx context.Context, d *Doc, from, to int) (string, error) {
	if err := readable(ctx, d); err != nil {
		return "", err
	}
	rows, err := db.Q.DocumentRevisionGetPair(ctx, s.pool, db.DocumentRevisionGetPairParams{DocumentID: d.ID, FromVersion: int32(from), ToVersion: int32(to)})
	if err != nil {
		return "", err
	}
	src := map[int]string{}
	for _, r := range rows {
		md, err := Markdown(r.Title, nonNil(r.Tags), string(r.Status), decodeExtra(r.FrontmatterExtra), r.Content)
		if err != nil {
			return "", err
		}
		src[int(r.Version)] = md
	}
	for field, v := range map[string]int{"from": from, "to": to} {
		if _, ok := src[v]; !ok {
			return "", &fault.Error{Code: fault.NotFound, Field: field, Message: fmt.Sprintf("The document has no version %d.", v)}
		}
	}
	a, b := src[from], src[to]
	edits := myers.ComputeEdits(span.URIFromPath(d.Slug+".md"), a, b)
	return fmt.Sprint(gotextdiff.ToUnified(fmt.Sprintf("v%d/%s.md", from, d.Slug), fmt.Sprintf("v%d/%s.md", to, d.Slug), a, edits)), nil
}

// PathHistory lists the addresses d vacated, most recent first.
func (s *Service) PathHistory(ctx context.Context, d *Doc) ([]PastAddress, error) {
	if err := readable(ctx, d); err != nil {
		return nil, err
	}
	rows, err := db.Q.DocumentPathHistoryList(ctx, s.pool, d.ID)
	if err != nil {
		return nil, err
	}
	out := make([]PastAddress, len(rows))
	for i, r := range rows {
		out[i] = PastAddress{Space: spaceFromDB(r.Space), Path: r.Path, Slug: r.Slug, ValidFrom: r.ValidFrom, ValidTo: r.ValidTo, RevisionID: r.RevisionID}
	}
	return out, nil
}

// Markdown returns d's source: frontmatter and body, as export writes it.
// d must have its Body.
func (d *Doc) Markdown() (string, error) {
	return d.MarkdownWith(d.Body)
}

// MarkdownWith returns d's source with b as its body (b from Bodies, for a
// Doc read without one).
func (d *Doc) MarkdownWith(b *Body) (string, error) {
	return Markdown(d.Title, d.Tags, string(d.Status), b.FrontmatterExtra, b.Content)
}
