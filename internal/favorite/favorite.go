// Package favorite keeps each person's favourites (starred pages, in their
// own order) and the pages they viewed recently (docs/design.md,
// "Favourites and recently viewed"). Both are a person's: agents and
// management are refused a star and have empty lists. Every list is read
// in one statement filtered by the read rule, so a page its person can no
// longer read drops out of the list while its row is kept, and comes back
// when access does. A page's rows go with it when it is purged.
package favorite

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// MaxFavorites is how many pages one person may star.
const MaxFavorites = 500

// Service owns the favorites and document_views tables.
type Service struct {
	pool *pgxpool.Pool
	log  *slog.Logger
	now  func() time.Time // the clock of views; tests move it

	mu       sync.Mutex
	views    map[viewKey]viewTally // recorded since the last flush
	recorded map[viewKey]time.Time // when each (person, page) was last recorded: the throttle
}

// New returns a Service over pool. log may be nil (slog.Default).
func New(pool *pgxpool.Pool, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	return &Service{pool: pool, log: log, now: time.Now, views: map[viewKey]viewTally{}, recorded: map[viewKey]time.Time{}}
}

var (
	errNotFound = fault.New(fault.NotFound, "No document has that id.")
	errTooMany  = fault.Input("documentId", "You have starred %d pages, the most one person may. Unstar one first.", MaxFavorites)
)

const whyPeople = "Only people star pages: favourites are a person's own list."

// person returns the acting person, or ok false for an agent or
// management (whose lists are empty). Nobody is UNAUTHENTICATED.
func person(ctx context.Context) (*auth.Actor, bool, error) {
	a, err := auth.RequireActor(ctx)
	if err != nil {
		return nil, false, err
	}
	return a, a.Kind == auth.KindPerson, nil
}

// Star adds the document to the acting person's favourites, at the end
// (starring a starred page changes nothing). Errors: UNAUTHENTICATED;
// FORBIDDEN for an agent or management; NOT_FOUND when the document does
// not exist or the person cannot read it; BAD_USER_INPUT past
// MaxFavorites.
func (s *Service) Star(ctx context.Context, documentID uuid.UUID) error {
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
			return errNotFound
		}
		n, err := db.Q.FavoriteCount(ctx, tx, a.UserID)
		if err != nil {
			return err
		}
		if n >= MaxFavorites {
			return errTooMany
		}
		_, err = db.Q.FavoriteAdd(ctx, tx, db.FavoriteAddParams{UserID: a.UserID, DocumentID: documentID})
		return fault.FromPG(err)
	})
}

// Unstar removes the document from the acting person's favourites; a page
// not starred is not an error. It needs no read access: a person may drop
// a favourite they can no longer read. Errors: UNAUTHENTICATED; FORBIDDEN
// for an agent or management.
func (s *Service) Unstar(ctx context.Context, documentID uuid.UUID) error {
	a, err := auth.RequirePerson(ctx, whyPeople)
	if err != nil {
		return err
	}
	_, err = db.Q.FavoriteRemove(ctx, s.pool, db.FavoriteRemoveParams{UserID: a.UserID, DocumentID: documentID})
	return err
}

// Move puts the starred document just before the starred document before
// in the acting person's favourites, or last when before is nil. Errors:
// UNAUTHENTICATED; FORBIDDEN for an agent or management; NOT_FOUND when
// either is not among the person's favourites; BAD_USER_INPUT when before
// is the document itself.
func (s *Service) Move(ctx context.Context, documentID uuid.UUID, before *uuid.UUID) error {
	a, err := auth.RequirePerson(ctx, whyPeople)
	if err != nil {
		return err
	}
	if before != nil && *before == documentID {
		return fault.Input("before", "A page cannot move before itself.")
	}
	return db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		order, err := db.Q.FavoriteLockOrder(ctx, tx, a.UserID)
		if err != nil {
			return err
		}
		i := slices.Index(order, documentID)
		if i < 0 {
			return fault.New(fault.NotFound, "That page is not among your favourites.")
		}
		order = slices.Delete(order, i, i+1)
		at := len(order)
		if before != nil {
			if at = slices.Index(order, *before); at < 0 {
				return fault.New(fault.NotFound, "The page to move before is not among your favourites.")
			}
		}
		order = slices.Insert(order, at, documentID)
		return db.Q.FavoriteSetPositions(ctx, tx, db.FavoriteSetPositionsParams{UserID: a.UserID, DocumentIds: order})
	})
}

// List returns the acting person's favourites they can read now, live
// ones only, without bodies, in their order: one statement. An agent's
// and management's are empty. Errors: UNAUTHENTICATED.
func (s *Service) List(ctx context.Context) ([]*document.Doc, error) {
	a, ok, err := person(ctx)
	if err != nil || !ok {
		return []*document.Doc{}, err
	}
	rows, err := db.Q.FavoriteListReadable(ctx, s.pool, db.FavoriteListReadableParams{UserID: a.UserID, RowLimit: MaxFavorites})
	if err != nil {
		return nil, err
	}
	out := make([]*document.Doc, 0, len(rows))
	for _, r := range rows {
		out = append(out, document.FromHead(document.Head(r)))
	}
	return out, nil
}

// Starred answers, in one statement, which of docs the acting person has
// starred (Document.starred of a list). An agent and management have
// starred nothing. Errors: UNAUTHENTICATED.
func (s *Service) Starred(ctx context.Context, docs []*document.Doc) (map[*document.Doc]bool, error) {
	out := make(map[*document.Doc]bool, len(docs))
	a, ok, err := person(ctx)
	if err != nil {
		return nil, err
	}
	for _, d := range docs {
		out[d] = false
	}
	if !ok || len(docs) == 0 {
		return out, nil
	}
	ids := make([]uuid.UUID, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	starred, err := db.Q.FavoriteListStarred(ctx, s.pool, db.FavoriteListStarredParams{UserID: a.UserID, DocumentIds: ids})
	if err != nil {
		return nil, err
	}
	for _, d := range docs {
		out[d] = slices.Contains(starred, d.ID)
	}
	return out, nil
}
