package webhook_test

import (
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/app"
	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// hangingReceiver accepts connections on 127.0.0.1 and never answers; it
// counts the connections it accepted.
func hangingReceiver(t *testing.T) (url string, accepted *atomic.Int64) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	accepted = &atomic.Int64{}
	var conns []net.Conn
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := ln.Accept()
			if err != nil {
				for _, c := range conns {
					_ = c.Close()
				}
				return
			}
			conns = append(conns, c) // held open, never read nor answered
			accepted.Add(1)
		}
	}()
	t.Cleanup(func() { _ = ln.Close(); <-done })
	return "http://" + ln.Addr().String() + "/hook", accepted
}

// One person's twenty webhooks to receivers that hang hold at most
// OwnerConcurrency of the sender's slots: another person's event is
// delivered well within the request timeout, not behind them.
func TestHungEndpointsOfOnePersonDoNotDelayAnother(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *app.Config) { c.Webhooks.RequestTimeout = 2 * time.Second })
	hung := pgtest.CreatePerson(t, e.d.Pool)
	var accepted []*atomic.Int64
	for i := range 20 {
		url, n := hangingReceiver(t)
		accepted = append(accepted, n)
		if i < 10 {
			_, _, err := e.a.Webhook.Create(pgtest.ActingAs(hung), webhook.CreateInput{URL: url})
			require.NoError(t, err)
			continue
		}
		// Past the ten a person may create: as if created before the cap.
		pgtest.Exec(t, e.d.Pool, `INSERT INTO webhook_subscriptions (id, owner_id, url, signing_key) VALUES (gen_random_uuid(), $1, $2, '\x00')`, hung.ID, url)
	}
	held := func() int64 {
		var sum int64
		for _, n := range accepted {
			sum += n.Load()
		}
		return sum
	}
	e.sender()
	// Every hung webhook has a delivery queued; the sender fills what it
	// may with them.
	pgtest.CreateDocument(t, e.d.Pool, hung.ID, pgtest.Doc{})
	e.drain()
	require.Eventually(t, func() bool { return held() >= 4 }, 5*time.Second, 5*time.Millisecond)
	time.Sleep(300 * time.Millisecond) // the sender has claimed all it will

	rc := newReceiver(t, nil)
	w, _, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL})
	require.NoError(t, err)
	_, err = e.a.Webhook.Ping(e.ctx, w.ID)
	require.NoError(t, err)
	queued := time.Now()
	require.Eventually(t, func() bool { return len(rc.got()) == 1 }, 5*time.Second, 5*time.Millisecond)
	wait := rc.got()[0].at.Sub(queued)
	t.Logf("hung connections: %d; the other person's delivery after %v", held(), wait)
	require.LessOrEqual(t, wait, time.Second, "delivered behind the hung endpoints")
}

// Five people's webhooks to twenty receivers that hang, four each (within
// the per-owner bound), fill the sender's slots only until their first
// attempts time out: then, unanswered, they share a quarter of the slots,
// and a sixth person's event is delivered well within the request
// timeout.
func TestUnansweredEndpointsShareAQuarterOfTheSlots(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *app.Config) { c.Webhooks.RequestTimeout = 2 * time.Second })
	var accepted []*atomic.Int64
	for range 5 {
		p := pgtest.CreatePerson(t, e.d.Pool)
		for range 4 {
			url, n := hangingReceiver(t)
			accepted = append(accepted, n)
			_, _, err := e.a.Webhook.Create(pgtest.ActingAs(p), webhook.CreateInput{URL: url})
			require.NoError(t, err)
			pgtest.CreateDocument(t, e.d.Pool, p.ID, pgtest.Doc{})
		}
	}
	e.drain()
	e.sender()
	// Every hung receiver has been reached once: sixteen first attempts
	// timed out, and their retries are unanswered ones.
	require.Eventually(t, func() bool {
		for _, n := range accepted {
			if n.Load() == 0 {
				return false
			}
		}
		return true
	}, 10*time.Second, 5*time.Millisecond)
	time.Sleep(300 * time.Millisecond) // the sender has claimed all it will

	rc := newReceiver(t, nil)
	w, _, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL})
	require.NoError(t, err)
	_, err = e.a.Webhook.Ping(e.ctx, w.ID)
	require.NoError(t, err)
	queued := time.Now()
	require.Eventually(t, func() bool { return len(rc.got()) == 1 }, 5*time.Second, 5*time.Millisecond)
	wait := rc.got()[0].at.Sub(queued)
	t.Logf("the other person's delivery after %v", wait)
	require.LessOrEqual(t, wait, time.Second, "delivered behind the unanswered endpoints")
}
