package document

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// CreateInput is a new document. Title, Tags and Status left nil are taken
// from the body's frontmatter, if it has them.
type CreateInput struct {
	Space   Space
	Path    string
	Slug    string
	Title   *string
	Content string
	Tags    []string // nil: not given
	Status  *Status
	// TemplateID, when set, starts the page from a template
	// (docs/design.md#templates): Content must then be empty.
	TemplateID *uuid.UUID
}

// Create writes a new document at version 1, its first revision and a
// document.created event. Errors: UNAUTHENTICATED, FORBIDDEN (management;
// on space for an agent outside output); BAD_USER_INPUT naming the field
// (content when both content and a template are given); NOT_FOUND on
// templateId for a template the actor cannot read; CONFLICT on slug when a
// live document holds the address.
func (s *Service) Create(ctx context.Context, in CreateInput) (*Doc, error) {
	return s.CreateThen(ctx, in, nil)
}

// Then is work done in a new document's creation transaction, after the
// document was written: tx is that transaction and d the document as
// created. An error rolls the creation back.
type Then func(ctx context.Context, tx db.DBTX, d *Doc) error

// CreateThen is Create with then run in the creation's transaction, for
// what must commit with the page or not at all: the grants a space default
// or the author's choice writes (internal/space). then runs for the actor
// Create checked; it checks nothing itself. Errors: Create's, and then's.
func (s *Service) CreateThen(ctx context.Context, in CreateInput, then Then) (*Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := agentSpace(actor, in.Space); err != nil {
		return nil, err
	}
	if in.TemplateID != nil {
		if in, err = s.fromTemplate(ctx, actor, in); err != nil {
			return nil, err
		}
	}
	return s.create(ctx, actor.UserID, in, then)
}

// agentSpace refuses an agent a page of its own outside output: agents
// write only to output, and elsewhere edit only what they were granted
// write on. A space that does not parse is left to ParseSpace.
func agentSpace(actor *auth.Actor, space Space) error {
	if actor.Kind != auth.KindAgent {
		return nil
	}
	sp, err := ParseSpace("space", string(space))
	if err != nil || sp == SpaceOutput {
		return nil
	}
	return &fault.Error{Code: fault.Forbidden, Field: "space",
		Message: "Agents create pages only in output; elsewhere they edit pages shared with them for writing."}
}

func (s *Service) create(ctx context.Context, owner uuid.UUID, in CreateInput, then Then) (*Doc, error) {
	p, err := s.prepare(in)
	if err != nil {
		return nil, err
	}
	var out *Doc
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if out, err = s.insert(ctx, tx, owner, p, nil); err != nil || then == nil {
			return err
		}
		return then(ctx, tx, out)
	})
	return out, err
}

// prepared is a validated CreateInput.
type prepared struct {
	space   Space
	path    string
	slug    string
	content string
	f       fields
	extra   []byte
}

// prepare validates a new document. Errors: BAD_USER_INPUT naming the field.
func (s *Service) prepare(in CreateInput) (prepared, error) {
	var p prepared
	var err error
	if p.space, err = ParseSpace("space", string(in.Space)); err != nil {
		return p, err
	}
	if p.path, err = NormalizePath(in.Path); err != nil {
		return p, err
	}
	if err := CheckSlug(in.Slug); err != nil {
		return p, err
	}
	p.slug = in.Slug
	if err := CheckBody(in.Content, s.cfg.MaxBodyBytes); err != nil {
		return p, err
	}
	fm, content, err := SplitFrontmatter(in.Content)
	if err != nil {
		return p, err
	}
	p.content = content
	if p.f, err = resolveFields(fields{title: "", tags: []string{}, status: db.DocumentStatusActive, extra: map[string]any{}},
		in.Title, in.Tags, in.Status, fm, true); err != nil {
		return p, err
	}
	if p.extra, err = json.Marshal(p.f.extra); err != nil {
		return p, err
	}
	return p, nil
}

// insert writes a prepared document at version 1 in tx, with its first
// revision and its document.created event. Errors: CONFLICT on slug when a
// live document holds the address (tx is then aborted).
func (s *Service) insert(ctx context.Context, tx db.DBTX, owner uuid.UUID, p prepared, ingestion *uuid.UUID) (*Doc, error) {
	row, err := db.Q.DocumentCreate(ctx, tx, db.DocumentCreateParams{
		ID: uuid.Must(uuid.NewV7()), Space: dbSpace(p.space), Path: p.path, Slug: p.slug, Title: p.f.title, Content: p.content,
		FrontmatterExtra: p.extra, Tags: p.f.tags, Status: p.f.status, ContentHash: ContentHash(p.f.title, p.content, p.f.tags),
		CreatedBy: owner, SourceIngestionID: ingestion,
	})
	if err != nil {
		return nil, fault.FromPG(err)
	}
	rev, err := writeRevision(ctx, tx, row, "create", nil, owner)
	if err != nil {
		return nil, err
	}
	if err := writeEvent(ctx, tx, "document.created", row.ID, owner, &rev.ID, map[string]any{"address": rowAddress(row.Space, row.Path, row.Slug)}); err != nil {
		return nil, err
	}
	return fromRow(row, int32(Owner)), nil
}
