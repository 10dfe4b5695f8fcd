// Package sso signs people in through the team's OpenID Connect provider
// (docs/design.md, "Single sign-on"): the authorization code flow with
// PKCE (S256), state and nonce, the ID token verified against the
// provider's keys from discovery, and the rules that link a provider's
// subject to a person (link.go). internal/server mounts its two endpoints
// (StartPath, CallbackPath) and sets the cookies; the session it ends in
// is the same as a password sign-in's (auth.Service.OpenSessionInTx).
package sso

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/oauth2"

	"codna/internal/auth"
	"codna/internal/mail"
)

// The codes a sign-in that fails comes back to /signin?error=<code> with;
// the app says each in words. The provider's own text is only logged.
const (
	CodeFailed             = "sso_failed"              // the provider or its token failed a check
	CodeUnavailable        = "sso_unavailable"         // the provider could not be reached
	CodeState              = "sso_state"               // the sign-in expired, was used, or came from elsewhere
	CodeUnverifiedEmail    = "sso_unverified_email"    // the provider does not vouch for the e-mail address
	CodeDomain             = "sso_domain"              // the address's domain (or Google's hd) is not allowed
	CodeDeactivated        = "sso_deactivated"         // the person was deactivated
	CodeNoAccount          = "sso_no_account"          // no person has that address and none may be created
	CodeAlreadyLinked      = "sso_already_linked"      // the person is linked to another account at the provider
	CodeInvitationInvalid  = "sso_invitation_invalid"  // the invitation is unknown, used or expired
	CodeInvitationMismatch = "sso_invitation_mismatch" // the provider's address is not the invited one
)

// Codes lists every code, for tests and the app.
var Codes = []string{CodeFailed, CodeUnavailable, CodeState, CodeUnverifiedEmail, CodeDomain, CodeDeactivated,
	CodeNoAccount, CodeAlreadyLinked, CodeInvitationInvalid, CodeInvitationMismatch}

// Error is a sign-in that failed: Code goes to the browser, Detail and Err
// only to the log.
type Error struct {
	Code   string
	Detail string
	Err    error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Detail + ": " + e.Err.Error()
	}
	return e.Code + ": " + e.Detail
}

func (e *Error) Unwrap() error { return e.Err }

func fail(code, detail string, err error) *Error { return &Error{Code: code, Detail: detail, Err: err} }

// Service runs single sign-on for one instance.
type Service struct {
	pool     *pgxpool.Pool
	cfg      Config
	auth     *auth.Service
	mail     *mail.Service
	log      *slog.Logger
	client   *http.Client
	redirect string
	now      func() time.Time

	discoverMu sync.Mutex
	provider   *oidc.Provider // nil until discovery succeeded

	keyMu    sync.Mutex
	stateKey []byte
	used     usedStates
}

// New returns the single sign-on service for cfg (off when
// !cfg.Enabled()). It contacts nobody: the provider is discovered on the
// first sign-in, and again on each until discovery succeeds, so a provider
// that is down when the server starts does not stop it. Links are told
// to people through mailer (nil or off: no mail).
func New(pool *pgxpool.Pool, cfg Config, authSvc *auth.Service, mailer *mail.Service, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	s := &Service{pool: pool, cfg: cfg, auth: authSvc, mail: mailer, log: log, now: time.Now,
		client: &http.Client{Timeout: 15 * time.Second}}
	if u, err := url.Parse(cfg.PublicURL); err == nil && cfg.PublicURL != "" {
		s.redirect = u.JoinPath(CallbackPath).String()
	}
	return s
}

// Options is what the sign-in screen offers.
type Options struct {
	// Password says whether people may sign in with a password.
	Password bool
	// SSO is the identity provider's button; nil when single sign-on is off.
	SSO *Button
}

// Button is the "Sign in with <Name>" button.
type Button struct {
	Name     string
	StartURL string // StartPath, without a return path
}

// Options says what the sign-in screen offers. It needs no actor: the
// screen is shown before anyone signs in, and says nothing secret.
func (s *Service) Options(ctx context.Context) Options {
	o := Options{Password: s.auth.PasswordSignIn()}
	if s.cfg.Enabled() {
		o.SSO = &Button{Name: s.cfg.ButtonName(), StartURL: StartPath}
	}
	return o
}

// Enabled says whether single sign-on is configured.
func (s *Service) Enabled() bool { return s.cfg.Enabled() }

// discover returns the provider, discovering it now if it was not yet:
// callers wait for one discovery at a time, and a failed one is tried
// again by the next sign-in.
func (s *Service) discover(ctx context.Context) (*oidc.Provider, error) {
	s.discoverMu.Lock()
	defer s.discoverMu.Unlock()
	if s.provider != nil {
		return s.provider, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	// The provider keeps this context's client for its key set: it must
	// outlive the request (the timeout above only bounds discovery).
	p, err := oidc.NewProvider(oidc.ClientContext(ctx, s.client), s.cfg.Issuer)
	if err != nil {
		return nil, err
	}
	s.provider = p
	return p, nil
}

func (s *Service) oauth(p *oidc.Provider) *oauth2.Config {
	return &oauth2.Config{
		ClientID: s.cfg.ClientID, ClientSecret: s.cfg.ClientSecret, RedirectURL: s.redirect,
		Endpoint: p.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "email", "profile"},
	}
}

// Started is a sign-in sent to the provider: the browser goes to
// RedirectURL holding Cookie (StateCookie) until it comes back.
type Started struct {
	RedirectURL string
	Cookie      string
}

// Start begins a sign-in: a fresh state, nonce and PKCE verifier, kept
// with next (SafeNext) and invite (an invitation's secret, "" for none) in
// the signed cookie, and the provider's authorization URL. It needs no
// actor. Errors: *Error with CodeFailed when single sign-on is off,
// CodeUnavailable when the provider cannot be discovered; the database's.
func (s *Service) Start(ctx context.Context, next, invite string) (Started, error) {
	if !s.cfg.Enabled() {
		return Started{}, fail(CodeFailed, "single sign-on is off", nil)
	}
	p, err := s.discover(ctx)
	if err != nil {
		return Started{}, fail(CodeUnavailable, "discovery", err)
	}
	if len(invite) > 256 {
		invite = ""
	}
	st := state{State: random(), Nonce: random(), Verifier: oauth2.GenerateVerifier(),
		Next: SafeNext(next), Invite: invite, Expires: s.now().Add(StateTTL).Unix()}
	cookie, err := s.seal(ctx, st)
	if err != nil {
		return Started{}, err
	}
	u := s.oauth(p).AuthCodeURL(st.State, oidc.Nonce(st.Nonce), oauth2.S256ChallengeOption(st.Verifier))
	return Started{RedirectURL: u, Cookie: cookie}, nil
}

// Finished is a sign-in done: the session to set as the cookie and where
// to go.
type Finished struct {
	Session *auth.Session
	Next    string
}

// Callback finishes a sign-in the provider sent back (query: its
// redirect's parameters; cookie: StateCookie's value, which it uses up):
// the state checked, the code exchanged with the PKCE verifier, the ID
// token verified (signature with the provider's current keys, issuer,
// audience = the client id, expiry) and its nonce checked, then the
// person found, linked or created (link.go) and signed in. It needs no
// actor. Errors: *Error with a code for the browser; anything else is
// the database's (the caller says CodeFailed).
func (s *Service) Callback(ctx context.Context, cookie string, query url.Values, userAgent string) (Finished, error) {
	if !s.cfg.Enabled() {
		return Finished{}, fail(CodeFailed, "single sign-on is off", nil)
	}
	st, err := s.open(ctx, cookie)
	if errors.Is(err, errBadState) {
		return Finished{}, fail(CodeState, "state cookie", err)
	} else if err != nil {
		return Finished{}, err
	}
	if !sameString(query.Get("state"), st.State) {
		return Finished{}, fail(CodeState, "the state parameter is not the cookie's", nil)
	}
	if e := query.Get("error"); e != "" {
		return Finished{}, fail(CodeFailed, fmt.Sprintf("the provider answered %.100q: %.300q", e, query.Get("error_description")), nil)
	}
	code := query.Get("code")
	if code == "" {
		return Finished{}, fail(CodeFailed, "no code", nil)
	}
	p, err := s.discover(ctx)
	if err != nil {
		return Finished{}, fail(CodeUnavailable, "discovery", err)
	}
	ctx = oidc.ClientContext(ctx, s.client)
	tok, err := s.oauth(p).Exchange(ctx, code, oauth2.VerifierOption(st.Verifier))
	if err != nil {
		return Finished{}, fail(CodeFailed, "code exchange", err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return Finished{}, fail(CodeFailed, "no id_token in the token response", nil)
	}
	idt, err := p.Verifier(&oidc.Config{ClientID: s.cfg.ClientID, Now: s.now}).Verify(ctx, raw)
	if err != nil {
		return Finished{}, fail(CodeFailed, "ID token", err)
	}
	if !sameString(idt.Nonce, st.Nonce) {
		return Finished{}, fail(CodeFailed, "the ID token's nonce is not the sign-in's", nil)
	}
	c, err := readClaims(idt)
	if err != nil {
		return Finished{}, fail(CodeFailed, "ID token claims", err)
	}
	sess, err := s.signIn(ctx, c, st.Invite, userAgent)
	if err != nil {
		return Finished{}, err
	}
	return Finished{Session: sess, Next: st.Next}, nil
}

// random is 32 random bytes, base64url.
func random() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
