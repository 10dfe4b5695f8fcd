// Signing in with a password over GraphQL: the cookie, the refusals and the
// throttle (docs/design.md#sign-in-throttle).
package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

func TestLoginThenMeRoundTrip(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)

	r, cookie := b.login(t, strings.ToUpper(p.Email), pgtest.Password)
	require.Empty(t, r.Errors)
	require.NotEmpty(t, cookie)
	set := r.Header.Get("Set-Cookie")
	require.Contains(t, set, "HttpOnly")
	require.Contains(t, set, "SameSite=Lax")
	require.NotContains(t, set, "Secure", "plain HTTP must not get a Secure cookie")

	got := me(t, b.do(t, req{query: meQuery, cookie: cookie}))
	require.Equal(t, p.ID.String(), got["id"])
	require.Equal(t, "PERSON", got["kind"])

	// Nobody signed in: me is null, not an error.
	require.Nil(t, me(t, b.do(t, req{query: meQuery})))

	out := b.do(t, req{query: `mutation { logout }`, cookie: cookie})
	require.Empty(t, out.Errors)
	require.Equal(t, true, out.Data["logout"])
	after := b.do(t, req{query: meQuery, cookie: cookie})
	require.Equal(t, "UNAUTHENTICATED", after.code())
	require.Equal(t, http.StatusUnauthorized, after.Status)
}

func TestLoginRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)

	wrong, cookie := b.login(t, p.Email, "not the password")
	require.Equal(t, "UNAUTHENTICATED", wrong.code())
	require.Empty(t, cookie)
	unknown, _ := b.login(t, "nobody@example.com", pgtest.Password)
	require.Equal(t, "UNAUTHENTICATED", unknown.code())
	require.Equal(t, wrong.Errors[0].Message, unknown.Errors[0].Message, "must not reveal which emails exist")

	// An agent or management can never sign in with a password.
	agent := pgtest.CreateAgent(t, b.pool)
	r, _ := b.login(t, agent.Email, pgtest.Password)
	require.Equal(t, "UNAUTHENTICATED", r.code())
}

// TestLoginThrottleCountsFailuresOnly: the default throttle (10 failures per
// e-mail in 15 minutes) refuses the 11th wrong password for one e-mail with
// RATE_LIMITED and when to retry — and the right password too, from then
// on — while 30 correct sign-ins in a row from the same address (an office
// behind one NAT) all succeed.
func TestLoginThrottleCountsFailuresOnly(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.Auth.LoginLimit = 10; c.Auth.LoginWindow = 15 * time.Minute })
	office := pgtest.CreatePerson(t, b.pool)
	for i := range 30 {
		r, cookie := b.login(t, office.Email, pgtest.Password)
		require.Empty(t, r.Errors, "correct sign-in %d", i+1)
		require.NotEmpty(t, cookie)
	}

	p := pgtest.CreatePerson(t, b.pool)
	for i := range 10 {
		r, _ := b.login(t, p.Email, "wrong password!")
		require.Equal(t, "UNAUTHENTICATED", r.code(), "wrong password %d", i+1)
	}
	r, _ := b.login(t, p.Email, "wrong password!")
	require.Equal(t, "RATE_LIMITED", r.code(), "the 11th wrong password")
	retry, ok := r.Errors[0].Extensions["retryAfter"].(float64)
	require.True(t, ok, "retryAfter in %v", r.Errors[0].Extensions)
	require.InDelta(t, 15*60, retry, 5, "seconds until the first failure leaves the window")
	require.Contains(t, r.Errors[0].Message, "15 minutes")
	r, _ = b.login(t, p.Email, pgtest.Password)
	require.Equal(t, "RATE_LIMITED", r.code(), "the right password is refused too once the limit is hit")

	// Another person behind the same address is not limited by that.
	q := pgtest.CreatePerson(t, b.pool)
	r, _ = b.login(t, q.Email, pgtest.Password)
	require.Empty(t, r.Errors)
}

// TestLoginSuccessClearsTheEmailsFailures: a correct sign-in forgets the
// e-mail's earlier failures, so a person who mistyped a few times is not
// one typo from being locked out for the rest of the window.
func TestLoginSuccessClearsTheEmailsFailures(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.Auth.LoginLimit = 3; c.Auth.LoginWindow = time.Hour })
	p := pgtest.CreatePerson(t, b.pool)
	for range 2 {
		r, _ := b.login(t, p.Email, "wrong password!")
		require.Equal(t, "UNAUTHENTICATED", r.code())
	}
	r, _ := b.login(t, p.Email, pgtest.Password)
	require.Empty(t, r.Errors)
	for range 2 {
		r, _ := b.login(t, p.Email, "wrong password!")
		require.Equal(t, "UNAUTHENTICATED", r.code(), "the earlier failures were cleared")
	}
	r, _ = b.login(t, p.Email, pgtest.Password)
	require.Empty(t, r.Errors)
}

func TestLoginIsRateLimitedPerIP(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.Auth.LoginLimit = 2; c.Auth.LoginWindow = time.Hour })
	// Per IP the limit is five times the per-email one: 10 failures.
	for i := range 10 {
		r, _ := b.login(t, "spray"+string(rune('a'+i))+"@example.com", "whatever password")
		require.Equal(t, "UNAUTHENTICATED", r.code())
	}
	p := pgtest.CreatePerson(t, b.pool)
	r, _ := b.login(t, p.Email, pgtest.Password)
	require.Equal(t, "RATE_LIMITED", r.code())
}
