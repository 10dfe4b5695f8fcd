package manage

import (
	"context"
	"time"

	"github.com/google/uuid"

	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/mail"
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
// sign in as them. ttl is how long the invitation is good for: 0 means
// DefaultInvitationTTL. Only the SHA-256 of an invitation's secret is
// stored.
//
// With mail off, the invitation's secret is returned once, to put in the
// link given to the person. With mail on, the invitation mail is queued in
// the same transaction and the returned secret is "": the sender mints the
// secret when it sends the mail (docs/api.md, "Invitations"), so the only
// working link is the one in the mail.
//
// Audit: user.invite, target_user_id the new person, details
// {invitation_id, expires_at, mailed}.
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
	// With mail on, this secret is never shown: the mail's replaces it.
	secret := auth.NewSecret("")
	mailed := s.mail.Enabled()
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
		if mailed {
			if err := s.mail.EnqueueInTx(ctx, tx, u.ID, mail.KindInvitation, &inv.ID); err != nil {
				return err
			}
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "user.invite", TargetUser: &u.ID, Details: map[string]any{
			"invitation_id": inv.ID, "expires_at": inv.ExpiresAt.UTC(), "mailed": mailed,
		}})
	})
	if err != nil {
		return auth.User{}, "", err
	}
	if mailed {
		return out, "", nil
	}
	return out, secret, nil
}
