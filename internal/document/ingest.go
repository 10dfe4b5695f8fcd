package document

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

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
	return s.rewrite(ctx, tx, id, uploader, CreateInput{Title: &title, Content: body}, false, "Reconverted from the kept original.")
}

// CreateImported writes a page an import brings in as a new document owned
// by the importer, in the import worker's transaction tx (which records the
// page on its import in the same commit), with source_ingestion_id set to
// the import's kept archive. in.Content may open with a frontmatter block,
// as a saved body may. Only background work calls it (raw bodies are
// written only by the ingestion and import workers). Errors: FORBIDDEN
// unless ctx is the system actor; BAD_USER_INPUT naming the field; CONFLICT
// on slug when a live document holds the address (tx is then aborted).
func (s *Service) CreateImported(ctx context.Context, tx db.DBTX, owner, archive uuid.UUID, in CreateInput) (*Doc, error) {
	if _, err := auth.RequireSystem(ctx); err != nil {
		return nil, err
	}
	p, err := s.prepare(in)
	if err != nil {
		return nil, err
	}
	return s.insert(ctx, tx, owner, p, &archive)
}

// WriteImported writes a re-imported page — title, tags, status and body
// (with its frontmatter block, whose extra keys replace the stored ones) —
// as the next version of an existing document, in tx: a "content" revision
// by the importer, "Re-imported". A page that did not change writes nothing
// (changed false). Errors: as ReplaceIngested's, and BAD_USER_INPUT on tags
// and status.
func (s *Service) WriteImported(ctx context.Context, tx db.DBTX, id, importer uuid.UUID, in CreateInput) (*Doc, bool, error) {
	return s.rewrite(ctx, tx, id, importer, in, true, "Re-imported.")
}

// rewrite writes a body (and the fields in) as the next version of a
// document by author, for background work (system actor only); withFields
// says whether the body's frontmatter and in's tags and status count (an
// import) or only the title and body (a reconversion).
func (s *Service) rewrite(ctx context.Context, tx db.DBTX, id, author uuid.UUID, in CreateInput, withFields bool, summary string) (*Doc, bool, error) {
	if _, err := auth.RequireSystem(ctx); err != nil {
		return nil, false, err
	}
	if err := CheckBody(in.Content, s.cfg.MaxBodyBytes); err != nil {
		return nil, false, err
	}
	var fm Frontmatter
	body := in.Content
	if withFields {
		var err error
		if fm, body, err = SplitFrontmatter(in.Content); err != nil {
			return nil, false, err
		}
	}
	// The author must still be able to edit it (a transfer may have taken
	// it from them).
	cur, _, err := lockForWrite(ctx, tx, &auth.Actor{UserID: author, Kind: auth.KindPerson}, id, Write)
	if err != nil {
		return nil, false, err
	}
	curFields := fields{title: cur.Title, tags: nonNil(cur.Tags), status: cur.Status, extra: decodeExtra(cur.FrontmatterExtra)}
	tags, status := in.Tags, in.Status
	if !withFields {
		tags, status = nil, nil
	}
	f, err := resolveFields(curFields, in.Title, tags, status, fm, withFields)
	if err != nil {
		return nil, false, err
	}
	if body == cur.Content && f.title == cur.Title && reflect.DeepEqual(f.tags, curFields.tags) && f.status == cur.Status &&
		reflect.DeepEqual(f.extra, curFields.extra) {
		return fromRow(cur, int32(Owner)), false, nil
	}
	extra, err := json.Marshal(f.extra)
	if err != nil {
		return nil, false, err
	}
	row, err := db.Q.DocumentUpdateContent(ctx, tx, db.DocumentUpdateContentParams{
		ID: cur.ID, Title: f.title, Content: body, Tags: f.tags, Status: f.status, FrontmatterExtra: extra,
		ContentHash: ContentHash(f.title, body, f.tags), UpdatedBy: &author,
	})
	if err != nil {
		return nil, false, err
	}
	rev, err := writeRevision(ctx, tx, row, "content", &summary, author)
	if err != nil {
		return nil, false, err
	}
	if err := writeEvent(ctx, tx, "document.updated", row.ID, author, &rev.ID, map[string]any{"changeKind": "content", "version": row.Version}); err != nil {
		return nil, false, err
	}
	return fromRow(row, int32(Owner)), true, nil
}
