// Package outbox writes outbox events and drains them to consumers.
//
// A service writes an event with WriteInTx in the transaction of the change the
// event describes, so the event exists exactly when the change does. A
// trigger on events (migration 000003_outbox_notify) sends one
// NOTIFY codna_events per inserting statement, folded by Postgres into one
// per transaction.
//
// A Worker delivers every event to every registered Consumer, each consumer
// in a lane of its own: it listens for codna_events on one dedicated
// connection, polls as a fallback, fans each new event out into one
// delivery per consumer (outbox_deliveries), and runs per consumer delivery
// loops that claim a batch of that consumer's deliveries with a lease
// (claimed_at / claimed_by, FOR UPDATE SKIP LOCKED), call the consumer within
// the time budget it stated at registration, and either remove the
// deliveries or schedule a retry with exponential backoff. Leases,
// attempts, backoff and parking are per (event, consumer), so a slow or
// failing consumer delays only its own lane. An event is marked processed
// (processed_at) once no delivery of it remains. Any number of workers, in
// one process or many, may drain one database.
//
// Delivery is at least once: a worker that dies mid-batch loses its lease and
// another worker runs the batch again, consumers included. Consumers must be
// idempotent and compute from the current state of the database, not from the
// event's payload alone, so redelivery and reordering are harmless.
package outbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"codna/internal/db"
)

// Channel is the Postgres notification channel that wakes the workers. The
// trigger of migration 000003_outbox_notify notifies it, with an empty
// payload, after every statement inserting into events.
const Channel = "codna_events"

// ErrInvalidEvent is returned (wrapped) by WriteInTx for an event without a Type
// or a SubjectType.
var ErrInvalidEvent = errors.New("outbox: invalid event")

// Event is an outbox event to write. Type (document.created, access.granted,
// …) and SubjectType (document, access, link, ingestion, …) are required; the
// ids are optional. DocumentID, ActorID and RevisionID reference documents,
// users and document_revisions, so they must name existing rows.
type Event struct {
	Type        string
	SubjectType string
	SubjectID   *uuid.UUID
	DocumentID  *uuid.UUID
	ActorID     *uuid.UUID
	RevisionID  *uuid.UUID
	// Payload is marshalled with encoding/json; nil (or anything that
	// marshals to null) is stored as {}. A json.RawMessage is stored as is.
	Payload any
}

// WriteInTx inserts e into the outbox through q, which should be the transaction
// of the change e describes (db.InTx's tx), and returns the new event's id, a
// UUIDv7. The insert wakes the workers when the transaction commits (one
// wake-up per transaction, however many events it writes); nothing is
// delivered if it rolls back. It checks no actor: the service writing the
// change decided it may be made, and says who made it (e.ActorID).
//
// Errors: ErrInvalidEvent (wrapped) when Type or SubjectType is empty, the
// encoding/json error when Payload cannot be marshalled, and the database's
// error (wrapped) when the insert fails — a foreign key naming a missing
// document, user or revision, or a failed transaction.
func WriteInTx(ctx context.Context, q db.DBTX, e Event) (uuid.UUID, error) {
	payload, err := e.check()
	if err != nil {
		return uuid.Nil, err
	}
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.Nil, fmt.Errorf("outbox: event id: %w", err)
	}
	err = db.Q.EventCreate(ctx, q, db.EventCreateParams{
		ID: id, EventType: e.Type, SubjectType: e.SubjectType, SubjectID: e.SubjectID,
		DocumentID: e.DocumentID, ActorID: e.ActorID, RevisionID: e.RevisionID, Payload: payload,
		AutomationID: AutomationFrom(ctx),
	})
	if err != nil {
		return uuid.Nil, fmt.Errorf("outbox: write %s event: %w", e.Type, err)
	}
	return id, nil
}

func (e Event) check() ([]byte, error) {
	if e.Type == "" || e.SubjectType == "" {
		return nil, fmt.Errorf("%w: type and subject type are required (type %q, subject type %q)", ErrInvalidEvent, e.Type, e.SubjectType)
	}
	if e.Payload == nil {
		return []byte("{}"), nil
	}
	raw, err := json.Marshal(e.Payload)
	if err != nil {
		return nil, fmt.Errorf("outbox: %s payload: %w", e.Type, err)
	}
	if bytes.Equal(raw, []byte("null")) {
		return []byte("{}"), nil
	}
	return raw, nil
}

// WriteManyInTx inserts events into the outbox through q in one statement, as
// WriteInTx does one by one (the same rules, ids, errors and wake-up; nothing is
// written if one of them is invalid), and returns their ids in order. No
// events: nothing is written.
func WriteManyInTx(ctx context.Context, q db.DBTX, events []Event) ([]uuid.UUID, error) {
	if len(events) == 0 {
		return nil, nil
	}
	p := db.EventCreateManyParams{
		Ids: make([]uuid.UUID, len(events)), EventTypes: make([]string, len(events)), SubjectTypes: make([]string, len(events)),
		SubjectIds: make([]uuid.UUID, len(events)), DocumentIds: make([]uuid.UUID, len(events)), ActorIds: make([]uuid.UUID, len(events)),
		RevisionIds: make([]uuid.UUID, len(events)), Payloads: make([]string, len(events)),
	}
	orNil := func(id *uuid.UUID) uuid.UUID {
		if id == nil {
			return uuid.Nil
		}
		return *id
	}
	for i, e := range events {
		payload, err := e.check()
		if err != nil {
			return nil, err
		}
		if p.Ids[i], err = uuid.NewV7(); err != nil {
			return nil, fmt.Errorf("outbox: event id: %w", err)
		}
		p.EventTypes[i], p.SubjectTypes[i], p.Payloads[i] = e.Type, e.SubjectType, string(payload)
		p.SubjectIds[i], p.DocumentIds[i], p.ActorIds[i], p.RevisionIds[i] = orNil(e.SubjectID), orNil(e.DocumentID), orNil(e.ActorID), orNil(e.RevisionID)
	}
	p.AutomationID = AutomationFrom(ctx)
	if err := db.Q.EventCreateMany(ctx, q, p); err != nil {
		return nil, fmt.Errorf("outbox: write %d events: %w", len(events), err)
	}
	return p.Ids, nil
}

type automationKey struct{}

// WithAutomation returns ctx acting for a proposal of the automation id:
// every event WriteInTx and WriteManyInTx write with it records the automation
// (events.automation_id), and the automation matcher runs no automation for
// such an event, so automations cannot trigger each other in a loop.
func WithAutomation(ctx context.Context, id uuid.UUID) context.Context {
	return context.WithValue(ctx, automationKey{}, id)
}

// AutomationFrom returns the automation ctx acts for (WithAutomation), or nil.
func AutomationFrom(ctx context.Context) *uuid.UUID {
	if id, ok := ctx.Value(automationKey{}).(uuid.UUID); ok {
		return &id
	}
	return nil
}

// Stored is an event as consumers see it.
type Stored struct {
	ID          uuid.UUID
	Type        string
	SubjectType string
	SubjectID   *uuid.UUID
	DocumentID  *uuid.UUID
	ActorID     *uuid.UUID
	RevisionID  *uuid.UUID
	// Payload is the JSON written with the event ({} when it had none).
	Payload   json.RawMessage
	CreatedAt time.Time
	// Attempts counts the earlier failed deliveries of this event to this
	// consumer (0 on the first delivery).
	Attempts int
}

// Consumer handles one event. It is called at least once per event (more
// often after failures, or when a worker dies mid-batch), possibly
// concurrently with other consumers and with itself on other events, in no
// set order relative to other consumers, and must be idempotent: compute
// from the current database state, not from the payload alone.
//
// Returning nil is a success: the consumer is not called again for this
// event once the success is recorded (at the end of the batch; a worker that
// dies before recording it leaves the event to be delivered again). An error
// or a panic is a failure: the event is retried for this consumer later
// with backoff; after Config.MaxAttempts counted failures the (event,
// consumer) pair is parked until management retries it. ctx ends when the
// worker stops, and at the call's time budget (Lane.Budget); a consumer
// should then return promptly. At a stop, an error it returns is not
// counted as a failure, and the delivery is given back to its lane. A
// consumer still running a second after its ctx ended is abandoned: it runs
// on, unused, and after its budget the pair is parked at once. Go cannot
// stop a goroutine, so a consumer must bound its own work on its input (as
// link extraction does, by staying linear in the body's size).
type Consumer func(ctx context.Context, e Stored) error

// BatchConsumer handles the events of a batch its lane claimed in one call,
// in (created_at, id) order, never empty. It has a Consumer's contract (at least once, idempotent, computing
// from current state) and should do the batch's work in one transaction of
// its own, set-based where it can, and collapse events about the same thing
// (N saves of one document need one pass over it). The call has one time
// budget (Lane.Budget) for the whole batch, and each event of a split batch
// (below) the same budget alone.
//
// Success counts for every event given. On a failure (an error, a panic, a
// time-out) the worker does not know which event caused it, so it falls
// back to calling the consumer once per event, with a one-event slice, and
// treats each call as a Consumer call: successes are kept, failures are
// retried with backoff, counted per event and parked at
// Config.MaxAttempts, so one bad event neither blocks nor loses the rest of
// its batch. (A batch that failed because the database does not answer is
// not split: each of its events is retried, uncounted.) A consumer must
// therefore accept a one-event batch, and leave no partial work behind when
// it fails (a transaction does that).
type BatchConsumer func(ctx context.Context, events []Stored) error
