package manage

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// ParkedEvent is an outbox event parked for one consumer (docs/operations.md,
// "Parked events"), as management sees it: ids, the event's type, counts and
// the class of the failure — never its payload, its error text or anything
// of the document it concerns.
type ParkedEvent struct {
	EventID     uuid.UUID
	Consumer    string
	EventType   string // like document.updated
	SubjectType string // document, access, link, …
	Attempts    int    // failed attempts of the consumer when it was parked
	ErrorClass  string // timeout, panic or error
	ParkedAt    time.Time
}

// MaxParkedPage bounds one ListParkedEvents call.
const MaxParkedPage = 500

// ListParkedEvents returns up to limit parked (event, consumer) pairs, the
// most recently parked first. Errors: BAD_USER_INPUT on first when limit is
// outside 1..MaxParkedPage.
func (s *Service) ListParkedEvents(ctx context.Context, limit int) ([]ParkedEvent, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, err
	}
	if limit < 1 || limit > MaxParkedPage {
		return nil, fault.Input("first", "Ask for 1 to %d parked events.", MaxParkedPage)
	}
	rows, err := db.Q.OutboxParkedList(ctx, s.pool, db.OutboxParkedListParams{Lim: int32(limit)})
	if err != nil {
		return nil, err
	}
	out := make([]ParkedEvent, len(rows))
	for i, r := range rows {
		out[i] = ParkedEvent{EventID: r.EventID, Consumer: r.Consumer, EventType: r.EventType, SubjectType: r.SubjectType,
			Attempts: int(r.Attempts), ErrorClass: r.ErrorClass, ParkedAt: r.ParkedAt}
	}
	return out, nil
}

// RetryParkedEvent unparks an event for one consumer and puts it back in the
// queue: the outbox workers deliver it to that consumer again (at once, and
// with its failure count reset), and park it again if it keeps failing. The
// change is audited as outbox.retry. Errors: BAD_USER_INPUT on consumer when
// it is empty; NOT_FOUND when that event is not parked for that consumer.
func (s *Service) RetryParkedEvent(ctx context.Context, eventID uuid.UUID, consumer string) (ParkedEvent, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return ParkedEvent{}, err
	}
	consumer = strings.TrimSpace(consumer)
	if consumer == "" || len(consumer) > 200 {
		return ParkedEvent{}, fault.Input("consumer", "Name the consumer the event is parked for.")
	}
	var out ParkedEvent
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		r, err := db.Q.OutboxParkedDelete(ctx, tx, db.OutboxParkedDeleteParams{EventID: eventID, Consumer: consumer})
		if errors.Is(err, pgx.ErrNoRows) {
			return fault.New(fault.NotFound, "That event is not parked for that consumer.")
		} else if err != nil {
			return err
		}
		out = ParkedEvent{EventID: r.EventID, Consumer: r.Consumer, EventType: r.EventType, SubjectType: r.SubjectType, Attempts: int(r.Attempts),
			ErrorClass: r.ErrorClass, ParkedAt: r.ParkedAt}
		if err := db.Q.EventRequeue(ctx, tx, db.EventRequeueParams{EventID: eventID, Consumer: consumer}); err != nil {
			return err
		}
		if err := db.Q.EventWake(ctx, tx); err != nil {
			return err
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "outbox.retry", Details: map[string]any{
			"event_id": r.EventID, "consumer": r.Consumer, "event_type": r.EventType, "attempts": r.Attempts, "error_class": r.ErrorClass,
		}})
	})
	return out, err
}
