package graph

import (
	"encoding/base64"
	"strings"

	"github.com/google/uuid"

	"codna/graph/model"
	"codna/internal/auth"
	"codna/internal/fault"
)

// parseID decodes an ID argument; a malformed one is BAD_USER_INPUT on field.
func parseID(field, s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, fault.Input(field, "%q is not a valid id.", s)
	}
	return id, nil
}

// Cursors are opaque to clients: base64 of "<kind>:<id>".
func encodeCursor(kind string, id uuid.UUID) string {
	return base64.RawURLEncoding.EncodeToString([]byte(kind + ":" + id.String()))
}

func decodeCursor(kind string, c *string) (*uuid.UUID, error) {
	if c == nil || *c == "" {
		return nil, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(*c)
	rest, ok := strings.CutPrefix(string(raw), kind+":")
	if err != nil || !ok {
		return nil, fault.Input("after", "The cursor is not valid here.")
	}
	id, err := uuid.Parse(rest)
	if err != nil {
		return nil, fault.Input("after", "The cursor is not valid here.")
	}
	return &id, nil
}

func pageSize(first *int) (int, error) {
	if first == nil {
		return 50, nil
	}
	if *first < 1 || *first > 100 {
		return 0, fault.Input("first", "Ask for between 1 and 100 items.")
	}
	return *first, nil
}

func userKind(k auth.Kind) model.UserKind {
	switch k {
	case auth.KindAgent:
		return model.UserKindAgent
	case auth.KindManagement:
		return model.UserKindManagement
	}
	return model.UserKindPerson
}

func userModel(u auth.User) *model.User {
	return &model.User{ID: u.ID.String(), Email: u.Email, Name: u.Name, Kind: userKind(u.Kind)}
}

func managedUserModel(u auth.User) *model.ManagedUser {
	return &model.ManagedUser{ID: u.ID.String(), Email: u.Email, Name: u.Name, Kind: userKind(u.Kind), Active: u.Active, CreatedAt: u.CreatedAt}
}

// parseIDs decodes a list of ID arguments; the first malformed one is
// BAD_USER_INPUT on field.
func parseIDs(field string, raw []string) ([]uuid.UUID, error) {
	out := make([]uuid.UUID, 0, len(raw))
	for _, s := range raw {
		id, err := parseID(field, s)
		if err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, nil
}

// idPtr is an optional id as an optional ID.
func idPtr(id *uuid.UUID) *string {
	if id == nil {
		return nil
	}
	s := id.String()
	return &s
}
