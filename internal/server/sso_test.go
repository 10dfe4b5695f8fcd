package server_test

import (
	"context"
	"net"
	"net/http"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
	"codna/internal/sso"
	"codna/internal/sso/ssotest"
)

// identities lists the (provider, subject) pairs linked to a user.
func identities(t *testing.T, b *bundle, user uuid.UUID) []string {
	t.Helper()
	rows, err := b.pool.Query(context.Background(), `SELECT provider || ' ' || subject FROM identities WHERE user_id = $1 ORDER BY created_at`, user)
	require.NoError(t, err)
	var out []string
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		out = append(out, s)
	}
	require.NoError(t, rows.Err())
	return out
}

func countRows(t *testing.T, b *bundle, query string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, b.pool.QueryRow(context.Background(), query, args...).Scan(&n))
	return n
}

// The whole redirect dance through real HTTP: discovery, the provider's
// login page, the code exchanged with PKCE, the ID token verified; the
// person with the verified e-mail is linked (audited, told in the inbox),
// lands on the return path with the same session cookie a password
// sign-in sets, and every sign-in gets a new session.
func TestSSOSignInLinksThePersonWithTheVerifiedEmail(t *testing.T) {
	t.Parallel()
	p := ssoProvider(t, ssotest.Options{})
	b := ssoSetup(t, p)
	person := pgtest.CreatePerson(t, b.pool)
	p.SetUser(ssotest.User{Subject: "sub-1", Username: "ann", Password: "pw", Email: person.Email, EmailVerified: true, Name: "Ann at IdP"})

	br := newBrowser(t, b)
	at := br.signIn(t, "?next=/wiki/handbook", "ann", "pw")
	m := requireSignedIn(t, br, at, "/wiki/handbook", person.Email)
	require.Equal(t, person.ID.String(), m["id"])
	require.Equal(t, person.Name, m["name"], "the CoDNA name stays; claims change nothing")
	require.Equal(t, []string{"oidc:" + p.Issuer + " sub-1"}, identities(t, b, person.ID))
	require.Equal(t, 1, countRows(t, b, `SELECT count(*) FROM management_audit WHERE action = 'user.sso_link' AND via = 'sso' AND target_user_id = $1 AND details->>'how' = 'email'`, person.ID))
	require.Equal(t, 1, countRows(t, b, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'account.sso_linked'`, person.ID))
	first := br.session(t)

	// A second sign-in (the provider remembers nobody here: its form
	// again) goes by the subject and opens a new session.
	br2 := newBrowser(t, b)
	at = br2.signIn(t, "", "ann", "pw")
	requireSignedIn(t, br2, at, "/", person.Email)
	require.NotEqual(t, first, br2.session(t), "a new session id at every sign-in")
	require.Len(t, identities(t, b, person.ID), 1)
	require.Equal(t, 2, p.Logins())

	// Signing in again in a browser that holds a session ends that one.
	at = br.signIn(t, "", "ann", "pw")
	requireSignedIn(t, br, at, "/", person.Email)
	require.NotEqual(t, first, br.session(t))
	r := b.do(t, req{query: meQuery, cookie: first})
	require.Equal(t, "UNAUTHENTICATED", r.code(), "the session held before is over")
}

// The provider signs with a new key and publishes only it: the next
// sign-in verifies its token with the key set fetched again.
func TestSSOFollowsTheProvidersKeyRotation(t *testing.T) {
	t.Parallel()
	p := ssoProvider(t, ssotest.Options{})
	b := ssoSetup(t, p)
	person := pgtest.CreatePerson(t, b.pool)
	p.SetUser(ssotest.User{Subject: "sub-r", Username: "rot", Password: "pw", Email: person.Email, EmailVerified: true})

	br := newBrowser(t, b)
	requireSignedIn(t, br, br.signIn(t, "", "rot", "pw"), "/", person.Email)
	old := p.KeyID()
	p.Rotate()
	require.NotEqual(t, old, p.KeyID())
	br = newBrowser(t, b)
	requireSignedIn(t, br, br.signIn(t, "", "rot", "pw"), "/", person.Email)
}

// A token with another nonce, or for another audience, signs nobody in
// and links nothing; the provider's own text never reaches the browser.
func TestSSORefusesAWrongNonceOrAudience(t *testing.T) {
	t.Parallel()
	p := ssoProvider(t, ssotest.Options{})
	b := ssoSetup(t, p)
	person := pgtest.CreatePerson(t, b.pool)
	p.SetUser(ssotest.User{Subject: "sub-n", Username: "nonce", Password: "pw", Email: person.Email, EmailVerified: true})

	p.WrongNonce("not-the-one-codna-sent")
	br := newBrowser(t, b)
	at := br.signIn(t, "", "nonce", "pw")
	require.Equal(t, sso.CodeFailed, signInError(at), "landed at %s", at)
	require.Equal(t, "error=sso_failed", at.RawQuery, "the code alone")
	require.Empty(t, br.session(t))
	p.WrongNonce("")

	p.WrongAudience([]string{"another-client"})
	br = newBrowser(t, b)
	at = br.signIn(t, "", "nonce", "pw")
	require.Equal(t, sso.CodeFailed, signInError(at), "landed at %s", at)
	require.Empty(t, br.session(t))
	p.WrongAudience(nil)
	require.Empty(t, identities(t, b, person.ID))

	br = newBrowser(t, b)
	requireSignedIn(t, br, br.signIn(t, "", "nonce", "pw"), "/", person.Email)
}

// email_verified must be true for a first sign-in to trust the address.
func TestSSORefusesAnUnverifiedEmail(t *testing.T) {
	t.Parallel()
	p := ssoProvider(t, ssotest.Options{})
	b := ssoSetup(t, p, func(c *config) { c.SSO.AllowedDomains = []string{"example.com"} })
	person := pgtest.CreatePerson(t, b.pool)
	p.SetUser(ssotest.User{Subject: "sub-u", Username: "unv", Password: "pw", Email: person.Email, EmailVerified: false})
	p.SetUser(ssotest.User{Subject: "sub-u2", Username: "unv2", Password: "pw", Email: "newcomer@example.com", EmailVerified: false})

	br := newBrowser(t, b)
	require.Equal(t, sso.CodeUnverifiedEmail, signInError(br.signIn(t, "", "unv", "pw")))
	require.Equal(t, sso.CodeUnverifiedEmail, signInError(br.signIn(t, "", "unv2", "pw")), "nor creates anyone")
	require.Empty(t, br.session(t))
	require.Empty(t, identities(t, b, person.ID))
	require.Equal(t, 0, countRows(t, b, `SELECT count(*) FROM users WHERE email = 'newcomer@example.com'`))
}

// A person is created only when their domain is allowed; without allowed
// domains only people who exist may sign in.
func TestSSOCreatesPeopleOnlyFromAllowedDomains(t *testing.T) {
	t.Parallel()
	p := ssoProvider(t, ssotest.Options{})
	b := ssoSetup(t, p, func(c *config) { c.SSO.AllowedDomains = []string{"team.example"} })
	p.SetUser(ssotest.User{Subject: "sub-new", Username: "new", Password: "pw", Email: "Nia@Team.Example", EmailVerified: true, Name: "Nia New"})
	p.SetUser(ssotest.User{Subject: "sub-out", Username: "out", Password: "pw", Email: "olaf@elsewhere.example", EmailVerified: true})

	br := newBrowser(t, b)
	m := requireSignedIn(t, br, br.signIn(t, "", "new", "pw"), "/", "nia@team.example")
	require.Equal(t, "Nia New", m["name"])
	require.Equal(t, "PERSON", m["kind"])
	id := uuid.MustParse(m["id"].(string))
	require.Len(t, identities(t, b, id), 1)
	require.Equal(t, 1, countRows(t, b, `SELECT count(*) FROM users WHERE id = $1 AND password_hash IS NULL`, id), "no password")
	require.Equal(t, 1, countRows(t, b, `SELECT count(*) FROM management_audit WHERE target_user_id = $1 AND details->>'how' = 'created'`, id))

	br = newBrowser(t, b)
	require.Equal(t, sso.CodeDomain, signInError(br.signIn(t, "", "out", "pw")))
	require.Equal(t, 0, countRows(t, b, `SELECT count(*) FROM users WHERE email = 'olaf@elsewhere.example'`))

	// No allowed domains: nobody new.
	b2 := ssoSetup(t, p)
	br = newBrowser(t, b2)
	require.Equal(t, sso.CodeNoAccount, signInError(br.signIn(t, "", "new", "pw")))
}

// A deactivated person stays out, linked or not.
func TestSSOKeepsADeactivatedPersonOut(t *testing.T) {
	t.Parallel()
	p := ssoProvider(t, ssotest.Options{})
	b := ssoSetup(t, p)
	linked := pgtest.CreatePerson(t, b.pool)
	never := pgtest.CreatePerson(t, b.pool)
	p.SetUser(ssotest.User{Subject: "sub-d1", Username: "d1", Password: "pw", Email: linked.Email, EmailVerified: true})
	p.SetUser(ssotest.User{Subject: "sub-d2", Username: "d2", Password: "pw", Email: never.Email, EmailVerified: true})
	br := newBrowser(t, b)
	requireSignedIn(t, br, br.signIn(t, "", "d1", "pw"), "/", linked.Email)

	mctx := auth.ManagementContext(context.Background())
	for _, id := range []uuid.UUID{linked.ID, never.ID} {
		_, err := b.app.Manage.SetPersonActive(mctx, id, false)
		require.NoError(t, err)
	}
	r := b.do(t, req{query: meQuery, cookie: br.session(t)})
	require.Equal(t, "UNAUTHENTICATED", r.code(), "deactivation ended the session")
	br = newBrowser(t, b)
	require.Equal(t, sso.CodeDeactivated, signInError(br.signIn(t, "", "d1", "pw")))
	require.Equal(t, sso.CodeDeactivated, signInError(br.signIn(t, "", "d2", "pw")))
	require.Empty(t, br.session(t))
	require.Empty(t, identities(t, b, never.ID))
}

// Later sign-ins go by the subject: after the e-mail changed at the
// provider — even to another person's address — the same person signs
// in, and their CoDNA e-mail stays.
func TestSSOLaterSignInsGoBySubjectNotEmail(t *testing.T) {
	t.Parallel()
	p := ssoProvider(t, ssotest.Options{})
	b := ssoSetup(t, p)
	person := pgtest.CreatePerson(t, b.pool)
	other := pgtest.CreatePerson(t, b.pool)
	u := ssotest.User{Subject: "sub-s", Username: "sam", Password: "pw", Email: person.Email, EmailVerified: true}
	p.SetUser(u)
	br := newBrowser(t, b)
	requireSignedIn(t, br, br.signIn(t, "", "sam", "pw"), "/", person.Email)

	u.Email = other.Email
	p.SetUser(u)
	br = newBrowser(t, b)
	m := requireSignedIn(t, br, br.signIn(t, "", "sam", "pw"), "/", person.Email)
	require.Equal(t, person.ID.String(), m["id"])
	require.Empty(t, identities(t, b, other.ID))
}

// No account takeover: a person linked to one subject is never linked to
// a second; an agent's address links nothing; a provider whose issuer is
// not exactly the configured one signs nobody in.
func TestSSOLinkingRules(t *testing.T) {
	t.Parallel()
	p := ssoProvider(t, ssotest.Options{})
	b := ssoSetup(t, p)
	person := pgtest.CreatePerson(t, b.pool)
	agent := pgtest.CreateAgent(t, b.pool, person.ID)
	p.SetUser(ssotest.User{Subject: "sub-a", Username: "first", Password: "pw", Email: person.Email, EmailVerified: true})
	p.SetUser(ssotest.User{Subject: "sub-b", Username: "second", Password: "pw", Email: person.Email, EmailVerified: true})
	p.SetUser(ssotest.User{Subject: "sub-agent", Username: "agent", Password: "pw", Email: agent.Email, EmailVerified: true})

	br := newBrowser(t, b)
	requireSignedIn(t, br, br.signIn(t, "", "first", "pw"), "/", person.Email)
	br = newBrowser(t, b)
	require.Equal(t, sso.CodeAlreadyLinked, signInError(br.signIn(t, "", "second", "pw")))
	require.Empty(t, br.session(t))
	require.Equal(t, []string{"oidc:" + p.Issuer + " sub-a"}, identities(t, b, person.ID))

	require.Equal(t, sso.CodeNoAccount, signInError(br.signIn(t, "", "agent", "pw")))
	require.Equal(t, 0, countRows(t, b, `SELECT count(*) FROM identities WHERE provider LIKE 'oidc:%' AND user_id = $1`, agent.ID))

	// The provider calls itself http://localhost:<port>; CoDNA was told
	// http://127.0.0.1:<port>.
	lh := ssoProvider(t, ssotest.Options{IssuerHost: "localhost"})
	lh.SetUser(ssotest.User{Subject: "sub-l", Username: "l", Password: "pw", Email: person.Email, EmailVerified: true})
	b2 := ssoSetup(t, lh, func(c *config) { c.SSO.Issuer = "http://" + lh.Addr() })
	other := pgtest.CreatePerson(t, b2.pool)
	lh.SetUser(ssotest.User{Subject: "sub-l2", Username: "l2", Password: "pw", Email: other.Email, EmailVerified: true})
	br = newBrowser(t, b2)
	require.Equal(t, sso.CodeUnavailable, signInError(br.signIn(t, "", "l2", "pw")))
	require.Empty(t, identities(t, b2, other.ID))
	require.Equal(t, 0, lh.Logins())
}

// The return path must be a path on this site; anything else is /.
func TestSSOReturnPathStaysOnTheSite(t *testing.T) {
	t.Parallel()
	p := ssoProvider(t, ssotest.Options{})
	b := ssoSetup(t, p)
	person := pgtest.CreatePerson(t, b.pool)
	p.SetUser(ssotest.User{Subject: "sub-x", Username: "x", Password: "pw", Email: person.Email, EmailVerified: true})
	for next, want := range map[string]string{
		"?next=/inbox":                     "/inbox",
		"?next=//evil.example/x":           "/",
		"?next=/%5Cevil.example":           "/",
		"?next=https://evil.example/":      "/",
		"?next=":                           "/",
		"?next=/wiki/a%20page":             "/wiki/a page",
		"?next=javascript:alert(1)":        "/",
		"?next=%2F%2Fevil.example%2Fa%2Fb": "/",
	} {
		br := newBrowser(t, b)
		at := br.signIn(t, next, "x", "pw")
		require.Equal(t, want, at.Path, "next %s landed at %s", next, at)
		require.Equal(t, "127.0.0.1", at.Hostname())
	}
}

// The state cookie works once: replaying the provider's redirect with it
// is refused, and so is a callback without it. A provider that is down
// at start-up is discovered at a later sign-in.
func TestSSOStateCookieIsSingleUseAndDiscoveryIsRetried(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	down := &ssotest.Provider{Issuer: "http://" + addr, ClientID: "codna", ClientSecret: "codna-secret"}
	b := ssoSetup(t, down)
	person := pgtest.CreatePerson(t, b.pool)

	br := newBrowser(t, b)
	require.Equal(t, sso.CodeUnavailable, signInError(br.signIn(t, "", "y", "pw")), "the provider is not up yet")

	p := ssoProvider(t, ssotest.Options{Addr: addr})
	p.SetUser(ssotest.User{Subject: "sub-y", Username: "y", Password: "pw", Email: person.Email, EmailVerified: true})

	// Start by hand to keep the state cookie and the provider's redirect.
	noFollow := &http.Client{Jar: br.jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Get(b.http.URL + sso.StartPath)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	var state *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == sso.StateCookie {
			state = c
		}
	}
	require.NotNil(t, state)
	require.True(t, state.HttpOnly)
	require.Equal(t, http.SameSiteLaxMode, state.SameSite)
	require.Equal(t, 600, state.MaxAge)
	at, _ := br.get(t, resp.Header.Get("Location"))
	require.Equal(t, "/login", at.Path)

	// Log in at the provider without following CoDNA's callback.
	resp, err = noFollow.PostForm(p.Issuer+"/login", map[string][]string{"id": {at.Query().Get("id")}, "username": {"y"}, "password": {"pw"}})
	require.NoError(t, err)
	resp.Body.Close()
	resp, err = noFollow.Get(resp.Header.Get("Location"))
	require.NoError(t, err)
	resp.Body.Close()
	callback := resp.Header.Get("Location")
	require.Contains(t, callback, sso.CallbackPath)

	replay := func() string {
		req, err := http.NewRequest(http.MethodGet, callback, nil)
		require.NoError(t, err)
		req.AddCookie(&http.Cookie{Name: sso.StateCookie, Value: state.Value})
		resp, err := (&http.Client{CheckRedirect: noFollow.CheckRedirect}).Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.Header.Get("Location")
	}
	first := replay()
	require.Equal(t, "/", first, "signed in")
	require.Equal(t, "/signin?error=sso_state", replay(), "the cookie works once")

	resp, err = (&http.Client{CheckRedirect: noFollow.CheckRedirect}).Get(callback)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, "/signin?error=sso_state", resp.Header.Get("Location"), "no cookie")
}
