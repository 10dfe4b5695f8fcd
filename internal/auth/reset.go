package auth

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/db"
	"codna/internal/fault"
)

// MailKindPasswordReset is the mail kind RequestPasswordReset queues; the
// mail sender renders it with a link minted by MintPasswordResetInTx.
const MailKindPasswordReset = "password_reset"

// MailKindPasswordResetSSO is the mail kind RequestPasswordReset queues
// instead when people sign in only through the identity provider
// (Config.SSOOnly): it carries no link and says to sign in with the
// provider.
const MailKindPasswordResetSSO = "password_reset_sso"

// PasswordResetTTL is how long a reset token is good after it was minted.
const PasswordResetTTL = time.Hour

// maxResetToken bounds the token a caller may present: minted ones are 43
// characters (NewSecret).
const maxResetToken = 256

// Mailer queues mail; internal/mail's Service satisfies it.
type Mailer interface {
	// Enabled says whether the instance sends mail at all.
	Enabled() bool
	// EnqueueInTx queues one mail of kind for recipient about subject (nil:
	// about nothing but the recipient) in the caller's transaction.
	EnqueueInTx(ctx context.Context, tx db.DBTX, recipient uuid.UUID, kind string, subject *uuid.UUID) error
}

// UseMailer gives the service the mail queue RequestPasswordReset writes
// to; nil (the default) is an instance that sends no mail. internal/app
// calls it while it wires the services, before any request.
func (s *Service) UseMailer(m Mailer) {
	s.mailMu.Lock()
	defer s.mailMu.Unlock()
	s.mailer = m
}

// mail returns the mail queue, or nil when the instance sends no mail.
func (s *Service) mail() Mailer {
	s.mailMu.Lock()
	defer s.mailMu.Unlock()
	if s.mailer == nil || !s.mailer.Enabled() {
		return nil
	}
	return s.mailer
}

var (
	errResetInvalid = fault.New(fault.Unauthenticated, "This password reset link is not valid. Ask for a new one.")
	errNoResetMail  = fault.New(fault.Forbidden, "This instance sends no e-mail, so a password cannot be reset by mail. Ask management for a new invitation or a password reset.")
	errNotResetable = fault.New(fault.Forbidden, "Only an active person who signs in with a password can reset it.")
)

// RequestPasswordReset queues a password reset mail (kind
// MailKindPasswordReset, no subject) for the active person with a password
// whose address email is, in one transaction; the mail sender mints the
// link's token when it renders the mail (MintPasswordResetInTx). Like Login
// it needs no actor. It answers nil whether or not such a person exists —
// nothing is queued for an unknown address, an agent, management, a
// deactivated person or one without a password — and does the same work
// either way (a look-up in a transaction; the mail is only queued), then
// answers no sooner than Config.ResetFloor after it began, so its timing
// does not tell either. When people sign in only through the identity
// provider (Config.SSOOnly) the mail queued for an active person is
// MailKindPasswordResetSSO, which says to sign in with the provider and
// carries no link; the answer is the same. client is the caller's address, for the rate limit.
//
// Errors: FORBIDDEN when the instance sends no mail (the message says to ask
// management for a new invitation or a reset), checked first; BAD_USER_INPUT
// on email when it is empty or longer than 320 bytes; RATE_LIMITED after
// Config.ResetLimit requests for the address, or five times that from the
// client, in Config.ResetWindow.
func (s *Service) RequestPasswordReset(ctx context.Context, email, client string) error {
	begun := time.Now()
	m := s.mail()
	if m == nil {
		return errNoResetMail
	}
	email = strings.TrimSpace(email)
	if email == "" || len(email) > 320 {
		return fault.Input("email", "Enter your email address.")
	}
	if !s.resetByIP.Allow("ip:"+client) || !s.resetByEmail.Allow("email:"+strings.ToLower(email)) {
		return fault.New(fault.RateLimited, "Too many password reset requests. Wait a while and try again.")
	}
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		u, err := db.Q.UserGetPersonByEmail(ctx, tx, email)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		} else if err != nil {
			return err
		}
		if s.cfg.SSOOnly {
			if u.Kind != string(KindPerson) || !u.IsActive {
				return nil
			}
			return m.EnqueueInTx(ctx, tx, u.ID, MailKindPasswordResetSSO, nil)
		}
		if !resetable(u) {
			return nil
		}
		return m.EnqueueInTx(ctx, tx, u.ID, MailKindPasswordReset, nil)
	})
	if err != nil {
		return err
	}
	return waitUntil(ctx, begun.Add(s.cfg.ResetFloor))
}

// resetable says whether u may reset a password: an active person who signs
// in with one.
func resetable(u db.User) bool {
	return u.Kind == string(KindPerson) && u.IsActive && u.PasswordHash != nil
}

// waitUntil returns at t, or at once when t has passed; ctx's error if it
// ends first.
func waitUntil(ctx context.Context, t time.Time) error {
	d := time.Until(t)
	if d <= 0 {
		return nil
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// MintPasswordResetInTx makes a new password reset token for the person
// userID in the caller's transaction and returns its secret, to be put in a
// link (`/reset/<token>`) and nowhere else: only its SHA-256 is stored, and
// it replaces the person's earlier token, used or not (one live token per
// person). It is good once, for PasswordResetTTL. The mail sender calls it
// while it renders a reset mail (the method is what its interface names);
// it is MintPasswordResetInTx, the function, which manage.Service calls
// for `codna manage user reset-link` without a Service at hand. It checks
// no actor and trusts its caller to have decided the token may be made.
//
// Errors: FORBIDDEN when userID is not an active person with a password
// (an agent, management, a deactivated person, one without a password or
// no one); database errors as they are.
func (s *Service) MintPasswordResetInTx(ctx context.Context, tx db.DBTX, userID uuid.UUID) (string, error) {
	return MintPasswordResetInTx(ctx, tx, userID)
}

// MintPasswordResetInTx is Service.MintPasswordResetInTx: the same token,
// rules and errors.
func MintPasswordResetInTx(ctx context.Context, tx db.DBTX, userID uuid.UUID) (string, error) {
	u, err := db.Q.UserGetByID(ctx, tx, userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", errNotResetable
	} else if err != nil {
		return "", err
	}
	if !resetable(u) {
		return "", errNotResetable
	}
	token := NewSecret("")
	if err := db.Q.PasswordResetMint(ctx, tx, db.PasswordResetMintParams{
		UserID: u.ID, TokenHash: HashSecret(token), ExpiresAt: time.Now().Add(PasswordResetTTL),
	}); err != nil {
		return "", err
	}
	return token, nil
}

// ResetPasswordWithToken sets a new password for the person whose reset
// token this is, ends every session of theirs (their websockets close on
// every replica), and signs them in as Login does: a new session, its
// secret for the cookie. Like Login it needs no actor — the token is the
// credential. The token is consumed under a row lock, so two uses race to
// one winner. Personal access tokens keep working (docs/design.md#password-resets
// says why). userAgent is stored with the new session.
//
// Errors: BAD_USER_INPUT on password under CheckNewPassword, checked first;
// UNAUTHENTICATED "This password reset link is not valid." for an unknown,
// used or expired token, or one whose person is no longer an active person
// — never saying which.
func (s *Service) ResetPasswordWithToken(ctx context.Context, token, password, userAgent string) (*Session, error) {
	if err := CheckNewPassword("password", password); err != nil {
		return nil, err
	}
	if token == "" || len(token) > maxResetToken {
		return nil, errResetInvalid
	}
	var out *Session
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		userID, err := db.Q.PasswordResetLockLive(ctx, tx, HashSecret(token))
		if errors.Is(err, pgx.ErrNoRows) {
			return errResetInvalid
		} else if err != nil {
			return err
		}
		// Hashed only for a live token, so that made-up tokens cost no argon2.
		hash, err := HashPassword(s.cfg.Argon2, password)
		if err != nil {
			return err
		}
		if err := db.Q.PasswordResetUse(ctx, tx, userID); err != nil {
			return err
		}
		u, err := db.Q.UserSetPassword(ctx, tx, db.UserSetPasswordParams{ID: userID, PasswordHash: &hash})
		if errors.Is(err, pgx.ErrNoRows) {
			return errResetInvalid
		} else if err != nil {
			return err
		}
		if _, err := db.Q.SessionDeleteByUser(ctx, tx, u.ID); err != nil {
			return err
		}
		if err := CredentialsEndedInTx(ctx, tx, u.ID); err != nil {
			return err
		}
		out, err = s.openSession(ctx, tx, u, userAgent)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.noteSignIn(ctx, out.User.ID)
	return out, nil
}
