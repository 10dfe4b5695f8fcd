package inbox

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// DocumentPage asks for one page of the documents a notification stands
// for (docs/design.md#batch-notifications): those after After (uuid.Nil
// for the first page), at most Limit.
type DocumentPage struct {
	NotificationID uuid.UUID
	After          uuid.UUID
	Limit          int
}

// DocumentIDs is one page of a notification's documents, by id, and
// whether more follow.
type DocumentIDs struct {
	IDs  []uuid.UUID
	More bool
}

// Documents answers each of pages in one statement: the documents each of
// the acting user's notifications stands for (every member of a batch, past
// payload.documents' cap too) that the user can read now, in id order. A
// document they cannot read is left out, never named; someone else's
// notification stands for nothing. Errors: UNAUTHENTICATED; BAD_USER_INPUT
// on "first" for a limit outside 1..MaxLimit.
func (s *Service) Documents(ctx context.Context, pages []DocumentPage) (map[DocumentPage]DocumentIDs, error) {
	a, err := requireActor(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[DocumentPage]DocumentIDs, len(pages))
	if len(pages) == 0 {
		return out, nil
	}
	// One row of the statement per (notification, cursor), for the largest
	// limit asked of it: each page takes its own prefix of the answer.
	type key = [2]uuid.UUID
	limits := map[key]int{}
	var keys []key
	for _, pg := range pages {
		if pg.Limit < 1 || pg.Limit > MaxLimit {
			return nil, fault.Input("first", "Ask for between 1 and %d documents.", MaxLimit)
		}
		k := key{pg.NotificationID, pg.After}
		if _, ok := limits[k]; !ok {
			keys = append(keys, k)
		}
		limits[k] = max(limits[k], pg.Limit)
	}
	p := db.NotificationDocumentListReadableParams{ReaderID: a.UserID, ReaderIsPerson: a.Kind == auth.KindPerson}
	for _, k := range keys {
		p.NotificationIds = append(p.NotificationIds, k[0])
		p.AfterIds = append(p.AfterIds, k[1])
		p.RowLimits = append(p.RowLimits, int32(limits[k]+1))
	}
	rows, err := db.Q.NotificationDocumentListReadable(ctx, s.pool, p)
	if err != nil {
		return nil, fmt.Errorf("notification documents: %w", err)
	}
	got := map[key][]uuid.UUID{}
	for _, r := range rows {
		k := key{r.NotificationID, r.AfterID}
		got[k] = append(got[k], r.DocumentID)
	}
	for _, pg := range pages {
		ids := got[key{pg.NotificationID, pg.After}]
		d := DocumentIDs{IDs: ids}
		if len(ids) > pg.Limit {
			d.IDs, d.More = ids[:pg.Limit:pg.Limit], true
		}
		out[pg] = d
	}
	return out, nil
}

// Get returns one of the acting user's notifications as they see it
// (present), or nil when they have none with that id: one statement (two
// for a link decision). Errors: UNAUTHENTICATED.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*Notification, error) {
	a, err := requireActor(ctx)
	if err != nil {
		return nil, err
	}
	row, err := db.Q.NotificationGet(ctx, s.pool, db.NotificationGetParams{ID: id, RecipientID: a.UserID})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("notification: %w", err)
	}
	return s.one(ctx, a.UserID, row)
}
