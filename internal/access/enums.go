package access

import (
	"codna/internal/db"
	"codna/internal/document"
)

// Permission is what a grant allows (read or write). It is this package's
// own type: callers outside the data layer never see internal/db, and the
// package converts at the database boundary (dbPermission,
// permissionFromDB).
type Permission string

// The permissions.
const (
	PermissionRead  Permission = "read"
	PermissionWrite Permission = "write"
)

// PrincipalType is what a grant names: a user or a group. Converted at the
// database boundary like Permission (dbPrincipalType, principalTypeFromDB).
type PrincipalType string

// The principal types.
const (
	PrincipalUser  PrincipalType = "user"
	PrincipalGroup PrincipalType = "group"
)

func dbPermission(p Permission) db.Permission              { return db.Permission(p) }
func permissionFromDB(p db.Permission) Permission          { return Permission(p) }
func dbPrincipalType(t PrincipalType) db.PrincipalType     { return db.PrincipalType(t) }
func principalTypeFromDB(t db.PrincipalType) PrincipalType { return PrincipalType(t) }

// dbPermissionPtr converts an optional permission (nil stays nil).
func dbPermissionPtr(p *Permission) *db.Permission {
	if p == nil {
		return nil
	}
	v := dbPermission(*p)
	return &v
}

// Spaces are internal/document's type; folder shares store them.
func dbSpace(s document.Space) db.Space     { return db.Space(s) }
func spaceFromDB(s db.Space) document.Space { return document.Space(s) }

func dbSpacePtr(s *document.Space) *db.Space {
	if s == nil {
		return nil
	}
	v := dbSpace(*s)
	return &v
}
