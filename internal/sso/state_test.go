package sso

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

func TestSafeNextKeepsOnlyPathsOnTheSite(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"/inbox":                        "/inbox",
		"/wiki/a?b=c#d":                 "/wiki/a?b=c#d",
		"":                              "/",
		"/":                             "/",
		"//evil.example":                "/",
		`/\evil.example`:                "/",
		"https://evil.example":          "/",
		"evil":                          "/",
		"javascript:alert(1)":           "/",
		"/a\r\nSet-Cookie: x=y":         "/",
		"/" + strings.Repeat("a", 1000): "/",
	} {
		require.Equal(t, want, SafeNext(in), "next %q", in)
	}
}

func TestConfigCheck(t *testing.T) {
	t.Parallel()
	ok := Config{Issuer: "https://accounts.google.com", ClientID: "id", ClientSecret: "secret", PublicURL: "https://codna.example.com"}
	require.NoError(t, ok.Check())
	require.NoError(t, Config{}.Check(), "off")
	for name, c := range map[string]Config{
		"http elsewhere":      {Issuer: "http://idp.example.com", ClientID: "id", ClientSecret: "s", PublicURL: "https://c.example"},
		"not a URL":           {Issuer: "idp.example.com", ClientID: "id", ClientSecret: "s", PublicURL: "https://c.example"},
		"entra common":        {Issuer: "https://login.microsoftonline.com/common/v2.0", ClientID: "id", ClientSecret: "s", PublicURL: "https://c.example"},
		"entra organizations": {Issuer: "https://login.microsoftonline.com/organizations/v2.0", ClientID: "id", ClientSecret: "s", PublicURL: "https://c.example"},
		"no client id":        {Issuer: "https://idp.example.com", ClientSecret: "s", PublicURL: "https://c.example"},
		"no secret":           {Issuer: "https://idp.example.com", ClientID: "id", PublicURL: "https://c.example"},
		"no public URL":       {Issuer: "https://idp.example.com", ClientID: "id", ClientSecret: "s"},
		"bad domain":          {Issuer: "https://idp.example.com", ClientID: "id", ClientSecret: "s", PublicURL: "https://c.example", AllowedDomains: []string{"a@b.example"}},
		"only without issuer": {Only: true},
	} {
		require.Error(t, c.Check(), name)
	}
	loop := Config{Issuer: "http://127.0.0.1:5556", ClientID: "id", ClientSecret: "s", PublicURL: "http://127.0.0.1:8080"}
	require.NoError(t, loop.Check(), "http on loopback, for tests")
	loop.Issuer = "http://localhost:5556/realms/x"
	require.NoError(t, loop.Check())
	tenant := ok
	tenant.Issuer = "https://login.microsoftonline.com/0b7a2b39-6a3b-4d7e-9a59-4c3f0f0e1d2c/v2.0"
	require.NoError(t, tenant.Check())
	require.Equal(t, []string{"example.com", "team.example"}, ParseDomains(" Example.com, @team.example "))
}

// The state cookie: signed with the instance key, good for StateTTL and
// once.
func TestStateCookieIsSignedSingleUseAndExpires(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	ctx := context.Background()
	now := time.Now()
	s := New(d.Pool, Config{Issuer: "http://127.0.0.1:1"}, nil, nil, nil)
	s.now = func() time.Time { return now }

	st := state{State: "s1", Nonce: "n", Verifier: "v", Next: "/x", Expires: now.Add(StateTTL).Unix()}
	cookie, err := s.seal(ctx, st)
	require.NoError(t, err)
	got, err := s.open(ctx, cookie)
	require.NoError(t, err)
	require.Equal(t, st, got)
	_, err = s.open(ctx, cookie)
	require.ErrorIs(t, err, errBadState, "once")

	st.State = "s2"
	cookie, err = s.seal(ctx, st)
	require.NoError(t, err)
	now = now.Add(StateTTL + time.Second)
	_, err = s.open(ctx, cookie)
	require.ErrorIs(t, err, errBadState, "expired after 10 minutes")

	now = time.Now()
	st.State = "s3"
	cookie, err = s.seal(ctx, st)
	require.NoError(t, err)
	payload, mac, _ := strings.Cut(cookie, ".")
	forged := payload[:len(payload)-2] + "AA." + mac
	_, err = s.open(ctx, forged)
	require.ErrorIs(t, err, errBadState, "a changed payload")
	other := New(d.Pool, Config{}, nil, nil, nil)
	other.stateKey = []byte("another instance's key, 32 bytes long")
	_, err = other.open(ctx, cookie)
	require.ErrorIs(t, err, errBadState, "another instance's key")
	_, err = s.open(ctx, "garbage")
	require.ErrorIs(t, err, errBadState)
	_, err = s.open(ctx, cookie)
	require.NoError(t, err, "the untouched cookie still opens")
}
