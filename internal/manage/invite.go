package manage

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// How long an invitation is good for: DefaultInvitationTTL when Invite is
// given 0, and at most MaxInvitationTTL.
const (
	DefaultInvitationTTL = 7 * 24 * time.Hour
	MinInvitationTTL     = time.Minute
	MaxInvitationTTL     = 30 * 24 * time.Hour
)

var errInvitationInvalid = fault.New(fault.Unauthenticated, "This invitation is not valid.")

// Invite creates an active person without a password, and an invitation
// through which they choose one (AcceptInvitation). Until then nothing can
// sign in as them. The invitation's secret is returned once, to put in the
// link sent to the person; only its SHA-256 is stored. ttl is how long the
// invitation is good for: 0 means DefaultInvitationTTL.
//
// Audit: user.invite, target_user_id the new person, details
// {invitation_id, expires_at}.
//
// Errors: BAD_USER_INPUT naming the field for an invalid email, an empty or
// long name, or a ttl outside MinInvitationTTL..MaxInvitationTTL (field
// "ttl"); CONFLICT on email when the address is taken.
func (s *Service) Invite(ctx context.Context, c Caller, email, name string, ttl time.Duration) (auth.User, string, error) {
	email, err := peopleCheckEmail(email)
	if err != nil {
		return auth.User{}, "", err
	}
	if name, err = peopleCheckName(name); err != nil {
		return auth.User{}, "", err
	}
	if ttl == 0 {
		ttl = DefaultInvitationTTL
	}
	if ttl < MinInvitationTTL || ttl > MaxInvitationTTL {
		return auth.User{}, "", fault.Input("ttl", "An invitation lasts between a minute and %d days.", int(MaxInvitationTTL/(24*time.Hour)))
	}
	secret := auth.NewSecret("")
	var out auth.User
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		u, err := db.Q.UserCreate(ctx, tx, db.UserCreateParams{
			ID: uuid.Must(uuid.NewV7()), Email: email, Name: name, Kind: string(auth.KindPerson),
		})
		if err != nil {
			return err
		}
		out = auth.UserFromRow(u)
		inv, err := db.Q.InvitationCreate(ctx, tx, db.InvitationCreateParams{
			ID: uuid.Must(uuid.NewV7()), UserID: u.ID, TokenHash: auth.HashSecret(secret), ExpiresAt: time.Now().Add(ttl),
		})
		if err != nil {
			return err
		}
		return s.record(ctx, tx, c, audit{action: "user.invite", targetUser: &u.ID, details: map[string]any{
			"invitation_id": inv.ID, "expires_at": inv.ExpiresAt.UTC(),
		}})
	})
	if err != nil {
		return auth.User{}, "", err
	}
	return out, secret, nil
}

// AcceptInvitation is the invited person choosing their password with the
// secret from their invitation. It needs no caller (the secret is the
// credential) and writes no management audit: it is the person's act, not
// management's. An invitation is good once, before it expires, while its
// person is active. It does not sign the person in: the caller may Login
// with the new password.
//
// Errors: BAD_USER_INPUT on password under the rules of CreatePerson,
// checked first; UNAUTHENTICATED "This invitation is not valid." for an
// unknown, used or expired secret, or a deactivated person — never saying
// which.
func (s *Service) AcceptInvitation(ctx context.Context, secret, password string) (auth.User, error) {
	if err := peopleCheckPassword("password", password); err != nil {
		return auth.User{}, err
	}
	if secret == "" || len(secret) > 256 {
		return auth.User{}, errInvitationInvalid
	}
	// A cheap look-up first, so an invalid secret costs no argon2.
	inv, err := db.Q.InvitationGetByHash(ctx, s.pool, auth.HashSecret(secret))
	if errors.Is(err, pgx.ErrNoRows) {
		return auth.User{}, errInvitationInvalid
	} else if err != nil {
		return auth.User{}, err
	}
	if inv.UsedAt != nil || !inv.ExpiresAt.After(time.Now()) {
		return auth.User{}, errInvitationInvalid
	}
	hash, err := auth.HashPassword(s.argon2, password)
	if err != nil {
		return auth.User{}, err
	}
	var out auth.User
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		// Re-checked as it is used: two acceptances race to one winner.
		userID, err := db.Q.InvitationUse(ctx, tx, inv.ID)
		if errors.Is(err, pgx.ErrNoRows) {
			return errInvitationInvalid
		} else if err != nil {
			return err
		}
		u, err := db.Q.UserSetPassword(ctx, tx, db.UserSetPasswordParams{ID: userID, PasswordHash: &hash})
		if errors.Is(err, pgx.ErrNoRows) {
			return errInvitationInvalid
		} else if err != nil {
			return err
		}
		out = auth.UserFromRow(u)
		return nil
	})
	return out, err
}
