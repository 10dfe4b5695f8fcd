package server_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/pgtest"
)

// recordingMailer is an auth.Mailer that queues nothing and remembers whom
// it was asked to mail.
type recordingMailer struct {
	mu         sync.Mutex
	recipients []uuid.UUID
	kinds      []string
}

func (m *recordingMailer) Enabled() bool { return true }

func (m *recordingMailer) EnqueueInTx(_ context.Context, _ db.DBTX, recipient uuid.UUID, kind string, _ *uuid.UUID) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.recipients = append(m.recipients, recipient)
	m.kinds = append(m.kinds, kind)
	return nil
}

func (m *recordingMailer) sent() []uuid.UUID {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]uuid.UUID(nil), m.recipients...)
}

const (
	requestResetQuery = `mutation($i: RequestPasswordResetInput!) { requestPasswordReset(input: $i) }`
	resetQuery        = `mutation($i: ResetPasswordWithTokenInput!) { resetPasswordWithToken(input: $i) { user { id email } } }`
)

func (b *bundle) requestReset(t *testing.T, email string) gqlResponse {
	t.Helper()
	return b.do(t, req{query: requestResetQuery, variables: map[string]any{"i": map[string]any{"email": email}}})
}

func (b *bundle) reset(t *testing.T, token, password string) (gqlResponse, *http.Cookie) {
	t.Helper()
	r := b.do(t, req{query: resetQuery, variables: map[string]any{"i": map[string]any{"token": token, "password": password}}})
	for _, c := range (&http.Response{Header: r.Header}).Cookies() {
		if c.Name == auth.SessionCookie {
			return r, c
		}
	}
	return r, nil
}

// mintReset makes a reset token for userID as the mail sender does.
func (b *bundle) mintReset(t *testing.T, userID uuid.UUID) string {
	t.Helper()
	var token string
	require.NoError(t, db.InTx(t.Context(), b.pool, func(tx db.DBTX) error {
		var err error
		token, err = b.app.Auth.MintPasswordResetInTx(t.Context(), tx, userID)
		return err
	}))
	return token
}

// TestPasswordResetOverGraphQL: without signing in, a request answers true
// for a known and an unknown address alike and queues mail for the known
// one only; the token from the mail sets the password, signs the person
// in with a session cookie, and ends their earlier sessions; it is good once.
func TestPasswordResetOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.Auth.ResetFloor = 20 * time.Millisecond })
	m := &recordingMailer{}
	b.app.Auth.UseMailer(m)
	p := pgtest.CreatePerson(t, b.pool)
	_, oldCookie := b.login(t, p.Email, pgtest.Password)
	require.NotNil(t, me(t, b.do(t, req{query: meQuery, cookie: oldCookie})))
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)

	for _, email := range []string{p.Email, "nobody@example.com"} {
		r := b.requestReset(t, email)
		require.Empty(t, r.Errors, email)
		require.Equal(t, true, r.Data["requestPasswordReset"], email)
	}
	require.Equal(t, []uuid.UUID{p.ID}, m.sent())
	require.Equal(t, []string{auth.MailKindPasswordReset}, m.kinds)

	secret := b.mintReset(t, p.ID)
	r, cookie := b.reset(t, secret, "my new long password")
	require.Empty(t, r.Errors)
	require.Equal(t, p.Email, obj(r.Data, "resetPasswordWithToken", "user", "email"))
	require.NotNil(t, cookie, "the reset signs the person in")
	require.True(t, cookie.HttpOnly)
	require.Equal(t, "/", cookie.Path)
	require.Equal(t, http.SameSiteLaxMode, cookie.SameSite)
	require.Equal(t, p.ID.String(), me(t, b.do(t, req{query: meQuery, cookie: cookie.Value}))["id"])

	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: meQuery, cookie: oldCookie}).code(), "the earlier session ended")
	require.NotNil(t, me(t, b.do(t, req{query: meQuery, bearer: token})), "personal access tokens keep working")
	r, _ = b.login(t, p.Email, "my new long password")
	require.Empty(t, r.Errors)

	r, cookie = b.reset(t, secret, "yet another long password")
	require.Equal(t, "UNAUTHENTICATED", r.code(), "a token is good once")
	require.Nil(t, cookie)

	// A deactivated person's token is refused the same way.
	gone := pgtest.CreatePerson(t, b.pool)
	secret = b.mintReset(t, gone.ID)
	_, err := b.app.Manage.SetPersonActive(auth.ManagementContext(context.Background()), gone.ID, false)
	require.NoError(t, err)
	r, _ = b.reset(t, secret, "my new long password")
	require.Equal(t, "UNAUTHENTICATED", r.code())
}

// TestPasswordResetRefusalsOverGraphQL: an instance without mail answers
// FORBIDDEN; past the limit for an address, RATE_LIMITED.
func TestPasswordResetRefusalsOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.Auth.ResetLimit = 1; c.Auth.ResetFloor = 0 })
	p := pgtest.CreatePerson(t, b.pool)
	r := b.requestReset(t, p.Email)
	require.Equal(t, "FORBIDDEN", r.code(), "no mail on this instance")
	require.Contains(t, r.Errors[0].Message, "Ask management")

	b.app.Auth.UseMailer(&recordingMailer{})
	require.Empty(t, b.requestReset(t, p.Email).Errors)
	require.Equal(t, "RATE_LIMITED", b.requestReset(t, p.Email).code())
	require.Empty(t, b.requestReset(t, "someone.else@example.com").Errors)
}
