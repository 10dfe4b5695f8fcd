package access

import "codna/internal/db"

// Permission is what a grant allows (read or write). Callers outside the
// data layer name permissions through this package, never through
// internal/db.
type Permission = db.Permission

// The permissions.
const (
	PermissionRead  = db.PermissionRead
	PermissionWrite = db.PermissionWrite
)

// PrincipalType is what a grant names: a user or a group.
type PrincipalType = db.PrincipalType

// The principal types.
const (
	PrincipalUser  = db.PrincipalTypeUser
	PrincipalGroup = db.PrincipalTypeGroup
)
