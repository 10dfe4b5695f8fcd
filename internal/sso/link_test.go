package sso

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// What a first sign-in's claims must say before their e-mail is trusted.
func TestCheckFirst(t *testing.T) {
	t.Parallel()
	s := &Service{cfg: Config{Issuer: "https://idp.example.com"}}
	good := claims{Issuer: "https://idp.example.com", Subject: "s", Email: "ann@example.com", EmailVerified: true}
	require.NoError(t, s.checkFirst(good))

	for name, c := range map[string]func(*claims){
		"another issuer":     func(c *claims) { c.Issuer = "https://idp.example.com/" },
		"unverified":         func(c *claims) { c.EmailVerified = false },
		"no address":         func(c *claims) { c.Email = "" },
		"a name and address": func(c *claims) { c.Email = "Ann <ann@example.com>" },
		"not an address":     func(c *claims) { c.Email = "ann" },
	} {
		bad := good
		c(&bad)
		require.Error(t, s.checkFirst(bad), name)
	}

	g := &Service{cfg: Config{Issuer: googleIssuer, AllowedDomains: []string{"team.example"}}}
	gc := claims{Issuer: googleIssuer, Subject: "s", Email: "ann@team.example", EmailVerified: true, HD: "team.example"}
	require.NoError(t, g.checkFirst(gc))
	gc.Issuer = googleIssuerNoScheme
	require.NoError(t, g.checkFirst(gc), "Google's issuer without its scheme is Google's")
	gc.HD = ""
	err := g.checkFirst(gc)
	require.Error(t, err, "a consumer account with a team address")
	require.Equal(t, CodeDomain, err.(*Error).Code)
	gc.HD = "other.example"
	require.Error(t, g.checkFirst(gc))
}

// email_verified counts only as the JSON literal true.
func TestEmailVerifiedMustBeJSONTrue(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]bool{
		`{"email":"a@example.com","email_verified":true}`:   true,
		`{"email":"a@example.com","email_verified":"true"}`: false,
		`{"email":"a@example.com","email_verified":1}`:      false,
		`{"email":"a@example.com","email_verified":false}`:  false,
		`{"email":"a@example.com"}`:                         false,
		`{"email":"a@example.com","email_verified":null}`:   false,
	} {
		c, err := decodeClaims("https://idp.example.com", "sub", func(v any) error { return json.Unmarshal([]byte(raw), v) })
		require.NoError(t, err)
		require.Equal(t, want, c.EmailVerified, raw)
	}
	_, err := decodeClaims("https://idp.example.com", "", func(v any) error { return json.Unmarshal([]byte(`{}`), v) })
	require.Error(t, err, "no subject")
}
