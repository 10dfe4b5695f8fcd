package webhook_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"

	"codna/internal/app"
	"codna/internal/app/apptest"
	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// fast is the webhook configuration of these tests: receivers on
// 127.0.0.1 over http, short timeouts and backoff (10 ms doubling to
// 400 ms), a sender polling every 50 ms.
func fast(c *app.Config) {
	c.Webhooks = webhook.Config{
		Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, AllowHTTP: true,
		RequestTimeout: 300 * time.Millisecond, MaxBackoff: 400 * time.Millisecond * 9, Poll: 50 * time.Millisecond,
	}
}

// env is an App (not started) with a person and helpers.
type env struct {
	t   *testing.T
	a   *app.App
	d   *pgtest.DB
	p   pgtest.Person
	ctx context.Context
}

func newEnv(t *testing.T, tweak ...func(*app.Config)) *env {
	t.Helper()
	a, d := apptest.Open(t, append([]func(*app.Config){fast}, tweak...)...)
	p := pgtest.CreatePerson(t, d.Pool)
	return &env{t: t, a: a, d: d, p: p, ctx: pgtest.ActingAs(p)}
}

// drain runs the outbox until nothing is left: the webhook consumer has
// queued every delivery of the events so far.
func (e *env) drain() {
	e.t.Helper()
	require.NoError(e.t, e.a.Outbox.Drain(context.Background()))
}

// send starts a sender of its own, stopped at the test's end.
func (e *env) sender() *webhook.Sender {
	x := e.a.Webhook.NewSender()
	require.NoError(e.t, x.Start(context.Background()))
	e.t.Cleanup(x.Stop)
	return x
}

// hit is one request a receiver got.
type hit struct {
	id, ts, sig string
	body        []byte
	at          time.Time
}

// receiver is a real HTTP receiver on 127.0.0.1 answering with answer (200
// when nil) and keeping what it got.
type receiver struct {
	srv    *httptest.Server
	mu     sync.Mutex
	hits   []hit
	answer func(n int, w http.ResponseWriter, r *http.Request) // n counts from 0
}

func newReceiver(t *testing.T, answer func(n int, w http.ResponseWriter, r *http.Request)) *receiver {
	rc := &receiver{answer: answer}
	rc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		n := len(rc.hits)
		rc.hits = append(rc.hits, hit{id: r.Header.Get("webhook-id"), ts: r.Header.Get("webhook-timestamp"), sig: r.Header.Get("webhook-signature"), body: b, at: time.Now()})
		answer := rc.answer
		rc.mu.Unlock()
		if answer != nil {
			answer(n, w, r)
		}
	}))
	t.Cleanup(rc.srv.Close)
	return rc
}

// setAnswer changes how the receiver answers from its next request on.
func (rc *receiver) setAnswer(answer func(n int, w http.ResponseWriter, r *http.Request)) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.answer = answer
}

func (rc *receiver) got() []hit {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]hit(nil), rc.hits...)
}

// body is a delivery body as receivers read it.
type body struct {
	Type string `json:"type"`
	ID   string `json:"id"`
	Data struct {
		Document *struct {
			ID      string `json:"id"`
			Version int    `json:"version"`
			Title   string `json:"title"`
			Address string `json:"address"`
			Summary string `json:"changeSummary"`
		} `json:"document"`
	} `json:"data"`
}

func decode(t *testing.T, b []byte) body {
	var out body
	require.NoError(t, json.Unmarshal(b, &out))
	return out
}

// verify checks a hit's signature with the Standard Webhooks reference
// library.
func verify(t *testing.T, secret string, h hit) {
	t.Helper()
	wh, err := standardwebhooks.NewWebhook(secret)
	require.NoError(t, err)
	hdr := http.Header{}
	hdr.Set("webhook-id", h.id)
	hdr.Set("webhook-timestamp", h.ts)
	hdr.Set("webhook-signature", h.sig)
	require.NoError(t, wh.Verify(h.body, hdr))
}

// deliveries reads a subscription's deliveries, newest first, as its owner.
func (e *env) deliveries(ctx context.Context, w webhook.Webhook) []webhook.Delivery {
	e.t.Helper()
	ds, err := e.a.Webhook.Deliveries(ctx, w.ID, 100, 0)
	require.NoError(e.t, err)
	return ds
}
