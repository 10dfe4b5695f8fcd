package manage

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
)

// What the host's commands (cmd/codna) do as management beyond the
// console's changes: acting as a person (`codna import` and `codna export`),
// and the demo's first person (`codna serve --demo`).

// ActAs finds the person with email (as PersonByEmail) for management to
// act as on the host, and records it: a management_audit row of action
// whose target is that person and whose details are details with "as", the
// person's email, added. Errors: FORBIDDEN unless management; NOT_FOUND;
// the database's.
func (s *Service) ActAs(ctx context.Context, email, action string, details map[string]any) (auth.User, error) {
	person, err := s.PersonByEmail(ctx, email)
	if err != nil {
		return auth.User{}, err
	}
	if details == nil {
		details = map[string]any{}
	}
	details["as"] = person.Email
	if err := audit.WriteInTx(ctx, s.pool, audit.Entry{Action: action, TargetUser: &person.ID, Details: details}); err != nil {
		return auth.User{}, err
	}
	return person, nil
}

// CreateFirstPerson creates a person who signs in with email and password
// only when the instance has no person yet — the demo's person, which
// `codna serve --demo` seeds on a fresh database — and says whether it did.
// Replicas starting together on the same fresh database create one person
// between them. Unlike every other change of this package it writes no
// management_audit row: nobody manages an instance that has no person.
// Errors: FORBIDDEN unless management; BAD_USER_INPUT as CreatePerson's.
func (s *Service) CreateFirstPerson(ctx context.Context, email, name, password string) (auth.User, bool, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return auth.User{}, false, err
	}
	email, err := checkEmail(email)
	if err != nil {
		return auth.User{}, false, err
	}
	if name, err = checkName(name); err != nil {
		return auth.User{}, false, err
	}
	if err := auth.CheckNewPassword("password", password); err != nil {
		return auth.User{}, false, err
	}
	hash, err := auth.HashPassword(s.argon2, password)
	if err != nil {
		return auth.User{}, false, err
	}
	var out auth.User
	created := false
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		// Serialise concurrent first starts of several replicas.
		if err := db.LockXact(ctx, tx, db.LockDemo); err != nil {
			return err
		}
		n, err := db.Q.UserCountPeople(ctx, tx)
		if err != nil || n > 0 {
			return err
		}
		u, err := db.Q.UserCreate(ctx, tx, db.UserCreateParams{
			ID: uuid.Must(uuid.NewV7()), Email: email, Name: name, Kind: string(auth.KindPerson), PasswordHash: &hash,
		})
		if err != nil {
			return err
		}
		out, created = auth.UserFromRow(u), true
		return nil
	})
	if err != nil {
		return auth.User{}, false, err
	}
	return out, created, nil
}
