package server_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// loopbackHooks lets webhooks reach receivers on 127.0.0.1 over http (the
// guard's allow-list, as the webhook tests set it); every other setting is
// the production default (10 s request timeout, backoff from 10 s, 16
// requests in flight).
func loopbackHooks(c *config) {
	c.Webhooks = webhook.Config{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, AllowHTTP: true}
}

// loadavg is the machine's 1-minute load average, as /proc/loadavg says
// ("?" where it cannot be read).
func loadavg() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(raw))
	if len(f) == 0 {
		return "?"
	}
	return f[0]
}

// hungReceiver is a TCP listener on 127.0.0.1 that accepts every
// connection and never reads from it nor answers: a receiver that hangs.
type hungReceiver struct {
	ln       net.Listener
	accepted atomic.Int64
	mu       sync.Mutex
	conns    []net.Conn
}

func newHungReceiver(b *testing.B) *hungReceiver {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(b, err)
	h := &hungReceiver{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			h.accepted.Add(1)
			h.mu.Lock()
			h.conns = append(h.conns, c)
			h.mu.Unlock()
		}
	}()
	b.Cleanup(func() {
		_ = ln.Close()
		h.mu.Lock()
		defer h.mu.Unlock()
		for _, c := range h.conns {
			_ = c.Close()
		}
	})
	return h
}

// subscribe creates n subscriptions to urls (round robin), every event,
// spread over as many new people as webhook.MaxPerPerson requires. The
// people can read the documents granted to Everyone.
func subscribe(b *testing.B, bb *bundle, n int, urls []string) {
	for i := 0; i < n; i += webhook.MaxPerPerson {
		p := pgtest.CreatePerson(b, bb.pool)
		for j := i; j < min(n, i+webhook.MaxPerPerson); j++ {
			_, _, err := bb.app.Webhook.Create(pgtest.ActingAs(p), webhook.CreateInput{URL: urls[j%len(urls)], Events: []string{"document.updated"}})
			require.NoError(b, err)
		}
	}
}

// sharedDocs creates n documents owned by p, each readable by Everyone,
// and drains the outbox of their events (before any subscription exists).
func sharedDocs(b *testing.B, bb *bundle, p pgtest.Person, n int) []uuid.UUID {
	ids := make([]uuid.UUID, n)
	for i := range n {
		ids[i] = pgtest.CreateDocument(b, bb.pool, p.ID, pgtest.Doc{Path: "bench", Slug: fmt.Sprintf("hook-%d", i), Content: "start\n"}).ID
		pgtest.Grant(b, bb.pool, ids[i], "group", auth.EveryoneID, "read")
	}
	bb.drain(b)
	return ids
}

// percentile is the q-quantile (0..1) of sorted, nearest rank.
func percentile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(q*float64(len(sorted))+0.5) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// Sizes of BenchmarkSaveWithHungReceivers' run.
const (
	hungDocs      = 64               // documents saved round robin (a multiple of hungWriters)
	hungWriters   = 4                // concurrent writers
	hungSubs      = 20               // subscriptions, one per hung receiver
	hungDuration  = 15 * time.Second // how long the writers save
	hungWarmUp    = 2 * time.Second  // saves before that, not measured
	hungReceivers = 20
)

// BenchmarkSaveWithHungReceivers measures save latency through
// document.Service.Update while the server's outbox worker (every lane,
// the webhook enqueuer's included) and its webhook sender run, with
// subscriptions=0 or with hungSubs subscriptions to document.updated, one
// per receiver on 127.0.0.1 that accepts connections and never answers —
// or, as the control that tells the hanging from the fan-out's own cost,
// hungSubs subscriptions to one receiver answering 204 at once
// ("subscriptions=20,answering=204"). Saves are of hungDocs documents
// readable by the subscribers, for hungDuration after hungWarmUp.
//
// Two modes, each with the three cases. Closed loop (the names above):
// hungWriters writers save as fast as they can, each save's latency timed
// from its own start. Open loop ("rate=50,…", "rate=200,…": saves per
// second, openRates): one save starts every 1/rate s whatever the earlier
// ones do, and its latency is timed from its scheduled start, so a save
// that waits behind slow ones (for its document, the pool or a core)
// counts the wait (no coordinated omission). p50 and p99 of every measured
// save are the figures, with the CPU (this process's and the cluster's)
// and the statements per save spent meanwhile, and how far the webhook
// enqueuer kept up (hookRig.finish). Run it with
// -benchtime 1x; to alternate the cases run each on its own in turn, its
// name anchored at both ends (-bench 'SaveWithHungReceivers/^subscriptions=0$'
// is the closed loop's alone; unanchored it matches "rate=50,subscriptions=0"
// too), e.g. 'SaveWithHungReceivers/^rate=50,subscriptions=20$'.
func BenchmarkSaveWithHungReceivers(b *testing.B) {
	for _, rate := range append([]int{0}, openRates...) {
		for _, c := range hookCases() {
			name := c.name
			if rate > 0 {
				name = fmt.Sprintf("rate=%d,%s", rate, c.name)
			}
			b.Run(name, func(b *testing.B) {
				for range b.N {
					r := newHookRig(b, c)
					if rate == 0 {
						r.closedLoop(b)
					} else {
						r.openLoop(b, rate)
					}
					r.finish(b, name)
				}
			})
		}
	}
}

// closedLoop saves with hungWriters writers as fast as they can.
func (r *hookRig) closedLoop(b *testing.B) {
	actx := pgtest.ActingAs(r.owner)
	var mu sync.Mutex
	begin := time.Now()
	r.measureFrom = begin.Add(hungWarmUp)
	stop := r.measureFrom.Add(hungDuration)
	var wg sync.WaitGroup
	for w := range hungWriters {
		wg.Go(func() {
			version := map[int]int{}
			var mine []time.Duration
			for n := w; time.Now().Before(stop); n += hungWriters {
				i := n % hungDocs
				if version[i] == 0 {
					version[i] = 1
				}
				t0 := time.Now()
				_, _, err := r.bb.app.Document.Update(actx, document.UpdateInput{ID: r.ids[i], ExpectedVersion: version[i], Content: pgtest.Ptr(fmt.Sprintf("save %d\n", n))})
				d := time.Since(t0)
				if err != nil {
					b.Errorf("save of doc %d: %v", i, err)
					return
				}
				version[i]++
				if !t0.Before(r.measureFrom) {
					mine = append(mine, d)
				}
			}
			mu.Lock()
			r.lat = append(r.lat, mine...)
			mu.Unlock()
		})
	}
	time.Sleep(time.Until(r.measureFrom))
	r.cost.begin(b, r.bb)
	wg.Wait()
	r.cost.end(b, r.bb)
	r.mode = fmt.Sprintf("closed loop, %d writers", hungWriters)
}

// Sizes of BenchmarkWebhookFanOut's run.
const (
	fanEvents  = 1_000 // document.updated events
	fanSubs    = 50    // subscriptions, each taking every one of them
	fanDocs    = 100   // documents saved round robin (a multiple of fanWriters)
	fanWriters = 4     // concurrent writers making the events
)

// BenchmarkWebhookFanOut measures webhook delivery throughput: fanSubs
// subscriptions (spread over people, webhook.MaxPerPerson each) to
// document.updated at one fast receiver on 127.0.0.1 (an httptest server
// answering 204); the server's outbox worker and webhook sender run while
// fanWriters writers make fanEvents saves of documents every subscriber
// can read; the timer ends when all fanEvents×fanSubs deliveries are
// delivered. deliveries/s is their number over the span from the first
// event's creation to the last delivered_at recorded (both database
// times).
func BenchmarkWebhookFanOut(b *testing.B) {
	for range b.N {
		b.StopTimer()
		bb := setup(b, loopbackHooks)
		ctx := context.Background()
		owner := pgtest.CreatePerson(b, bb.pool)
		ids := sharedDocs(b, bb, owner, fanDocs)
		var hits atomic.Int64
		rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			w.WriteHeader(http.StatusNoContent)
		}))
		b.Cleanup(rc.Close)
		subscribe(b, bb, fanSubs, []string{rc.URL + "/hook"})
		var since time.Time
		require.NoError(b, bb.pool.QueryRow(ctx, `SELECT now()`).Scan(&since))

		load0 := loadavg()
		b.StartTimer()
		start := time.Now()
		require.NoError(b, bb.app.Outbox.Start(ctx))
		require.NoError(b, bb.app.WebhookSender.Start(ctx))
		actx := pgtest.ActingAs(owner)
		var wg sync.WaitGroup
		for w := range fanWriters {
			wg.Go(func() {
				version := map[int]int{}
				for n := w; n < fanEvents; n += fanWriters {
					i := n % fanDocs
					if version[i] == 0 {
						version[i] = 1
					}
					_, _, err := bb.app.Document.Update(actx, document.UpdateInput{ID: ids[i], ExpectedVersion: version[i], Content: pgtest.Ptr(fmt.Sprintf("save %d\n", n))})
					if err != nil {
						b.Errorf("save of doc %d: %v", i, err)
						return
					}
					version[i]++
				}
			})
		}
		wg.Wait()
		wrote := time.Since(start)
		want := fanEvents * fanSubs
		deadline := time.Now().Add(10 * time.Minute)
		for pgtest.Count(b, bb.pool, `SELECT count(*) FROM webhook_deliveries WHERE status = 'delivered'`) < want {
			require.True(b, time.Now().Before(deadline), "not every delivery delivered within 10 minutes")
			time.Sleep(50 * time.Millisecond)
		}
		b.StopTimer()
		load1 := loadavg()
		bb.app.WebhookSender.Stop()
		bb.app.Outbox.Stop()

		require.Equal(b, want, pgtest.Count(b, bb.pool, `SELECT count(*) FROM webhook_deliveries`), "one delivery per (event, subscription)")
		require.Zero(b, pgtest.Count(b, bb.pool, `SELECT count(*) FROM webhook_deliveries WHERE attempts <> 1`), "each delivered at its first attempt")
		var events int
		var span, lastEnqueued float64
		require.NoError(b, bb.pool.QueryRow(ctx, `SELECT
			(SELECT count(*) FROM events WHERE created_at >= $1 AND event_type = 'document.updated'),
			extract(epoch FROM (SELECT max(delivered_at) FROM webhook_deliveries) - (SELECT min(created_at) FROM events WHERE created_at >= $1))::float8,
			extract(epoch FROM (SELECT max(created_at) FROM webhook_deliveries) - (SELECT min(created_at) FROM events WHERE created_at >= $1))::float8`,
			since).Scan(&events, &span, &lastEnqueued))
		require.Equal(b, fanEvents, events)
		b.ReportMetric(float64(want)/span, "deliveries/s")
		b.ReportMetric(span, "span-s")
		b.ReportMetric(float64(fanEvents)/wrote.Seconds(), "saves/s")
		b.Logf("%d events × %d subscriptions: %d delivered in %.2f s from the first event's creation (%.0f/s); saves took %v, the last delivery enqueued at %.2f s; %d requests received; load average %s → %s",
			fanEvents, fanSubs, want, span, float64(want)/span, wrote, lastEnqueued, hits.Load(), load0, load1)
	}
}
