package linkgraph

// Decisions (docs/design.md#decisions): a link or a file reference whose
// target moved or was deleted asks its source's owner what to do. The
// resolver raises them (resync.go, fileref.go); here they are listed and
// answered, links and file references by one code path (decide) told apart
// by their subjectKind.

import (
	"context"
	"errors"
	"slices"
	"strings"
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

// Decisions pages through the actor's link decisions (docs/design.md#decisions), oldest
// edge first, after the given edge id, each with its Source and Target.
func (s *Service) Decisions(ctx context.Context, after *uuid.UUID, limit int) ([]Edge, bool, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, false, err
	}
	rows, err := db.Q.DocumentLinkListDecisions(ctx, s.pool, db.DocumentLinkListDecisionsParams{
		ActorID: actor.UserID, ActorIsPerson: actor.Kind == auth.KindPerson, AfterID: after, RowLimit: int32(limit + 1),
	})
	if err != nil {
		return nil, false, err
	}
	more := len(rows) > limit
	if more {
		rows = rows[:limit]
	}
	out := make([]Edge, len(rows))
	for i, r := range rows {
		e := edgeOf(r.DocumentLink, true)
		// The actor owns the source: level owner, whatever the grants say.
		e.Source = document.FromHead(document.Head{
			ID: r.DocumentLink.SourceID, Space: r.SourceSpace, Path: r.SourcePath, Slug: r.SourceSlug, Title: r.SourceTitle,
			Tags: r.SourceTags, Status: r.SourceStatus, Version: r.SourceVersion, CreatedBy: r.SourceCreatedBy,
			UpdatedBy: r.SourceUpdatedBy, CreatedAt: r.SourceCreatedAt, UpdatedAt: r.SourceUpdatedAt,
			DeletedAt: r.SourceDeletedAt, PurgeAfter: r.SourcePurgeAfter, QuarantinedAt: r.SourceQuarantinedAt, Level: int32(document.Owner),
		})
		e.Target = document.FromHead(document.Head{
			ID: *r.DocumentLink.TargetID, Space: r.TargetSpace, Path: r.TargetPath, Slug: r.TargetSlug, Title: r.TargetTitle,
			Tags: r.TargetTags, Status: r.TargetStatus, Version: r.TargetVersion, CreatedBy: r.TargetCreatedBy,
			UpdatedBy: r.TargetUpdatedBy, CreatedAt: r.TargetCreatedAt, UpdatedAt: r.TargetUpdatedAt,
			DeletedAt: r.TargetDeletedAt, PurgeAfter: r.TargetPurgeAfter, QuarantinedAt: r.TargetQuarantinedAt, Level: r.TargetLevel,
		})
		out[i] = e
	}
	return out, more, nil
}

// Causes returns, per target, the revision that last moved, renamed or
// deleted it — why a link went stale or broke. Callers pass only targets
// the actor can read. Errors: UNAUTHENTICATED for nobody; management reads
// none (an empty map).
func (s *Service) Causes(ctx context.Context, targets []uuid.UUID) (map[uuid.UUID]document.Revision, error) {
	_, ok, err := viewer(ctx)
	if err != nil {
		return nil, err
	}
	out := map[uuid.UUID]document.Revision{}
	if !ok || len(targets) == 0 {
		return out, nil
	}
	rows, err := db.Q.DocumentRevisionListLastAddressChange(ctx, s.pool, targets)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.DocumentID] = document.RevisionFromRow(r)
	}
	return out, nil
}

// Answer is how a decision about a stale or broken link is answered.
type Answer string

// The answers a decision offers (docs/design.md#decisions).
const (
	Update        Answer = "update"         // rewrite the href to the target's current address
	Keep          Answer = "keep"           // keep the link as written
	Drop          Answer = "drop"           // remove the link markup, keep its text
	Repoint       Answer = "repoint"        // point the href at another document
	RestoreTarget Answer = "restore_target" // restore the deleted target
)

// subjectKind is what a decision is about — a link or a file reference —
// as decide tells them apart: the subject's rows, the answers it takes and
// the words of its errors. Everything else about answering is one code
// path for both.
type subjectKind struct {
	subjectType string // the decision notification's subject_type
	what        string // the subject in messages
	field       string // the input field naming the subject
	notFound    error  // the actor cannot see the subject, or there is none
	answers     []Answer
	badAnswer   string // BAD_USER_INPUT on answer for another answer
	notDeleted  string // BAD_USER_INPUT on answer: restore target, the target not deleted
	deleted     string // BAD_USER_INPUT on answer: update, the target deleted
	summary     string // the revision summary of an edit, before the answer
	// get reads the subject's row (pgx.ErrNoRows when there is none).
	get func(ctx context.Context, tx db.DBTX, id uuid.UUID) (subject, error)
	// keep records kept_at on the subject's row.
	keep func(ctx context.Context, tx db.DBTX, id uuid.UUID) error
	// retarget rewrites the subject's href in body (the source's, at
	// space and path) to reach the document at to.
	retarget func(body string, r subject, to link.Address, space, path string) string
}

// subject is the row of a link or file reference decide works on.
type subject struct {
	decision
	keptAt *time.Time
	href   string // as written
	name   string // a file reference's file name
	// breakReader is, for a broken link, the source's owner who could read
	// the target when it was trashed (nil: none), who keeps the decision
	// though the tombstone is its own owner's alone.
	breakReader *uuid.UUID
}

// links are the subjects of link decisions.
var links = subjectKind{
	subjectType: subjectLink, what: "link", field: "linkId",
	notFound:   fault.New(fault.NotFound, "No link has that id."),
	answers:    []Answer{Update, Keep, Drop, Repoint, RestoreTarget},
	badAnswer:  "Answer with update, keep, drop, repoint or restore target.",
	notDeleted: "The target was not deleted: update, keep, drop or repoint the link.",
	deleted:    "The target was deleted: repoint, drop or restore it.",
	summary:    "Answered a link decision: ",
	get: func(ctx context.Context, tx db.DBTX, id uuid.UUID) (subject, error) {
		l, err := db.Q.DocumentLinkGet(ctx, tx, id)
		return subject{decision: linkDecision(l), keptAt: l.KeptAt, href: l.HrefAsWritten, breakReader: l.BreakReader}, err
	},
	keep: func(ctx context.Context, tx db.DBTX, id uuid.UUID) error {
		_, err := db.Q.DocumentLinkKeep(ctx, tx, id)
		return err
	},
	retarget: func(body string, r subject, to link.Address, space, path string) string {
		return link.Retarget(body, r.href, to, space, path)
	},
}

// fileReferences are the subjects of file reference decisions
// (docs/design.md#file-references): drop and repoint are for links.
var fileReferences = subjectKind{
	subjectType: subjectFile, what: "file reference", field: "id",
	notFound:   fault.New(fault.NotFound, "No file reference has that id."),
	answers:    []Answer{Update, Keep, RestoreTarget},
	badAnswer:  "Answer with update, keep or restore target.",
	notDeleted: "The page was not deleted: update or keep the reference.",
	deleted:    "The page the file belongs to was deleted: restore it, or edit the reference.",
	summary:    "Answered a file reference decision: ",
	get: func(ctx context.Context, tx db.DBTX, id uuid.UUID) (subject, error) {
		r, err := db.Q.AttachmentRefGet(ctx, tx, id)
		return subject{decision: fileDecision(r), keptAt: r.KeptAt, href: r.HrefAsWritten, name: r.Name}, err
	},
	keep: func(ctx context.Context, tx db.DBTX, id uuid.UUID) error {
		_, err := db.Q.AttachmentRefKeep(ctx, tx, id)
		return err
	},
	retarget: func(body string, r subject, page link.Address, space, path string) string {
		return link.RetargetFile(body, r.href, page, r.name, space, path)
	},
}

// Decide answers a decision about a link. Update, drop and repoint edit the
// source as a revision by the actor; keep records kept_at; restore target
// restores the deleted target (its owner only). Answering resolves the
// decision notification. Errors: NOT_FOUND when the actor cannot read the
// source, or cannot read the target (for them there is no decision) — but
// for a link broken by a trashing, its source's owner who could read the
// target then answers it (keep, drop, repoint);
// FORBIDDEN when they cannot edit the source; CONFLICT on linkId when the
// link needs no decision; BAD_USER_INPUT on answer or targetId.
func (s *Service) Decide(ctx context.Context, linkID uuid.UUID, answer Answer, newTarget *uuid.UUID) (*document.Doc, error) {
	return s.decide(ctx, &links, linkID, answer, newTarget)
}

// DecideFile answers a decision about a file reference: update rewrites
// the href to the file's current place (a revision of the source by the
// actor), keep records kept_at, restore target restores the deleted page
// the file belongs to (its owner only). Answering resolves the decision
// notification. Errors: NOT_FOUND when the actor cannot read the source or
// the page the file belongs to; FORBIDDEN when they cannot edit the
// source; CONFLICT on id when the reference needs no decision;
// BAD_USER_INPUT on answer (drop and repoint are for links).
func (s *Service) DecideFile(ctx context.Context, id uuid.UUID, answer Answer) (*document.Doc, error) {
	return s.decide(ctx, &fileReferences, id, answer, nil)
}

// decide answers a decision about the subject id of kind k: Decide and
// DecideFile, whose contracts it keeps. newTarget is repoint's target.
func (s *Service) decide(ctx context.Context, k *subjectKind, id uuid.UUID, answer Answer, newTarget *uuid.UUID) (*document.Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(k.answers, answer) {
		return nil, fault.Input("answer", "%s", k.badAnswer)
	}
	if answer == Repoint && newTarget == nil {
		return nil, fault.Input("targetId", "Say which document to point the link at.")
	}
	var restore *uuid.UUID
	var out *document.Doc
	var source uuid.UUID
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		var err error
		out, source, restore, err = s.answerInTx(ctx, tx, actor, k, id, answer, newTarget)
		return err
	})
	if err != nil || restore == nil {
		return out, err
	}
	return s.restoreTarget(ctx, *restore, source)
}

// checkDecision checks, in tx, that actor may answer r, a subject of kind
// k, with answer. Errors: k.notFound when the actor cannot read the
// source, or cannot read the target (for them there is no decision);
// FORBIDDEN when they cannot edit the source; CONFLICT on k.field when r
// needs no decision.
func checkDecision(ctx context.Context, tx db.DBTX, actor *auth.Actor, k *subjectKind, r subject, answer Answer) error {
	levels, err := document.Levels(ctx, tx, actor, idsOf(r.source, r.target))
	if err != nil {
		return err
	}
	// A link broken by a trashing stays its source owner's decision when
	// they could read the target then (docs/design.md#decisions).
	brokenForThem := r.state == Broken && r.breakReader != nil && *r.breakReader == actor.UserID
	if !levels[r.source].CanRead() || r.target == nil || (!levels[*r.target].CanRead() && !brokenForThem) {
		return k.notFound
	}
	if !levels[r.source].CanWrite() {
		return fault.New(fault.Forbidden, "Only someone who can edit the linking document can answer for its links.")
	}
	if !isDecision(r.state) || (r.keptAt != nil && answer != Keep) {
		return fault.Conflicting(k.field, "This %s needs no decision: it is %s.", k.what, strings.ReplaceAll(string(r.state), "_", " "))
	}
	return nil
}

// restoreTarget restores a deleted target as a decision's answer (its
// owner only: Restore checks), mends the references to it at once rather
// than when the outbox gets to it, and returns the decision's source.
func (s *Service) restoreTarget(ctx context.Context, target, source uuid.UUID) (*document.Doc, error) {
	if _, err := s.docs.Restore(ctx, document.RestoreInput{ID: target}); err != nil {
		return nil, err
	}
	if err := db.InTx(ctx, s.pool, func(tx db.DBTX) error { return ResyncInTx(ctx, tx, target) }); err != nil {
		return nil, err
	}
	return s.docs.Get(ctx, source)
}

func idsOf(a uuid.UUID, b *uuid.UUID) []uuid.UUID {
	if b == nil {
		return []uuid.UUID{a}
	}
	return []uuid.UUID{a, *b}
}

// answerInTx answers the decision about the subject id of kind k in tx, as
// decide does, trusting its caller for the actor and the answer's shape
// (decide and DecideMany check them). It returns the source after the
// answer, the source's id, and, for restore target, the target to restore
// (after tx commits) instead of a document.
func (s *Service) answerInTx(ctx context.Context, tx db.DBTX, actor *auth.Actor, k *subjectKind, id uuid.UUID, answer Answer, newTarget *uuid.UUID) (out *document.Doc, source uuid.UUID, restore *uuid.UUID, err error) {
	err = func() error {
		r, err := k.get(ctx, tx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return k.notFound
		} else if err != nil {
			return err
		}
		source = r.source
		if err := checkDecision(ctx, tx, actor, k, r, answer); err != nil {
			return err
		}
		switch answer {
		case Keep:
			if err := k.keep(ctx, tx, r.id); err != nil {
				return err
			}
			if _, err := inbox.ResolveDecisionsInTx(ctx, tx, k.subjectType, []uuid.UUID{r.id}); err != nil {
				return err
			}
			out, err = s.docs.GetTx(ctx, tx, r.source)
			return err
		case RestoreTarget:
			if r.state != Broken {
				return fault.Input("answer", "%s", k.notDeleted)
			}
			restore = r.target
			return nil
		}
		var to *document.Doc
		switch answer {
		case Update:
			if r.state != StaleText {
				return fault.Input("answer", "%s", k.deleted)
			}
			to, err = s.docs.GetTx(ctx, tx, *r.target)
		case Repoint:
			to, err = s.docs.GetTx(ctx, tx, *newTarget)
			if fault.CodeOf(err) == fault.NotFound {
				return &fault.Error{Code: fault.NotFound, Field: "targetId", Message: "No document you can read has that id."}
			}
			if err == nil && to.DeletedAt != nil {
				return fault.Input("targetId", "That document is in the trash.")
			}
		}
		if err != nil {
			return err
		}
		edit := func(space document.Space, path, body string) (string, error) {
			if answer == Drop {
				return link.Drop(body, r.href), nil
			}
			return k.retarget(body, r, link.Address{Space: string(to.Space), Path: to.Path, Slug: to.Slug}, string(space), path), nil
		}
		out, _, err = s.docs.EditBody(ctx, tx, r.source, edit, k.summary+string(answer))
		if err != nil {
			return err
		}
		if _, err := inbox.ResolveDecisionsInTx(ctx, tx, k.subjectType, []uuid.UUID{r.id}); err != nil {
			return err
		}
		return ResyncInTx(ctx, tx, r.source)
	}()
	return out, source, restore, err
}
