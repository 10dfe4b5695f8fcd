package webhook_test

import (
	"context"
	"net/http"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/app"
	"codna/internal/fault"
	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// subscribe creates a webhook to url and queues one ping to it.
func (e *env) subscribePing(url string) webhook.Webhook {
	e.t.Helper()
	w, _, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: url})
	require.NoError(e.t, err)
	_, err = e.a.Webhook.Ping(e.ctx, w.ID)
	require.NoError(e.t, err)
	return w
}

func (e *env) waitStatus(w webhook.Webhook, status webhook.DeliveryStatus) webhook.Delivery {
	e.t.Helper()
	var d webhook.Delivery
	require.Eventually(e.t, func() bool {
		ds := e.deliveries(e.ctx, w)
		d = ds[len(ds)-1] // the oldest
		return d.Status == status
	}, 15*time.Second, 10*time.Millisecond, "delivery to %s %s", w.URL, status)
	return d
}

// The outcome table of docs/design.md, "Webhooks", against real receivers.
func TestOutcomes(t *testing.T) {
	t.Parallel()
	e := newEnv(t)

	gone := newReceiver(t, func(_ int, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusGone) })
	wGone := e.subscribePing(gone.srv.URL)
	_, err := e.a.Webhook.Ping(e.ctx, wGone.ID) // a second one, killed with the subscription
	require.NoError(t, err)

	refused := newReceiver(t, func(_ int, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusUnprocessableEntity) })
	wRefused := e.subscribePing(refused.srv.URL)

	var followed atomic.Int32
	target := newReceiver(t, func(int, http.ResponseWriter, *http.Request) { followed.Add(1) })
	redirect := newReceiver(t, func(n int, w http.ResponseWriter, r *http.Request) {
		if n == 0 {
			http.Redirect(w, r, target.srv.URL, http.StatusFound)
		}
	})
	wRedirect := e.subscribePing(redirect.srv.URL)

	busy := newReceiver(t, func(n int, w http.ResponseWriter, _ *http.Request) {
		if n == 0 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
		}
	})
	wBusy := e.subscribePing(busy.srv.URL)

	slow := newReceiver(t, func(n int, _ http.ResponseWriter, _ *http.Request) {
		if n == 0 {
			time.Sleep(time.Second) // past the 300 ms request timeout
		}
	})
	wSlow := e.subscribePing(slow.srv.URL)

	e.sender()

	d := e.waitStatus(wGone, webhook.DeliveryDead)
	require.Equal(t, http.StatusGone, *d.LastStatus)
	g, err := e.a.Webhook.Get(e.ctx, wGone.ID)
	require.NoError(t, err)
	require.Equal(t, webhook.StatusDisabled, g.Status, "410 disables the subscription")
	require.Contains(t, g.StatusReason, "410")
	for _, d := range e.deliveries(e.ctx, wGone) {
		require.Equal(t, webhook.DeliveryDead, d.Status)
	}
	require.Len(t, gone.got(), 1)

	d = e.waitStatus(wRefused, webhook.DeliveryDead)
	require.Equal(t, http.StatusUnprocessableEntity, *d.LastStatus)
	require.Equal(t, 1, d.Attempts, "422 is not retried")
	r, err := e.a.Webhook.Get(e.ctx, wRefused.ID)
	require.NoError(t, err)
	require.Equal(t, webhook.StatusActive, r.Status)
	require.Equal(t, 1, r.ConsecutiveDead)

	d = e.waitStatus(wRedirect, webhook.DeliveryDelivered)
	require.Equal(t, 2, d.Attempts, "302 retried")
	require.Zero(t, followed.Load(), "the redirect is never followed")

	d = e.waitStatus(wBusy, webhook.DeliveryDelivered)
	require.Equal(t, 2, d.Attempts)
	hits := busy.got()
	require.GreaterOrEqual(t, hits[1].at.Sub(hits[0].at), time.Second, "Retry-After: 1 honoured (the backoff alone is 10 ms)")

	d = e.waitStatus(wSlow, webhook.DeliveryDelivered)
	require.Equal(t, 2, d.Attempts, "a timeout is retried")
}

// switchResolver resolves every name to one address, which the test
// changes; nothing ever connects to it.
type switchResolver struct{ addr atomic.Pointer[netip.Addr] }

func (r *switchResolver) LookupNetIP(context.Context, string, string) ([]netip.Addr, error) {
	return []netip.Addr{*r.addr.Load()}, nil
}

// A name resolving to a private address is refused when subscribing; one
// that resolves to a private address only later, at send time, ends the
// delivery dead with the guard's reason and no answer — an attempt to
// connect would have timed out and been retried instead.
func TestGuardRefusesPrivateNamesWithoutConnecting(t *testing.T) {
	t.Parallel()
	r := &switchResolver{}
	private, public := netip.MustParseAddr("10.20.30.40"), netip.MustParseAddr("192.0.43.10")
	r.addr.Store(&private)
	e := newEnv(t, func(c *app.Config) { c.Webhooks.Resolver = r })
	_, _, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: "https://hooks.internal.test/hook"})
	pgtest.RequireCode(t, err, fault.BadInput, "url")
	require.Contains(t, fault.As(err).Message, "10.20.30.40")

	r.addr.Store(&public)
	w := e.subscribePing("http://hooks.internal.test:8080/hook")
	r.addr.Store(&private) // the name changes after subscribing
	e.sender()
	d := e.waitStatus(w, webhook.DeliveryDead)
	require.Contains(t, d.LastError, "10.20.30.40")
	require.Contains(t, d.LastError, "private or special")
	require.Nil(t, d.LastStatus, "no answer: nothing was sent")
	require.Equal(t, 1, d.Attempts)
}

// After PauseAfter deliveries dead in a row a subscription is paused and
// its owner told in the inbox.
func TestHundredDeadInARowPause(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	rc := newReceiver(t, func(_ int, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadRequest) })
	w, _, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL})
	require.NoError(t, err)
	for range webhook.PauseAfter + 2 {
		_, err := e.a.Webhook.Ping(e.ctx, w.ID)
		require.NoError(t, err)
	}
	e.sender()
	require.Eventually(t, func() bool {
		g, err := e.a.Webhook.Get(e.ctx, w.ID)
		require.NoError(t, err)
		return g.Status == webhook.StatusPaused
	}, 30*time.Second, 20*time.Millisecond)
	time.Sleep(200 * time.Millisecond)
	require.Len(t, rc.got(), webhook.PauseAfter, "nothing sent once paused")
	require.Equal(t, 1, pgtest.Count(t, e.d.Pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'webhook.paused'`, e.p.ID))
	g, err := e.a.Webhook.Get(e.ctx, w.ID)
	require.NoError(t, err)
	require.True(t, strings.Contains(g.StatusReason, "100"))
}

// A webhook whose attempts keep failing without a success for
// Config.FailingPause (24 h; here 300 ms) is paused and its owner told,
// although no delivery died.
func TestContinuousFailurePauses(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *app.Config) { c.Webhooks.FailingPause = 300 * time.Millisecond })
	rc := newReceiver(t, func(_ int, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) })
	w := e.subscribePing(rc.srv.URL)
	e.sender()
	require.Eventually(t, func() bool {
		g, err := e.a.Webhook.Get(e.ctx, w.ID)
		require.NoError(t, err)
		return g.Status == webhook.StatusPaused
	}, 15*time.Second, 20*time.Millisecond)
	g, err := e.a.Webhook.Get(e.ctx, w.ID)
	require.NoError(t, err)
	require.Contains(t, g.StatusReason, "of failing deliveries")
	require.Zero(t, g.ConsecutiveDead)
	require.Equal(t, webhook.DeliveryPending, e.waitStatus(w, webhook.DeliveryPending).Status, "the delivery waits for a resume")
	require.Equal(t, 1, pgtest.Count(t, e.d.Pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'webhook.paused'`, e.p.ID))
	n := len(rc.got())
	time.Sleep(200 * time.Millisecond)
	require.Len(t, rc.got(), n, "nothing sent while paused")

	rc.setAnswer(nil) // the receiver recovers
	_, err = e.a.Webhook.Resume(e.ctx, w.ID)
	require.NoError(t, err)
	e.waitStatus(w, webhook.DeliveryDelivered)
}
