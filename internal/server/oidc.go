package server

import (
	"errors"
	"net/http"
	"net/url"
	"time"

	"codna/internal/auth"
	"codna/internal/sso"
)

// oidcStart serves GET /auth/oidc/start?next=/path[&invite=<secret>]
// (docs/api.md, "Single sign-on"): it sets the signed state cookie and
// redirects to the provider. A failure redirects to the sign-in screen
// with a code.
func (s *Server) oidcStart(w http.ResponseWriter, r *http.Request) {
	if !s.app.SSO.Enabled() {
		http.NotFound(w, r)
		return
	}
	q := r.URL.Query()
	started, err := s.app.SSO.Start(r.Context(), q.Get("next"), q.Get("invite"))
	if err != nil {
		s.signInFailed(w, r, err)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: sso.StateCookie, Value: started.Cookie, Path: "/auth/oidc/", MaxAge: int(sso.StateTTL / time.Second),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r),
	})
	noStore(w)
	http.Redirect(w, r, started.RedirectURL, http.StatusFound)
}

// oidcCallback serves GET /auth/oidc/callback, where the provider sends
// the browser back: the state cookie is used up whatever happens; a
// sign-in ends in the same session cookie as a password sign-in (any
// session the browser held is ended first) and a redirect to the return
// path; a failure in a redirect to /signin?error=<code>.
func (s *Server) oidcCallback(w http.ResponseWriter, r *http.Request) {
	if !s.app.SSO.Enabled() {
		http.NotFound(w, r)
		return
	}
	noStore(w)
	secure := s.secure(r)
	http.SetCookie(w, &http.Cookie{Name: sso.StateCookie, Path: "/auth/oidc/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: secure})
	var cookie string
	if c, err := r.Cookie(sso.StateCookie); err == nil {
		cookie = c.Value
	}
	done, err := s.app.SSO.Callback(r.Context(), cookie, r.URL.Query(), r.UserAgent())
	if err != nil {
		s.signInFailed(w, r, err)
		return
	}
	if old, err := r.Cookie(auth.SessionCookie); err == nil && old.Value != "" {
		if _, err := s.app.Auth.Logout(r.Context(), old.Value); err != nil {
			s.log.WarnContext(r.Context(), "single sign-on: end the session held before", "error", err)
		}
	}
	http.SetCookie(w, &http.Cookie{
		Name: auth.SessionCookie, Value: done.Session.Secret, Path: "/", Expires: done.Session.ExpiresAt,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: secure,
	})
	s.log.InfoContext(r.Context(), "single sign-on", "user_id", done.Session.User.ID)
	http.Redirect(w, r, done.Next, http.StatusFound)
}

// signInFailed logs why a single sign-on failed and sends the browser to
// the sign-in screen with the code alone: never the provider's text.
func (s *Server) signInFailed(w http.ResponseWriter, r *http.Request, err error) {
	code := sso.CodeFailed
	var se *sso.Error
	if errors.As(err, &se) {
		code = se.Code
		s.log.WarnContext(r.Context(), "single sign-on refused", "code", code, "error", err)
	} else {
		s.log.ErrorContext(r.Context(), "single sign-on", "error", err)
	}
	http.Redirect(w, r, "/signin?error="+url.QueryEscape(code), http.StatusFound)
}

func noStore(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
}
