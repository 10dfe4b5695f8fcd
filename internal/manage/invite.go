package manage

import (
	"context"
	"time"

	"github.com/google/uuid"

	"codna/internal/audit"
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

// Invite creates an active person without a password, and an invitation
// through which they choose one (auth.Service.AcceptInvitation). Until then nothing can
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
func (s *Service) Invite(ctx context.Context, email, name string, ttl time.Duration) (auth.User, string, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return auth.User{}, "", err
	}
	email, err := checkEmail(email)
	if err != nil {
		return auth.User{}, "", err
	}
	if name, err = checkName(name); err != nil {
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
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "user.invite", TargetUser: &u.ID, Details: map[string]any{
			"invitation_id": inv.ID, "expires_at": inv.ExpiresAt.UTC(),
		}})
	})
	if err != nil {
		return auth.User{}, "", err
	}
	return out, secret, nil
}
