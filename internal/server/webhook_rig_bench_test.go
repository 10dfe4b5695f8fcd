package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/pgtest"
)

// openRates are the open-loop modes' fixed save rates, saves per second:
// far above a real team's peak (a hundred people saving a page a minute
// each is under 2 a second), well under what the writers manage on two
// cores with no subscription (500–700 a second closed loop).
var openRates = []int{50, 200}

// hookCase is one case of BenchmarkSaveWithHungReceivers: subs
// subscriptions to hung receivers, or to one receiver answering 204 at
// once (fast).
type hookCase struct {
	name string
	subs int
	fast bool
}

// hookCases are the three cases: no subscription, hungSubs to hung
// receivers, hungSubs to a receiver answering 204 at once.
func hookCases() []hookCase {
	return []hookCase{
		{"subscriptions=0", 0, false},
		{fmt.Sprintf("subscriptions=%d", hungSubs), hungSubs, false},
		{fmt.Sprintf("subscriptions=%d,answering=204", hungSubs), hungSubs, true},
	}
}

// hookRig is one run of a case: the server with its worker and sender
// started, the documents, the receivers, and what the run measured.
type hookRig struct {
	c           hookCase
	bb          *bundle
	owner       pgtest.Person
	ids         []uuid.UUID
	hung        []*hungReceiver
	mode        string
	measureFrom time.Time       // saves scheduled (open) or started (closed) from here are measured
	lat         []time.Duration // every measured save's latency
	cost        hookCost
	load0       string // the 1-minute load average when the saves began
}

// newHookRig seeds hungDocs documents readable by Everyone, the case's
// subscriptions and receivers, and starts the outbox worker and the
// webhook sender.
func newHookRig(b *testing.B, c hookCase) *hookRig {
	r := &hookRig{c: c, bb: setup(b, loopbackHooks)}
	r.owner = pgtest.CreatePerson(b, r.bb.pool)
	r.ids = sharedDocs(b, r.bb, r.owner, hungDocs)
	switch {
	case c.fast:
		rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }))
		b.Cleanup(rc.Close)
		subscribe(b, r.bb, c.subs, []string{rc.URL + "/hook"})
	case c.subs > 0:
		urls := make([]string, hungReceivers)
		for i := range urls {
			h := newHungReceiver(b)
			r.hung = append(r.hung, h)
			urls[i] = "http://" + h.ln.Addr().String() + "/hook"
		}
		subscribe(b, r.bb, c.subs, urls)
	}
	ctx := context.Background()
	require.NoError(b, r.bb.app.Outbox.Start(ctx))
	require.NoError(b, r.bb.app.WebhookSender.Start(ctx))
	r.load0 = loadavg()
	return r
}

// openLoop starts one save every 1/rate s for hungWarmUp+hungDuration,
// each on its own goroutine (a document's saves one after the other, its
// version known), and times each from its scheduled start.
func (r *hookRig) openLoop(b *testing.B, rate int) {
	actx := pgtest.ActingAs(r.owner)
	type doc struct {
		mu      sync.Mutex
		version int
	}
	docs := make([]doc, hungDocs)
	for i := range docs {
		docs[i].version = 1
	}
	interval := time.Second / time.Duration(rate)
	begin := time.Now()
	r.measureFrom = begin.Add(hungWarmUp)
	stop := r.measureFrom.Add(hungDuration)
	costBegun := make(chan struct{})
	go func() {
		time.Sleep(time.Until(r.measureFrom))
		r.cost.begin(b, r.bb)
		close(costBegun)
	}()
	var mu sync.Mutex
	var wg sync.WaitGroup
	for n := 0; ; n++ {
		at := begin.Add(time.Duration(n) * interval)
		if !at.Before(stop) {
			break
		}
		time.Sleep(time.Until(at))
		wg.Go(func() {
			i := n % hungDocs
			d := &docs[i]
			d.mu.Lock()
			_, _, err := r.bb.app.Document.Update(actx, document.UpdateInput{ID: r.ids[i], ExpectedVersion: d.version, Content: pgtest.Ptr(fmt.Sprintf("save %d\n", n))})
			if err == nil {
				d.version++
			}
			d.mu.Unlock()
			took := time.Since(at)
			if err != nil {
				b.Errorf("save of doc %d: %v", i, err)
				return
			}
			if !at.Before(r.measureFrom) {
				mu.Lock()
				r.lat = append(r.lat, took)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	<-costBegun
	r.cost.end(b, r.bb)
	r.mode = fmt.Sprintf("open loop, %d saves/s scheduled", rate)
}

// hookCost is what the measured window cost: CPU of this process (the
// API, the worker and the sender) and of the database cluster, and the
// statements the pool ran.
type hookCost struct {
	goCPU, pgCPU time.Duration
	statements   int64
	// The pool's acquisitions, those that found no idle connection and
	// waited, and the time spent acquiring (pgxpool.Stat).
	acquires, waits int64
	acquireWait     time.Duration
}

func (c *hookCost) begin(b *testing.B, bb *bundle) {
	c.goCPU, c.pgCPU, c.statements = -goCPU(), -postgresCPU(b, bb), -bb.counter.Count()
	st := bb.pool.Stat()
	c.acquires, c.waits, c.acquireWait = -st.AcquireCount(), -st.EmptyAcquireCount(), -st.AcquireDuration()
}

func (c *hookCost) end(b *testing.B, bb *bundle) {
	c.goCPU += goCPU()
	c.pgCPU += postgresCPU(b, bb)
	c.statements += bb.counter.Count()
	st := bb.pool.Stat()
	c.acquires += st.AcquireCount()
	c.waits += st.EmptyAcquireCount()
	c.acquireWait += st.AcquireDuration()
}

// finish stops the worker and the sender and reports: save latency p50
// and p99 (nearest rank), saves/s, CPU and statements per save, and how
// far the webhook enqueuer kept up with the measured saves — the share of
// their deliveries queued by the time the saves stopped, and the p99 from
// an event's transaction to the enqueuer's that queued its delivery (both
// now() of their transactions).
func (r *hookRig) finish(b *testing.B, name string) {
	load1 := loadavg()
	r.bb.app.WebhookSender.Stop()
	r.bb.app.Outbox.Stop()
	lat := r.lat
	slices.Sort(lat)
	require.NotEmpty(b, lat)
	var accepted int64
	for _, h := range r.hung {
		accepted += h.accepted.Load()
	}
	pool := r.bb.pool
	queued := pgtest.Count(b, pool, `SELECT count(*) FROM webhook_deliveries`)
	attempted := pgtest.Count(b, pool, `SELECT count(*) FROM webhook_deliveries WHERE attempts > 0`)
	delivered := pgtest.Count(b, pool, `SELECT count(*) FROM webhook_deliveries WHERE status = 'delivered'`)
	if r.c.subs > 0 && !r.c.fast {
		require.Positive(b, accepted, "the sender reached the hung receivers")
		require.Positive(b, queued, "the enqueuer queued deliveries")
	}
	var events, ofEvents int
	var enqP99 float64
	require.NoError(b, pool.QueryRow(context.Background(), `SELECT
		(SELECT count(*) FROM events WHERE event_type = 'document.updated' AND created_at >= $1)::int,
		count(*)::int,
		coalesce(percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM d.created_at - e.created_at)), 0)::float8
		FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE e.created_at >= $1`, r.measureFrom).Scan(&events, &ofEvents, &enqP99))
	// How many of the deliveries' updates (the claim's lease, the outcome)
	// were HOT (no new index entries); the statistics lag by up to a
	// second, so this is a rough share.
	var updates, hot int64
	require.NoError(b, pool.QueryRow(context.Background(), `SELECT coalesce(sum(n_tup_upd), 0)::bigint, coalesce(sum(n_tup_hot_upd), 0)::bigint FROM pg_stat_user_tables WHERE relname = 'webhook_deliveries'`).Scan(&updates, &hot))
	kept := 1.0
	if r.c.subs > 0 && events > 0 {
		kept = float64(ofEvents) / float64(events*r.c.subs)
	}
	n := float64(len(lat))
	b.ReportMetric(float64(percentile(lat, 0.5).Microseconds())/1000, "save-p50-ms")
	b.ReportMetric(float64(percentile(lat, 0.99).Microseconds())/1000, "save-p99-ms")
	b.ReportMetric(n/hungDuration.Seconds(), "saves/s")
	b.ReportMetric(float64(r.cost.goCPU.Microseconds())/n, "go-cpu-µs/save")
	b.ReportMetric(float64(r.cost.pgCPU.Microseconds())/n, "pg-cpu-µs/save")
	b.ReportMetric(float64(r.cost.statements)/n, "statements/save")
	b.Logf("%s (%s): %d saves measured in %v, p50 %v p99 %v max %v; per save %.0f µs Go CPU, %.0f µs PG CPU, %.1f statements; "+
		"%d deliveries queued (%.0f %% of the measured saves' by their end, enqueue lag p99 %.3f s), %d attempted, %d delivered (deliveries' updates %d, HOT %d), %d connections accepted by the hung receivers; pool: %d acquisitions, %d waited, %v waiting in all; load average %s → %s",
		name, r.mode, len(lat), hungDuration, percentile(lat, 0.5), percentile(lat, 0.99), lat[len(lat)-1],
		float64(r.cost.goCPU.Microseconds())/n, float64(r.cost.pgCPU.Microseconds())/n, float64(r.cost.statements)/n,
		queued, 100*kept, enqP99, attempted, delivered, updates, hot, accepted, r.cost.acquires, r.cost.waits, r.cost.acquireWait.Round(time.Millisecond), r.load0, load1)
}
