// Package outbox writes outbox events and drains them to consumers.
//
// A service writes an event with Write in the transaction of the change the
// event describes, so the event exists exactly when the change does. A
// trigger on events (migration 000003_outbox_notify) sends one
// NOTIFY codna_events per inserting statement, folded by Postgres into one
// per transaction.
//
// A Worker delivers every event to every registered Consumer: it listens for
// codna_events on one dedicated connection, polls as a fallback, claims a
// batch of events with a lease (claimed_at / claimed_by, FOR UPDATE SKIP
// LOCKED), runs every consumer not yet in the event's handled_by, and either
// marks the event processed or schedules a retry with exponential backoff.
// Any number of workers, in one process or many, may drain one database.
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

// ErrInvalidEvent is returned (wrapped) by Write for an event without a Type
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

// Write inserts e into the outbox through q, which should be the transaction
// of the change e describes (db.InTx's tx), and returns the new event's id, a
// UUIDv7. The insert wakes the workers when the transaction commits (one
// wake-up per transaction, however many events it writes); nothing is
// delivered if it rolls back.
//
// Errors: ErrInvalidEvent (wrapped) when Type or SubjectType is empty, the
// encoding/json error when Payload cannot be marshalled, and the database's
// error (wrapped) when the insert fails — a foreign key naming a missing
// document, user or revision, or a failed transaction.
func Write(ctx context.Context, q db.DBTX, e Event) (uuid.UUID, error) {
	if e.Type == "" || e.SubjectType == "" {
		return uuid.Nil, fmt.Errorf("%w: type and subject type are required (type %q, subject type %q)", ErrInvalidEvent, e.Type, e.SubjectType)
	}
	payload := []byte("{}")
	if e.Payload != nil {
		raw, err := json.Marshal(e.Payload)
		if err != nil {
			return uuid.Nil, fmt.Errorf("outbox: %s payload: %w", e.Type, err)
		}
		if !bytes.Equal(raw, []byte("null")) {
			payload = raw
		}
	}
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.Nil, fmt.Errorf("outbox: event id: %w", err)
	}
	err = db.Q.EventCreate(ctx, q, db.EventCreateParams{
		ID: id, EventType: e.Type, SubjectType: e.SubjectType, SubjectID: e.SubjectID,
		DocumentID: e.DocumentID, ActorID: e.ActorID, RevisionID: e.RevisionID, Payload: payload,
	})
	if err != nil {
		return uuid.Nil, fmt.Errorf("outbox: write %s event: %w", e.Type, err)
	}
	return id, nil
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
	// Attempts counts the earlier deliveries of this event in which at least
	// one consumer failed (0 on the first delivery).
	Attempts int
}

// Consumer handles one event. It is called at least once per event (more
// often after failures, or when a worker dies mid-batch), possibly
// concurrently with other consumers of other events on other workers, and
// must be idempotent: compute from the current database state, not from the
// payload alone.
//
// Returning nil is a success: the consumer is not called again for this event
// once the success is recorded (at the end of the batch, or with the event's
// failure when another consumer failed; a worker that dies before recording
// it leaves the event to be delivered again). An error or a panic is a
// failure: the event is retried later with backoff, calling only the
// consumers that have not succeeded; after Config.MaxAttempts counted
// failures the (event, consumer) pair is parked until management retries it.
// ctx ends when the worker stops, and at the call's time budget
// (Config.ConsumerTimeout); a consumer should then return promptly. At a
// stop, an error it returns is not counted as a failure, and the event is
// given back to the pool. A consumer still running a second after its ctx
// ended is abandoned: it runs on, unused, and after its budget the pair is
// parked at once. Go cannot stop a goroutine, so a consumer must bound its
// own work on its input (as link extraction does, by staying linear in the
// body's size).
type Consumer func(ctx context.Context, e Stored) error
