package manage

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// PasswordResetLink makes a password reset token for the person userID,
// for management to hand over when the instance sends no mail: the same
// token a reset mail carries (auth.MintPasswordResetInTx — good once, for
// an hour, replacing the person's earlier one), returned once to put in
// the link `/reset/<token>`; only its SHA-256 is stored.
//
// Audit: user.password_reset_link, target_user_id the person, details
// {expires_in} — never the token.
//
// Errors: NOT_FOUND when userID is not an active person who signs in with
// a password (an invited person who never chose one gets a new invitation
// instead).
func (s *Service) PasswordResetLink(ctx context.Context, userID uuid.UUID) (string, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return "", err
	}
	var token string
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		var err error
		token, err = auth.MintPasswordResetInTx(ctx, tx, userID)
		if fault.CodeOf(err) == fault.Forbidden {
			return fault.New(fault.NotFound, "No active person who signs in with a password has that id.")
		} else if err != nil {
			return err
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "user.password_reset_link", TargetUser: &userID, Details: map[string]any{
			"expires_in": auth.PasswordResetTTL.String(),
		}})
	})
	return token, err
}
