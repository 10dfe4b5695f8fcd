package auth

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"codna/internal/db"
	"codna/internal/fault"
)

var errInvitationInvalid = fault.New(fault.Unauthenticated, "This invitation is not valid.")

// CheckName trims and checks a person's or agent's display name.
// Errors: BAD_USER_INPUT on field for an empty name or one over 200 bytes.
func CheckName(field, name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || len(name) > 200 {
		return "", fault.Input(field, "Enter a name of 1 to 200 characters.")
	}
	return name, nil
}

// Invitation is what the invitation screen shows before it is accepted.
type Invitation struct {
	Email     string
	Name      string
	ExpiresAt time.Time
}

// Invitation reads the invitation whose secret this is, for the screen
// that accepts it: who it invites and until when. Like AcceptInvitation it
// needs no actor (the secret is the credential). Errors: UNAUTHENTICATED
// "This invitation is not valid." for an unknown, used or expired secret,
// or a person who is deactivated — never saying which.
func (s *Service) Invitation(ctx context.Context, secret string) (Invitation, error) {
	if secret == "" || len(secret) > 256 {
		return Invitation{}, errInvitationInvalid
	}
	inv, err := db.Q.InvitationGetByHash(ctx, s.pool, HashSecret(secret))
	if errors.Is(err, pgx.ErrNoRows) {
		return Invitation{}, errInvitationInvalid
	} else if err != nil {
		return Invitation{}, err
	}
	if inv.UsedAt != nil || !inv.ExpiresAt.After(time.Now()) {
		return Invitation{}, errInvitationInvalid
	}
	u, err := db.Q.UserGetByID(ctx, s.pool, inv.UserID)
	if errors.Is(err, pgx.ErrNoRows) {
		return Invitation{}, errInvitationInvalid
	} else if err != nil {
		return Invitation{}, err
	}
	if !u.IsActive || Kind(u.Kind) != KindPerson {
		return Invitation{}, errInvitationInvalid
	}
	return Invitation{Email: u.Email, Name: u.Name, ExpiresAt: inv.ExpiresAt}, nil
}

// AcceptInvitation is an invited person choosing their password with the
// secret from their invitation (manage.Service.Invite made it). Like Login
// it needs no actor — the secret is the credential — and it writes no
// management audit: it is the person's act, not management's. An
// invitation is good once, before it expires, while its person is active.
// A non-empty name replaces the name management gave them. It does not
// sign the person in: the caller may Login with the new password.
//
// Errors: FORBIDDEN when people sign in only through the identity provider
// (Config.SSOOnly: accept through /auth/oidc/start?invite=<secret>), checked
// first; BAD_USER_INPUT on password under CheckNewPassword and on name under
// CheckName;
// UNAUTHENTICATED "This invitation is not valid." for an unknown, used or
// expired secret, or a deactivated person — never saying which.
func (s *Service) AcceptInvitation(ctx context.Context, secret, password, name string) (User, error) {
	if s.cfg.SSOOnly {
		return User{}, s.errSSOOnly()
	}
	if err := CheckNewPassword("password", password); err != nil {
		return User{}, err
	}
	if name != "" {
		var err error
		if name, err = CheckName("name", name); err != nil {
			return User{}, err
		}
	}
	if secret == "" || len(secret) > 256 {
		return User{}, errInvitationInvalid
	}
	// A cheap look-up first, so an invalid secret costs no argon2.
	inv, err := db.Q.InvitationGetByHash(ctx, s.pool, HashSecret(secret))
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, errInvitationInvalid
	} else if err != nil {
		return User{}, err
	}
	if inv.UsedAt != nil || !inv.ExpiresAt.After(time.Now()) {
		return User{}, errInvitationInvalid
	}
	hash, err := HashPassword(s.cfg.Argon2, password)
	if err != nil {
		return User{}, err
	}
	var out User
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
		if name != "" && name != u.Name {
			if u, err = db.Q.UserRename(ctx, tx, db.UserRenameParams{ID: userID, Name: name}); err != nil {
				return err
			}
		}
		out = UserFromRow(u)
		return nil
	})
	return out, err
}
