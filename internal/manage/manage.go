// Package manage is what management may do to run the instance: people,
// service tokens, groups, agents, quarantine, transfers, the audit, usage
// and parked outbox events. It never reads content. Every exported method
// of Service begins by checking that the actor in ctx is management
// (auth.RequireManagement: nobody is UNAUTHENTICATED, anyone else
// FORBIDDEN) — reads too — so no caller can forget the check; a manage token
// brings that actor in a request, and `codna manage` runs with
// auth.ManagementContext. Every change writes a management_audit row in the
// same transaction (internal/audit), saying how management acted (via cli
// or token) from the same actor and the request id from ctx (all but the
// demo's first person: CreateFirstPerson).
package manage

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/mail"
	"codna/internal/mention"
	"codna/internal/webhook"
)

// Service carries out management changes.
type Service struct {
	pool   *pgxpool.Pool
	argon2 auth.Argon2Params
	mail   *mail.Service
}

// New returns a Service; new passwords are hashed with argon2. Invitations
// are mailed through mailer when it is enabled (nil: mail is off).
func New(pool *pgxpool.Pool, argon2 auth.Argon2Params, mailer *mail.Service) *Service {
	return &Service{pool: pool, argon2: argon2, mail: mailer}
}

// CreatePerson creates a person who signs in with email and password.
// Errors: BAD_USER_INPUT naming the field for an invalid email, an empty
// name or a short password; CONFLICT on email when the address is taken.
func (s *Service) CreatePerson(ctx context.Context, email, name, password string) (auth.User, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return auth.User{}, err
	}
	email, err := checkEmail(email)
	if err != nil {
		return auth.User{}, err
	}
	if name, err = checkName(name); err != nil {
		return auth.User{}, err
	}
	if err := auth.CheckNewPassword("password", password); err != nil {
		return auth.User{}, err
	}
	hash, err := auth.HashPassword(s.argon2, password)
	if err != nil {
		return auth.User{}, err
	}
	var out auth.User
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		u, err := db.Q.UserCreate(ctx, tx, db.UserCreateParams{
			ID: uuid.Must(uuid.NewV7()), Email: email, Name: name, Kind: string(auth.KindPerson), PasswordHash: &hash,
		})
		if err != nil {
			return err
		}
		out = auth.UserFromRow(u)
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "user.create", TargetUser: &u.ID})
	})
	return out, err
}

// SetPersonActive deactivates (active=false) or reactivates a person.
// Deactivating ends every session at once; tokens stop working because the
// token lookup requires an active user; their open websockets close; their
// active webhooks are paused (reactivating resumes none); an agent they were
// the last active person to answer for is paused (agent.paused, see
// pauseUnansweredInTx; reactivating resumes none). Errors: NOT_FOUND when
// id is not a person.
func (s *Service) SetPersonActive(ctx context.Context, id uuid.UUID, active bool) (auth.User, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return auth.User{}, err
	}
	var out auth.User
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		u, err := db.Q.UserSetActive(ctx, tx, db.UserSetActiveParams{ID: id, IsActive: active})
		if errors.Is(err, pgx.ErrNoRows) {
			return fault.New(fault.NotFound, "No person has that id.")
		} else if err != nil {
			return err
		}
		out = auth.UserFromRow(u)
		action := "user.reactivate"
		details := map[string]any{}
		if !active {
			action = "user.deactivate"
			n, err := db.Q.SessionDeleteByUser(ctx, tx, id)
			if err != nil {
				return err
			}
			details["sessions_ended"] = n
			// Their open websockets close on every replica.
			if err := auth.CredentialsEndedInTx(ctx, tx, id); err != nil {
				return err
			}
			paused, err := webhook.PauseOwnerInTx(ctx, tx, id)
			if err != nil {
				return err
			}
			details["webhooks_paused"] = paused
			if err := pauseAgentsOfInTx(ctx, tx, id); err != nil {
				return err
			}
			// Their mention decisions, and those about mentions of them, clear.
			if err := mention.ResolveInTx(ctx, tx, nil, []uuid.UUID{id}); err != nil {
				return err
			}
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: action, TargetUser: &u.ID, Details: details})
	})
	return out, err
}

// UserPage is one page of ListUsers.
type UserPage struct {
	Users   []auth.User
	HasMore bool
}

// ListUsers pages through people and agents in creation order, after the
// given id. limit is clamped to 1..100.
func (s *Service) ListUsers(ctx context.Context, after *uuid.UUID, limit int) (UserPage, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return UserPage{}, err
	}
	limit = max(1, min(limit, 100))
	rows, err := db.Q.UserListPeople(ctx, s.pool, db.UserListPeopleParams{After: after, RowLimit: int32(limit + 1)})
	if err != nil {
		return UserPage{}, err
	}
	page := UserPage{HasMore: len(rows) > limit}
	for i, r := range rows {
		if i == limit {
			break
		}
		page.Users = append(page.Users, auth.UserFromRow(r))
	}
	return page, nil
}

// ServiceToken is a manage token as listed (never its secret).
type ServiceToken struct {
	ID         uuid.UUID
	Name       string
	Prefix     string
	ExpiresAt  *time.Time
	LastUsedAt *time.Time
	RevokedAt  *time.Time
	CreatedAt  time.Time
}

func tokenFromRow(t db.ServiceToken) ServiceToken {
	return ServiceToken{ID: t.ID, Name: t.Name, Prefix: t.Prefix, ExpiresAt: t.ExpiresAt, LastUsedAt: t.LastUsedAt, RevokedAt: t.RevokedAt, CreatedAt: t.CreatedAt}
}

// CreateServiceToken issues a manage token. The secret is returned once.
// Errors: BAD_USER_INPUT for an empty name or a past expiry.
func (s *Service) CreateServiceToken(ctx context.Context, name string, expiresAt *time.Time) (ServiceToken, string, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return ServiceToken{}, "", err
	}
	name = strings.TrimSpace(name)
	if name == "" || len(name) > 100 {
		return ServiceToken{}, "", fault.Input("name", "Give the token a name of 1 to 100 characters.")
	}
	if expiresAt != nil && !expiresAt.After(time.Now()) {
		return ServiceToken{}, "", fault.Input("expiresAt", "The expiry must be in the future.")
	}
	secret := auth.NewSecret(auth.ManageTokenPrefix)
	var out ServiceToken
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		t, err := db.Q.ServiceTokenCreate(ctx, tx, db.ServiceTokenCreateParams{
			ID: uuid.Must(uuid.NewV7()), UserID: auth.ManagementID, Name: name,
			TokenHash: auth.HashSecret(secret), Prefix: auth.DisplayPrefix(secret), ExpiresAt: expiresAt,
		})
		if err != nil {
			return err
		}
		out = tokenFromRow(t)
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "token.create", Details: map[string]any{"token_id": t.ID, "name": name}})
	})
	return out, secret, err
}

// RevokeServiceToken revokes a manage token; websockets opened with it
// close. Errors: NOT_FOUND.
func (s *Service) RevokeServiceToken(ctx context.Context, id uuid.UUID) (ServiceToken, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return ServiceToken{}, err
	}
	var out ServiceToken
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		t, err := db.Q.ServiceTokenRevoke(ctx, tx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return fault.New(fault.NotFound, "No manage token has that id.")
		} else if err != nil {
			return err
		}
		out = tokenFromRow(t)
		if err := auth.CredentialsEndedInTx(ctx, tx, auth.ManagementID); err != nil {
			return err
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "token.revoke", Details: map[string]any{"token_id": t.ID}})
	})
	return out, err
}

// ListServiceTokens lists every manage token, newest first.
func (s *Service) ListServiceTokens(ctx context.Context) ([]ServiceToken, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, err
	}
	rows, err := db.Q.ServiceTokenList(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	out := make([]ServiceToken, len(rows))
	for i, r := range rows {
		out[i] = tokenFromRow(r)
	}
	return out, nil
}

// PersonByEmail finds a person by email, case-insensitively.
// Errors: NOT_FOUND.
func (s *Service) PersonByEmail(ctx context.Context, email string) (auth.User, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return auth.User{}, err
	}
	u, err := db.Q.UserGetPersonByEmail(ctx, s.pool, strings.TrimSpace(email))
	if errors.Is(err, pgx.ErrNoRows) {
		return auth.User{}, fault.New(fault.NotFound, "No person has that email address.")
	} else if err != nil {
		return auth.User{}, err
	}
	return auth.UserFromRow(u), nil
}
