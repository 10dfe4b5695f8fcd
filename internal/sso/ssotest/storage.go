package ssotest

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"errors"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/google/uuid"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// This file is the provider's in-memory op.Storage: only what the
// authorization code flow of one confidential client needs.

var errNotFound = errors.New("ssotest: not found")

// authRequest is one authorization request, from /authorize to the token.
type authRequest struct {
	p        *Provider
	id       string
	req      oidc.AuthRequest
	subject  string
	done     bool
	authTime time.Time
}

func (a *authRequest) GetID() string                      { return a.id }
func (a *authRequest) GetACR() string                     { return "" }
func (a *authRequest) GetAMR() []string                   { return []string{"pwd"} }
func (a *authRequest) GetAuthTime() time.Time             { return a.authTime }
func (a *authRequest) GetClientID() string                { return a.req.ClientID }
func (a *authRequest) GetRedirectURI() string             { return a.req.RedirectURI }
func (a *authRequest) GetResponseType() oidc.ResponseType { return a.req.ResponseType }
func (a *authRequest) GetResponseMode() oidc.ResponseMode { return a.req.ResponseMode }
func (a *authRequest) GetScopes() []string                { return a.req.Scopes }
func (a *authRequest) GetState() string                   { return a.req.State }
func (a *authRequest) GetSubject() string                 { return a.subject }
func (a *authRequest) Done() bool                         { return a.done }

// GetAudience is the client, unless the test set another (WrongAudience).
func (a *authRequest) GetAudience() []string {
	a.p.mu.Lock()
	defer a.p.mu.Unlock()
	if a.p.audience != nil {
		return a.p.audience
	}
	return []string{a.req.ClientID}
}

// GetNonce is the request's, unless the test set another (WrongNonce).
func (a *authRequest) GetNonce() string {
	a.p.mu.Lock()
	defer a.p.mu.Unlock()
	if a.p.nonce != "" {
		return a.p.nonce
	}
	return a.req.Nonce
}

func (a *authRequest) GetCodeChallenge() *oidc.CodeChallenge {
	if a.req.CodeChallenge == "" {
		return nil
	}
	return &oidc.CodeChallenge{Challenge: a.req.CodeChallenge, Method: a.req.CodeChallengeMethod}
}

// client is the one confidential web client.
type client struct{ p *Provider }

func (c client) GetID() string                       { return c.p.ClientID }
func (c client) RedirectURIs() []string              { return nil }
func (c client) PostLogoutRedirectURIs() []string    { return nil }
func (c client) ApplicationType() op.ApplicationType { return op.ApplicationTypeWeb }
func (c client) AuthMethod() oidc.AuthMethod         { return oidc.AuthMethodBasic }
func (c client) ResponseTypes() []oidc.ResponseType {
	return []oidc.ResponseType{oidc.ResponseTypeCode}
}
func (c client) GrantTypes() []oidc.GrantType        { return []oidc.GrantType{oidc.GrantTypeCode} }
func (c client) LoginURL(id string) string           { return "/login?id=" + id }
func (c client) AccessTokenType() op.AccessTokenType { return op.AccessTokenTypeBearer }
func (c client) IDTokenLifetime() time.Duration      { return 5 * time.Minute }
func (c client) DevMode() bool                       { return false }
func (c client) ClockSkew() time.Duration            { return 0 }
func (c client) IsScopeAllowed(string) bool          { return false }

// IDTokenUserinfoClaimsAssertion puts e-mail and profile in the ID token,
// as the providers CoDNA documents do.
func (c client) IDTokenUserinfoClaimsAssertion() bool { return true }
func (c client) RestrictAdditionalIdTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}
func (c client) RestrictAdditionalAccessTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}

// Redirects back to any loopback address (the tests' servers' ports are
// not known in advance).
func (c client) RedirectURIGlobs() []string {
	return []string{"http://127.0.0.1:*/**", "http://localhost:*/**"}
}
func (c client) PostLogoutRedirectURIGlobs() []string { return nil }

// signingKey is one RSA key.
type signingKey struct {
	id  string
	key *rsa.PrivateKey
}

func newKey() signingKey {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	return signingKey{id: uuid.NewString(), key: k}
}

func (k signingKey) SignatureAlgorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k signingKey) Key() any                                    { return k.key }
func (k signingKey) ID() string                                  { return k.id }

type publicKey struct{ signingKey }

func (k publicKey) Algorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k publicKey) Use() string                        { return "sig" }
func (k publicKey) Key() any                           { return &k.key.PublicKey }

// storage is the op.Storage over the Provider's maps.
type storage struct{ p *Provider }

var _ op.Storage = storage{}

func (s storage) CreateAuthRequest(_ context.Context, r *oidc.AuthRequest, _ string) (op.AuthRequest, error) {
	if len(r.Prompt) == 1 && r.Prompt[0] == oidc.PromptNone {
		return nil, oidc.ErrLoginRequired()
	}
	a := &authRequest{p: s.p, id: uuid.NewString(), req: *r}
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	s.p.requests[a.id] = a
	return a, nil
}

func (s storage) AuthRequestByID(_ context.Context, id string) (op.AuthRequest, error) {
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	if a, ok := s.p.requests[id]; ok {
		return a, nil
	}
	return nil, errNotFound
}

func (s storage) AuthRequestByCode(ctx context.Context, code string) (op.AuthRequest, error) {
	s.p.mu.Lock()
	id, ok := s.p.codes[code]
	s.p.mu.Unlock()
	if !ok {
		return nil, errNotFound
	}
	return s.AuthRequestByID(ctx, id)
}

func (s storage) SaveAuthCode(_ context.Context, id, code string) error {
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	s.p.codes[code] = id
	return nil
}

func (s storage) DeleteAuthRequest(_ context.Context, id string) error {
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	delete(s.p.requests, id)
	for code, rid := range s.p.codes {
		if rid == id {
			delete(s.p.codes, code)
		}
	}
	return nil
}

func (s storage) CreateAccessToken(context.Context, op.TokenRequest) (string, time.Time, error) {
	return uuid.NewString(), time.Now().Add(5 * time.Minute), nil
}

func (s storage) CreateAccessAndRefreshTokens(context.Context, op.TokenRequest, string) (string, string, time.Time, error) {
	return "", "", time.Time{}, errors.New("ssotest: no refresh tokens")
}

func (s storage) TokenRequestByRefreshToken(context.Context, string) (op.RefreshTokenRequest, error) {
	return nil, errors.New("ssotest: no refresh tokens")
}

func (s storage) TerminateSession(context.Context, string, string) error { return nil }
func (s storage) RevokeToken(context.Context, string, string, string) *oidc.Error {
	return nil
}
func (s storage) GetRefreshTokenInfo(context.Context, string, string) (string, string, error) {
	return "", "", op.ErrInvalidRefreshToken
}

func (s storage) SigningKey(context.Context) (op.SigningKey, error) {
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	return s.p.keys[len(s.p.keys)-1], nil
}

func (s storage) SignatureAlgorithms(context.Context) ([]jose.SignatureAlgorithm, error) {
	return []jose.SignatureAlgorithm{jose.RS256}, nil
}

// KeySet publishes the current key and, after a rotation, no other: a
// client that cached the old one must fetch the set again.
func (s storage) KeySet(context.Context) ([]op.Key, error) {
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	return []op.Key{publicKey{s.p.keys[len(s.p.keys)-1]}}, nil
}

func (s storage) GetClientByClientID(_ context.Context, id string) (op.Client, error) {
	if id != s.p.ClientID {
		return nil, errNotFound
	}
	return client{s.p}, nil
}

func (s storage) AuthorizeClientIDSecret(_ context.Context, id, secret string) error {
	if id != s.p.ClientID || secret != s.p.ClientSecret {
		return errors.New("ssotest: wrong client or secret")
	}
	return nil
}

func (s storage) SetUserinfoFromScopes(context.Context, *oidc.UserInfo, string, string, []string) error {
	return nil
}

// SetUserinfoFromRequest puts the user's claims into the ID token.
func (s storage) SetUserinfoFromRequest(_ context.Context, info *oidc.UserInfo, r op.IDTokenRequest, scopes []string) error {
	return s.p.userinfo(info, r.GetSubject(), scopes)
}

func (s storage) SetUserinfoFromToken(context.Context, *oidc.UserInfo, string, string, string) error {
	return errors.New("ssotest: no userinfo endpoint")
}

func (s storage) SetIntrospectionFromToken(context.Context, *oidc.IntrospectionResponse, string, string, string) error {
	return errors.New("ssotest: no introspection")
}

func (s storage) GetPrivateClaimsFromScopes(context.Context, string, string, []string) (map[string]any, error) {
	return nil, nil
}

func (s storage) GetKeyByIDAndClientID(context.Context, string, string) (*jose.JSONWebKey, error) {
	return nil, errNotFound
}

func (s storage) ValidateJWTProfileScopes(context.Context, string, []string) ([]string, error) {
	return nil, errors.New("ssotest: no JWT profile grant")
}

func (s storage) Health(context.Context) error { return nil }
