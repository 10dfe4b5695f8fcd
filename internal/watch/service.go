package watch

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// SourceManual is the source of a watch a person made by hand.
const SourceManual = "manual"

// MaxListed is how many watches the list of one person returns at most.
const MaxListed = 1000

// Watch is one of a person's watches: of a page (DocumentID) or of a folder
// (Space and Path, "" for the whole space).
type Watch struct {
	ID         uuid.UUID
	DocumentID *uuid.UUID
	Space      *document.Space
	Path       *string
	Source     string
	CreatedAt  time.Time
}

// State is what a page shows of its watches: whether the acting person
// watches it, and how many active people watch it and can read it now.
type State struct {
	Watching bool
	Watchers int
}

// Service owns the watches table's manual side (AutoInTx is the automatic
// one) and the fan-out consumer (consumer.go).
type Service struct{ pool *pgxpool.Pool }

// New returns a Service over pool.
func New(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

var errNotFound = fault.New(fault.NotFound, "No document has that id.")

const whyPeople = "Only people watch pages: watches are a person's own."

func watchFromRow(r db.Watch) *Watch {
	w := &Watch{ID: r.ID, DocumentID: r.DocumentID, Path: r.Path, Source: r.Source, CreatedAt: r.CreatedAt}
	if r.Space != nil {
		sp := document.Space(*r.Space)
		w.Space = &sp
	}
	return w
}

// WatchDocument makes the acting person watch a page they can read (a mute
// is lifted; an automatic watch stays, with its source) and returns the
// watch. Errors: UNAUTHENTICATED; FORBIDDEN for an agent or management;
// NOT_FOUND when the page does not exist or the person cannot read it.
func (s *Service) WatchDocument(ctx context.Context, documentID uuid.UUID) (*Watch, error) {
	a, err := auth.RequirePerson(ctx, whyPeople)
	if err != nil {
		return nil, err
	}
	var out *Watch
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		levels, err := document.Levels(ctx, tx, a, []uuid.UUID{documentID})
		if err != nil {
			return err
		}
		if !levels[documentID].CanRead() {
			return errNotFound
		}
		row, err := db.Q.WatchDocumentManual(ctx, tx, db.WatchDocumentManualParams{
			ID: uuid.Must(uuid.NewV7()), UserID: a.UserID, DocumentID: &documentID,
		})
		if err != nil {
			return fault.FromPG(err)
		}
		out = watchFromRow(row)
		return nil
	})
	return out, err
}

// UnwatchDocument makes the acting person stop watching a page: the watch
// stays as a mute, so neither an automatic source (authoring, commenting,
// a mention) nor a watch of its folder brings it back; only WatchDocument
// does. A page they can no longer read has its existing watch muted and
// nothing else (no error: an unreadable page is not told apart from a
// missing one). Errors: UNAUTHENTICATED; FORBIDDEN for an agent or
// management.
func (s *Service) UnwatchDocument(ctx context.Context, documentID uuid.UUID) error {
	a, err := auth.RequirePerson(ctx, whyPeople)
	if err != nil {
		return err
	}
	return db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		levels, err := document.Levels(ctx, tx, a, []uuid.UUID{documentID})
		if err != nil {
			return err
		}
		if !levels[documentID].CanRead() {
			_, err := db.Q.WatchMuteExisting(ctx, tx, db.WatchMuteExistingParams{UserID: a.UserID, DocumentID: &documentID})
			return err
		}
		_, err = db.Q.WatchDocumentMute(ctx, tx, db.WatchDocumentMuteParams{
			ID: uuid.Must(uuid.NewV7()), UserID: a.UserID, DocumentID: &documentID,
		})
		return fault.FromPG(err)
	})
}

func parseFolder(space, path string) (db.Space, string, error) {
	sp, err := document.ParseSpace("space", space)
	if err != nil {
		return "", "", err
	}
	p, err := document.NormalizePath(path)
	if err != nil {
		return "", "", err
	}
	return db.Space(sp), p, nil
}

// WatchFolder makes the acting person watch a folder: every page in space
// whose path is path or below it ("" is the whole space), now and later,
// that they can read when something happens to it. A page they muted
// (UnwatchDocument) stays muted. Watching a watched folder changes nothing.
// Errors: UNAUTHENTICATED; FORBIDDEN for an agent or management;
// BAD_USER_INPUT on space or path.
func (s *Service) WatchFolder(ctx context.Context, space, path string) (*Watch, error) {
	a, err := auth.RequirePerson(ctx, whyPeople)
	if err != nil {
		return nil, err
	}
	sp, p, err := parseFolder(space, path)
	if err != nil {
		return nil, err
	}
	row, err := db.Q.WatchFolderAdd(ctx, s.pool, db.WatchFolderAddParams{
		ID: uuid.Must(uuid.NewV7()), UserID: a.UserID, Space: &sp, Path: &p,
	})
	if err != nil {
		return nil, fault.FromPG(err)
	}
	return watchFromRow(row), nil
}

// UnwatchFolder ends the acting person's watch of a folder (one not watched
// is no error). Errors: UNAUTHENTICATED; FORBIDDEN for an agent or
// management; BAD_USER_INPUT on space or path.
func (s *Service) UnwatchFolder(ctx context.Context, space, path string) error {
	a, err := auth.RequirePerson(ctx, whyPeople)
	if err != nil {
		return err
	}
	sp, p, err := parseFolder(space, path)
	if err != nil {
		return err
	}
	_, err = db.Q.WatchFolderRemove(ctx, s.pool, db.WatchFolderRemoveParams{UserID: a.UserID, Space: &sp, Path: &p})
	return err
}

// List returns the acting person's watches, newest first, in one
// statement: their folder watches and their (unmuted) watches of live pages
// they can read now; a watched page they can no longer read is left out
// and comes back with access. At most MaxListed. An agent's and
// management's list is empty. Errors: UNAUTHENTICATED.
func (s *Service) List(ctx context.Context) ([]*Watch, error) {
	a, err := auth.RequireActor(ctx)
	if err != nil || a.Kind != auth.KindPerson {
		return []*Watch{}, err
	}
	rows, err := db.Q.WatchListReadable(ctx, s.pool, db.WatchListReadableParams{UserID: a.UserID, RowLimit: MaxListed})
	if err != nil {
		return nil, err
	}
	out := make([]*Watch, 0, len(rows))
	for _, r := range rows {
		out = append(out, watchFromRow(db.Watch{ID: r.ID, DocumentID: r.DocumentID, Space: r.Space, Path: r.Path, Source: r.Source, CreatedAt: r.CreatedAt}))
	}
	return out, nil
}

// States answers, in one statement for all of docs (Document.watching and
// Document.watcherCount of a list), whether the acting person watches each
// and how many active people watch it and can read it now. The caller has
// read docs through the read rule; an agent watches nothing, and
// management is answered zero states (it reads no page).
// Errors: UNAUTHENTICATED.
func (s *Service) States(ctx context.Context, docs []*document.Doc) (map[*document.Doc]State, error) {
	a, err := auth.RequireActor(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[*document.Doc]State, len(docs))
	if len(docs) == 0 || a.IsManagement() {
		return out, nil // management reads no page, so counts none
	}
	ids := make([]uuid.UUID, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	me := a.UserID
	if a.Kind != auth.KindPerson {
		me = uuid.Nil // watches are people's: nobody else watches
	}
	rows, err := db.Q.WatchStates(ctx, s.pool, db.WatchStatesParams{UserID: me, DocumentIds: ids})
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]State, len(rows))
	for _, r := range rows {
		byID[r.DocumentID] = State{Watching: r.Watching, Watchers: int(r.Watchers)}
	}
	for _, d := range docs {
		out[d] = byID[d.ID]
	}
	return out, nil
}
