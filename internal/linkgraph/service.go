package linkgraph

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/link"
)

// Service answers link decisions, handles link suggestions and reads the
// graph for an actor.
type Service struct {
	pool *pgxpool.Pool
	docs *document.Service
}

// New returns a Service; body edits go through docs.
func New(pool *pgxpool.Pool, docs *document.Service) *Service {
	return &Service{pool: pool, docs: docs}
}

// Edge is a link as one actor sees it. For a reader who cannot read the
// target, State is pending and TargetID nil: an edge must not reveal that a
// document exists at an address.
//
// Source and Target are its ends as the actor sees them, without their
// bodies, when the read that made the edge knows them: Outgoing, Incoming
// and Decisions set both (Target nil where the actor cannot read it or
// there is none). Edges from other reads leave them nil.
type Edge struct {
	ID              uuid.UUID
	SourceID        uuid.UUID
	TargetID        *uuid.UUID
	Href            string
	ResolvedAddress string
	Text            string
	Count           int
	State           State
	KeptAt          *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
	Source          *document.Doc
	Target          *document.Doc
}

func edgeOf(l db.DocumentLink, targetReadable bool) Edge {
	e := Edge{
		ID: l.ID, SourceID: l.SourceID, TargetID: l.TargetID, Href: l.HrefAsWritten, ResolvedAddress: deref(l.ResolvedAddress),
		Text: deref(l.LinkText), Count: int(l.OccurrenceCount), State: stateFromDB(l.State), KeptAt: l.KeptAt, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt,
	}
	if !targetReadable {
		e.TargetID, e.State, e.KeptAt = nil, Pending, nil
	}
	return e
}

// viewer checks the actor in ctx before a read: nobody is
// UNAUTHENTICATED; management and the system actor read no document (ok
// false).
func viewer(ctx context.Context) (v document.Viewer, ok bool, err error) {
	actor, err := auth.RequireActor(ctx)
	if err != nil {
		return document.Viewer{}, false, err
	}
	v, ok = document.ViewerOf(actor)
	return v, ok, nil
}

// readableByID keys the docs the actor can read by id, the first Doc of an
// id kept, and lists those ids in order.
func readableByID(docs []*document.Doc) (map[uuid.UUID]*document.Doc, []uuid.UUID) {
	byID := make(map[uuid.UUID]*document.Doc, len(docs))
	ids := make([]uuid.UUID, 0, len(docs))
	for _, d := range docs {
		if d != nil && d.Access.CanRead() && byID[d.ID] == nil {
			byID[d.ID] = d
			ids = append(ids, d.ID)
		}
	}
	return byID, ids
}

// Outgoing returns the edges of each source, in one statement, each with
// its Source and, where the actor can read it, its Target (read in the same
// statement, without its body). sources are Docs this actor got from the
// document service; those they cannot read are skipped (a readable
// document's body, and so its hrefs, are the actor's to see). Targets they
// cannot read show as pending.
func (s *Service) Outgoing(ctx context.Context, sources []*document.Doc) (map[*document.Doc][]Edge, error) {
	out, _, err := s.Ends(ctx, sources, nil)
	return out, err
}

// Incoming returns the edges into each target whose live source the actor
// can read, in one statement, each with its Target and its Source (read in
// the same statement, without its body); the others are not named at all.
// targets are Docs this actor got from the document service; those they
// cannot read are skipped.
func (s *Service) Incoming(ctx context.Context, targets []*document.Doc) (map[*document.Doc][]Edge, error) {
	_, in, err := s.Ends(ctx, nil, targets)
	return in, err
}

// Ends is Outgoing for sources and Incoming for targets in one statement
// (a page that shows both its links and its backlinks reads them at once).
// A far end read by both halves is one Doc.
func (s *Service) Ends(ctx context.Context, sources, targets []*document.Doc) (out, in map[*document.Doc][]Edge, err error) {
	return s.ends(ctx, sources, targets, false)
}

// EndTitles is Ends reading no more than a page that asks each link's id
// and state and its far end's id and title needs: each Edge holds its ID,
// SourceID, TargetID, State and ends, and each far-end Doc only its ID,
// Title and Access (every other field zero). Such a Doc is no document to
// cache or hand on: the caller reads those three fields of it and nothing
// else.
func (s *Service) EndTitles(ctx context.Context, sources, targets []*document.Doc) (out, in map[*document.Doc][]Edge, err error) {
	return s.ends(ctx, sources, targets, true)
}

func (s *Service) ends(ctx context.Context, sources, targets []*document.Doc, titles bool) (out, in map[*document.Doc][]Edge, err error) {
	v, ok, err := viewer(ctx)
	if err != nil {
		return nil, nil, err
	}
	out, in = make(map[*document.Doc][]Edge, len(sources)), make(map[*document.Doc][]Edge, len(targets))
	if !ok {
		return out, in, nil
	}
	bySource, sourceIDs := readableByID(sources)
	byTarget, targetIDs := readableByID(targets)
	if len(sourceIDs)+len(targetIDs) == 0 {
		return out, in, nil
	}
	// The statement's rows go straight into edges (one Row at a time), in
	// the order it returns them: the outgoing by source, then the incoming
	// by target.
	n := len(sourceIDs) + len(targetIDs)
	edges := make([]Edge, 0, 3*n)
	far := make(map[uuid.UUID]*document.Doc, n) // one Doc per far end, however many edges reach it
	heads := newDocs(n)
	farDoc := func(r *db.DocumentLinkListEndsRow) *document.Doc {
		d := far[r.FarID]
		if d == nil {
			d = heads.of(document.Head{
				ID: r.FarID, Space: r.FarSpace, Path: r.FarPath, Slug: r.FarSlug, Title: r.FarTitle,
				Tags: r.FarTags, Status: r.FarStatus, Version: r.FarVersion, CreatedBy: r.FarCreatedBy,
				UpdatedBy: r.FarUpdatedBy, CreatedAt: r.FarCreatedAt, UpdatedAt: r.FarUpdatedAt,
				DeletedAt: r.FarDeletedAt, PurgeAfter: r.FarPurgeAfter, QuarantinedAt: r.FarQuarantinedAt, Level: r.FarLevel,
			})
			far[r.FarID] = d
		}
		return d
	}
	firstIncoming := -1
	add := func(r *db.DocumentLinkListEndsRow) {
		e := Edge{
			ID: r.ID, SourceID: r.SourceID, Href: r.HrefAsWritten, ResolvedAddress: r.ResolvedAddress, Text: r.LinkText,
			Count: int(r.OccurrenceCount), State: Pending, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
		}
		switch {
		case r.Outgoing:
			e.Source = bySource[r.SourceID]
			if r.FarLevel > 0 { // else none, or one the actor cannot read: pending, naming nothing
				t := farDoc(r)
				e.Target, e.TargetID, e.State, e.KeptAt = t, &t.ID, stateFromDB(r.State), r.KeptAt
			}
		default:
			if firstIncoming < 0 {
				firstIncoming = len(edges)
			}
			t := byTarget[r.TargetID]
			e.Source, e.Target, e.TargetID, e.State, e.KeptAt = farDoc(r), t, &t.ID, stateFromDB(r.State), r.KeptAt
		}
		edges = append(edges, e)
	}
	params := db.DocumentLinkListEndsParams{ActorID: v.ID, ActorIsPerson: v.IsPerson, SourceIds: sourceIDs, TargetIds: targetIDs}
	if titles {
		// The narrow row fills the wide one's columns it has; the others
		// stay zero, which add copies into nothing a caller reads.
		var wide db.DocumentLinkListEndsRow
		err = db.Q.DocumentLinkListEndTitlesEach(ctx, s.pool, db.DocumentLinkListEndTitlesParams(params), func(r *db.DocumentLinkListEndTitlesRow) {
			wide.Outgoing, wide.ID, wide.SourceID, wide.TargetID, wide.State = r.Outgoing, r.ID, r.SourceID, r.TargetID, r.State
			wide.FarID, wide.FarTitle, wide.FarLevel = r.FarID, r.FarTitle, r.FarLevel
			add(&wide)
		})
	} else {
		err = db.Q.DocumentLinkListEndsEach(ctx, s.pool, params, add)
	}
	if err != nil {
		return nil, nil, err
	}
	if firstIncoming < 0 {
		firstIncoming = len(edges)
	}
	// Each end's edges are one run of edges.
	groupRuns(out, edges[:firstIncoming], func(e *Edge) *document.Doc { return e.Source })
	groupRuns(in, edges[firstIncoming:], func(e *Edge) *document.Doc { return e.Target })
	return out, in, nil
}

// groupRuns keys edges by end(edge) into out, where the edges of each end
// are one run (the order a query returned them in). Each end's list is a
// slice of edges capped at its run, so appending to one cannot overwrite
// the next.
func groupRuns(out map[*document.Doc][]Edge, edges []Edge, end func(*Edge) *document.Doc) {
	for start := 0; start < len(edges); {
		d := end(&edges[start])
		stop := start + 1
		for stop < len(edges) && end(&edges[stop]) == d {
			stop++
		}
		if run := edges[start:stop:stop]; out[d] == nil {
			out[d] = run
		} else { // an end seen in an earlier run: not in the queries' order, but still its edges
			out[d] = append(out[d], run...)
		}
		start = stop
	}
}

// docs hands out the Docs of one read from one allocation sized for at most
// n, rather than one allocation per Doc.
type docs struct{ free []document.Doc }

func newDocs(n int) *docs { return &docs{free: make([]document.Doc, 0, n)} }

// of is document.FromHead(h), placed in the read's allocation while it has
// room (a Doc is never moved once handed out).
func (ds *docs) of(h document.Head) *document.Doc {
	if len(ds.free) == cap(ds.free) {
		return document.FromHead(h)
	}
	ds.free = append(ds.free, *document.FromHead(h))
	return &ds.free[len(ds.free)-1]
}

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

var errNoLink = fault.New(fault.NotFound, "No link has that id.")

// Decide answers a decision about a link. Update, drop and repoint edit the
// source as a revision by the actor; keep records kept_at; restore target
// restores the deleted target (its owner only). Answering resolves the
// decision notification. Errors: NOT_FOUND when the actor cannot read the
// source, or cannot read the target (for them there is no decision);
// FORBIDDEN when they cannot edit the source; CONFLICT on linkId when the
// link needs no decision; BAD_USER_INPUT on answer or targetId.
func (s *Service) Decide(ctx context.Context, linkID uuid.UUID, answer Answer, newTarget *uuid.UUID) (*document.Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	switch answer {
	case Update, Keep, Drop, Repoint, RestoreTarget:
	default:
		return nil, fault.Input("answer", "Answer with update, keep, drop, repoint or restore target.")
	}
	if answer == Repoint && newTarget == nil {
		return nil, fault.Input("targetId", "Say which document to point the link at.")
	}
	var restore *uuid.UUID
	var out *document.Doc
	var source uuid.UUID
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		l, err := db.Q.DocumentLinkGet(ctx, tx, linkID)
		if errors.Is(err, pgx.ErrNoRows) {
			return errNoLink
		} else if err != nil {
			return err
		}
		source = l.SourceID
		if err := checkDecision(ctx, tx, actor, linkDecision(l), l.KeptAt, answer, errNoLink, "linkId"); err != nil {
			return err
		}
		switch answer {
		case Keep:
			if _, err := db.Q.DocumentLinkKeep(ctx, tx, l.ID); err != nil {
				return err
			}
			if _, err := inbox.ResolveDecisions(ctx, tx, "link", []uuid.UUID{l.ID}); err != nil {
				return err
			}
			out, err = s.docs.GetTx(ctx, tx, l.SourceID)
			return err
		case RestoreTarget:
			if stateFromDB(l.State) != Broken {
				return fault.Input("answer", "The target was not deleted: update, keep, drop or repoint the link.")
			}
			restore = l.TargetID
			return nil
		}
		var to *document.Doc
		switch answer {
		case Update:
			if stateFromDB(l.State) != StaleText {
				return fault.Input("answer", "The target was deleted: repoint, drop or restore it.")
			}
			to, err = s.docs.GetTx(ctx, tx, *l.TargetID)
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
				return link.Drop(body, l.HrefAsWritten), nil
			}
			return link.Retarget(body, l.HrefAsWritten, link.Address{Space: string(to.Space), Path: to.Path, Slug: to.Slug}, string(space), path), nil
		}
		out, _, err = s.docs.EditBody(ctx, tx, l.SourceID, edit, "Answered a link decision: "+string(answer))
		if err != nil {
			return err
		}
		if _, err := inbox.ResolveDecisions(ctx, tx, "link", []uuid.UUID{l.ID}); err != nil {
			return err
		}
		return Resync(ctx, tx, l.SourceID)
	})
	if err != nil || restore == nil {
		return out, err
	}
	return s.restoreTarget(ctx, *restore, source)
}

// checkDecision checks, in tx, that actor may answer d (its row's kept_at
// is keptAt) with answer. Errors: notFound when the actor cannot read the
// source, or cannot read the target (for them there is no decision);
// FORBIDDEN when they cannot edit the source; CONFLICT on field when d
// needs no decision.
func checkDecision(ctx context.Context, tx db.DBTX, actor *auth.Actor, d decision, keptAt *time.Time, answer Answer, notFound error, field string) error {
	levels, err := document.Levels(ctx, tx, actor, idsOf(d.source, d.target))
	if err != nil {
		return err
	}
	if !levels[d.source].CanRead() || d.target == nil || !levels[*d.target].CanRead() {
		return notFound
	}
	if !levels[d.source].CanWrite() {
		return fault.New(fault.Forbidden, "Only someone who can edit the linking document can answer for its links.")
	}
	if !isDecision(d.state) || (keptAt != nil && answer != Keep) {
		what := "link"
		if d.subjectType == subjectFile {
			what = "file reference"
		}
		return fault.Conflicting(field, "This %s needs no decision: it is %s.", what, strings.ReplaceAll(string(d.state), "_", " "))
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
	if err := db.InTx(ctx, s.pool, func(tx db.DBTX) error { return Resync(ctx, tx, target) }); err != nil {
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

// Suggestion is a proposed link.
type Suggestion struct {
	ID          uuid.UUID
	SourceID    uuid.UUID
	TargetID    uuid.UUID
	Reason      string
	Score       *float32
	Rationale   *string
	SuggestedBy *uuid.UUID
	Status      db.DecisionStatus
	DecidedBy   *uuid.UUID
	DecidedAt   *time.Time
	CreatedAt   time.Time
}

func suggestionOf(r db.LinkSuggestion) *Suggestion {
	return &Suggestion{ID: r.ID, SourceID: r.SourceID, TargetID: r.TargetID, Reason: r.Reason, Score: r.Score, Rationale: r.Rationale,
		SuggestedBy: r.SuggestedBy, Status: r.Status, DecidedBy: r.DecidedBy, DecidedAt: r.DecidedAt, CreatedAt: r.CreatedAt}
}

var reasons = map[string]bool{"vector_similar": true, "tag_overlap": true, "co_citation": true, "agent_proposed": true}

// Propose suggests a link from source to target, for people and agents who
// can edit the source and read the target. The source's owner gets a
// link.suggested decision. A pair proposed before — pending, accepted or
// rejected — is returned as it is, with created=false: a rejected
// suggestion stays rejected. Errors: NOT_FOUND on sourceId or targetId;
// FORBIDDEN when the actor cannot edit the source; BAD_USER_INPUT naming the
// field.
func (s *Service) Propose(ctx context.Context, source, target uuid.UUID, reason string, rationale *string, score *float32) (*Suggestion, bool, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, false, err
	}
	if source == target {
		return nil, false, fault.Input("targetId", "A document cannot link to itself.")
	}
	if reason == "" {
		reason = "agent_proposed"
	}
	if !reasons[reason] {
		return nil, false, fault.Input("reason", "The reason must be vector_similar, tag_overlap, co_citation or agent_proposed.")
	}
	if rationale != nil && utf8.RuneCountInString(*rationale) > 2000 {
		return nil, false, fault.Input("rationale", "A rationale has at most 2000 characters.")
	}
	var out *Suggestion
	created := false
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		src, err := s.docs.GetTx(ctx, tx, source)
		if err != nil || src.DeletedAt != nil {
			return &fault.Error{Code: fault.NotFound, Field: "sourceId", Message: "No document you can read has that id."}
		}
		if !src.Access.CanWrite() {
			return fault.New(fault.Forbidden, "Only someone who can edit the source can propose links in it.")
		}
		if src.Space == document.SpaceRaw {
			return fault.Input("sourceId", "A raw original is never edited, so no link can be added to it.")
		}
		tgt, err := s.docs.GetTx(ctx, tx, target)
		if err != nil || tgt.DeletedAt != nil {
			return &fault.Error{Code: fault.NotFound, Field: "targetId", Message: "No document you can read has that id."}
		}
		row, err := db.Q.LinkSuggestionCreate(ctx, tx, db.LinkSuggestionCreateParams{
			ID: uuid.Must(uuid.NewV7()), SourceID: source, TargetID: target, Reason: reason, Score: score, Rationale: rationale, SuggestedBy: &actor.UserID,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			row, err = db.Q.LinkSuggestionGetPair(ctx, tx, db.LinkSuggestionGetPairParams{SourceID: source, TargetID: target})
			if err != nil {
				return err
			}
			out = suggestionOf(row)
			return nil
		} else if err != nil {
			return err
		}
		out, created = suggestionOf(row), true
		payload := map[string]any{"sourceId": source.String(), "targetId": target.String(), "reason": reason}
		if rationale != nil {
			payload["rationale"] = *rationale
		}
		_, err = inbox.Notify(ctx, tx, inbox.Notice{
			RecipientID: src.OwnerID, ActorID: &actor.UserID, Type: inbox.TypeLinkSuggested, SubjectType: "link_suggestion",
			SubjectID: &row.ID, RequiresDecision: true, Payload: payload,
		})
		return err
	})
	return out, created, err
}

// Accept adds the suggested link to the end of the source body as a
// revision by the actor (the resolver turns it into an edge) and resolves
// the decision. Errors: NOT_FOUND; FORBIDDEN when the actor cannot edit the
// source; CONFLICT on id when the suggestion was already decided.
func (s *Service) Accept(ctx context.Context, id uuid.UUID) (*Suggestion, *document.Doc, error) {
	return s.decideSuggestion(ctx, id, db.DecisionStatusAccepted)
}

// Reject declines a suggestion for good: proposing the pair again does
// nothing. Errors: as Accept.
func (s *Service) Reject(ctx context.Context, id uuid.UUID) (*Suggestion, *document.Doc, error) {
	return s.decideSuggestion(ctx, id, db.DecisionStatusRejected)
}

func (s *Service) decideSuggestion(ctx context.Context, id uuid.UUID, status db.DecisionStatus) (*Suggestion, *document.Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, nil, err
	}
	notFound := fault.New(fault.NotFound, "No link suggestion has that id.")
	var sug *Suggestion
	var src *document.Doc
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		row, err := db.Q.LinkSuggestionGetForUpdate(ctx, tx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return notFound
		} else if err != nil {
			return err
		}
		levels, err := document.Levels(ctx, tx, actor, []uuid.UUID{row.SourceID, row.TargetID})
		if err != nil {
			return err
		}
		if !levels[row.SourceID].CanRead() || !levels[row.TargetID].CanRead() {
			return notFound
		}
		if !levels[row.SourceID].CanWrite() {
			return fault.New(fault.Forbidden, "Only someone who can edit the source can decide on links proposed into it.")
		}
		if row.Status != db.DecisionStatusPending {
			return fault.Conflicting("id", "This suggestion was already %s.", row.Status)
		}
		if status == db.DecisionStatusAccepted {
			tgt, err := s.docs.GetTx(ctx, tx, row.TargetID)
			if err != nil {
				return err
			}
			to := link.Address{Space: string(tgt.Space), Path: tgt.Path, Slug: tgt.Slug}
			if src, _, err = s.docs.EditBody(ctx, tx, row.SourceID, func(space document.Space, path, body string) (string, error) {
				return link.Append(body, tgt.Title, to, string(space), path), nil
			}, "Accepted a link suggestion"); err != nil {
				return err
			}
		} else if src, err = s.docs.GetTx(ctx, tx, row.SourceID); err != nil {
			return err
		}
		decided, err := db.Q.LinkSuggestionDecide(ctx, tx, db.LinkSuggestionDecideParams{ID: id, Status: status, DecidedBy: &actor.UserID})
		if err != nil {
			return err
		}
		sug = suggestionOf(decided)
		if _, err := inbox.ResolveDecisions(ctx, tx, "link_suggestion", []uuid.UUID{id}); err != nil {
			return err
		}
		if status == db.DecisionStatusAccepted {
			return Resync(ctx, tx, row.SourceID)
		}
		return nil
	})
	return sug, src, err
}

// Pending pages through the pending suggestions the actor can decide (on
// documents they can edit, towards documents they can read), optionally for
// one source, after the given id.
func (s *Service) Pending(ctx context.Context, source *uuid.UUID, after *uuid.UUID, limit int) ([]Suggestion, bool, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, false, err
	}
	rows, err := db.Q.LinkSuggestionListPending(ctx, s.pool, db.LinkSuggestionListPendingParams{
		ActorID: actor.UserID, ActorIsPerson: actor.Kind == auth.KindPerson, SourceID: source, AfterID: after, RowLimit: int32(limit + 1),
	})
	if err != nil {
		return nil, false, err
	}
	more := len(rows) > limit
	if more {
		rows = rows[:limit]
	}
	out := make([]Suggestion, len(rows))
	for i, r := range rows {
		out[i] = *suggestionOf(r)
	}
	return out, more, nil
}
