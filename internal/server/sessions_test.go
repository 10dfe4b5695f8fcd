package server_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
)

// TestServerDeletesExpiredSessions: a running server sweeps expired
// sessions away in the background, and Stop ends the sweeper.
func TestServerDeletesExpiredSessions(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) {
		c.Listen = "127.0.0.1:0"
		c.Auth.SessionSweep = 10 * time.Millisecond
	})
	ctx := context.Background()
	p := pgtest.CreatePerson(t, b.pool)
	_, err := b.pool.Exec(ctx, `INSERT INTO sessions (id, user_id, token_hash, expires_at)
		VALUES (gen_random_uuid(), $1, 'expired', now() - interval '1 day'), (gen_random_uuid(), $1, 'live', now() + interval '1 day')`, p.ID)
	require.NoError(t, err)
	require.NoError(t, b.srv.Start(ctx))
	t.Cleanup(b.srv.Stop)
	require.Eventually(t, func() bool {
		var n int
		require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM sessions WHERE token_hash = 'expired'`).Scan(&n))
		return n == 0
	}, 10*time.Second, 10*time.Millisecond)
	b.srv.Stop()
	var live int
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM sessions WHERE token_hash = 'live'`).Scan(&live))
	require.Equal(t, 1, live)
}

const sessionsQuery = `{ sessions { id device userAgent address lastUsedAt current } }`

// TestSessionsScreen: a person sees each of their sessions with its device,
// address and last use, marks the one asking, signs out another (which then
// stops working) and then all others; nobody else's session can be ended,
// and a token cannot end sessions.
func TestSessionsScreen(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.TrustProxy = true })
	p := pgtest.CreatePerson(t, b.pool)
	signIn := func(ua, addr string) string {
		r := b.do(t, req{
			query:     `mutation($i: LoginInput!) { login(input: $i) { user { id } } }`,
			variables: map[string]any{"i": map[string]any{"email": p.Email, "password": pgtest.Password}},
			header:    map[string]string{"User-Agent": ua, "X-Forwarded-For": addr},
		})
		require.Empty(t, r.Errors)
		for _, c := range (&http.Response{Header: r.Header}).Cookies() {
			if c.Name == auth.SessionCookie {
				return c.Value
			}
		}
		t.Fatal("no session cookie")
		return ""
	}
	laptop := signIn("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "203.0.113.7")
	phone := signIn("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "198.51.100.4")
	tablet := signIn("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36", "192.0.2.9")

	r := b.do(t, req{query: sessionsQuery, cookie: laptop})
	require.Empty(t, r.Errors)
	list := r.Data["sessions"].([]any)
	require.Len(t, list, 3)
	byDevice := map[string]map[string]any{}
	for _, x := range list {
		m := x.(map[string]any)
		byDevice[m["device"].(string)] = m
	}
	require.Equal(t, "203.0.113.7", byDevice["Firefox on Linux"]["address"])
	require.Equal(t, true, byDevice["Firefox on Linux"]["current"])
	require.Equal(t, "198.51.100.4", byDevice["Safari on iOS"]["address"])
	require.Equal(t, false, byDevice["Safari on iOS"]["current"])
	require.Equal(t, "192.0.2.9", byDevice["Chrome on Android"]["address"])

	// Someone else cannot end Ada's session: it is not one of theirs.
	other := pgtest.CreatePerson(t, b.pool)
	_, otherCookie := b.login(t, other.Email, pgtest.Password)
	end := `mutation($i: EndSessionInput!) { endSession(input: $i) { id } }`
	phoneID := byDevice["Safari on iOS"]["id"]
	r = b.do(t, req{query: end, variables: map[string]any{"i": map[string]any{"id": phoneID}}, cookie: otherCookie})
	require.Equal(t, "NOT_FOUND", r.code())
	require.NotNil(t, me(t, b.do(t, req{query: meQuery, cookie: phone})))

	// A personal token cannot end sessions.
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	r = b.do(t, req{query: end, variables: map[string]any{"i": map[string]any{"id": phoneID}}, bearer: token})
	require.Equal(t, "FORBIDDEN", r.code())

	// The laptop signs the phone out.
	r = b.do(t, req{query: end, variables: map[string]any{"i": map[string]any{"id": phoneID}}, cookie: laptop})
	require.Empty(t, r.Errors)
	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: meQuery, cookie: phone}).code())
	r = b.do(t, req{query: end, variables: map[string]any{"i": map[string]any{"id": phoneID}}, cookie: laptop})
	require.Equal(t, "NOT_FOUND", r.code(), "an ended session is gone")

	// Then every other session: the tablet's ends, the laptop's stays, the token works.
	r = b.do(t, req{query: `mutation { endOtherSessions { sessionsEnded } }`, cookie: laptop})
	require.Empty(t, r.Errors)
	require.Equal(t, float64(1), r.Data["endOtherSessions"].(map[string]any)["sessionsEnded"])
	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: meQuery, cookie: tablet}).code())
	require.NotNil(t, me(t, b.do(t, req{query: meQuery, cookie: laptop})))
	require.NotNil(t, me(t, b.do(t, req{query: meQuery, bearer: token})))
	r = b.do(t, req{query: sessionsQuery, cookie: laptop})
	require.Len(t, r.Data["sessions"].([]any), 1)

	// Agents and management have no sessions.
	require.Equal(t, "FORBIDDEN", b.do(t, req{query: sessionsQuery, bearer: pgtest.CreateAgent(t, b.pool).Token}).code())
	require.Equal(t, "FORBIDDEN", b.do(t, req{query: sessionsQuery, bearer: pgtest.CreateManageToken(t, b.pool)}).code())
}
