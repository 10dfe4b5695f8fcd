package document

import "codna/internal/db"

// Space is a document's space (raw, wiki or output). Callers outside the
// data layer name spaces through this package, never through internal/db.
type Space = db.Space

// The spaces.
const (
	SpaceRaw    = db.SpaceRaw
	SpaceWiki   = db.SpaceWiki
	SpaceOutput = db.SpaceOutput
)

// Status is a document's status (draft, active or archived).
type Status = db.DocumentStatus

// The statuses.
const (
	StatusDraft    = db.DocumentStatusDraft
	StatusActive   = db.DocumentStatusActive
	StatusArchived = db.DocumentStatusArchived
)
