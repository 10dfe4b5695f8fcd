package document

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"codna/internal/db"
)

// Doc is a document as a service caller sees it, with what the asking actor
// may do to it.
type Doc struct {
	ID               uuid.UUID
	Space            Space
	Path             string
	Slug             string
	Title            string
	Content          string
	FrontmatterExtra map[string]any
	Tags             []string
	Status           Status
	Version          int
	OwnerID          uuid.UUID
	UpdatedBy        *uuid.UUID
	CreatedAt        time.Time
	UpdatedAt        time.Time
	DeletedAt        *time.Time
	PurgeAfter       *time.Time
	QuarantinedAt    *time.Time
	Access           Access
}

// Address is the document's human address, written space:path/slug.
func (d *Doc) Address() string { return FormatAddress(d.Space, d.Path, d.Slug) }

// FormatAddress writes an address as docs/design.md#addresses-and-permanent-ids
// does: space:path/slug, or
// space:slug at a space root.
func FormatAddress(space Space, path, slug string) string {
	if path == "" {
		return string(space) + ":" + slug
	}
	return string(space) + ":" + path + "/" + slug
}

func fromRow(r db.Document, level int32) *Doc {
	return &Doc{
		ID: r.ID, Space: spaceFromDB(r.Space), Path: r.Path, Slug: r.Slug, Title: r.Title, Content: r.Content,
		FrontmatterExtra: decodeExtra(r.FrontmatterExtra), Tags: nonNil(r.Tags), Status: statusFromDB(r.Status),
		Version: int(r.Version), OwnerID: r.CreatedBy, UpdatedBy: r.UpdatedBy, CreatedAt: r.CreatedAt,
		UpdatedAt: r.UpdatedAt, DeletedAt: r.DeletedAt, PurgeAfter: r.PurgeAfter, QuarantinedAt: r.QuarantinedAt,
		Access: Access(level),
	}
}

func decodeExtra(raw []byte) map[string]any {
	m := map[string]any{}
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &m) // jsonb always holds an object here
	}
	return m
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Revision is one saved state of a document.
type Revision struct {
	ID               uuid.UUID
	DocumentID       uuid.UUID
	Version          int
	Title            string
	Space            Space
	Path             string
	Slug             string
	Content          string
	Tags             []string
	Status           Status
	FrontmatterExtra map[string]any
	ChangeKind       string
	ChangeSummary    *string
	AuthorID         *uuid.UUID
	CreatedAt        time.Time
}

// RevisionFromRow maps a document_revisions row.
func RevisionFromRow(r db.DocumentRevision) Revision {
	return Revision{
		ID: r.ID, DocumentID: r.DocumentID, Version: int(r.Version), Title: r.Title, Space: spaceFromDB(r.Space), Path: r.Path,
		Slug: r.Slug, Content: r.Content, Tags: nonNil(r.Tags), Status: statusFromDB(r.Status), FrontmatterExtra: decodeExtra(r.FrontmatterExtra),
		ChangeKind: r.ChangeKind, ChangeSummary: r.ChangeSummary, AuthorID: r.AuthorID, CreatedAt: r.CreatedAt,
	}
}

// PastAddress is an address a document vacated.
type PastAddress struct {
	Space      Space
	Path       string
	Slug       string
	ValidFrom  time.Time
	ValidTo    time.Time
	RevisionID *uuid.UUID
}
