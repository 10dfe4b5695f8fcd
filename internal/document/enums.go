package document

import "codna/internal/db"

// Space is a document's space (raw, wiki or output). It is this package's
// own type: callers outside the data layer never see internal/db, and the
// package converts at the database boundary (dbSpace, spaceFromDB).
type Space string

// The spaces.
const (
	SpaceRaw    Space = "raw"
	SpaceWiki   Space = "wiki"
	SpaceOutput Space = "output"
)

// Status is a document's status (draft, active or archived), converted at
// the database boundary like Space (dbStatus, statusFromDB).
type Status string

// The statuses.
const (
	StatusDraft    Status = "draft"
	StatusActive   Status = "active"
	StatusArchived Status = "archived"
)

func dbSpace(s Space) db.Space                { return db.Space(s) }
func spaceFromDB(s db.Space) Space            { return Space(s) }
func dbStatus(s Status) db.DocumentStatus     { return db.DocumentStatus(s) }
func statusFromDB(s db.DocumentStatus) Status { return Status(s) }

// dbSpacePtr converts an optional space (nil stays nil).
func dbSpacePtr(s *Space) *db.Space {
	if s == nil {
		return nil
	}
	v := dbSpace(*s)
	return &v
}

// dbStatusPtr converts an optional status (nil stays nil).
func dbStatusPtr(s *Status) *db.DocumentStatus {
	if s == nil {
		return nil
	}
	v := dbStatus(*s)
	return &v
}

// rowAddress is FormatAddress for a row's columns.
func rowAddress(space db.Space, path, slug string) string {
	return FormatAddress(spaceFromDB(space), path, slug)
}
