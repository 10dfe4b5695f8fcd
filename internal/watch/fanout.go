package watch

// The fan-out: an outbox consumer telling watchers what happened to the
// pages they watch (docs/design.md, "Watches").

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/inbox"
	"codna/internal/outbox"
)

// FanOutName is the fan-out's name in events.handled_by.
const FanOutName = "watch-fanout"

// TypeUpdated is the notification type of the fan-out.
const TypeUpdated = inbox.TypeWatchUpdated

// Window is how long a watch notification to one person about one page
// stands for every later event on it: inside it, later events add nothing
// (the "N times" is counted at read time from the activity log).
const Window = 10 * time.Minute

// window is the Window the fan-out applies: a benchmark of the worst case
// (every event notifies) sets it to 0.
var window = Window

// fanOutEvents are the events watchers hear of: a content or metadata
// change, a move or rename, trash, restore, a new page (to the watchers of
// its folder), a new thread (comment.created with first true) and a
// resolved thread.
var fanOutEvents = []string{
	"document.created", "document.updated", "document.moved", "document.renamed",
	"document.deleted", "document.restored", "comment.created", "thread.resolved",
	eventTransferred,
}

// eventTransferred tells of a page handed to a new owner: nobody is told
// (the new owner has their documents.transferred notification), but the
// new owner watches the page from then on.
const eventTransferred = "document.transferred"

// FanOutEvents are the event types the fan-out acts on (its lane gets no
// other: outbox.Lane.Events).
func FanOutEvents() []string { return slices.Clone(fanOutEvents) }

// commitEvery bounds how long one transaction of the fan-out runs before
// it commits and the next events go on in another: a notifying event (one
// statement writing a notification per watcher, ~25 ms for 1,000) is seen
// by its watchers without waiting for the rest of its batch.
const commitEvery = 25 * time.Millisecond

// FanOut is the outbox consumer that notifies watchers.
type FanOut struct {
	pool *pgxpool.Pool
	// afterCommit, when set (benchmarks), is called with each event once
	// the transaction that handled it committed.
	afterCommit func(outbox.Stored)
}

// FanOut returns the fan-out consumer over the service's pool.
func (s *Service) FanOut() *FanOut { return &FanOut{pool: s.pool} }

// HandleBatch (an outbox.BatchConsumer) handles the events of a batch in
// order, one INSERT…SELECT per event (WatchFanOut), in transactions that
// commit once they have run commitEvery (a burst of notifying saves is
// not held back by its own batch). A failure leaves the events committed
// before it done: redelivered, each of them adds nothing (the window, and
// AutoInTx's "a watch wins"), so the split the outbox falls back to is
// safe.
//
// Per event:
// the watchers of the page who can read it now (for a trashing: who could
// but for the trash; a quarantine leaves its owner only), are active
// people, are not the actor and were not told of the page within Window of
// the event get one watch.updated notification, whose payload names the
// page, the event, the actor and the automation that caused it, if one
// did. On document.transferred it tells nobody and makes the page's new
// owner watch it (source owner; a mute of theirs wins). On
// document.created it first makes the author (a person) watch the page
// (AutoInTx, source author): done here rather than in the document
// service's transaction so that the documents service does not depend on
// watches (this package reads documents) and a save stays as fast as it
// was. A comment.created that opens no thread is ignored. Computing from
// the current state and skipping within the window makes a redelivered
// event add nothing.
func (f *FanOut) HandleBatch(ctx context.Context, events []outbox.Stored) error {
	var todo []outbox.Stored
	for _, e := range events {
		if e.DocumentID == nil || !slices.Contains(fanOutEvents, e.Type) {
			continue
		}
		if e.Type == "comment.created" {
			var p struct {
				First bool `json:"first"`
			}
			if json.Unmarshal(e.Payload, &p) != nil || !p.First {
				continue
			}
		}
		todo = append(todo, e)
	}
	if len(todo) == 0 {
		return nil
	}
	for start := 0; start < len(todo); {
		done := start
		err := db.InTx(ctx, f.pool, func(tx db.DBTX) error {
			t0 := time.Now()
			for _, e := range todo[start:] {
				if err := fanOutOne(ctx, tx, e); err != nil {
					return err
				}
				done++
				if time.Since(t0) >= commitEvery {
					break
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if f.afterCommit != nil {
			for _, e := range todo[start:done] {
				f.afterCommit(e)
			}
		}
		start = done
	}
	return nil
}

// fanOutOne handles one event inside tx (see HandleBatch).
func fanOutOne(ctx context.Context, tx db.DBTX, e outbox.Stored) error {
	if e.Type == eventTransferred {
		owner, err := db.Q.DocumentGetOwner(ctx, tx, *e.DocumentID)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // purged meanwhile
		} else if err != nil {
			return err
		}
		return autoWatch(ctx, tx, owner, *e.DocumentID, SourceOwner)
	}
	if e.Type == "document.created" && e.ActorID != nil {
		if err := autoWatch(ctx, tx, *e.ActorID, *e.DocumentID, SourceAuthor); err != nil {
			return err
		}
	}
	_, err := db.Q.WatchFanOut(ctx, tx, db.WatchFanOutParams{
		Trashed: e.Type == "document.deleted", DocumentID: *e.DocumentID, EventType: e.Type,
		ActorID: e.ActorID, EventID: e.ID, EventAt: e.CreatedAt, Since: e.CreatedAt.Add(-window),
	})
	return err
}

// autoWatch makes user watch the page doc for an automatic source when they
// are an active person who can read it (an agent watches nothing).
func autoWatch(ctx context.Context, tx db.DBTX, user, doc uuid.UUID, source string) error {
	u, err := db.Q.UserGetByID(ctx, tx, user)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	if u.Kind != "person" || !u.IsActive {
		return nil
	}
	levels, err := document.Levels(ctx, tx, &auth.Actor{UserID: u.ID, Kind: auth.KindPerson}, []uuid.UUID{doc})
	if err != nil || !levels[doc].CanRead() {
		return err // purged, or handed over, meanwhile
	}
	_, err = AutoInTx(ctx, tx, u.ID, doc, source)
	return err
}
