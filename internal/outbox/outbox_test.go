package outbox_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

func TestWriteAndDeliverAnEvent(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := pgtest.CreatePerson(t, e.pool)
	doc := pgtest.CreateDocument(t, e.pool, owner.ID, pgtest.Doc{})
	var revID uuid.UUID
	require.NoError(t, e.pool.QueryRow(e.ctx, `SELECT id FROM document_revisions WHERE document_id = $1`, doc.ID).Scan(&revID))
	subject := uuid.Must(uuid.NewV7())

	var id, bare uuid.UUID
	require.NoError(t, db.InTx(e.ctx, e.pool, func(tx db.DBTX) error {
		var err error
		id, err = outbox.WriteInTx(e.ctx, tx, outbox.Event{
			Type: "access.granted", SubjectType: "access", SubjectID: &subject,
			DocumentID: &doc.ID, ActorID: &owner.ID, RevisionID: &revID,
			Payload: map[string]any{"permission": "write"},
		})
		if err != nil {
			return err
		}
		bare, err = outbox.WriteInTx(e.ctx, tx, outbox.Event{Type: "link.became_broken", SubjectType: "link"})
		return err
	}))
	require.Equal(t, uuid.Version(7), id.Version(), "ids are UUIDv7")

	_, err := outbox.WriteInTx(e.ctx, e.pool, outbox.Event{SubjectType: "document"})
	require.ErrorIs(t, err, outbox.ErrInvalidEvent)
	_, err = outbox.WriteInTx(e.ctx, e.pool, outbox.Event{Type: "x", SubjectType: "document", Payload: func() {}})
	require.Error(t, err)
	missing := uuid.Must(uuid.NewV7())
	_, err = outbox.WriteInTx(e.ctx, e.pool, outbox.Event{Type: "x", SubjectType: "document", DocumentID: &missing})
	require.Error(t, err, "a document that does not exist")

	var mu sync.Mutex
	seen := map[uuid.UUID]outbox.Stored{}
	w := e.worker(nil, outbox.Config{}, func(w *outbox.Worker) {
		w.Register("record", func(_ context.Context, s outbox.Stored) error {
			mu.Lock()
			defer mu.Unlock()
			seen[s.ID] = s
			return nil
		}, lane)
	})
	require.NoError(t, w.Drain(e.ctx))
	require.Len(t, seen, 3, "the document's own event and the two written here")

	got := seen[id]
	require.Equal(t, "access.granted", got.Type)
	require.Equal(t, "access", got.SubjectType)
	require.Equal(t, &subject, got.SubjectID)
	require.Equal(t, &doc.ID, got.DocumentID)
	require.Equal(t, &owner.ID, got.ActorID)
	require.Equal(t, &revID, got.RevisionID)
	require.JSONEq(t, `{"permission":"write"}`, string(got.Payload))
	require.WithinDuration(t, time.Now(), got.CreatedAt, time.Minute)
	require.Zero(t, got.Attempts)
	require.JSONEq(t, `{}`, string(seen[bare].Payload), "no payload is {}")
	require.Nil(t, seen[bare].DocumentID)

	r := e.row(id)
	require.NotNil(t, r.ProcessedAt)
	require.Equal(t, []string{"record"}, r.HandledBy)
	require.Nil(t, r.ClaimedBy)
	require.Nil(t, r.ClaimedAt)
}

func TestSixWorkersDeliverTenThousandEventsOnce(t *testing.T) {
	t.Parallel()
	e := setup(t)
	const events, workers = 10_000, 6
	bulk(t, e.ctx, e.pool, events)

	// calls[c][n] counts consumer c's calls for the event with payload n.
	var calls [2][events + 1]atomic.Int32
	var perWorker [workers]atomic.Int32
	var inflight [2]sync.Map // per consumer: event id → worker handling it now
	var overlaps atomic.Int32
	number := func(s outbox.Stored) int {
		var p struct{ N int }
		if err := json.Unmarshal(s.Payload, &p); err != nil || p.N < 1 || p.N > events {
			t.Errorf("payload %s: %v", s.Payload, err)
			return 0
		}
		return p.N
	}
	var ws []*outbox.Worker
	for i := range workers {
		w := e.worker(e.ownPool(3), outbox.Config{WorkerID: fmt.Sprintf("w%d", i)}, func(w *outbox.Worker) {
			w.Register("a", func(_ context.Context, s outbox.Stored) error {
				if other, busy := inflight[0].LoadOrStore(s.ID, i); busy {
					overlaps.Add(1)
					t.Errorf("event %s handled by worker %d while worker %v handles it", s.ID, i, other)
				}
				calls[0][number(s)].Add(1)
				inflight[0].Delete(s.ID)
				return nil
			}, lane)
			w.Register("b", func(_ context.Context, s outbox.Stored) error {
				if other, busy := inflight[1].LoadOrStore(s.ID, i); busy {
					overlaps.Add(1)
					t.Errorf("event %s handled by worker %d while worker %v handles it", s.ID, i, other)
				}
				calls[1][number(s)].Add(1)
				perWorker[i].Add(1)
				inflight[1].Delete(s.ID)
				return nil
			}, lane)
		})
		ws = append(ws, w)
	}
	start := time.Now()
	for _, w := range ws {
		require.NoError(t, w.Start(e.ctx))
	}
	require.Eventually(t, func() bool { return e.unprocessed() == 0 }, 20*time.Second, 20*time.Millisecond)
	t.Logf("%d events, %d workers: %v", events, workers, time.Since(start))

	require.Zero(t, overlaps.Load())
	for c := range calls {
		for n := 1; n <= events; n++ {
			require.EqualValues(t, 1, calls[c][n].Load(), "consumer %d, event %d", c, n)
		}
	}
	busy := 0
	for i := range perWorker {
		if perWorker[i].Load() > 0 {
			busy++
		}
	}
	t.Logf("events per worker: %v", func() (s []int32) {
		for i := range perWorker {
			s = append(s, perWorker[i].Load())
		}
		return s
	}())
	require.GreaterOrEqual(t, busy, 2, "the workers shared the work")
	require.Zero(t, e.count(`SELECT count(*) FROM events
		WHERE processed_at IS NULL OR handled_by <> '{a,b}'`))
	require.Zero(t, e.count(`SELECT count(*) FROM outbox_deliveries`), "every delivery handled, none failed")
}

func TestKilledWorkersEventsAreTakenAfterTheLease(t *testing.T) {
	t.Parallel()
	e := setup(t)
	// Renewed every lease/3: a lease of seconds survives a loaded machine's
	// scheduling delays, which stole a 500 ms one from a live worker.
	const lease = 2 * time.Second
	ids := e.write(5)

	entered := make(chan struct{}, 1)
	dying := e.worker(nil, outbox.Config{WorkerID: "dying", Lease: lease, PollInterval: 50 * time.Millisecond}, func(w *outbox.Worker) {
		w.Register("c", func(ctx context.Context, _ outbox.Stored) error {
			select {
			case entered <- struct{}{}:
			default:
			}
			<-ctx.Done() // blocks until the worker is stopped
			return ctx.Err()
		}, lane)
	})
	rescuer := newRecorder()
	other := e.worker(nil, outbox.Config{WorkerID: "rescuer", Lease: lease, PollInterval: 50 * time.Millisecond}, func(w *outbox.Worker) {
		w.Register("c", rescuer.consume, lane)
	})

	require.NoError(t, dying.Start(e.ctx))
	select {
	case <-entered:
	case <-time.After(5 * time.Second):
		t.Fatal("the consumer was not called")
	}
	require.Equal(t, 5, e.count(`SELECT count(*) FROM outbox_deliveries WHERE claimed_by = 'dying'`), "one batch holds all five")

	// While the dying worker lives, it renews its lease: a slow batch is not stolen.
	require.NoError(t, other.Start(e.ctx))
	time.Sleep(2 * lease)
	require.Zero(t, rescuer.total(), "a live worker's lease is renewed")

	outbox.Kill(dying) // no more renewals, as if the process had died
	require.Eventually(t, func() bool { return e.unprocessed() == 0 }, 15*time.Second, 20*time.Millisecond)
	for _, id := range ids {
		require.Equal(t, 1, rescuer.count(id))
		r := e.row(id)
		require.Equal(t, []string{"c"}, r.HandledBy)
		require.Nil(t, r.ClaimedBy)
	}
	dying.Stop() // its blocked consumer returns; a dead worker records nothing
	for _, id := range ids {
		require.NotNil(t, e.row(id).ProcessedAt)
	}
}

func TestFailingConsumerIsRetriedAloneWithBackoff(t *testing.T) {
	t.Parallel()
	e := setup(t)
	first, last := newRecorder(), newRecorder()
	flaky := newRecorder()
	var id uuid.UUID
	var second, fourth row // the event as the second and fourth attempts find it
	var attempts []int     // Stored.Attempts of each call
	flaky.err = func(s outbox.Stored, call int) error {
		attempts = append(attempts, s.Attempts)
		switch call {
		case 2:
			second = e.row(id)
		case 4:
			fourth = e.row(id)
		}
		if call <= 3 {
			return fmt.Errorf("failure %d", call)
		}
		return nil
	}
	w := e.worker(nil, outbox.Config{BaseBackoff: time.Millisecond, MaxBackoff: 10 * time.Millisecond}, func(w *outbox.Worker) {
		w.Register("first", first.consume, lane)
		w.Register("flaky", flaky.consume, lane)
		w.Register("last", last.consume, lane)
	})
	id = e.write(1)[0]

	require.Eventually(t, func() bool {
		require.NoError(t, w.Drain(e.ctx))
		return e.row(id).ProcessedAt != nil
	}, 5*time.Second, 5*time.Millisecond)

	require.Equal(t, 1, second.Attempts)
	require.Equal(t, `consumer "flaky": failure 1`, *second.LastError)
	require.ElementsMatch(t, []string{"first", "last"}, second.HandledBy, "the consumers that succeeded are recorded with the failure")

	require.Equal(t, 3, fourth.Attempts)
	require.NotNil(t, fourth.LastError)
	require.Equal(t, `consumer "flaky": failure 3`, *fourth.LastError)
	require.Equal(t, []int{0, 1, 2, 3}, attempts, "each delivery sees the failed attempts before it")
	r := e.row(id)
	require.ElementsMatch(t, []string{"first", "flaky", "last"}, r.HandledBy)
	require.Nil(t, r.ClaimedBy)
	require.Empty(t, r.Pending)
	require.Equal(t, 4, flaky.count(id))
	require.Equal(t, 1, first.count(id), "not run again")
	require.Equal(t, 1, last.count(id), "not run again")
}

func TestFailedEventWaitsForItsRetry(t *testing.T) {
	t.Parallel()
	e := setup(t)
	failing := newRecorder()
	failing.err = func(outbox.Stored, int) error { return errors.New("down") }
	w := e.worker(nil, outbox.Config{BaseBackoff: time.Hour}, func(w *outbox.Worker) {
		w.Register("failing", failing.consume, lane)
	})
	id := e.write(1)[0]
	require.NoError(t, w.Drain(e.ctx))
	r := e.row(id)
	require.Equal(t, 1, r.Attempts)
	require.NotNil(t, r.RetryAt)
	require.WithinRange(t, *r.RetryAt, time.Now().Add(59*time.Minute), time.Now().Add(67*time.Minute), "BaseBackoff plus at most 10 %")
	n, err := w.RunOnce(e.ctx)
	require.NoError(t, err)
	require.Zero(t, n, "not claimable before retry_at")
	require.Equal(t, 1, failing.count(id))
}

func TestPanickingConsumerIsAFailure(t *testing.T) {
	t.Parallel()
	e := setup(t)
	var panics atomic.Int32
	other := newRecorder()
	var id uuid.UUID
	var second row // the event as the second call finds it
	w := e.worker(nil, outbox.Config{BaseBackoff: time.Millisecond}, func(w *outbox.Worker) {
		w.Register("panicky", func(context.Context, outbox.Stored) error {
			if panics.Add(1) == 1 {
				panic("boom")
			}
			second = e.row(id)
			return nil
		}, lane)
		w.Register("other", other.consume, lane)
	})
	reg := prometheus.NewRegistry()
	reg.MustRegister(w.Collector())
	id = e.write(1)[0]

	require.NoError(t, w.Drain(e.ctx))
	require.Eventually(t, func() bool {
		require.NoError(t, w.Drain(e.ctx))
		return e.row(id).ProcessedAt != nil
	}, 5*time.Second, 5*time.Millisecond)
	require.Equal(t, 1, second.Attempts)
	require.Contains(t, *second.LastError, `consumer "panicky": panic: boom`)
	require.Equal(t, 1, other.count(id), "the other consumer ran despite the panic, once")
	require.Equal(t, 1.0, metric(t, reg, "codna_outbox_failures_total", "panicky"))
	require.Equal(t, 0.0, metric(t, reg, "codna_outbox_failures_total", "other"))
}
