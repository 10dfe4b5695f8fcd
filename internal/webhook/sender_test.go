package webhook_test

import (
	"bytes"
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// Five pages created in a row reach a receiver that fails the first
// requests: every delivery arrives, in event order, each retry the same
// bytes under the same webhook-id, every signature verifying with the
// Standard Webhooks reference library; then the subscription's count of
// dead in a row is zero and its deliveries are delivered.
func TestDeliveriesAreSignedOrderedAndRetriedWithTheSameBytes(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	rc := newReceiver(t, func(n int, w http.ResponseWriter, _ *http.Request) {
		if n < 4 { // the first delivery fails four times, holding the rest back
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	w, secret, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL, Events: []string{"document.created"}})
	require.NoError(t, err)
	var docs []uuid.UUID
	for range 5 {
		docs = append(docs, pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Path: "eng"}).ID)
	}
	e.drain()
	e.sender()
	require.Eventually(t, func() bool { return len(rc.got()) == 9 }, 20*time.Second, 10*time.Millisecond)
	time.Sleep(100 * time.Millisecond)
	hits := rc.got()
	require.Len(t, hits, 9, "four failures and five deliveries, nothing sent twice once delivered")

	for _, h := range hits[:5] {
		require.Equal(t, hits[0].id, h.id, "the same delivery until it succeeds")
		require.True(t, bytes.Equal(hits[0].body, h.body), "byte-identical retries")
	}
	var got []uuid.UUID
	for _, h := range hits[4:] {
		verify(t, secret, h)
		b := decode(t, h.body)
		require.Equal(t, "document.created", b.Type)
		require.NotNil(t, b.Data.Document)
		require.NotEmpty(t, b.Data.Document.Title)
		require.Equal(t, 1, b.Data.Document.Version)
		require.Contains(t, b.Data.Document.Address, "wiki:eng/")
		got = append(got, uuid.MustParse(b.Data.Document.ID))
	}
	require.Equal(t, docs, got, "event order")

	ds := e.deliveries(e.ctx, w)
	require.Len(t, ds, 5)
	for _, d := range ds {
		require.Equal(t, webhook.DeliveryDelivered, d.Status)
		require.NotNil(t, d.LastStatus)
		require.Equal(t, http.StatusNoContent, *d.LastStatus)
	}
	require.Equal(t, 5, ds[len(ds)-1].Attempts, "the first one took five attempts")
	require.Equal(t, 1, ds[0].Attempts)

	// Redelivered: the same id and bytes once more.
	d, err := e.a.Webhook.Redeliver(e.ctx, ds[0].ID)
	require.NoError(t, err)
	require.Equal(t, webhook.DeliveryPending, d.Status)
	require.Eventually(t, func() bool { return len(rc.got()) == 10 }, 10*time.Second, 10*time.Millisecond)
	last := rc.got()[9]
	require.Equal(t, ds[0].ID.String(), last.id)
	require.True(t, bytes.Equal(hits[8].body, last.body))
}

// During a rotation's overlap each request carries two signatures, and
// each secret verifies it.
func TestRotationSignsWithBothSecrets(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	rc := newReceiver(t, nil)
	w, old, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL})
	require.NoError(t, err)
	_, current, err := e.a.Webhook.RotateSecret(e.ctx, w.ID)
	require.NoError(t, err)
	_, err = e.a.Webhook.Ping(e.ctx, w.ID)
	require.NoError(t, err)
	e.sender()
	require.Eventually(t, func() bool { return len(rc.got()) == 1 }, 10*time.Second, 10*time.Millisecond)
	h := rc.got()[0]
	verify(t, old, h)
	verify(t, current, h)
	require.Equal(t, webhook.PingType, decode(t, h.body).Type)
}

// Two senders on one database deliver each delivery once.
func TestTwoSendersDeliverEachOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	var mu sync.Mutex
	seen := map[string]int{}
	rc := newReceiver(t, func(_ int, w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen[r.Header.Get("webhook-id")]++
		mu.Unlock()
		time.Sleep(5 * time.Millisecond)
	})
	const subs, events = 3, 20
	for range subs {
		_, _, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL})
		require.NoError(t, err)
	}
	for range events {
		pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{})
	}
	e.drain()
	e.sender()
	e.sender()
	require.Eventually(t, func() bool {
		return pgtest.Count(t, e.d.Pool, `SELECT count(*) FROM webhook_deliveries WHERE status = 'delivered'`) == subs*events
	}, 30*time.Second, 20*time.Millisecond)
	time.Sleep(200 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, seen, subs*events)
	for id, n := range seen {
		require.Equal(t, 1, n, "delivery %s", id)
	}
}

// A person's webhook carries no event about a page they cannot read when
// it is sent: a page never shared with them queues nothing, and one whose
// grant went away between the event and the send is dead ("no longer
// readable") with nothing sent.
func TestNoEventAboutAPageUnreadableAtDeliveryTime(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	owner := pgtest.CreatePerson(t, e.d.Pool)
	rc := newReceiver(t, nil)
	w, _, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL})
	require.NoError(t, err)

	pgtest.CreateDocument(t, e.d.Pool, owner.ID, pgtest.Doc{Title: "Never shared"})
	shared := pgtest.CreateDocument(t, e.d.Pool, owner.ID, pgtest.Doc{Title: "Shared, then not"})
	pgtest.Grant(t, e.d.Pool, shared.ID, "user", e.p.ID, "read")
	e.drain()
	ds := e.deliveries(e.ctx, w)
	require.Len(t, ds, 1, "only the page they could read when the event was handled")

	pgtest.Exec(t, e.d.Pool, `DELETE FROM document_access WHERE document_id = $1`, shared.ID)
	e.sender()
	require.Eventually(t, func() bool { return e.deliveries(e.ctx, w)[0].Status == webhook.DeliveryDead }, 10*time.Second, 10*time.Millisecond)
	require.Equal(t, "no longer readable", e.deliveries(e.ctx, w)[0].LastError)
	require.Zero(t, e.deliveries(e.ctx, w)[0].Attempts)
	g, err := e.a.Webhook.Get(e.ctx, w.ID)
	require.NoError(t, err)
	require.Zero(t, g.ConsecutiveDead, "a page no longer readable says nothing about the endpoint")
	_, err = e.a.Webhook.Ping(e.ctx, w.ID)
	require.NoError(t, err)
	require.Eventually(t, func() bool { return len(rc.got()) == 1 }, 10*time.Second, 10*time.Millisecond)
	require.Equal(t, webhook.PingType, decode(t, rc.got()[0].body).Type, "the receiver only ever got the ping")
}

// The trash reaches, with ids only, those who could read the page just
// before it; a purge only the owner.
func TestTrashGoesIdsOnlyToThoseWhoCouldRead(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	reader := pgtest.CreatePerson(t, e.d.Pool)
	stranger := pgtest.CreatePerson(t, e.d.Pool)
	rcs := map[string]*receiver{}
	for name, p := range map[string]pgtest.Person{"owner": e.p, "reader": reader, "stranger": stranger} {
		rcs[name] = newReceiver(t, nil)
		_, _, err := e.a.Webhook.Create(pgtest.ActingAs(p), webhook.CreateInput{URL: rcs[name].srv.URL, Events: []string{"document.trashed"}})
		require.NoError(t, err)
	}
	doc := pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Title: "Secret plans"})
	pgtest.Grant(t, e.d.Pool, doc.ID, "user", reader.ID, "read")
	_, err := e.a.Document.Delete(e.ctx, doc.ID)
	require.NoError(t, err)
	e.drain()
	e.sender()
	for _, name := range []string{"owner", "reader"} {
		rc := rcs[name]
		require.Eventually(t, func() bool { return len(rc.got()) == 1 }, 10*time.Second, 10*time.Millisecond, name)
		b := decode(t, rc.got()[0].body)
		require.Equal(t, "document.trashed", b.Type)
		require.Equal(t, doc.ID.String(), b.Data.Document.ID)
		require.Empty(t, b.Data.Document.Title, "ids only")
		require.NotContains(t, string(rc.got()[0].body), "Secret plans")
	}
	time.Sleep(200 * time.Millisecond)
	require.Empty(t, rcs["stranger"].got())
}

// A purge reaches its owner's webhooks whose filters hold the page's old
// place, with its id only, and nobody else's.
func TestPurgeGoesToTheOwnerOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	reader := pgtest.CreatePerson(t, e.d.Pool)
	doc := pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Path: "eng/ops", Title: "Old plans"})
	pgtest.Grant(t, e.d.Pool, doc.ID, "user", reader.ID, "read")
	_, err := e.a.Document.Delete(e.ctx, doc.ID)
	require.NoError(t, err)
	e.drain()

	mine, elsewhere, theirs := newReceiver(t, nil), newReceiver(t, nil), newReceiver(t, nil)
	_, _, err = e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: mine.srv.URL, Events: []string{"document.purged"}, Space: pgtest.Ptr(document.SpaceWiki), PathPrefix: "eng"})
	require.NoError(t, err)
	_, _, err = e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: elsewhere.srv.URL, PathPrefix: "sales"})
	require.NoError(t, err)
	_, _, err = e.a.Webhook.Create(pgtest.ActingAs(reader), webhook.CreateInput{URL: theirs.srv.URL})
	require.NoError(t, err)
	pgtest.Exec(t, e.d.Pool, `UPDATE documents SET purge_after = now() - interval '1 second' WHERE id = $1`, doc.ID)
	n, err := e.a.Document.PurgeDue(auth.SystemContext(context.Background()), 10)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	e.drain()
	e.sender()

	require.Eventually(t, func() bool { return len(mine.got()) == 1 }, 10*time.Second, 10*time.Millisecond)
	b := decode(t, mine.got()[0].body)
	require.Equal(t, "document.purged", b.Type)
	require.Equal(t, doc.ID.String(), b.Data.Document.ID)
	require.Empty(t, b.Data.Document.Title)
	time.Sleep(200 * time.Millisecond)
	require.Empty(t, elsewhere.got(), "another folder")
	require.Empty(t, theirs.got(), "only the owner could read the tombstone")
}
