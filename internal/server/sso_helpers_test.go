package server_test

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/sso"
	"codna/internal/sso/ssotest"
)

// ssoProvider starts a real OpenID provider (ssotest) for one test.
func ssoProvider(t *testing.T, o ssotest.Options) *ssotest.Provider {
	t.Helper()
	p, err := ssotest.Start(o)
	require.NoError(t, err)
	t.Cleanup(p.Close)
	return p
}

// ssoSetup is setup with single sign-on through p (issuer exactly p's,
// unless a tweak changes it); CODNA_PUBLIC_URL is the test server's own
// address, so the provider sends the browser back to it.
func ssoSetup(t *testing.T, p *ssotest.Provider, tweak ...func(*config)) *bundle {
	t.Helper()
	hs := httptest.NewUnstartedServer(nil)
	public := "http://" + hs.Listener.Addr().String()
	return setupOn(t, hs, append([]func(*config){func(c *config) {
		c.SSO = sso.Config{Issuer: p.Issuer, ClientID: p.ClientID, ClientSecret: p.ClientSecret, Name: "Test IdP", PublicURL: public}
	}}, tweak...)...)
}

// browser is an HTTP client with a cookie jar that follows redirects, as
// a browser does, across CoDNA and the provider.
type browser struct {
	c   *http.Client
	jar *cookiejar.Jar
	b   *bundle
}

func newBrowser(t *testing.T, b *bundle) *browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &browser{c: &http.Client{Jar: jar}, jar: jar, b: b}
}

// get follows redirects from u and returns where it landed and the body.
func (br *browser) get(t *testing.T, u string) (*url.URL, string) {
	t.Helper()
	resp, err := br.c.Get(u)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.Request.URL, string(body)
}

// signIn clicks "Sign in with …" (GET /auth/oidc/start with query), fills
// the provider's login form with username and password and submits it,
// following every redirect; it returns where the browser landed. When the
// sign-in fails before the provider's login page, that is where it
// landed.
func (br *browser) signIn(t *testing.T, query, username, password string) *url.URL {
	t.Helper()
	at, body := br.get(t, br.b.http.URL+sso.StartPath+query)
	if at.Path != "/login" {
		return at
	}
	require.Contains(t, body, `name="username"`, "the provider's login page")
	form := url.Values{"id": {at.Query().Get("id")}, "username": {username}, "password": {password}}
	login := *at
	login.RawQuery = ""
	resp, err := br.c.PostForm(login.String(), form)
	require.NoError(t, err)
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	require.NotEqual(t, http.StatusUnauthorized, resp.StatusCode, "the provider took the password")
	return resp.Request.URL
}

// session is the session cookie the browser holds for CoDNA ("" none).
func (br *browser) session(t *testing.T) string {
	t.Helper()
	u, err := url.Parse(br.b.http.URL)
	require.NoError(t, err)
	for _, c := range br.jar.Cookies(u) {
		if c.Name == auth.SessionCookie {
			return c.Value
		}
	}
	return ""
}

// me is who the browser's session is, nil for nobody.
func (br *browser) me(t *testing.T) map[string]any {
	t.Helper()
	s := br.session(t)
	if s == "" {
		return nil
	}
	return me(t, br.b.do(t, req{query: meQuery, cookie: s}))
}

// signInError is the error code a landing on /signin carries ("" when the
// browser landed elsewhere).
func signInError(at *url.URL) string {
	if at.Path != "/signin" {
		return ""
	}
	return at.Query().Get("error")
}

// requireSignedIn checks the browser landed on path, signed in as email.
func requireSignedIn(t *testing.T, br *browser, at *url.URL, path, email string) map[string]any {
	t.Helper()
	require.Equal(t, path, at.Path, "landed at %s", at)
	m := br.me(t)
	require.NotNil(t, m, "signed in")
	require.True(t, strings.EqualFold(email, m["email"].(string)), "as %s, not %v", email, m["email"])
	return m
}
