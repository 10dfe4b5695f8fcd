// Package transfer brings archives in (imports: a markdown tree, Notion,
// Confluence, a zip of files) and takes folders out (exports: a markdown
// tree that imports again as it was), both as background work with a lease
// (docs/design.md, "Imports" and "Export").
package transfer

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/archive"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/files"
	"codna/internal/ingest"
	"codna/internal/linkgraph"
	"codna/internal/space"
)

// Status is where an import stands.
type Status string

// The statuses of an import (imports_status_ck).
const (
	StatusQueued  Status = "queued"
	StatusRunning Status = "running"
	StatusDone    Status = "done"
	StatusFailed  Status = "failed"
)

// Report is what an import did: how many pages it created, updated and
// found unchanged, and what it left out and why.
type Report struct {
	Created   int            `json:"created"`
	Updated   int            `json:"updated"`
	Unchanged int            `json:"unchanged"`
	Skipped   []archive.Skip `json:"skipped"`
	// DroppedKeys are frontmatter keys read and not kept (id, owner,
	// created, updated: they belong to the instance a page came from).
	DroppedKeys []string `json:"droppedKeys"`
}

// Import is an import as its starter sees it.
type Import struct {
	ID          uuid.UUID
	UserID      uuid.UUID
	ArchiveID   uuid.UUID // the kept archive's ingestion
	Format      archive.Format
	Space       document.Space
	Path        string
	Access      space.Access // who reads its pages: private, or everyone_read (reason import)
	Status      Status
	Done, Total int
	Report      Report
	Error       string
	Attempts    int
	CreatedAt   time.Time
	StartedAt   *time.Time
	FinishedAt  *time.Time
}

func importOf(r db.Import) *Import {
	out := &Import{
		ID: r.ID, UserID: r.UserID, ArchiveID: r.IngestionID, Format: archive.Format(r.Format), Space: document.Space(r.Space),
		Path: r.Path, Access: space.Access(r.Access), Status: Status(r.Status), Done: int(r.Done), Total: int(r.Total), Attempts: int(r.Attempts),
		CreatedAt: r.CreatedAt, StartedAt: r.StartedAt, FinishedAt: r.FinishedAt,
	}
	if r.Error != nil {
		out.Error = *r.Error
	}
	_ = json.Unmarshal(r.Report, &out.Report)
	if out.Report.Skipped == nil {
		out.Report.Skipped = []archive.Skip{}
	}
	if out.Report.DroppedKeys == nil {
		out.Report.DroppedKeys = []string{}
	}
	return out
}

// Config is what imports and exports may cost.
type Config struct {
	// MaxArchiveBytes caps an uploaded archive (CODNA_MAX_IMPORT_BYTES,
	// 1 GiB by default).
	MaxArchiveBytes int64
	// Archive caps what an archive may expand to.
	Archive archive.Limits
	// TempDir holds an archive while it is read, and an export while it is
	// written (CODNA_DATA_DIR/tmp); "" is the system's.
	TempDir string
	// MaxBodyBytes is the documents' body limit.
	MaxBodyBytes int
	// MaxFileBytes caps one file of a page (CODNA_MAX_FILE_BYTES).
	MaxFileBytes int64
}

// DefaultMaxArchiveBytes is MaxArchiveBytes' default.
const DefaultMaxArchiveBytes = 1 << 30

// onlyPeople is why an agent is refused: imports and exports are a
// person's (management reads no content, and agents write only to output).
const onlyPeople = "Only people import and export folders."

func (c Config) withDefaults() Config {
	if c.MaxArchiveBytes <= 0 {
		c.MaxArchiveBytes = DefaultMaxArchiveBytes
	}
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = document.DefaultMaxBodyBytes
	}
	if c.Archive.MaxBodyBytes <= 0 {
		c.Archive.MaxBodyBytes = c.MaxBodyBytes
	}
	if c.MaxFileBytes <= 0 {
		c.MaxFileBytes = 25 << 20
	}
	return c
}

// Service starts imports and exports and reads them for their owners.
type Service struct {
	pool   *pgxpool.Pool
	store  files.Store
	docs   *document.Service
	files  *files.Service
	ingest *ingest.Service
	links  *linkgraph.Service
	cfg    Config
	queued func() // wakes this replica's import worker
	asked  func() // wakes this replica's export worker
}

// New returns a Service: pages are written through docs, files through fs,
// archives kept through in; an export reads links through links.
func New(pool *pgxpool.Pool, store files.Store, docs *document.Service, fs *files.Service, in *ingest.Service, links *linkgraph.Service, cfg Config) *Service {
	return &Service{pool: pool, store: store, docs: docs, files: fs, ingest: in, links: links, cfg: cfg.withDefaults()}
}

// Config returns the service's configuration, defaults filled in.
func (s *Service) Config() Config { return s.cfg }

// StartImport keeps the archive r and queues its import into the folder
// (sp, path), for the acting person, its pages read by whom readers says:
// private (you alone; "" too) or everyone_read (each page granted to
// Everyone with reason import, in its creation's transaction). The space's
// default does not apply: an import takes an explicit choice. Errors:
// UNAUTHENTICATED; FORBIDDEN for management and agents; BAD_USER_INPUT on
// format, space, path, access, and file (empty, or over MaxArchiveBytes:
// refused as soon as it is passed).
func (s *Service) StartImport(ctx context.Context, r io.Reader, filename string, format archive.Format, sp document.Space, path string, readers space.Access) (*Import, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(archive.Formats, format) {
		return nil, fault.Input("format", "Import markdown, notion, confluence or files, not %q.", format)
	}
	sp, err = document.ParseSpace("space", string(sp))
	if err != nil {
		return nil, err
	}
	if readers == "" {
		readers = space.Private
	}
	if readers, err = space.ParseAccess("access", string(readers)); err != nil {
		return nil, err
	}
	if path, err = document.NormalizePath(path); err != nil {
		return nil, err
	}
	kept, err := s.ingest.KeepArchive(ctx, r, filename, s.cfg.MaxArchiveBytes)
	if err != nil {
		return nil, err
	}
	row, err := db.Q.ImportCreate(ctx, s.pool, db.ImportCreateParams{
		ID: uuid.Must(uuid.NewV7()), UserID: actor.UserID, IngestionID: kept.ID, Format: string(format), Space: db.Space(sp), Path: path,
		Access: string(readers),
	})
	if err != nil {
		return nil, err
	}
	if s.queued != nil {
		s.queued()
	}
	return importOf(row), nil
}

var errNoImport = &fault.Error{Code: fault.NotFound, Field: "id", Message: "No import of yours has that id."}

// GetImport reads one of the acting person's imports. Errors:
// UNAUTHENTICATED; FORBIDDEN for management and agents; NOT_FOUND on id for
// anyone else's.
func (s *Service) GetImport(ctx context.Context, id uuid.UUID) (*Import, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, err
	}
	row, err := db.Q.ImportGet(ctx, s.pool, id)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && row.UserID != actor.UserID) {
		return nil, errNoImport
	}
	if err != nil {
		return nil, err
	}
	return importOf(row), nil
}

// ListImports pages through the acting person's imports, newest first:
// first (1–100) after the import whose id is after; more says whether there
// are others. Errors: UNAUTHENTICATED; FORBIDDEN for management and agents;
// BAD_USER_INPUT on first.
func (s *Service) ListImports(ctx context.Context, first int, after *uuid.UUID) ([]*Import, bool, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, false, err
	}
	if first < 1 || first > 100 {
		return nil, false, fault.Input("first", "Ask for 1 to 100 imports.")
	}
	rows, err := db.Q.ImportList(ctx, s.pool, db.ImportListParams{UserID: actor.UserID, BeforeID: after, RowLimit: int32(first + 1)})
	if err != nil {
		return nil, false, err
	}
	more := len(rows) > first
	if more {
		rows = rows[:first]
	}
	out := make([]*Import, len(rows))
	for i, r := range rows {
		out[i] = importOf(r)
	}
	return out, more, nil
}
