package auth

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/db"
	"codna/internal/fault"
)

// errSSOOnly is what a password sign-in, reset or invitation answers when
// people sign in only through the identity provider.
func (s *Service) errSSOOnly() error {
	name := s.cfg.SSOName
	if name == "" {
		name = "your identity provider"
	}
	return fault.New(fault.Forbidden, "This instance signs people in with %s, not a password: use the \"Sign in with %s\" button.", name, name)
}

// PasswordSignIn says whether people may sign in with a password (false
// when Config.SSOOnly): what the sign-in screen shows. It needs no actor.
func (s *Service) PasswordSignIn() bool { return !s.cfg.SSOOnly }

var errNotSignable = errors.New("auth: only an active person can be signed in")

// OpenSessionInTx signs the person userID in, in the caller's transaction,
// exactly as Login does: a new session (a new id and secret, never one
// reused), its secret for the same session cookie. internal/sso calls it
// at the end of a single sign-on. It checks no actor and trusts its caller
// to have authenticated the person; it refuses (a plain error) anyone who
// is not an active person. userAgent is stored with the session. Call
// NoteSignIn after the transaction commits.
func (s *Service) OpenSessionInTx(ctx context.Context, tx db.DBTX, userID uuid.UUID, userAgent string) (*Session, error) {
	u, err := db.Q.UserGetByID(ctx, tx, userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNotSignable
	} else if err != nil {
		return nil, err
	}
	if u.Kind != string(KindPerson) || !u.IsActive {
		return nil, errNotSignable
	}
	return s.openSession(ctx, tx, u, userAgent)
}

// NoteSignIn counts a sign-in that OpenSessionInTx opened (usage_daily); a
// failure is logged, never the sign-in's.
func (s *Service) NoteSignIn(ctx context.Context, userID uuid.UUID) { s.noteSignIn(ctx, userID) }
