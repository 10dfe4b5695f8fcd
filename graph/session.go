package graph

import (
	"net/http"

	"codna/graph/model"
	"codna/internal/auth"
	"codna/internal/request"
)

// signedIn sets the new session's cookie on the response (HttpOnly, Lax,
// Secure over TLS) and answers with the person signed in: what login and
// resetPasswordWithToken both answer. info.SetCookie must not be nil.
func signedIn(info *request.Info, s *auth.Session) *model.LoginPayload {
	info.SetCookie(&http.Cookie{
		Name: auth.SessionCookie, Value: s.Secret, Path: "/", Expires: s.ExpiresAt,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: info.Secure,
	})
	return &model.LoginPayload{User: userModel(s.User)}
}
