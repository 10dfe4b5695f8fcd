package webhook_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/outbox"
	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// storedEvents reads events of document ids as the outbox hands them to a
// consumer, oldest first.
func storedEvents(t *testing.T, e *env, ids []uuid.UUID) []outbox.Stored {
	t.Helper()
	rows, err := e.d.Pool.Query(context.Background(), `SELECT id, event_type, subject_type, subject_id, document_id, actor_id, revision_id, payload, created_at
		FROM events WHERE document_id = ANY($1) ORDER BY created_at, id`, ids)
	require.NoError(t, err)
	defer rows.Close()
	var out []outbox.Stored
	for rows.Next() {
		var s outbox.Stored
		var payload []byte
		require.NoError(t, rows.Scan(&s.ID, &s.Type, &s.SubjectType, &s.SubjectID, &s.DocumentID, &s.ActorID, &s.RevisionID, &payload, &s.CreatedAt))
		s.Payload = json.RawMessage(payload)
		out = append(out, s)
	}
	require.NoError(t, rows.Err())
	return out
}

// One batch of events is queued in event order to each subscription (seqs
// following on those it held), only to subscribers who can read the page,
// with the backlog cap counted across the batch; handing the same batch
// over again (a redelivered outbox batch) queues nothing twice.
func TestBatchQueuesInEventOrderOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	reader := pgtest.CreatePerson(t, e.d.Pool)
	stranger := pgtest.CreatePerson(t, e.d.Pool)
	rctx, sctx := pgtest.ActingAs(reader), pgtest.ActingAs(stranger)
	all, _, err := e.a.Webhook.Create(rctx, webhook.CreateInput{URL: "https://hooks.invalid/all"})
	require.NoError(t, err)
	near, _, err := e.a.Webhook.Create(rctx, webhook.CreateInput{URL: "https://hooks.invalid/near", Events: []string{"document.created"}})
	require.NoError(t, err)
	blind, _, err := e.a.Webhook.Create(sctx, webhook.CreateInput{URL: "https://hooks.invalid/blind"})
	require.NoError(t, err)
	// near already holds one delivery short of the cap.
	pgtest.Exec(t, e.d.Pool, `INSERT INTO webhook_deliveries (id, subscription_id, seq, event_type, body, expires_at, event_at)
		SELECT gen_random_uuid(), $1, n, 'webhook.ping', '{}', now() + interval '1 hour', now()
		FROM generate_series(1, $2::int) AS n`, near.ID, webhook.MaxPending-1)
	pgtest.Exec(t, e.d.Pool, `UPDATE webhook_subscriptions SET next_seq = $2 WHERE id = $1`, near.ID, webhook.MaxPending)

	var ids []uuid.UUID
	for range 3 {
		d := pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Content: "x\n"})
		pgtest.Grant(t, e.d.Pool, d.ID, "user", reader.ID, "read")
		ids = append(ids, d.ID)
	}
	hidden := pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{})
	ids = append(ids, hidden.ID)
	events := storedEvents(t, e, ids)
	require.GreaterOrEqual(t, len(events), 4)

	c := e.a.Webhook.Consumer()
	require.NoError(t, c.HandleBatch(context.Background(), events))

	// all: one delivery per event on a page the reader can read, in event
	// order, seq from 1.
	var want []uuid.UUID
	for _, ev := range events {
		if *ev.DocumentID != hidden.ID {
			if _, ok := webhook.PublicName(ev.Type); ok {
				want = append(want, ev.ID)
			}
		}
	}
	type row struct {
		seq    int64
		event  uuid.UUID
		status string
		reason string
	}
	read := func(sub uuid.UUID) []row {
		rows, err := e.d.Pool.Query(context.Background(), `SELECT seq, event_id, status, last_error FROM webhook_deliveries
			WHERE subscription_id = $1 AND event_id IS NOT NULL ORDER BY seq`, sub)
		require.NoError(t, err)
		defer rows.Close()
		var out []row
		for rows.Next() {
			var r row
			require.NoError(t, rows.Scan(&r.seq, &r.event, &r.status, &r.reason))
			out = append(out, r)
		}
		require.NoError(t, rows.Err())
		return out
	}
	got := read(all.ID)
	require.Len(t, got, len(want))
	for i, r := range got {
		require.Equal(t, int64(i+1), r.seq)
		require.Equal(t, want[i], r.event)
		require.Equal(t, string(webhook.DeliveryPending), r.status)
	}

	// near: the three creations after its held seqs; the first fills the
	// backlog, the next two are dead.
	got = read(near.ID)
	require.Len(t, got, 3)
	for i, r := range got {
		require.Equal(t, int64(webhook.MaxPending+i), r.seq)
		if i == 0 {
			require.Equal(t, string(webhook.DeliveryPending), r.status)
		} else {
			require.Equal(t, string(webhook.DeliveryDead), r.status)
			require.Equal(t, "backlog full", r.reason)
		}
	}
	require.Empty(t, read(blind.ID), "a page its owner cannot read")

	// The same batch again: nothing more, and the next seqs unchanged.
	require.NoError(t, c.HandleBatch(context.Background(), events))
	require.Len(t, read(all.ID), len(want))
	require.Len(t, read(near.ID), 3)
	require.Equal(t, len(want)+1, pgtest.Count(t, e.d.Pool, `SELECT next_seq FROM webhook_subscriptions WHERE id = $1`, all.ID))
	require.Equal(t, webhook.MaxPending+3, pgtest.Count(t, e.d.Pool, `SELECT next_seq FROM webhook_subscriptions WHERE id = $1`, near.ID))

	// A ping after the batch takes the next seq.
	_, err = e.a.Webhook.Ping(rctx, all.ID)
	require.NoError(t, err)
	require.Equal(t, len(want)+2, pgtest.Count(t, e.d.Pool, `SELECT next_seq FROM webhook_subscriptions WHERE id = $1`, all.ID))
}
