// Package ingest brings originals into the raw space (docs/design.md,
// "Ingestion"): an uploaded file is kept untouched in the file store, an
// ingestions row follows it (pending → processing → ready | failed), and a
// worker converts it under a lease into a raw document owned by the
// uploader — markdown and text as they are, HTML, PDF and DOCX through
// internal/convert, an image as a page embedding it. reconvertIngestion
// converts the kept original again, as a new revision of the same page.
package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/convert"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/files"
)

// Status is an ingestion's state.
type Status string

// The states (ingestions_status_ck).
const (
	StatusPending    Status = "pending"
	StatusProcessing Status = "processing"
	StatusReady      Status = "ready"
	StatusFailed     Status = "failed"
)

// MaxSourceLength caps what an upload says it came from.
const MaxSourceLength = 2000

// Ingestion is one upload brought into raw.
type Ingestion struct {
	ID         uuid.UUID
	UserID     uuid.UUID
	Filename   string
	MimeType   string // sniffed from the bytes
	Kind       convert.Kind
	ByteSize   int64
	SHA256     []byte
	Source     string
	Path       string
	Status     Status
	Error      string
	DocumentID *uuid.UUID
	Attempts   int
	CreatedAt  time.Time
	UpdatedAt  time.Time
	storageKey string
}

// OriginalURL is where its uploader downloads the kept original.
func (g *Ingestion) OriginalURL() string { return "/ingestions/" + g.ID.String() + "/original" }

func fromRow(r db.Ingestion) *Ingestion {
	out := &Ingestion{
		ID: r.ID, UserID: r.UserID, Filename: r.Filename, MimeType: r.MimeType, Kind: convert.Kind(r.Kind), ByteSize: r.ByteSize, SHA256: r.Sha256,
		Path: r.Path, Status: Status(r.Status), DocumentID: r.DocumentID, Attempts: int(r.Attempts), CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}
	if r.Source != nil {
		out.Source = *r.Source
	}
	if r.Error != nil {
		out.Error = *r.Error
	}
	if r.StorageKey != nil {
		out.storageKey = *r.StorageKey
	}
	return out
}

// Service owns ingestions.
type Service struct {
	pool     *pgxpool.Pool
	store    files.Store
	docs     *document.Service
	files    *files.Service
	maxBytes int64
	queued   func()
}

// New returns a Service keeping originals in store (the attachments' store)
// and at most maxBytes each (0: files.DefaultMaxFileBytes).
func New(pool *pgxpool.Pool, store files.Store, docs *document.Service, attachments *files.Service, maxBytes int64) *Service {
	if maxBytes <= 0 {
		maxBytes = files.DefaultMaxFileBytes
	}
	return &Service{pool: pool, store: store, docs: docs, files: attachments, maxBytes: maxBytes}
}

// OnQueued sets what is called after an ingestion is queued (the worker's
// wake-up). Set it before use.
func (s *Service) OnQueued(f func()) { s.queued = f }

func (s *Service) wake() {
	if s.queued != nil {
		s.queued()
	}
}

// Ingest keeps the original r (streamed, never whole in memory) and queues
// its conversion into a raw document under path, owned by the acting
// person. filename is normalised as attachments' names are. Errors:
// UNAUTHENTICATED; FORBIDDEN for management and agents (agents write only
// to output); BAD_USER_INPUT on path, source, and file (empty, or over the
// limit: refused as soon as it is passed).
func (s *Service) Ingest(ctx context.Context, r io.Reader, filename, path, source string) (*Ingestion, error) {
	actor, err := auth.RequirePerson(ctx, agentsToOutput)
	if err != nil {
		return nil, err
	}
	if path, err = document.NormalizePath(path); err != nil {
		return nil, err
	}
	source = strings.TrimSpace(source)
	if utf8.RuneCountInString(source) > MaxSourceLength || !utf8.ValidString(source) || strings.ContainsRune(source, 0) {
		return nil, fault.Input("source", "Where it came from is text of at most %d characters.", MaxSourceLength)
	}
	filename = files.NormalizeName(filename)
	id, err := uuid.NewV7()
	if err != nil {
		return nil, err
	}
	key := "original-" + id.String()
	in, err := files.Keep(ctx, s.pool, s.store, key, r, s.maxBytes)
	if err != nil {
		return nil, err
	}
	mimeType := files.Sniff(in.Head())
	var src *string
	if source != "" {
		src = &source
	}
	var row db.Ingestion
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		var err error
		row, err = db.Q.IngestionCreate(ctx, tx, db.IngestionCreateParams{
			ID: id, UserID: actor.UserID, Filename: filename, MimeType: mimeType, ByteSize: in.Size(), StorageKey: &key, Source: src,
			Path: path, Kind: string(convert.Detect(in.Head(), filename)), Sha256: in.SHA256(),
		})
		if err != nil {
			return err
		}
		return files.KeptInTx(ctx, tx, key)
	})
	if err != nil {
		_ = s.store.Delete(context.WithoutCancel(ctx), key)
		return nil, err
	}
	s.wake()
	return fromRow(row), nil
}

// KeepArchive keeps an import's archive r (at most max bytes, streamed) as
// an ingestion of the acting person that is never converted (purpose
// archive): the import reads it, and it stays for a re-run. Errors:
// UNAUTHENTICATED; FORBIDDEN for management and agents; BAD_USER_INPUT on
// file (empty, or over max: refused as soon as it is passed).
func (s *Service) KeepArchive(ctx context.Context, r io.Reader, filename string, max int64) (*Ingestion, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, err
	}
	filename = files.NormalizeName(filename)
	id, err := uuid.NewV7()
	if err != nil {
		return nil, err
	}
	key := "archive-" + id.String()
	in, err := files.Keep(ctx, s.pool, s.store, key, r, max)
	if err != nil {
		return nil, err
	}
	var row db.Ingestion
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		var err error
		row, err = db.Q.IngestionCreateArchive(ctx, tx, db.IngestionCreateArchiveParams{
			ID: id, UserID: actor.UserID, Filename: filename, MimeType: files.Sniff(in.Head()), ByteSize: in.Size(),
			StorageKey: &key, Sha256: in.SHA256(),
		})
		if err != nil {
			return err
		}
		return files.KeptInTx(ctx, tx, key)
	})
	if err != nil {
		_ = s.store.Delete(context.WithoutCancel(ctx), key)
		return nil, err
	}
	return fromRow(row), nil
}

var errNotFound = &fault.Error{Code: fault.NotFound, Field: "id", Message: "No ingestion of yours has that id."}

// Why an agent is refused: people bring originals into raw; Ingest's
// says where an agent's pages go instead.
const (
	onlyPeople     = "Only people bring originals into raw."
	agentsToOutput = "Only people bring originals into raw; agents write to output."
)

// Get reads one of the acting person's ingestions. Errors: UNAUTHENTICATED;
// FORBIDDEN for management and agents; NOT_FOUND on id for anyone else's.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*Ingestion, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, err
	}
	row, err := db.Q.IngestionGet(ctx, s.pool, id)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && row.UserID != actor.UserID) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, err
	}
	return fromRow(row), nil
}

// List pages through the acting person's ingestions, newest first; after
// is the last id of the previous page. Errors: UNAUTHENTICATED; FORBIDDEN
// for management and agents; BAD_USER_INPUT on first outside 1..100.
func (s *Service) List(ctx context.Context, first int, after *uuid.UUID) ([]*Ingestion, bool, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, false, err
	}
	if first < 1 || first > 100 {
		return nil, false, fault.Input("first", "Ask for 1 to 100 ingestions.")
	}
	rows, err := db.Q.IngestionList(ctx, s.pool, db.IngestionListParams{UserID: actor.UserID, BeforeID: after, RowLimit: int32(first + 1)})
	if err != nil {
		return nil, false, err
	}
	more := len(rows) > first
	if more {
		rows = rows[:first]
	}
	out := make([]*Ingestion, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r)
	}
	return out, more, nil
}

// Original opens the kept original of one of the acting person's
// ingestions, for download. The caller closes the file. Errors:
// UNAUTHENTICATED; FORBIDDEN for management and agents; NOT_FOUND on id
// for anyone else's, or an archive's original gone with its import.
func (s *Service) Original(ctx context.Context, id uuid.UUID) (*Ingestion, files.File, error) {
	g, err := s.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if g.storageKey == "" {
		return nil, nil, errNotFound
	}
	f, err := s.store.Open(ctx, g.storageKey)
	if errors.Is(err, files.ErrNoFile) {
		return nil, nil, errNotFound
	}
	if err != nil {
		return nil, nil, fmt.Errorf("ingest: open the original of %s: %w", id, err)
	}
	return g, f, nil
}

// Reconvert queues a finished ingestion's conversion again from its kept
// original: the worker writes the result as a new revision of the page it
// made (or makes the page, if the first conversion failed). Errors:
// UNAUTHENTICATED; FORBIDDEN for management and agents; NOT_FOUND on id
// for anyone else's; CONFLICT on id while it is still being converted.
func (s *Service) Reconvert(ctx context.Context, id uuid.UUID) (*Ingestion, error) {
	if _, err := s.Get(ctx, id); err != nil {
		return nil, err
	}
	row, err := db.Q.IngestionRequeue(ctx, s.pool, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fault.Conflicting("id", "It is being converted already.")
	}
	if err != nil {
		return nil, err
	}
	s.wake()
	return fromRow(row), nil
}
