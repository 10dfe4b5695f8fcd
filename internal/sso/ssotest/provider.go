// Package ssotest is a real OpenID Connect provider for tests, built on
// github.com/zitadel/oidc/v3's op package, serving on 127.0.0.1: discovery,
// the authorization code flow with PKCE, ID tokens signed with a key it
// can rotate, and a login page with a form. Its users and their claims are
// set by the test; it can also be told to put a wrong nonce or audience in
// the tokens it issues. It is for tests and test peers (cmd/testpeers)
// only: its users' passwords are kept in plain text.
package ssotest

import (
	"context"
	"crypto/sha256"
	"errors"
	"html/template"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// User is a person at the provider.
type User struct {
	Subject       string // the sub claim: stable at the provider
	Username      string // what the login form asks for
	Password      string
	Email         string
	EmailVerified bool
	Name          string
	HD            string // Google's hosted domain claim; "" leaves it out
}

// Options configure Start.
type Options struct {
	// ClientID and ClientSecret of the one client; "" is "codna" and
	// "codna-secret".
	ClientID, ClientSecret string
	// IssuerHost is the host the issuer names ("" is 127.0.0.1; the
	// provider always listens on 127.0.0.1). A test that configures CoDNA
	// with http://127.0.0.1:<port> while the provider says
	// http://localhost:<port> tests an issuer mismatch.
	IssuerHost string
	// Addr is the address to listen on ("" is 127.0.0.1:0, a free port).
	Addr string
}

// Provider is a running provider.
type Provider struct {
	// Issuer is its issuer URL (http://127.0.0.1:<port>).
	Issuer       string
	ClientID     string
	ClientSecret string

	srv *http.Server
	ln  net.Listener

	mu       sync.Mutex
	users    map[string]*User // by username
	requests map[string]*authRequest
	codes    map[string]string
	keys     []signingKey
	nonce    string
	audience []string
	logins   int
}

// Start starts a provider. Close stops it.
func Start(o Options) (*Provider, error) {
	if o.ClientID == "" {
		o.ClientID, o.ClientSecret = "codna", "codna-secret"
	}
	addr := o.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	host := o.IssuerHost
	if host == "" {
		host = "127.0.0.1"
	}
	p := &Provider{
		Issuer:   "http://" + host + ":" + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port),
		ClientID: o.ClientID, ClientSecret: o.ClientSecret, ln: ln,
		users: map[string]*User{}, requests: map[string]*authRequest{}, codes: map[string]string{},
		keys: []signingKey{newKey()},
	}
	provider, err := op.NewProvider(&op.Config{
		CryptoKey:      sha256.Sum256([]byte("ssotest")),
		CodeMethodS256: true,
		AuthMethodPost: true,
	}, storage{p}, op.StaticIssuer(p.Issuer), op.WithAllowInsecure())
	if err != nil {
		_ = ln.Close()
		return nil, err
	}
	mux := http.NewServeMux()
	intercept := op.NewIssuerInterceptor(provider.IssuerFromRequest)
	callback := op.AuthCallbackURL(provider)
	mux.HandleFunc("GET /login", p.loginPage)
	mux.Handle("POST /login", intercept.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.login(w, r, callback)
	}))
	mux.Handle("/oauth/token", p.tamper(provider))
	mux.Handle("/", provider)
	p.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = p.srv.Serve(ln) }()
	return p, nil
}

// Addr is the address it listens on.
func (p *Provider) Addr() string { return p.ln.Addr().String() }

// Close stops the provider.
func (p *Provider) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = p.srv.Shutdown(ctx)
}

// SetUser adds the user, or replaces the one with the same username.
func (p *Provider) SetUser(u User) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c := u
	p.users[u.Username] = &c
}

// Rotate signs from now on with a new key and publishes only it, as a
// provider does after a rotation.
func (p *Provider) Rotate() {
	k := newKey()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.keys = append(p.keys, k)
}

// KeyID is the id of the key tokens are signed with now.
func (p *Provider) KeyID() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.keys[len(p.keys)-1].id
}

// WrongNonce makes the tokens carry nonce instead of the request's ("":
// the request's again).
func (p *Provider) WrongNonce(nonce string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.nonce = nonce
}

// WrongAudience makes the ID tokens' audience aud instead of the client,
// signed with the provider's own key (nil: the client again).
func (p *Provider) WrongAudience(aud []string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.audience = aud
}

// Logins counts the successful logins on the login page.
func (p *Provider) Logins() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.logins
}

// userinfo fills info with the claims of subject's user the scopes ask for.
func (p *Provider) userinfo(info *oidc.UserInfo, subject string, scopes []string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var u *User
	for _, c := range p.users {
		if c.Subject == subject {
			u = c
		}
	}
	if u == nil {
		return errNotFound
	}
	info.Subject = u.Subject
	for _, s := range scopes {
		switch s {
		case oidc.ScopeEmail:
			info.Email = u.Email
			info.EmailVerified = oidc.Bool(u.EmailVerified)
		case oidc.ScopeProfile:
			info.Name = u.Name
			info.PreferredUsername = u.Username
		}
	}
	if u.HD != "" {
		info.AppendClaims("hd", u.HD)
	}
	return nil
}

// loginForm is the provider's login page.
var loginForm = template.Must(template.New("login").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider: sign in</title></head>
<body><h1>Test provider</h1>{{if .Error}}<p role="alert">{{.Error}}</p>{{end}}
<form method="post" action="/login"><input type="hidden" name="id" value="{{.ID}}">
<label>Username <input name="username" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button></form></body></html>
`))

func (p *Provider) loginPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = loginForm.Execute(w, map[string]string{"ID": r.URL.Query().Get("id")})
}

func (p *Provider) login(w http.ResponseWriter, r *http.Request, callback func(context.Context, string) string) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	id := r.PostForm.Get("id")
	if err := p.check(id, r.PostForm.Get("username"), r.PostForm.Get("password")); err != nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusUnauthorized)
		_ = loginForm.Execute(w, map[string]string{"ID": id, "Error": err.Error()})
		return
	}
	http.Redirect(w, r, callback(r.Context(), id), http.StatusFound)
}

func (p *Provider) check(id, username, password string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	a, ok := p.requests[id]
	if !ok {
		return errors.New("this sign-in is not known: start again")
	}
	u, ok := p.users[username]
	if !ok || u.Password != password {
		return errors.New("wrong username or password")
	}
	a.subject, a.done, a.authTime = u.Subject, true, time.Now()
	p.logins++
	return nil
}
