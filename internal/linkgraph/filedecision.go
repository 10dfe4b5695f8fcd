package linkgraph

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/link"
)

// FileReference is a reference in a page's body to a file of a page
// ("<slug>.files/<name>", docs/design.md#file-references) as one actor sees
// it. For a reader who cannot read the page the file belongs to, State is
// pending and TargetID nil, as for an Edge.
type FileReference struct {
	ID       uuid.UUID
	SourceID uuid.UUID
	// TargetID is the page the file belongs to.
	TargetID *uuid.UUID
	// Href is the destination as written; Name the file's name in it.
	Href, Name string
	Count      int
	State      State
	KeptAt     *time.Time
}

// FileReferences returns the file references out of each source, in one
// statement, by href. sources are Docs this actor got from the document
// service; those they cannot read are skipped. Every readable source gets
// a list (empty when its body names no file).
func (s *Service) FileReferences(ctx context.Context, sources []*document.Doc) (map[*document.Doc][]FileReference, error) {
	v, ok, err := viewer(ctx)
	if err != nil || !ok {
		return nil, err
	}
	byID, ids := readableByID(sources)
	out := make(map[*document.Doc][]FileReference, len(ids))
	for _, d := range sources {
		if d != nil && d.Access.CanRead() {
			out[d] = []FileReference{}
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.Q.AttachmentRefListForSources(ctx, s.pool, db.AttachmentRefListForSourcesParams{
		ActorID: v.ID, ActorIsPerson: v.IsPerson, SourceIds: ids,
	})
	if err != nil {
		return nil, err
	}
	refs := make(map[uuid.UUID][]FileReference, len(ids))
	for _, row := range rows {
		r := row.AttachmentRef
		f := FileReference{
			ID: r.ID, SourceID: r.SourceID, TargetID: r.TargetID, Href: r.HrefAsWritten, Name: r.Name,
			Count: int(r.OccurrenceCount), State: stateFromDB(r.State), KeptAt: r.KeptAt,
		}
		if !row.TargetReadable {
			f.TargetID, f.State, f.KeptAt = nil, Pending, nil
		}
		refs[r.SourceID] = append(refs[r.SourceID], f)
	}
	for _, d := range sources {
		if d != nil && byID[d.ID] != nil && len(refs[d.ID]) > 0 {
			out[d] = refs[d.ID]
		}
	}
	return out, nil
}

var errNoFileReference = fault.New(fault.NotFound, "No file reference has that id.")

// DecideFile answers a decision about a file reference: update rewrites
// the href to the file's current place (a revision of the source by the
// actor), keep records kept_at, restore target restores the deleted page
// the file belongs to (its owner only). Answering resolves the decision
// notification. Errors: NOT_FOUND when the actor cannot read the source or
// the page the file belongs to; FORBIDDEN when they cannot edit the
// source; CONFLICT on id when the reference needs no decision;
// BAD_USER_INPUT on answer (drop and repoint are for links).
func (s *Service) DecideFile(ctx context.Context, id uuid.UUID, answer Answer) (*document.Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	switch answer {
	case Update, Keep, RestoreTarget:
	default:
		return nil, fault.Input("answer", "Answer with update, keep or restore target.")
	}
	var restore *uuid.UUID
	var out *document.Doc
	var source uuid.UUID
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		r, err := db.Q.AttachmentRefGet(ctx, tx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return errNoFileReference
		} else if err != nil {
			return err
		}
		source = r.SourceID
		if err := checkDecision(ctx, tx, actor, fileDecision(r), r.KeptAt, answer, errNoFileReference, "id"); err != nil {
			return err
		}
		switch answer {
		case Keep:
			if _, err := db.Q.AttachmentRefKeep(ctx, tx, r.ID); err != nil {
				return err
			}
			if _, err := inbox.ResolveDecisions(ctx, tx, subjectFile, []uuid.UUID{r.ID}); err != nil {
				return err
			}
			out, err = s.docs.GetTx(ctx, tx, r.SourceID)
			return err
		case RestoreTarget:
			if stateFromDB(r.State) != Broken {
				return fault.Input("answer", "The page was not deleted: update or keep the reference.")
			}
			restore = r.TargetID
			return nil
		}
		if stateFromDB(r.State) != StaleText {
			return fault.Input("answer", "The page the file belongs to was deleted: restore it, or edit the reference.")
		}
		to, err := s.docs.GetTx(ctx, tx, *r.TargetID)
		if err != nil {
			return err
		}
		page := link.Address{Space: string(to.Space), Path: to.Path, Slug: to.Slug}
		edit := func(space document.Space, path, body string) (string, error) {
			return link.RetargetFile(body, r.HrefAsWritten, page, r.Name, string(space), path), nil
		}
		out, _, err = s.docs.EditBody(ctx, tx, r.SourceID, edit, "Answered a file reference decision: "+string(answer))
		if err != nil {
			return err
		}
		if _, err := inbox.ResolveDecisions(ctx, tx, subjectFile, []uuid.UUID{r.ID}); err != nil {
			return err
		}
		return Resync(ctx, tx, r.SourceID)
	})
	if err != nil || restore == nil {
		return out, err
	}
	return s.restoreTarget(ctx, *restore, source)
}
