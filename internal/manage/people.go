package manage

import (
	"context"
	"errors"
	"net/mail"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/inbox"
)

// checkEmail trims and checks a new person's email address.
// Errors: BAD_USER_INPUT on email.
func checkEmail(email string) (string, error) {
	email = strings.TrimSpace(email)
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email || len(email) > 320 {
		return "", fault.Input("email", "Enter a valid email address, like dana@example.com.")
	}
	if strings.HasSuffix(strings.ToLower(email), "@agents.invalid") {
		return "", fault.Input("email", "That address is reserved for agents.")
	}
	return email, nil
}

// checkName trims and checks a person's or agent's name.
// Errors: BAD_USER_INPUT on name.
func checkName(name string) (string, error) {
	return auth.CheckName("name", name)
}

// managementID is the actor management's changes are made by, for
// notifications and access events.
func managementID() *uuid.UUID {
	id := auth.ManagementID
	return &id
}

// ResetPassword gives a person a new password that management chose (to
// pass on to them out of band). It ends every session of theirs at once
// (websockets opened with one close); their personal access tokens keep
// working. The person is told with an
// account.password_reset notification. A deactivated person's password may
// be reset too (they still cannot sign in until reactivated).
//
// Audit: user.password_reset, target_user_id the person, details
// {sessions_ended}.
//
// Errors: BAD_USER_INPUT on newPassword for a password of fewer than
// auth.MinPasswordLength characters (or over 1024 bytes); NOT_FOUND when
// userID is not a person (an agent, management, or no one).
func (s *Service) ResetPassword(ctx context.Context, userID uuid.UUID, newPassword string) (auth.User, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return auth.User{}, err
	}
	if err := auth.CheckNewPassword("newPassword", newPassword); err != nil {
		return auth.User{}, err
	}
	hash, err := auth.HashPassword(s.argon2, newPassword)
	if err != nil {
		return auth.User{}, err
	}
	var out auth.User
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		u, err := db.Q.UserSetPassword(ctx, tx, db.UserSetPasswordParams{ID: userID, PasswordHash: &hash})
		if errors.Is(err, pgx.ErrNoRows) {
			return fault.New(fault.NotFound, "No person has that id.")
		} else if err != nil {
			return err
		}
		out = auth.UserFromRow(u)
		n, err := db.Q.SessionDeleteByUser(ctx, tx, u.ID)
		if err != nil {
			return err
		}
		if err := auth.CredentialsEndedInTx(ctx, tx, u.ID); err != nil {
			return err
		}
		if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
			RecipientID: u.ID, ActorID: managementID(), Type: inbox.TypeAccountPasswordReset,
			SubjectType: "user", SubjectID: &u.ID,
			Payload: map[string]any{"sessionsEnded": n},
		}); err != nil {
			return err
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "user.password_reset", TargetUser: &u.ID, Details: map[string]any{"sessions_ended": n}})
	})
	return out, err
}

// PersonTokens lists a person's personal access tokens, revoked ones
// included, newest first: name, prefix and dates, never a secret. Management
// can list and revoke them but never makes one: a person issues their own.
// Errors: NOT_FOUND when personID is not a person.
func (s *Service) PersonTokens(ctx context.Context, personID uuid.UUID) ([]auth.AccessToken, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, err
	}
	if err := checkPerson(ctx, s.pool, personID); err != nil {
		return nil, err
	}
	return auth.TokensOf(ctx, s.pool, personID)
}

// RevokePersonToken revokes one of a person's personal access tokens (a
// revoked one keeps its first revocation time); requests with it are
// refused from then on and its websockets close on every replica.
//
// Audit: user.token_revoke, target_user_id the person, details {token_id}.
//
// Errors: NOT_FOUND when personID is not a person or has no such token.
func (s *Service) RevokePersonToken(ctx context.Context, personID, tokenID uuid.UUID) (auth.AccessToken, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return auth.AccessToken{}, err
	}
	var out auth.AccessToken
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if err := checkPerson(ctx, tx, personID); err != nil {
			return err
		}
		var err error
		if out, err = auth.RevokeTokenInTx(ctx, tx, personID, tokenID, fault.New(fault.NotFound, "That person has no token with that id.")); err != nil {
			return err
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "user.token_revoke", TargetUser: &personID, Details: map[string]any{"token_id": out.ID}})
	})
	return out, err
}

// checkPerson checks that id is a person (active or not). Errors:
// NOT_FOUND.
func checkPerson(ctx context.Context, q db.DBTX, id uuid.UUID) error {
	u, err := db.Q.UserGetByID(ctx, q, id)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && u.Kind != string(auth.KindPerson)) {
		return fault.New(fault.NotFound, "No person has that id.")
	}
	return err
}
