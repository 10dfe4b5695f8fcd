package manage_test

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/fault"
	"codna/internal/manage"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

func TestParkedEventsAreListedByIdAndRetried(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	var failing atomic.Bool
	failing.Store(true)
	var calls atomic.Int32
	w := outbox.New(b.pool, outbox.Config{MaxAttempts: 1, BaseBackoff: time.Millisecond}, nil)
	w.Register("links", func(_ context.Context, e outbox.Stored) error {
		if e.Type != "document.updated" {
			return nil // the document's creation
		}
		calls.Add(1)
		if failing.Load() {
			return errors.New(`cannot parse "Secret plans"`)
		}
		return nil
	}, outbox.Lane{Budget: time.Minute})
	t.Cleanup(w.Stop)
	owner := b.person(t)
	doc := b.doc(t, owner)
	id, err := outbox.WriteInTx(ctx, b.pool, outbox.Event{Type: "document.updated", SubjectType: "document", DocumentID: &doc,
		Payload: map[string]string{"title": "Secret plans"}})
	require.NoError(t, err)
	require.NoError(t, w.Drain(ctx))

	parked, err := b.svc.ListParkedEvents(cli.in(ctx), 100)
	require.NoError(t, err)
	require.Len(t, parked, 1)
	p := parked[0]
	require.Equal(t, id, p.EventID)
	require.Equal(t, "links", p.Consumer)
	require.Equal(t, "document.updated", p.EventType)
	require.Equal(t, "document", p.SubjectType)
	require.Equal(t, 1, p.Attempts)
	require.Equal(t, outbox.ClassError, p.ErrorClass)
	require.NotContains(t, fmt.Sprintf("%+v", parked), "Secret", "never the payload or the error's text")

	_, err = b.svc.ListParkedEvents(cli.in(ctx), 0)
	pgtest.RequireCode(t, err, fault.BadInput, "first")
	_, err = b.svc.RetryParkedEvent(cli.in(ctx), id, "other")
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = b.svc.RetryParkedEvent(cli.in(ctx), uuid.Must(uuid.NewV7()), "links")
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = b.svc.RetryParkedEvent(cli.in(ctx), id, " ")
	pgtest.RequireCode(t, err, fault.BadInput, "consumer")

	// Retried: delivered again to that consumer, and processed.
	failing.Store(false)
	got, err := b.svc.RetryParkedEvent(cli.in(ctx), id, "links")
	require.NoError(t, err)
	require.Equal(t, p, got)
	require.NoError(t, w.Drain(ctx))
	require.Equal(t, int32(2), calls.Load())
	parked, err = b.svc.ListParkedEvents(cli.in(ctx), 100)
	require.NoError(t, err)
	require.Empty(t, parked)
	var processed bool
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT processed_at IS NOT NULL AND 'links' = ANY(handled_by) FROM events WHERE id = $1`, id).Scan(&processed))
	require.True(t, processed)

	entries, _, err := b.svc.Audit(cli.in(ctx), manage.AuditFilter{Action: pgtest.Ptr("outbox.retry")}, nil, 10)
	require.NoError(t, err)
	require.Len(t, entries, 1)
	require.Equal(t, id.String(), entries[0].Details["event_id"])
	require.Equal(t, "links", entries[0].Details["consumer"])
}
