package document

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"codna/internal/db"
)

// Doc is a document as a service caller sees it, with what the asking actor
// may do to it.
//
// Lists, link ends and batch reads do not read the body (docs/design.md#reading-documents):
// their Docs have a nil Body, so reading d.Content or d.FrontmatterExtra of
// one panics rather than answering an empty body. Service.Bodies loads the
// bodies of such Docs; single reads (Get, GetTx, GetByAddress) and writes
// return Docs with their Body.
type Doc struct {
	ID    uuid.UUID
	Space Space
	Path  string
	Slug  string
	Title string
	*Body
	Tags          []string
	Status        Status
	Version       int
	OwnerID       uuid.UUID
	UpdatedBy     *uuid.UUID
	CreatedAt     time.Time
	UpdatedAt     time.Time
	DeletedAt     *time.Time
	PurgeAfter    *time.Time
	QuarantinedAt *time.Time
	Access        Access
}

// Body is what a document holds beyond its metadata: the markdown body
// (without frontmatter) and the frontmatter keys CoDNA does not own.
type Body struct {
	Content          string
	FrontmatterExtra map[string]any
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
		ID: r.ID, Space: spaceFromDB(r.Space), Path: r.Path, Slug: r.Slug, Title: r.Title,
		Body: &Body{Content: r.Content, FrontmatterExtra: decodeExtra(r.FrontmatterExtra)}, Tags: nonNil(r.Tags), Status: statusFromDB(r.Status),
		Version: int(r.Version), OwnerID: r.CreatedBy, UpdatedBy: r.UpdatedBy, CreatedAt: r.CreatedAt,
		UpdatedAt: r.UpdatedAt, DeletedAt: r.DeletedAt, PurgeAfter: r.PurgeAfter, QuarantinedAt: r.QuarantinedAt,
		Access: Access(level),
	}
}

// Head is a document's metadata as the queries that skip the body read it
// (the columns of db.DocumentGetManyWithAccessRow). Other packages' queries
// that read a document's far end (links) fill one to make a Doc.
type Head = db.DocumentGetManyWithAccessRow

// FromHead makes a Doc without its Body from metadata read with the actor's
// access level in the same statement. Only the queries of this package and
// linkgraph's and favorite's, which compute the level with document_level, may
// call it: a Doc's Access is trusted by every method that takes one.
func FromHead(h Head) *Doc {
	return &Doc{
		ID: h.ID, Space: spaceFromDB(h.Space), Path: h.Path, Slug: h.Slug, Title: h.Title,
		Tags: nonNil(h.Tags), Status: statusFromDB(h.Status),
		Version: int(h.Version), OwnerID: h.CreatedBy, UpdatedBy: h.UpdatedBy, CreatedAt: h.CreatedAt,
		UpdatedAt: h.UpdatedAt, DeletedAt: h.DeletedAt, PurgeAfter: h.PurgeAfter, QuarantinedAt: h.QuarantinedAt,
		Access: Access(h.Level),
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
