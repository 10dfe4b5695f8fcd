package document

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
)

// CreateIngested writes the conversion of an ingested original as a new raw
// document owned by the uploader, in the ingestion worker's transaction tx
// (which records the document on its ingestion in the same commit, so a
// retried conversion never makes a second one), with source_ingestion_id
// set. Only background work calls it: the ingestion worker is the one writer
// of raw bodies besides their creation. in.Space must be raw. Errors:
// FORBIDDEN unless ctx is the system actor; BAD_USER_INPUT naming the field;
// CONFLICT on slug when a live document holds the address (tx is aborted).
func (s *Service) CreateIngested(ctx context.Context, tx db.DBTX, owner, ingestion uuid.UUID, in CreateInput) (*Doc, error) {
	if _, err := auth.RequireSystem(ctx); err != nil {
		return nil, err
	}
	if in.Space != SpaceRaw {
		return nil, fmt.Errorf("document: an ingested document goes in raw, not %q", in.Space)
	}
	p, err := s.prepare(in)
	if err != nil {
		return nil, err
	}
	return s.insert(ctx, tx, owner, p, &ingestion)
}

// ReplaceIngested writes a raw document's body and title reconverted from
// its kept original, as the next version, in tx: a "content" revision whose
// author is the uploader and whose summary says it was reconverted — the
// one way a raw body changes. A conversion that gives the same body and
// title writes nothing (changed false). Errors: FORBIDDEN unless ctx is the
// system actor, or when the uploader can no longer edit the document;
// NOT_FOUND when the document is gone or theirs no more to read; CONFLICT on
// id when it is in the trash; BAD_USER_INPUT on content or title.
func (s *Service) ReplaceIngested(ctx context.Context, tx db.DBTX, id, uploader uuid.UUID, title, body string) (*Doc, bool, error) {
	if _, err := auth.RequireSystem(ctx); err != nil {
		return nil, false, err
	}
	if err := CheckBody(body, s.cfg.MaxBodyBytes); err != nil {
		return nil, false, err
	}
	title, err := CheckTitle(title)
	if err != nil {
		return nil, false, err
	}
	// The uploader must still be able to edit it (a transfer may have
	// taken it from them).
	cur, _, err := lockForWrite(ctx, tx, &auth.Actor{UserID: uploader, Kind: auth.KindPerson}, id, Write)
	if err != nil {
		return nil, false, err
	}
	if cur.Content == body && cur.Title == title {
		return fromRow(cur, int32(Owner)), false, nil
	}
	tags := nonNil(cur.Tags)
	row, err := db.Q.DocumentUpdateContent(ctx, tx, db.DocumentUpdateContentParams{
		ID: cur.ID, Title: title, Content: body, Tags: tags, Status: cur.Status, FrontmatterExtra: cur.FrontmatterExtra,
		ContentHash: ContentHash(title, body, tags), UpdatedBy: &uploader,
	})
	if err != nil {
		return nil, false, err
	}
	summary := "Reconverted from the kept original."
	rev, err := writeRevision(ctx, tx, row, "content", &summary, uploader)
	if err != nil {
		return nil, false, err
	}
	if err := writeEvent(ctx, tx, "document.updated", row.ID, uploader, &rev.ID, map[string]any{"changeKind": "content", "version": row.Version}); err != nil {
		return nil, false, err
	}
	return fromRow(row, int32(Owner)), true, nil
}
