package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
)

const (
	createTokenMutation = `mutation($i: CreateAccessTokenInput!) { createAccessToken(input: $i) { token accessToken { id name prefix createdAt expiresAt lastUsedAt } } }`
	revokeTokenMutation = `mutation($i: RevokeAccessTokenInput!) { revokeAccessToken(input: $i) { accessToken { id } } }`
	tokensQuery         = `{ accessTokens { id name prefix createdAt lastUsedAt expiresAt } }`
	changePassword      = `mutation($i: ChangePasswordInput!) { changePassword(input: $i) { sessionsEnded } }`
)

// TestPersonalTokensOverGraphQL: a person signed in by cookie issues a
// token (its secret shown once), lists it by prefix (never the secret),
// uses it, and revokes it; a token cannot make or revoke tokens; an
// expiry is honoured.
func TestPersonalTokensOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	_, cookie := b.login(t, p.Email, pgtest.Password)

	r := b.do(t, req{query: createTokenMutation, cookie: cookie, variables: map[string]any{"i": map[string]any{"name": "laptop script", "expiresIn": "720h"}}})
	require.Empty(t, r.Errors)
	created := obj(r.Data, "createAccessToken").(map[string]any)
	secret := created["token"].(string)
	tok := created["accessToken"].(map[string]any)
	require.True(t, strings.HasPrefix(secret, auth.PersonTokenPrefix))
	require.Equal(t, auth.DisplayPrefix(secret), tok["prefix"])
	exp, err := time.Parse(time.RFC3339, tok["expiresAt"].(string))
	require.NoError(t, err)
	require.WithinDuration(t, time.Now().Add(720*time.Hour), exp, time.Minute)

	// It acts as the person; listing shows it without its secret, and
	// the list does not need a cookie.
	require.Equal(t, p.ID.String(), me(t, b.do(t, req{query: meQuery, bearer: secret}))["id"])
	list := b.do(t, req{query: tokensQuery, bearer: secret})
	require.Empty(t, list.Errors)
	require.NotContains(t, string(mustJSON(t, list.Data)), secret)
	items := list.Data["accessTokens"].([]any)
	require.Len(t, items, 1)
	require.Equal(t, "laptop script", items[0].(map[string]any)["name"])
	require.NotNil(t, items[0].(map[string]any)["lastUsedAt"], "its use was recorded")

	// A token makes no tokens and revokes none.
	r = b.do(t, req{query: createTokenMutation, bearer: secret, variables: map[string]any{"i": map[string]any{"name": "more"}}})
	require.Equal(t, "FORBIDDEN", r.code())
	r = b.do(t, req{query: revokeTokenMutation, bearer: secret, variables: map[string]any{"i": map[string]any{"id": tok["id"]}}})
	require.Equal(t, "FORBIDDEN", r.code())
	agent := pgtest.CreateAgent(t, b.pool, p.ID)
	r = b.do(t, req{query: createTokenMutation, bearer: agent.Token, variables: map[string]any{"i": map[string]any{"name": "more"}}})
	require.Equal(t, "FORBIDDEN", r.code())

	// Bad input.
	for _, in := range []map[string]any{{"name": ""}, {"name": strings.Repeat("x", 101)}, {"name": "x", "expiresIn": "-1h"}, {"name": "x", "expiresIn": "soon"}} {
		r = b.do(t, req{query: createTokenMutation, cookie: cookie, variables: map[string]any{"i": in}})
		require.Equal(t, "BAD_USER_INPUT", r.code(), "%v", in)
	}

	// Someone else cannot revoke it: NOT_FOUND, as for no token at all.
	q := pgtest.CreatePerson(t, b.pool)
	_, qCookie := b.login(t, q.Email, pgtest.Password)
	r = b.do(t, req{query: revokeTokenMutation, cookie: qCookie, variables: map[string]any{"i": map[string]any{"id": tok["id"]}}})
	require.Equal(t, "NOT_FOUND", r.code())

	r = b.do(t, req{query: revokeTokenMutation, cookie: cookie, variables: map[string]any{"i": map[string]any{"id": tok["id"]}}})
	require.Empty(t, r.Errors)
	after := b.do(t, req{query: meQuery, bearer: secret})
	require.Equal(t, "UNAUTHENTICATED", after.code())
	require.Equal(t, http.StatusUnauthorized, after.Status)
	require.Empty(t, b.gqlCookie(t, cookie, tokensQuery)["accessTokens"], "a revoked token is not listed")

	// An expired token stops working.
	r = b.do(t, req{query: createTokenMutation, cookie: cookie, variables: map[string]any{"i": map[string]any{"name": "short"}}})
	require.Empty(t, r.Errors)
	short := obj(r.Data, "createAccessToken", "token").(string)
	require.NotNil(t, me(t, b.do(t, req{query: meQuery, bearer: short})))
	pgtest.Exec(t, b.pool, `UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE name = 'short'`)
	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: meQuery, bearer: short}).code())
}

// TestChangePasswordEndsOtherSessions: the old password is checked, the
// session that changed it stays, every other session of the person ends,
// personal tokens keep working, and the new password signs in.
func TestChangePasswordEndsOtherSessions(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	_, here := b.login(t, p.Email, pgtest.Password)
	_, phone := b.login(t, p.Email, pgtest.Password)
	_, tablet := b.login(t, p.Email, pgtest.Password)
	other := pgtest.CreatePerson(t, b.pool)
	_, theirs := b.login(t, other.Email, pgtest.Password)
	const newPassword = "a much better password"

	r := b.do(t, req{query: changePassword, cookie: here, variables: map[string]any{"i": map[string]any{"oldPassword": "not it at all", "newPassword": newPassword}}})
	require.Equal(t, "BAD_USER_INPUT", r.code())
	require.Equal(t, "oldPassword", r.Errors[0].Extensions["field"])
	r = b.do(t, req{query: changePassword, cookie: here, variables: map[string]any{"i": map[string]any{"oldPassword": pgtest.Password, "newPassword": "short"}}})
	require.Equal(t, "newPassword", r.Errors[0].Extensions["field"])
	r = b.do(t, req{query: changePassword, bearer: token, variables: map[string]any{"i": map[string]any{"oldPassword": pgtest.Password, "newPassword": newPassword}}})
	require.Equal(t, "FORBIDDEN", r.code(), "a token cannot change the password")

	r = b.do(t, req{query: changePassword, cookie: here, variables: map[string]any{"i": map[string]any{"oldPassword": pgtest.Password, "newPassword": newPassword}}})
	require.Empty(t, r.Errors)
	require.EqualValues(t, 2, obj(r.Data, "changePassword", "sessionsEnded"))

	require.NotNil(t, me(t, b.do(t, req{query: meQuery, cookie: here})), "the session that changed it stays")
	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: meQuery, cookie: phone}).code())
	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: meQuery, cookie: tablet}).code())
	require.NotNil(t, me(t, b.do(t, req{query: meQuery, cookie: theirs})), "nobody else's sessions end")
	require.NotNil(t, me(t, b.do(t, req{query: meQuery, bearer: token})), "personal tokens keep working")
	bad, _ := b.login(t, p.Email, pgtest.Password)
	require.Equal(t, "UNAUTHENTICATED", bad.code())
	good, _ := b.login(t, p.Email, newPassword)
	require.Empty(t, good.Errors)
}

// TestAgentActivityForItsPeople: the person who answers for an agent sees
// its reads of pages they can read and its tool counts; someone else gets
// NOT_FOUND; the agent itself and management are refused.
func TestAgentActivityForItsPeople(t *testing.T) {
	t.Parallel()
	b := setup(t)
	dana, erin := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	danaToken, erinToken := pgtest.CreatePersonToken(t, b.pool, dana.ID), pgtest.CreatePersonToken(t, b.pool, erin.ID)
	bot := pgtest.CreateAgent(t, b.pool, dana.ID)
	shared := pgtest.CreateDocument(t, b.pool, dana.ID, pgtest.Doc{Title: "Deploy runbook"})
	private := pgtest.CreateDocument(t, b.pool, erin.ID, pgtest.Doc{Title: "Erin only"})
	pgtest.Grant(t, b.pool, shared.ID, "user", bot.ID, "read")
	pgtest.Grant(t, b.pool, private.ID, "user", bot.ID, "read")
	for _, id := range []string{shared.ID.String(), private.ID.String()} {
		r := b.do(t, req{query: `query($id: ID!) { document(id: $id) { id } }`, variables: map[string]any{"id": id}, bearer: bot.Token})
		require.Empty(t, r.Errors)
	}
	require.NoError(t, auth.RecordUsage(t.Context(), b.pool, bot.ID, auth.UsageMCP, "search", auth.UsageOK))

	day := time.Now().UTC().Format(time.DateOnly)
	vars := map[string]any{"a": bot.ID.String(), "f": day, "t": day}
	const q = `query($a: ID!, $f: String!, $t: String!) {
		myAgents { id slug }
		agentReads(agentId: $a, from: $f, to: $t) { day count document { id title } }
		agentUsage(agentId: $a, from: $f, to: $t) { day tool outcome count } }`
	d := b.gql(t, danaToken, q, vars)
	require.Equal(t, bot.Slug, d["myAgents"].([]any)[0].(map[string]any)["slug"])
	reads := d["agentReads"].([]any)
	require.Len(t, reads, 1, "Erin's page is not Dana's to see")
	require.Equal(t, "Deploy runbook", obj(reads[0].(map[string]any), "document", "title"))
	require.Equal(t, day, reads[0].(map[string]any)["day"])
	use := d["agentUsage"].([]any)
	require.Len(t, use, 1)
	require.Equal(t, map[string]any{"day": day, "tool": "search", "outcome": "ok", "count": float64(1)}, use[0])

	r := b.do(t, req{query: `query($a: ID!, $f: String!, $t: String!) { agentReads(agentId: $a, from: $f, to: $t) { count } }`, variables: vars, bearer: erinToken})
	require.Equal(t, "NOT_FOUND", r.code())
	r = b.do(t, req{query: `{ myAgents { id } }`, bearer: bot.Token})
	require.Equal(t, "FORBIDDEN", r.code())
	r = b.do(t, req{query: `{ myAgents { id } }`, bearer: pgtest.CreateManageToken(t, b.pool)})
	require.Equal(t, "FORBIDDEN", r.code())
	r = b.do(t, req{query: `query($a: ID!) { agentUsage(agentId: $a, from: "yesterday", to: "2026-01-01") { count } }`, variables: vars, bearer: danaToken})
	require.Equal(t, "BAD_USER_INPUT", r.code())
}

// gqlCookie runs a query signed in by a session cookie and fails the test
// on any error.
func (b *bundle) gqlCookie(t testing.TB, cookie, q string) map[string]any {
	t.Helper()
	r := b.do(t, req{query: q, cookie: cookie})
	require.Empty(t, r.Errors, "%s", q)
	return r.Data
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	return raw
}
