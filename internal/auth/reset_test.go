package auth_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// recordingMailer is a Mailer that queues nothing and remembers what it was
// asked to queue.
type recordingMailer struct {
	enabled bool
	mu      sync.Mutex
	calls   []mailCall
}

type mailCall struct {
	recipient uuid.UUID
	kind      string
	subject   *uuid.UUID
}

func (m *recordingMailer) Enabled() bool { return m.enabled }

func (m *recordingMailer) EnqueueInTx(_ context.Context, tx db.DBTX, recipient uuid.UUID, kind string, subject *uuid.UUID) error {
	if tx == nil {
		panic("EnqueueInTx without a transaction")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls = append(m.calls, mailCall{recipient: recipient, kind: kind, subject: subject})
	return nil
}

func (m *recordingMailer) recipients() []uuid.UUID {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []uuid.UUID
	for _, c := range m.calls {
		out = append(out, c.recipient)
	}
	return out
}

// resetConfig is a cheap configuration with the reset limits and floor given.
func resetConfig(limit int, floor time.Duration) auth.Config {
	return auth.Config{Argon2: auth.CheapArgon2, ResetLimit: limit, ResetWindow: time.Hour, ResetFloor: floor}
}

func newResetService(t *testing.T, cfg auth.Config) (*auth.Service, *recordingMailer, *pgtest.DB) {
	t.Helper()
	d := pgtest.New(t)
	svc := auth.New(d.Pool, cfg, nil)
	m := &recordingMailer{enabled: true}
	svc.UseMailer(m)
	return svc, m, d
}

// mint makes a reset token for userID as the mail sender would, in a
// transaction of its own.
func mint(t *testing.T, svc *auth.Service, d *pgtest.DB, userID uuid.UUID) (string, error) {
	t.Helper()
	var token string
	err := db.InTx(t.Context(), d.Pool, func(tx db.DBTX) error {
		var err error
		token, err = svc.MintPasswordResetInTx(t.Context(), tx, userID)
		return err
	})
	return token, err
}

// TestRequestPasswordResetAnswersTheSameForEveryAddress: a known active
// person, an unknown address, an agent's address, a deactivated person and
// one without a password all get nil, none sooner than the floor; only the
// active person with a password gets a password_reset mail queued.
func TestRequestPasswordResetAnswersTheSameForEveryAddress(t *testing.T) {
	t.Parallel()
	const floor = 60 * time.Millisecond
	svc, m, d := newResetService(t, resetConfig(0, floor))
	ctx := t.Context()
	p := pgtest.CreatePerson(t, d.Pool)
	gone := pgtest.CreatePerson(t, d.Pool)
	pgtest.Exec(t, d.Pool, `UPDATE users SET is_active = false WHERE id = $1`, gone.ID)
	invited := pgtest.CreatePerson(t, d.Pool)
	pgtest.Exec(t, d.Pool, `UPDATE users SET password_hash = NULL WHERE id = $1`, invited.ID)
	agent := pgtest.CreateAgent(t, d.Pool, p.ID)

	for _, email := range []string{"nobody@example.com", agent.Email, gone.Email, invited.Email, "  " + p.Email + " "} {
		begun := time.Now()
		require.NoError(t, svc.RequestPasswordReset(ctx, email, "192.0.2.1"), email)
		require.GreaterOrEqual(t, time.Since(begun), floor, "%s: answered before the floor", email)
	}
	require.Equal(t, []uuid.UUID{p.ID}, m.recipients(), "only the active person with a password gets mail")
	require.Equal(t, auth.MailKindPasswordReset, m.calls[0].kind)
	require.Nil(t, m.calls[0].subject)

	// The address in another case is the same person's.
	require.NoError(t, svc.RequestPasswordReset(ctx, "PERSON"+p.Email[len("person"):], "192.0.2.1"))
	require.Equal(t, []uuid.UUID{p.ID, p.ID}, m.recipients())

	// Management has no address to ask with; an empty one is the caller's mistake.
	pgtest.RequireCode(t, svc.RequestPasswordReset(ctx, "", "192.0.2.1"), fault.BadInput, "email")
	require.Len(t, m.recipients(), 2)
}

// TestRequestPasswordResetIsRateLimited: past the limit for an address,
// that address is RATE_LIMITED (another is not); past five times the
// limit from one client, every address from it is.
func TestRequestPasswordResetIsRateLimited(t *testing.T) {
	t.Parallel()
	svc, m, d := newResetService(t, resetConfig(2, 0))
	ctx := t.Context()
	p := pgtest.CreatePerson(t, d.Pool)
	require.NoError(t, svc.RequestPasswordReset(ctx, p.Email, "192.0.2.1"))
	require.NoError(t, svc.RequestPasswordReset(ctx, p.Email, "192.0.2.2"))
	pgtest.RequireCode(t, svc.RequestPasswordReset(ctx, p.Email, "192.0.2.3"), fault.RateLimited, "")
	require.Len(t, m.recipients(), 2, "a refused request queues nothing")
	require.NoError(t, svc.RequestPasswordReset(ctx, "someone@example.com", "192.0.2.3"), "another address is not limited by that")

	// Per client: 2 × 5 = 10 requests, whatever the addresses.
	for i := range 10 {
		require.NoError(t, svc.RequestPasswordReset(ctx, uuid.NewString()+"@example.com", "198.51.100.7"), i)
	}
	pgtest.RequireCode(t, svc.RequestPasswordReset(ctx, uuid.NewString()+"@example.com", "198.51.100.7"), fault.RateLimited, "")
}

// TestRequestPasswordResetWithoutMail: with no mail queue, or one that is
// off, the request is FORBIDDEN and says to ask management.
func TestRequestPasswordResetWithoutMail(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	p := pgtest.CreatePerson(t, d.Pool)
	svc := auth.New(d.Pool, resetConfig(0, 0), nil)
	err := svc.RequestPasswordReset(t.Context(), p.Email, "192.0.2.1")
	e := pgtest.RequireCode(t, err, fault.Forbidden, "")
	require.Contains(t, e.Message, "Ask management for a new invitation or a password reset")

	off := &recordingMailer{enabled: false}
	svc.UseMailer(off)
	pgtest.RequireCode(t, svc.RequestPasswordReset(t.Context(), p.Email, "192.0.2.1"), fault.Forbidden, "")
	require.Empty(t, off.recipients())
}

// TestMintPasswordReset: the token is random, only its hash is stored, it
// is good for an hour, a new one replaces the earlier (one live token per
// person), and only an active person with a password gets one.
func TestMintPasswordReset(t *testing.T) {
	t.Parallel()
	svc, _, d := newResetService(t, resetConfig(0, 0))
	ctx := t.Context()
	p := pgtest.CreatePerson(t, d.Pool)

	first, err := mint(t, svc, d, p.ID)
	require.NoError(t, err)
	var hash string
	var expires time.Time
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT token_hash, expires_at FROM password_resets WHERE user_id = $1`, p.ID).Scan(&hash, &expires))
	require.Equal(t, auth.HashSecret(first), hash, "only the hash is stored")
	require.WithinDuration(t, time.Now().Add(time.Hour), expires, time.Minute)

	second, err := mint(t, svc, d, p.ID)
	require.NoError(t, err)
	require.NotEqual(t, first, second)
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM password_resets WHERE user_id = $1`, p.ID))
	_, err = svc.ResetPasswordWithToken(ctx, first, "a new long password", "")
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	_, err = svc.ResetPasswordWithToken(ctx, second, "a new long password", "")
	require.NoError(t, err, "the newest token works")

	// A token used is replaced by the next one minted.
	third, err := mint(t, svc, d, p.ID)
	require.NoError(t, err)
	_, err = svc.ResetPasswordWithToken(ctx, third, "another long password", "")
	require.NoError(t, err)

	gone := pgtest.CreatePerson(t, d.Pool)
	pgtest.Exec(t, d.Pool, `UPDATE users SET is_active = false WHERE id = $1`, gone.ID)
	invited := pgtest.CreatePerson(t, d.Pool)
	pgtest.Exec(t, d.Pool, `UPDATE users SET password_hash = NULL WHERE id = $1`, invited.ID)
	agent := pgtest.CreateAgent(t, d.Pool, p.ID)
	for name, id := range map[string]uuid.UUID{"deactivated": gone.ID, "no password": invited.ID, "agent": agent.ID, "management": auth.ManagementID, "no one": uuid.New()} {
		_, err := mint(t, svc, d, id)
		pgtest.RequireCode(t, err, fault.Forbidden, "")
		require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM password_resets WHERE user_id = $1`, id), name)
	}
}

// TestResetPasswordWithToken: the token sets the password, ends every
// session of the person, signs them in with a session that works, keeps
// their personal tokens, and is good once.
func TestResetPasswordWithToken(t *testing.T) {
	t.Parallel()
	svc, _, d := newResetService(t, resetConfig(0, 0))
	ctx := t.Context()
	p := pgtest.CreatePerson(t, d.Pool)
	other := pgtest.CreatePerson(t, d.Pool)
	var old []string
	for range 2 {
		s, err := svc.Login(ctx, auth.LoginRequest{Email: p.Email, Password: pgtest.Password, IP: "192.0.2.1"})
		require.NoError(t, err)
		old = append(old, s.Secret)
	}
	others, err := svc.Login(ctx, auth.LoginRequest{Email: other.Email, Password: pgtest.Password, IP: "192.0.2.1"})
	require.NoError(t, err)
	pat := pgtest.CreatePersonToken(t, d.Pool, p.ID)

	token, err := mint(t, svc, d, p.ID)
	require.NoError(t, err)
	s, err := svc.ResetPasswordWithToken(ctx, token, "a brand new password", "test browser")
	require.NoError(t, err)
	require.Equal(t, p.ID, s.User.ID)
	require.NotEmpty(t, s.Secret)

	for _, secret := range old {
		_, err := svc.Authenticate(ctx, auth.Credentials{Session: secret})
		pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	}
	a, err := svc.Authenticate(ctx, auth.Credentials{Session: s.Secret})
	require.NoError(t, err)
	require.Equal(t, p.ID, a.UserID, "the new session works")
	_, err = svc.Authenticate(ctx, auth.Credentials{Session: others.Secret})
	require.NoError(t, err, "another person's session stays")
	_, err = svc.Authenticate(ctx, auth.Credentials{Bearer: pat})
	require.NoError(t, err, "personal access tokens keep working")

	_, err = svc.Login(ctx, auth.LoginRequest{Email: p.Email, Password: pgtest.Password, IP: "192.0.2.1"})
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	_, err = svc.Login(ctx, auth.LoginRequest{Email: p.Email, Password: "a brand new password", IP: "192.0.2.1"})
	require.NoError(t, err)

	_, err = svc.ResetPasswordWithToken(ctx, token, "yet another password", "")
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	_, err = svc.Login(ctx, auth.LoginRequest{Email: p.Email, Password: "yet another password", IP: "192.0.2.1"})
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
}

// TestResetTokenRefusals: an expired token, one whose person was
// deactivated, an unknown or overlong one are UNAUTHENTICATED with one
// message; a bad password is BAD_USER_INPUT before the token is looked at;
// two uses at once: one wins.
func TestResetTokenRefusals(t *testing.T) {
	t.Parallel()
	svc, _, d := newResetService(t, resetConfig(0, 0))
	ctx := t.Context()
	const pw = "a brand new password"

	expired := pgtest.CreatePerson(t, d.Pool)
	token, err := mint(t, svc, d, expired.ID)
	require.NoError(t, err)
	pgtest.Exec(t, d.Pool, `UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, expired.ID)
	_, err = svc.ResetPasswordWithToken(ctx, token, pw, "")
	want := pgtest.RequireCode(t, err, fault.Unauthenticated, "")

	gone := pgtest.CreatePerson(t, d.Pool)
	token, err = mint(t, svc, d, gone.ID)
	require.NoError(t, err)
	pgtest.Exec(t, d.Pool, `UPDATE users SET is_active = false WHERE id = $1`, gone.ID)
	_, err = svc.ResetPasswordWithToken(ctx, token, pw, "")
	require.Equal(t, want.Message, pgtest.RequireCode(t, err, fault.Unauthenticated, "").Message)

	for _, bad := range []string{"", "nope", auth.NewSecret(""), string(make([]byte, 100_000))} {
		_, err = svc.ResetPasswordWithToken(ctx, bad, pw, "")
		require.Equal(t, want.Message, pgtest.RequireCode(t, err, fault.Unauthenticated, "").Message)
	}

	p := pgtest.CreatePerson(t, d.Pool)
	token, err = mint(t, svc, d, p.ID)
	require.NoError(t, err)
	_, err = svc.ResetPasswordWithToken(ctx, token, "short", "")
	pgtest.RequireCode(t, err, fault.BadInput, "password")
	_, err = svc.ResetPasswordWithToken(ctx, "nope", "short", "")
	pgtest.RequireCode(t, err, fault.BadInput, "password")

	// The token is still good after those; two uses at once, one wins.
	errs := make(chan error, 2)
	for range 2 {
		go func() {
			_, err := svc.ResetPasswordWithToken(ctx, token, pw, "")
			errs <- err
		}()
	}
	var won, lost int
	for range 2 {
		if err := <-errs; err == nil {
			won++
		} else {
			pgtest.RequireCode(t, err, fault.Unauthenticated, "")
			lost++
		}
	}
	require.Equal(t, 1, won)
	require.Equal(t, 1, lost)
}
