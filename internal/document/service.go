package document

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/outbox"
)

// Config is the documents service's configuration.
type Config struct {
	PurgeAfter   time.Duration // how long a tombstone waits before purge
	MaxBodyBytes int
}

// DefaultConfig keeps tombstones 30 days and bodies up to 1 MiB.
var DefaultConfig = Config{PurgeAfter: 30 * 24 * time.Hour, MaxBodyBytes: DefaultMaxBodyBytes}

// Service owns every write to documents, their revisions, their address
// history and their outbox events; each write is one transaction.
type Service struct {
	pool *pgxpool.Pool
	cfg  Config
}

// New returns a Service over pool.
func New(pool *pgxpool.Pool, cfg Config) *Service {
	if cfg.PurgeAfter <= 0 {
		cfg.PurgeAfter = DefaultConfig.PurgeAfter
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = DefaultConfig.MaxBodyBytes
	}
	return &Service{pool: pool, cfg: cfg}
}

var (
	errNotFound   = fault.New(fault.NotFound, "No document has that id.")
	errReadOnly   = fault.New(fault.Forbidden, "You can read this document but not change it.")
	errOwnerOnly  = fault.New(fault.Forbidden, "Only the document's owner can do this.")
	errInTrash    = fault.Conflicting("id", "The document is in the trash. Restore it first.")
	errRawBody    = fault.Input("content", "A raw document is an original: its body is never edited. Its title, tags, status and path may change.")
	errNotInTrash = fault.Conflicting("id", "The document is not in the trash.")
)

// lockForWrite locks a live document the actor may act on at level need.
func lockForWrite(ctx context.Context, q db.DBTX, actor *auth.Actor, id uuid.UUID, need Access) (db.Document, int32, error) {
	row, level, err := lockAny(ctx, q, actor, id, need)
	if err == nil && row.DeletedAt != nil {
		return db.Document{}, 0, errInTrash
	}
	return row, level, err
}

func staleVersion(expected int, current int32) error {
	return fault.Conflicting("expectedVersion", "The document is at version %d, not %d: someone saved it meanwhile. Reload it and apply your change again.", current, expected)
}

// lockAny locks a document, live or tombstoned, the actor may act on at need.
func lockAny(ctx context.Context, q db.DBTX, actor *auth.Actor, id uuid.UUID, need Access) (db.Document, int32, error) {
	v, _ := ViewerOf(actor)
	row, err := db.Q.DocumentGetForUpdate(ctx, q, db.DocumentGetForUpdateParams{ID: id, ActorID: v.ID, ActorIsPerson: v.IsPerson})
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Document{}, 0, errNotFound
	} else if err != nil {
		return db.Document{}, 0, err
	}
	acc := Access(row.Level)
	switch {
	case !acc.CanRead():
		return db.Document{}, 0, errNotFound
	case acc < need && need == Owner:
		return db.Document{}, 0, errOwnerOnly
	case acc < need:
		return db.Document{}, 0, errReadOnly
	}
	return row.Document, row.Level, nil
}

func writeRevision(ctx context.Context, q db.DBTX, row db.Document, kind string, summary *string, author uuid.UUID) (db.DocumentRevision, error) {
	return writeRevisionOf(ctx, q, row, kind, summary, author, nil, nil)
}

// writeRevisionOf is writeRevision naming who typed into it (a revision
// written from a co-editing room) and the version an API write was based
// on when it was accepted over revisions written from a room since.
func writeRevisionOf(ctx context.Context, q db.DBTX, row db.Document, kind string, summary *string, author uuid.UUID, contributors []uuid.UUID, base *int32) (db.DocumentRevision, error) {
	if contributors == nil {
		contributors = []uuid.UUID{}
	}
	return db.Q.DocumentRevisionCreate(ctx, q, db.DocumentRevisionCreateParams{
		ID: uuid.Must(uuid.NewV7()), DocumentID: row.ID, Version: row.Version, Title: row.Title, Space: row.Space,
		Path: row.Path, Slug: row.Slug, Content: row.Content, Tags: nonNil(row.Tags), Status: row.Status,
		FrontmatterExtra: row.FrontmatterExtra, ChangeKind: kind, ChangeSummary: summary, AuthorID: &author,
		Contributors: contributors, BaseVersion: base,
	})
}

func writeEvent(ctx context.Context, q db.DBTX, typ string, docID, actor uuid.UUID, revID *uuid.UUID, payload map[string]any) error {
	_, err := outbox.WriteInTx(ctx, q, outbox.Event{
		Type: typ, SubjectType: "document", SubjectID: &docID, DocumentID: &docID, ActorID: &actor, RevisionID: revID, Payload: payload,
	})
	return err
}
