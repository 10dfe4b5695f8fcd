package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"codna/internal/app/apptest"
	"codna/internal/db"
	"codna/internal/inbox"
	"codna/internal/pgtest"
	"codna/internal/server"
)

// subscription is one live GraphQL subscription over a websocket.
type subscription struct {
	t        testing.TB
	c        *websocket.Conn
	protocol string
}

func (b *bundle) subscribe(t testing.TB, protocol, token, query string, vars map[string]any) *subscription {
	t.Helper()
	c, _, err := b.dial(t, protocol, nil)
	require.NoError(t, err)
	write(t, c, map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer " + token}})
	require.Equal(t, "connection_ack", read(t, c).Type)
	start := "subscribe"
	if protocol == "graphql-ws" {
		start = "start"
	}
	write(t, c, map[string]any{"id": "1", "type": start, "payload": map[string]any{"query": query, "variables": vars}})
	return &subscription{t: t, c: c, protocol: protocol}
}

// next returns the data of the next pushed result, failing after within.
func (s *subscription) next(within time.Duration) map[string]any {
	s.t.Helper()
	m, ok := s.try(within)
	require.True(s.t, ok, "no push within %v", within)
	return m
}

// try returns the next pushed result's data, or false if none came within.
func (s *subscription) try(within time.Duration) (map[string]any, bool) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	for {
		var m wsMsg
		if err := readJSON(ctx, s.c, &m); err != nil {
			if ctx.Err() != nil {
				return nil, false
			}
			require.NoError(s.t, err)
		}
		switch m.Type {
		case "next", "data":
			var p struct {
				Data   map[string]any `json:"data"`
				Errors []any          `json:"errors"`
			}
			require.NoError(s.t, json.Unmarshal(m.Payload, &p))
			require.Empty(s.t, p.Errors, string(m.Payload))
			return p.Data, true
		case "error", "complete":
			s.t.Fatalf("subscription ended: %s %s", m.Type, m.Payload)
		}
	}
}

// notify creates a notification through the funnel, committed.
func notify(t testing.TB, b *bundle, recipient uuid.UUID, typ string) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, db.InTx(ctx, b.pool, func(tx db.DBTX) error {
		subject := uuid.Must(uuid.NewV7())
		_, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{RecipientID: recipient, Type: typ, SubjectType: "document", SubjectID: &subject, Payload: map[string]any{}})
		return err
	}))
}

const countsSub = `subscription { inboxCounts { decisions unread total } }`

func TestInboxCountsSubscription(t *testing.T) {
	t.Parallel()
	b := setup(t)
	me := pgtest.CreatePerson(t, b.pool)
	other := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, me.ID)

	for _, protocol := range []string{"graphql-transport-ws", "graphql-ws"} {
		t.Run(protocol, func(t *testing.T) {
			s := b.subscribe(t, protocol, token, countsSub, nil)
			first := s.next(5 * time.Second)
			unread := obj(first, "inboxCounts", "unread").(float64)

			// The sentinel: a notification for someone else first, then one for me.
			notify(t, b, other.ID, inbox.TypeAccessGranted)
			notify(t, b, me.ID, inbox.TypeAccessGranted)
			got := s.next(5 * time.Second)
			require.Equal(t, unread+1, obj(got, "inboxCounts", "unread"))
			require.Equal(t, unread+1, obj(got, "inboxCounts", "total"))
			_, more := s.try(300 * time.Millisecond)
			require.False(t, more, "other people's notifications push nothing")
		})
	}
}

func TestNotificationAddedOnlyForTheRecipient(t *testing.T) {
	t.Parallel()
	b := setup(t)
	me := pgtest.CreatePerson(t, b.pool)
	other := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, me.ID)
	notify(t, b, me.ID, inbox.TypeGroupAdded) // before: not "added"

	s := b.subscribe(t, "graphql-transport-ws", token, `subscription { notificationAdded { id type requiresDecision status } }`, nil)
	require.Eventually(t, func() bool { return b.app.Live.Subscribers() == 2 }, 5*time.Second, 5*time.Millisecond,
		"the subscription is listening (besides the socket's credential watch)")
	// A notification written while the subscription is still reading what
	// already exists counts as existing; under load that window can be
	// reached even after the hub registration, so the sentinel is repeated
	// until one arrives.
	notify(t, b, other.ID, inbox.TypeAccessRevoked)
	var got map[string]any
	for attempt := 0; got == nil; attempt++ {
		require.Less(t, attempt, 10, "no push for my notification")
		notify(t, b, me.ID, inbox.TypeAccessGranted)
		got, _ = s.try(time.Second)
	}
	require.Equal(t, inbox.TypeAccessGranted, obj(got, "notificationAdded", "type"))
	require.Equal(t, "UNREAD", obj(got, "notificationAdded", "status"))
	_, more := s.try(300 * time.Millisecond)
	require.False(t, more)
}

func TestABurstYieldsAHandfulOfPushes(t *testing.T) {
	t.Parallel()
	b := setup(t)
	me := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, me.ID)
	s := b.subscribe(t, "graphql-transport-ws", token, countsSub, nil)
	s.next(5 * time.Second)

	for i := range 100 {
		notify(t, b, me.ID, fmt.Sprint(inbox.Types[i%len(inbox.Types)]))
	}
	pushes := 0
	var last map[string]any
	for {
		m, ok := s.try(time.Second)
		if !ok {
			break
		}
		pushes++
		last = m
	}
	require.NotNil(t, last)
	var want int
	require.NoError(t, b.pool.QueryRow(context.Background(),
		`SELECT count(*) FROM notifications WHERE recipient_id = $1 AND status = 'unread' AND NOT requires_decision`, me.ID).Scan(&want))
	require.EqualValues(t, want, obj(last, "inboxCounts", "unread"), "the last push is the current count")
	require.LessOrEqual(t, pushes, 25, "100 notifications must not mean 100 pushes")
}

// A change made through one server instance reaches a subscriber of
// another instance on the same database.
func TestSubscriptionsSpanInstances(t *testing.T) {
	t.Parallel()
	a := setup(t)
	appB := apptest.New(t, a.pool)
	srvB := server.New(appB, server.DefaultConfig, slog.New(slog.NewTextHandler(io.Discard, nil)))
	require.NoError(t, appB.Live.Start(context.Background()))
	t.Cleanup(appB.Live.Stop)
	hsB := httptest.NewServer(srvB.Handler())
	t.Cleanup(hsB.Close)
	b := &bundle{srv: srvB, app: appB, http: hsB, pool: a.pool, counter: a.counter}

	me := pgtest.CreatePerson(t, a.pool)
	token := pgtest.CreatePersonToken(t, a.pool, me.ID)
	notify(t, a, me.ID, inbox.TypeAccessGranted)
	notify(t, a, me.ID, inbox.TypeGroupAdded)

	s := b.subscribe(t, "graphql-transport-ws", token, countsSub, nil)
	require.EqualValues(t, 2, obj(s.next(5*time.Second), "inboxCounts", "unread"))

	r := a.do(t, req{query: `mutation { markAllNotificationsRead { marked counts { unread } } }`, bearer: token})
	require.Empty(t, r.Errors)
	require.EqualValues(t, 2, obj(r.Data, "markAllNotificationsRead", "marked"))
	require.EqualValues(t, 0, obj(s.next(5*time.Second), "inboxCounts", "unread"), "instance B heard instance A's change")
}

func TestDocumentChangedSubscription(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := pgtest.CreatePerson(t, b.pool)
	stranger := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	d := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Content: "v1"})
	const q = `subscription($id: ID!) { documentChanged(id: $id) { id version content } }`

	s := b.subscribe(t, "graphql-transport-ws", token, q, map[string]any{"id": d.ID.String()})
	require.EqualValues(t, 1, obj(s.next(5*time.Second), "documentChanged", "version"))
	r := b.do(t, req{query: `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed } }`, bearer: token,
		variables: map[string]any{"i": map[string]any{"id": d.ID.String(), "expectedVersion": 1, "content": "v2"}}})
	require.Empty(t, r.Errors)
	got := s.next(5 * time.Second)
	require.EqualValues(t, 2, obj(got, "documentChanged", "version"))
	require.Equal(t, "v2", obj(got, "documentChanged", "content"))

	// Someone who cannot read it gets NOT_FOUND, not a stream.
	c, _, err := b.dial(t, "graphql-transport-ws", nil)
	require.NoError(t, err)
	write(t, c, map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer " + pgtest.CreatePersonToken(t, b.pool, stranger.ID)}})
	require.Equal(t, "connection_ack", read(t, c).Type)
	write(t, c, map[string]any{"id": "1", "type": "subscribe", "payload": map[string]any{"query": q, "variables": map[string]any{"id": d.ID.String()}}})
	m := read(t, c, "ping")
	require.Contains(t, []string{"error", "next"}, m.Type)
	require.Contains(t, string(m.Payload), "NOT_FOUND")
}

func TestInboxQueriesAndMutations(t *testing.T) {
	t.Parallel()
	b := setup(t)
	me := pgtest.CreatePerson(t, b.pool)
	other := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, me.ID)
	for range 3 {
		notify(t, b, me.ID, inbox.TypeAccessGranted)
	}
	notify(t, b, other.ID, inbox.TypeAccessGranted)

	r := b.do(t, req{query: `{ inboxCounts { unread total decisions } inbox(first: 2) { pageInfo { hasNextPage endCursor } edges { node { id type status } } } }`, bearer: token})
	require.Empty(t, r.Errors)
	require.EqualValues(t, 3, obj(r.Data, "inboxCounts", "unread"))
	edges := obj(r.Data, "inbox", "edges").([]any)
	require.Len(t, edges, 2)
	require.Equal(t, true, obj(r.Data, "inbox", "pageInfo", "hasNextPage"))
	firstID := obj(edges[0], "node", "id").(string)

	r = b.do(t, req{query: `query($a: String) { inbox(first: 2, after: $a) { edges { node { id } } } }`, bearer: token,
		variables: map[string]any{"a": obj(r.Data, "inbox", "pageInfo", "endCursor")}})
	require.Empty(t, r.Errors)
	require.Len(t, obj(r.Data, "inbox", "edges").([]any), 1, "another person's notification is not mine")

	r = b.do(t, req{query: `mutation($i: MarkNotificationsReadInput!) { markNotificationsRead(input: $i) { marked counts { unread } } }`, bearer: token,
		variables: map[string]any{"i": map[string]any{"ids": []string{firstID}}}})
	require.Empty(t, r.Errors)
	require.EqualValues(t, 1, obj(r.Data, "markNotificationsRead", "marked"))
	require.EqualValues(t, 2, obj(r.Data, "markNotificationsRead", "counts", "unread"))

	r = b.do(t, req{query: `mutation($i: NotificationInput!) { dismissNotification(input: $i) { notification { status } counts { unread } } }`, bearer: token,
		variables: map[string]any{"i": map[string]any{"id": firstID}}})
	require.Empty(t, r.Errors)
	require.Equal(t, "DISMISSED", obj(r.Data, "dismissNotification", "notification", "status"))

	var theirs string
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT id::text FROM notifications WHERE recipient_id = $1`, other.ID).Scan(&theirs))
	r = b.do(t, req{query: `mutation($i: NotificationInput!) { resolveNotification(input: $i) { notification { status } } }`, bearer: token,
		variables: map[string]any{"i": map[string]any{"id": theirs}}})
	require.Equal(t, "NOT_FOUND", r.code())

	r = b.do(t, req{query: `{ inbox(filter: {status: UNREAD}) { edges { node { id } } } }`, bearer: token})
	require.Empty(t, r.Errors)
	require.Len(t, obj(r.Data, "inbox", "edges").([]any), 2)
	r = b.do(t, req{query: `{ inbox(filter: {type: "no.such"}) { edges { node { id } } } }`, bearer: token})
	require.Equal(t, "BAD_USER_INPUT", r.code())
}

func TestSubscriptionsPerConnectionAreCapped(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.WSMaxSubs = 2 })
	me := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, me.ID)
	c, _, err := b.dial(t, "graphql-transport-ws", nil)
	require.NoError(t, err)
	write(t, c, map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer " + token}})
	require.Equal(t, "connection_ack", read(t, c).Type)
	start := func(id string) wsMsg {
		write(t, c, map[string]any{"id": id, "type": "subscribe", "payload": map[string]any{"query": countsSub}})
		return read(t, c, "ping")
	}
	require.Equal(t, "next", start("1").Type)
	require.Equal(t, "next", start("2").Type)
	third := start("3")
	require.Contains(t, []string{"error", "next"}, third.Type)
	require.Contains(t, string(third.Payload), "RATE_LIMITED")

	// Ending one frees its slot.
	write(t, c, map[string]any{"id": "1", "type": "complete"})
	require.Eventually(t, func() bool {
		write(t, c, map[string]any{"id": "4", "type": "subscribe", "payload": map[string]any{"query": countsSub}})
		m := read(t, c, "ping")
		for m.Type == "complete" {
			m = read(t, c, "ping")
		}
		return m.Type == "next" && m.ID == "4"
	}, 5*time.Second, 50*time.Millisecond)
}

// A subscription sent as a plain HTTP request is refused with a coded error,
// for GET and POST alike: gqlgen's HTTP transports would answer its first
// value and end it, which a client would take for a live stream.
func TestSubscriptionOverPlainHTTPIsRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	me := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, me.ID)

	r := b.do(t, req{query: countsSub, bearer: token})
	require.Equal(t, "BAD_USER_INPUT", r.code(), "%+v", r)
	require.Contains(t, r.Errors[0].Message, "websocket")
	require.Nil(t, r.Data["inboxCounts"])

	hr, err := http.NewRequest(http.MethodGet, b.http.URL+"/graphql?query="+url.QueryEscape(countsSub), nil)
	require.NoError(t, err)
	hr.Header.Set("Authorization", "Bearer "+token)
	g := send(t, hr)
	require.Equal(t, "BAD_USER_INPUT", g.code(), "%+v", g)

	// Queries still answer over HTTP.
	q := b.do(t, req{query: `{ inboxCounts { total } }`, bearer: token})
	require.Empty(t, q.Errors)
}
