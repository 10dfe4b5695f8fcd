package server_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"codna/internal/app/apptest"
	"codna/internal/auth"
	"codna/internal/inbox"
	"codna/internal/pgtest"
	"codna/internal/server"
)

// The close codes of graphql-transport-ws the server uses (docs/api.md).
const (
	closeBadRequest   = 4400
	closeUnauthorized = 4401
	closeForbidden    = 4403
	closeInitTimeout  = 4408
	closeDuplicateID  = 4409
	closeTooMany      = 4429
)

// startOf and stopOf are each protocol's names for starting and ending an
// operation.
func startOf(protocol string) string {
	if protocol == "graphql-ws" {
		return "start"
	}
	return "subscribe"
}

func stopOf(protocol string) string {
	if protocol == "graphql-ws" {
		return "stop"
	}
	return "complete"
}

// open dials protocol, sends connection_init (with the token, when there is
// one) and waits for the ack.
func (b *bundle) open(t testing.TB, protocol, token string, header http.Header) *websocket.Conn {
	t.Helper()
	c, _, err := b.dial(t, protocol, header)
	require.NoError(t, err)
	init := map[string]any{"type": "connection_init"}
	if token != "" {
		init["payload"] = map[string]any{"authorization": "Bearer " + token}
	}
	write(t, c, init)
	m := read(t, c)
	require.Equal(t, "connection_ack", m.Type, string(m.Payload))
	return c
}

// closedWith reads until the server closes c and returns the close code. It
// fails when c is still open after within, or when any message carries an
// INTERNAL error or one of the forbidden strings.
func closedWith(t testing.TB, c *websocket.Conn, within time.Duration, forbidden ...string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	for {
		_, data, err := readMessage(ctx, c)
		if err != nil {
			require.NoError(t, ctx.Err(), "the socket is still open after %v", within)
			return closeStatus(err)
		}
		require.NotContains(t, string(data), `"INTERNAL"`)
		for _, f := range forbidden {
			require.NotContains(t, string(data), f)
		}
	}
}

// result starts one operation on c and returns its first result (next,
// data or error), skipping keep-alives.
func result(t testing.TB, c *websocket.Conn, protocol, id, query string, vars map[string]any) wsMsg {
	t.Helper()
	write(t, c, map[string]any{"id": id, "type": startOf(protocol), "payload": map[string]any{"query": query, "variables": vars}})
	for {
		m := read(t, c)
		if m.ID == id && m.Type != "complete" {
			return m
		}
	}
}

// secondInstance is another server over a's database, as a second replica
// is; its hub listens only when listen is true.
func secondInstance(t testing.TB, a *bundle, listen bool) *bundle {
	t.Helper()
	second := apptest.New(t, a.pool)
	srv := server.New(second, server.DefaultConfig, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if listen {
		require.NoError(t, second.Live.Start(context.Background()))
		t.Cleanup(second.Live.Stop)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return &bundle{srv: srv, app: second, http: hs, pool: a.pool, counter: a.counter}
}

func tokenID(t testing.TB, b *bundle, table, secret string) string {
	t.Helper()
	var id uuid.UUID
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT id FROM `+table+` WHERE token_hash = $1`, auth.HashSecret(secret)).Scan(&id))
	return id.String()
}

const createDoc = `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`

func docInput(slug string) map[string]any {
	return map[string]any{"i": map[string]any{"space": "WIKI", "path": "", "slug": slug, "title": slug, "content": "x"}}
}

func countDocs(t testing.TB, b *bundle, slug string) int {
	t.Helper()
	var n int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM documents WHERE slug = $1`, slug).Scan(&n))
	return n
}

// Ending a credential closes the sockets opened with it, with 4403, and only
// those.
func TestWebsocketClosesWhenTheCredentialEnds(t *testing.T) {
	t.Parallel()
	b := setup(t)
	mt := pgtest.CreateManageToken(t, b.pool)
	manage := func(t *testing.T, q string, vars map[string]any) {
		t.Helper()
		r := b.do(t, req{query: q, variables: vars, bearer: mt})
		require.Empty(t, r.Errors, "%s", q)
	}
	cookieSocket := func(t *testing.T, protocol, cookie string) *websocket.Conn {
		return b.open(t, protocol, "", http.Header{"Cookie": {auth.SessionCookie + "=" + cookie}, "Origin": {b.http.URL}})
	}

	for _, protocol := range []string{"graphql-transport-ws", "graphql-ws"} {
		t.Run(protocol, func(t *testing.T) {
			t.Run("logout", func(t *testing.T) {
				p := pgtest.CreatePerson(t, b.pool)
				_, cookie := b.login(t, p.Email, pgtest.Password)
				_, other := b.login(t, p.Email, pgtest.Password)
				mine, theirs := cookieSocket(t, protocol, cookie), cookieSocket(t, protocol, other)
				r := b.do(t, req{query: `mutation { logout }`, cookie: cookie})
				require.Empty(t, r.Errors)
				require.Equal(t, closeForbidden, closedWith(t, mine, 5*time.Second))
				m := result(t, theirs, protocol, "1", meQuery, nil)
				require.Contains(t, string(m.Payload), p.ID.String(), "another session's socket stays")
			})
			t.Run("deactivation", func(t *testing.T) {
				p := pgtest.CreatePerson(t, b.pool)
				_, cookie := b.login(t, p.Email, pgtest.Password)
				byToken := b.open(t, protocol, pgtest.CreatePersonToken(t, b.pool, p.ID), nil)
				bySession := cookieSocket(t, protocol, cookie)
				bystander := b.open(t, protocol, pgtest.CreatePersonToken(t, b.pool, pgtest.CreatePerson(t, b.pool).ID), nil)
				manage(t, `mutation($i: SetPersonActiveInput!) { deactivatePerson(input: $i) { user { active } } }`,
					map[string]any{"i": map[string]any{"id": p.ID.String()}})
				require.Equal(t, closeForbidden, closedWith(t, byToken, 5*time.Second))
				require.Equal(t, closeForbidden, closedWith(t, bySession, 5*time.Second))
				require.Contains(t, []string{"next", "data"}, result(t, bystander, protocol, "1", meQuery, nil).Type, "someone else's socket stays")
			})
			t.Run("password reset ends sessions, not tokens", func(t *testing.T) {
				p := pgtest.CreatePerson(t, b.pool)
				_, cookie := b.login(t, p.Email, pgtest.Password)
				byToken := b.open(t, protocol, pgtest.CreatePersonToken(t, b.pool, p.ID), nil)
				bySession := cookieSocket(t, protocol, cookie)
				manage(t, `mutation($i: ResetPasswordInput!) { resetPassword(input: $i) { user { id } } }`,
					map[string]any{"i": map[string]any{"id": p.ID.String(), "password": "another long password"}})
				require.Equal(t, closeForbidden, closedWith(t, bySession, 5*time.Second))
				m := result(t, byToken, protocol, "1", meQuery, nil)
				require.Contains(t, string(m.Payload), p.ID.String(), "a personal token outlives a password reset")
			})
			t.Run("personal token revoked", func(t *testing.T) {
				p := pgtest.CreatePerson(t, b.pool)
				tok, err := b.app.Auth.CreateAccessToken(pgtest.SignedIn(p), "laptop", nil)
				require.NoError(t, err)
				c := b.open(t, protocol, tok.Secret, nil)
				keep := b.open(t, protocol, pgtest.CreatePersonToken(t, b.pool, p.ID), nil)
				_, err = b.app.Auth.RevokeAccessToken(pgtest.SignedIn(p), tok.ID)
				require.NoError(t, err)
				require.Equal(t, closeForbidden, closedWith(t, c, 5*time.Second))
				m := result(t, keep, protocol, "1", meQuery, nil)
				require.Contains(t, string(m.Payload), p.ID.String(), "the person's other token keeps its socket")
			})
			t.Run("manage token revoked", func(t *testing.T) {
				other := pgtest.CreateManageToken(t, b.pool)
				c := b.open(t, protocol, other, nil)
				manage(t, `mutation($i: ServiceTokenInput!) { revokeServiceToken(input: $i) { serviceToken { revokedAt } } }`,
					map[string]any{"i": map[string]any{"id": tokenID(t, b, "service_tokens", other)}})
				require.Equal(t, closeForbidden, closedWith(t, c, 5*time.Second))
			})
			t.Run("agent deleted", func(t *testing.T) {
				agent := pgtest.CreateAgent(t, b.pool, pgtest.CreatePerson(t, b.pool).ID)
				c := b.open(t, protocol, agent.Token, nil)
				manage(t, `mutation($i: AgentInput!) { deleteAgent(input: $i) { agent { id } } }`,
					map[string]any{"i": map[string]any{"id": agent.ID.String()}})
				require.Equal(t, closeForbidden, closedWith(t, c, 5*time.Second))
			})
		})
	}
}

// A replica that never hears the notification (its hub is not listening)
// still refuses every operation of an ended credential: each operation
// re-checks it.
func TestWebsocketOperationsActAsAStillValidActor(t *testing.T) {
	t.Parallel()
	a := setup(t)
	deaf := secondInstance(t, a, false)
	mt := pgtest.CreateManageToken(t, a.pool)

	for _, protocol := range []string{"graphql-transport-ws", "graphql-ws"} {
		t.Run(protocol, func(t *testing.T) {
			t.Run("a deactivated person creates nothing", func(t *testing.T) {
				p := pgtest.CreatePerson(t, a.pool)
				c := deaf.open(t, protocol, pgtest.CreatePersonToken(t, a.pool, p.ID), nil)
				m := result(t, c, protocol, "1", createDoc, docInput("before-"+protocol))
				require.NotContains(t, string(m.Payload), "errors", "the socket works before")

				r := a.do(t, req{query: `mutation($i: SetPersonActiveInput!) { deactivatePerson(input: $i) { user { active } } }`,
					variables: map[string]any{"i": map[string]any{"id": p.ID.String()}}, bearer: mt})
				require.Empty(t, r.Errors)
				write(t, c, map[string]any{"id": "2", "type": startOf(protocol), "payload": map[string]any{"query": createDoc, "variables": docInput("after-" + protocol)}})
				require.Equal(t, closeForbidden, closedWith(t, c, 5*time.Second, `"createDocument":{`))
				require.Zero(t, countDocs(t, a, "after-"+protocol))
			})
			t.Run("a revoked manage token creates no one", func(t *testing.T) {
				other := pgtest.CreateManageToken(t, a.pool)
				c := deaf.open(t, protocol, other, nil)
				r := a.do(t, req{query: `mutation($i: ServiceTokenInput!) { revokeServiceToken(input: $i) { serviceToken { revokedAt } } }`,
					variables: map[string]any{"i": map[string]any{"id": tokenID(t, a, "service_tokens", other)}}, bearer: mt})
				require.Empty(t, r.Errors)
				email := "ghost-" + protocol + "@example.com"
				write(t, c, map[string]any{"id": "1", "type": startOf(protocol), "payload": map[string]any{
					"query":     `mutation($i: CreatePersonInput!) { createPerson(input: $i) { user { id } } }`,
					"variables": map[string]any{"i": map[string]any{"email": email, "name": "Ghost", "password": "a long enough password"}},
				}})
				require.Equal(t, closeForbidden, closedWith(t, c, 5*time.Second, `"createPerson":{`))
				var n int
				require.NoError(t, a.pool.QueryRow(context.Background(), `SELECT count(*) FROM users WHERE email = $1`, email).Scan(&n))
				require.Zero(t, n)
			})
		})
	}
}

// A credential ended through one replica closes its sockets on another.
func TestWebsocketCredentialEndReachesEveryReplica(t *testing.T) {
	t.Parallel()
	a := setup(t)
	other := secondInstance(t, a, true)
	mt := pgtest.CreateManageToken(t, a.pool)
	p := pgtest.CreatePerson(t, a.pool)
	c := other.open(t, "graphql-transport-ws", pgtest.CreatePersonToken(t, a.pool, p.ID), nil)

	r := a.do(t, req{query: `mutation($i: SetPersonActiveInput!) { deactivatePerson(input: $i) { user { active } } }`,
		variables: map[string]any{"i": map[string]any{"id": p.ID.String()}}, bearer: mt})
	require.Empty(t, r.Errors)
	require.Equal(t, closeForbidden, closedWith(t, c, 5*time.Second), "the other replica closed the socket without being asked anything")
}

// A running documentChanged subscription pushes nothing once its
// credential ended, even content changed after.
func TestSubscriptionsStopWhenTheCredentialEnds(t *testing.T) {
	t.Parallel()
	b := setup(t)
	mt := pgtest.CreateManageToken(t, b.pool)
	const q = `subscription($id: ID!) { documentChanged(id: $id) { id version content } }`
	for _, protocol := range []string{"graphql-transport-ws", "graphql-ws"} {
		t.Run(protocol, func(t *testing.T) {
			owner := pgtest.CreatePerson(t, b.pool)
			token := pgtest.CreatePersonToken(t, b.pool, owner.ID)
			d := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Content: "first words"})
			_, cookie := b.login(t, owner.Email, pgtest.Password)
			c := b.open(t, protocol, "", http.Header{"Cookie": {auth.SessionCookie + "=" + cookie}, "Origin": {b.http.URL}})
			counts := result(t, c, protocol, "counts", countsSub, nil)
			require.NotContains(t, string(counts.Payload), "errors")
			m := result(t, c, protocol, "doc", q, map[string]any{"id": d.ID.String()})
			require.Contains(t, string(m.Payload), "first words")

			// The session ends; the person's token still writes.
			r := b.do(t, req{query: `mutation($i: ResetPasswordInput!) { resetPassword(input: $i) { user { id } } }`,
				variables: map[string]any{"i": map[string]any{"id": owner.ID.String(), "password": "another long password"}}, bearer: mt})
			require.Empty(t, r.Errors)
			r = b.do(t, req{query: `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed } }`, bearer: token,
				variables: map[string]any{"i": map[string]any{"id": d.ID.String(), "expectedVersion": 1, "content": "secret second words"}}})
			require.Empty(t, r.Errors)
			require.Equal(t, closeForbidden, closedWith(t, c, 5*time.Second, "secret second words"))
		})
	}
}

// A person holds at most CODNA_WS_MAX_SOCKETS_PER_USER sockets per replica.
func TestWebsocketsPerUserAreCapped(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.WSMaxSockets = 2 })
	for _, protocol := range []string{"graphql-transport-ws", "graphql-ws"} {
		t.Run(protocol, func(t *testing.T) {
			// A person of its own: the previous protocol's sockets close
			// when its subtest ends, and the server counts them down only
			// once it has seen them close.
			token := pgtest.CreatePersonToken(t, b.pool, pgtest.CreatePerson(t, b.pool).ID)
			first := b.open(t, protocol, token, nil)
			b.open(t, protocol, token, nil)
			c, _, err := b.dial(t, protocol, nil)
			require.NoError(t, err)
			write(t, c, map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer " + token}})
			require.Equal(t, closeTooMany, closedWith(t, c, 5*time.Second, "connection_ack"))

			// Someone else is not affected.
			b.open(t, protocol, pgtest.CreatePersonToken(t, b.pool, pgtest.CreatePerson(t, b.pool).ID), nil)

			// Closing one frees its place.
			require.NoError(t, closeWith(first, websocket.CloseNormalClosure))
			require.Eventually(t, func() bool {
				c, _, err := b.dial(t, protocol, nil)
				require.NoError(t, err)
				defer c.Close()
				write(t, c, map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer " + token}})
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				var m wsMsg
				return readJSON(ctx, c, &m) == nil && m.Type == "connection_ack"
			}, 5*time.Second, 50*time.Millisecond)
		})
	}
}

// An id already running is refused with 4409: gqlgen alone would run both
// under one name, and a complete could end only one of them.
func TestWebsocketRefusesDuplicateIDs(t *testing.T) {
	t.Parallel()
	b := setup(t)
	token := pgtest.CreatePersonToken(t, b.pool, pgtest.CreatePerson(t, b.pool).ID)
	for _, protocol := range []string{"graphql-transport-ws", "graphql-ws"} {
		t.Run(protocol, func(t *testing.T) {
			c := b.open(t, protocol, token, nil)
			require.NotContains(t, string(result(t, c, protocol, "1", countsSub, nil).Payload), "errors")
			write(t, c, map[string]any{"id": "1", "type": startOf(protocol), "payload": map[string]any{"query": countsSub}})
			require.Equal(t, closeDuplicateID, closedWith(t, c, 5*time.Second))
		})
	}
}

// complete ends the subscription it names, even when the client reuses the
// id at once, and nothing of the ended one reaches the client after.
func TestWebsocketCompleteEndsTheSubscriptionItNames(t *testing.T) {
	t.Parallel()
	b := setup(t)
	me := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, me.ID)
	for _, protocol := range []string{"graphql-transport-ws", "graphql-ws"} {
		t.Run(protocol, func(t *testing.T) {
			c := b.open(t, protocol, token, nil)
			// inboxCounts subscriptions are held by LiveCounts, the socket's
			// credential watcher by the hub: count both.
			subscribers := func() int { return b.app.Live.Subscribers() + b.app.LiveCounts.Subscribers() }
			watchers := subscribers()
			for range 40 {
				write(t, c, map[string]any{"id": "a", "type": startOf(protocol), "payload": map[string]any{"query": countsSub}})
				write(t, c, map[string]any{"id": "a", "type": stopOf(protocol)})
			}
			require.Eventually(t, func() bool { return subscribers() == watchers }, 5*time.Second, 10*time.Millisecond,
				"every completed subscription ended")
			notify(t, b, me.ID, inbox.TypeAccessGranted)

			// The connection still works, and "a" never sends anything after
			// the client completed it (graphql-transport-ws: "no further
			// events").
			write(t, c, map[string]any{"id": "b", "type": startOf(protocol), "payload": map[string]any{"query": meQuery}})
			for {
				m := read(t, c, "ka")
				require.NotEqual(t, "a", m.ID, "%s %s", m.Type, m.Payload)
				if m.ID == "b" {
					require.Contains(t, string(m.Payload), me.ID.String())
					break
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			defer cancel()
			for {
				var m wsMsg
				if err := readJSON(ctx, c, &m); err != nil {
					require.True(t, errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil, "%v", err)
					break
				}
				require.NotEqual(t, "a", m.ID, "%s %s", m.Type, m.Payload)
			}
		})
	}
}

func TestWebsocketConnectionInitTimeoutCloses4408(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.WSInitTimeout = 200 * time.Millisecond })
	for _, protocol := range []string{"graphql-transport-ws", "graphql-ws"} {
		c, _, err := b.dial(t, protocol, nil)
		require.NoError(t, err)
		require.Equal(t, closeInitTimeout, closedWith(t, c, 5*time.Second), protocol)
	}
}
