// Package comment keeps the threads and comments of pages (docs/design.md,
// "Comments"): a thread belongs to one page, has a kind and a status, may be
// anchored to a passage by a W3C TextQuoteSelector, and holds its first
// comment and replies, one level deep. Whoever can read the page reads its
// threads and comments on it (agents too, rate-limited); authors edit and
// delete their own comments; the page's owner, writers and the thread's
// author resolve and reopen it. Losing read access to the page is losing its
// threads: every method answers NOT_FOUND then. Management sees counts only.
// A quarantined page's threads are frozen; a trashed page keeps its threads
// (they are read-only there too); purging a page deletes them (foreign keys).
//
// Each change writes its event (comment.created, comment.edited,
// comment.deleted, thread.resolved, thread.reopened) in its own transaction;
// a new revision re-anchors open threads (Reanchorer).
package comment

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// MaxBody is the longest comment body, in characters.
const MaxBody = 10_000

// Kind is what a thread is, as stored.
type Kind string

// The kinds of a thread.
const (
	KindComment    Kind = "comment"
	KindQuestion   Kind = "question"
	KindSuggestion Kind = "suggestion"
	KindIssue      Kind = "issue"
	KindNote       Kind = "note"
)

// Kinds lists every kind of thread.
var Kinds = []Kind{KindComment, KindQuestion, KindSuggestion, KindIssue, KindNote}

// Status is whether a thread is open, as stored.
type Status string

// The statuses of a thread.
const (
	StatusOpen     Status = "open"
	StatusResolved Status = "resolved"
)

// AnchorState is where a thread stands against its page's text, as stored.
type AnchorState string

// The states of a thread's anchor: attached to a passage, detached (its
// passage is gone: shown under the page with its quote), none (page-level).
const (
	AnchorAttached AnchorState = "attached"
	AnchorDetached AnchorState = "detached"
	AnchorNone     AnchorState = "none"
)

// Thread is a thread with its comments, the first one first.
type Thread struct {
	ID          uuid.UUID
	DocumentID  uuid.UUID
	AuthorID    uuid.UUID
	Kind        Kind
	Status      Status
	AnchorState AnchorState
	// Anchor is the passage, nil for a page-level thread. For a detached
	// thread it is the quote it had where it was last found.
	Anchor     *Quote
	ResolvedBy *uuid.UUID
	ResolvedAt *time.Time
	CreatedAt  time.Time
	UpdatedAt  time.Time
	Comments   []*Comment
}

// Comment is one comment. A deleted comment that stays because replies
// follow it has an empty Body and DeletedAt set.
type Comment struct {
	ID         uuid.UUID
	ThreadID   uuid.UUID
	DocumentID uuid.UUID
	AuthorID   uuid.UUID
	Body       string
	CreatedAt  time.Time
	EditedAt   *time.Time
	DeletedAt  *time.Time
}

// Counts are a page's threads and open threads.
type Counts struct{ Threads, Open int }

func threadFromRow(r db.Thread) *Thread {
	t := &Thread{
		ID: r.ID, DocumentID: r.DocumentID, AuthorID: r.AuthorID, Kind: Kind(r.Kind), Status: Status(r.Status),
		AnchorState: AnchorState(r.AnchorState), ResolvedBy: r.ResolvedBy, ResolvedAt: r.ResolvedAt,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt, Comments: []*Comment{},
	}
	if r.AnchorExact != nil {
		q := &Quote{Exact: *r.AnchorExact}
		if r.AnchorPrefix != nil {
			q.Prefix = *r.AnchorPrefix
		}
		if r.AnchorSuffix != nil {
			q.Suffix = *r.AnchorSuffix
		}
		if r.AnchorStart != nil && r.AnchorEnd != nil {
			q.Start, q.End = int(*r.AnchorStart), int(*r.AnchorEnd)
		}
		t.Anchor = q
	}
	return t
}

func commentFromRow(r db.Comment) *Comment {
	return &Comment{
		ID: r.ID, ThreadID: r.ThreadID, DocumentID: r.DocumentID, AuthorID: r.AuthorID, Body: r.Body,
		CreatedAt: r.CreatedAt, EditedAt: r.EditedAt, DeletedAt: r.DeletedAt,
	}
}

// Service owns the threads and comments tables.
type Service struct {
	pool   *pgxpool.Pool
	agents *auth.Limiter // comments per agent (AgentLimit per AgentWindow)
	// written counts comments written, and refused for the agents' rate,
	// by the kind of actor (docs/operations.md, "Metrics").
	written *prometheus.CounterVec
}

// Config tunes the service.
type Config struct {
	// AgentLimit is how many comments (threads and replies) an agent may
	// write per AgentWindow; 0 means DefaultAgentLimit.
	AgentLimit  int
	AgentWindow time.Duration
}

// The agents' comment rate by default.
const (
	DefaultAgentLimit  = 30
	DefaultAgentWindow = 10 * time.Minute
)

// New returns a Service over pool.
func New(pool *pgxpool.Pool, cfg Config) *Service {
	if cfg.AgentLimit == 0 {
		cfg.AgentLimit = DefaultAgentLimit
	}
	if cfg.AgentWindow == 0 {
		cfg.AgentWindow = DefaultAgentWindow
	}
	return &Service{pool: pool, agents: auth.NewLimiter(cfg.AgentLimit, cfg.AgentWindow), written: prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "codna_comments_written_total",
		Help: "Comments written (threads opened and replies) by people and agents; outcome rate_limited counts an agent's refused past its rate.",
	}, []string{"actor", "outcome"})}
}

// Collector is the service's metrics, for the server's registry.
func (s *Service) Collector() prometheus.Collector { return s.written }

// count records a comment written (err nil) or refused for the rate.
func (s *Service) count(actor *auth.Actor, err error) {
	switch {
	case err == nil:
		s.written.WithLabelValues(string(actor.Kind), "ok").Inc()
	case fault.CodeOf(err) == fault.RateLimited:
		s.written.WithLabelValues(string(actor.Kind), "rate_limited").Inc()
	}
}

var (
	errNoDocument = fault.New(fault.NotFound, "No document has that id.")
	errNoThread   = fault.New(fault.NotFound, "No thread has that id.")
	errNoComment  = fault.New(fault.NotFound, "No comment has that id.")
)

// CheckBody trims and validates a comment body: markdown of 1 to MaxBody
// characters, valid UTF-8 without NUL. Errors: BAD_USER_INPUT on body.
func CheckBody(body string) (string, error) {
	b := strings.TrimSpace(body)
	switch {
	case !utf8.ValidString(b):
		return "", fault.Input("body", "The comment is not valid UTF-8.")
	case strings.ContainsRune(b, 0):
		return "", fault.Input("body", "The comment contains a NUL character.")
	case b == "":
		return "", fault.Input("body", "Write something to comment.")
	case utf8.RuneCountInString(b) > MaxBody:
		return "", fault.Input("body", "The comment is %d characters; the limit is %d.", utf8.RuneCountInString(b), MaxBody)
	}
	return b, nil
}

// page is the page a change is made on, locked for the transaction
// (FOR UPDATE: a re-anchoring or a purge waits), with the actor's access.
type page struct {
	row    db.Document
	access document.Access
}

// lockPage locks the document the actor means to comment on. Errors:
// NOT_FOUND when they cannot read it; CONFLICT on documentId when it is in
// the trash or quarantined (its threads are frozen).
func lockPage(ctx context.Context, tx db.DBTX, actor *auth.Actor, id uuid.UUID) (page, error) {
	v, ok := document.ViewerOf(actor)
	if !ok {
		return page{}, errNoDocument
	}
	row, err := db.Q.DocumentGetForUpdate(ctx, tx, db.DocumentGetForUpdateParams{ID: id, ActorID: v.ID, ActorIsPerson: v.IsPerson})
	if errors.Is(err, pgx.ErrNoRows) {
		return page{}, errNoDocument
	} else if err != nil {
		return page{}, err
	}
	acc := document.Access(row.Level)
	switch {
	case !acc.CanRead():
		return page{}, errNoDocument
	case row.Document.QuarantinedAt != nil:
		return page{}, fault.Conflicting("documentId", "This page is quarantined: its threads are frozen until management releases it.")
	case row.Document.DeletedAt != nil:
		return page{}, fault.Conflicting("documentId", "This page is in the trash: restore it to comment on it.")
	}
	return page{row: row.Document, access: acc}, nil
}

// readable returns the actor's access to a document, NOT_FOUND when none.
func readable(ctx context.Context, q db.DBTX, actor *auth.Actor, id uuid.UUID) (document.Access, error) {
	levels, err := document.Levels(ctx, q, actor, []uuid.UUID{id})
	if err != nil {
		return document.None, err
	}
	if !levels[id].CanRead() {
		return document.None, errNoDocument
	}
	return levels[id], nil
}

// allow applies the agents' comment rate. Errors: RATE_LIMITED for an agent
// past it.
func (s *Service) allow(actor *auth.Actor) error {
	if actor.Kind != auth.KindAgent || s.agents.Allow(actor.UserID.String()) {
		return nil
	}
	return fault.New(fault.RateLimited, "This agent has written as many comments as it may for now: wait a few minutes.")
}

// withComments fills the comments of threads in one statement.
func withComments(ctx context.Context, q db.DBTX, threads []*Thread) error {
	if len(threads) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, len(threads))
	by := make(map[uuid.UUID]*Thread, len(threads))
	for i, t := range threads {
		ids[i], by[t.ID] = t.ID, t
	}
	rows, err := db.Q.CommentListByThreads(ctx, q, ids)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if t := by[r.ThreadID]; t != nil {
			t.Comments = append(t.Comments, commentFromRow(r))
		}
	}
	return nil
}

// Threads lists the threads of a page the actor can read, oldest first,
// with their comments: two statements. Errors: UNAUTHENTICATED; NOT_FOUND
// when the actor cannot read the page (management included).
func (s *Service) Threads(ctx context.Context, documentID uuid.UUID) ([]*Thread, error) {
	actor, err := auth.RequireActor(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := readable(ctx, s.pool, actor, documentID); err != nil {
		return nil, err
	}
	rows, err := db.Q.ThreadListByDocument(ctx, s.pool, documentID)
	if err != nil {
		return nil, err
	}
	out := make([]*Thread, len(rows))
	for i, r := range rows {
		out[i] = threadFromRow(r)
	}
	return out, withComments(ctx, s.pool, out)
}

// Thread reads one thread of a page the actor can read, with its comments.
// Errors: UNAUTHENTICATED; NOT_FOUND when there is no such thread or the
// actor cannot read its page.
func (s *Service) Thread(ctx context.Context, id uuid.UUID) (*Thread, error) {
	actor, err := auth.RequireActor(ctx)
	if err != nil {
		return nil, err
	}
	if _, ok := document.ViewerOf(actor); !ok {
		return nil, errNoThread // management reads no page's threads
	}
	row, err := db.Q.ThreadGet(ctx, s.pool, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNoThread
	} else if err != nil {
		return nil, err
	}
	if _, err := readable(ctx, s.pool, actor, row.DocumentID); err != nil {
		return nil, errNoThread
	}
	t := threadFromRow(row)
	return t, withComments(ctx, s.pool, []*Thread{t})
}

// Counts answers, in two statements, how many threads and open threads each
// of ids has: for a person or an agent, of the pages they can read (the
// others are absent); for management, of every page (counts are all it
// sees). Errors: UNAUTHENTICATED.
func (s *Service) Counts(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]Counts, error) {
	actor, err := auth.RequireActor(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[uuid.UUID]Counts, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	allowed := ids
	if !actor.IsManagement() {
		levels, err := document.Levels(ctx, s.pool, actor, ids)
		if err != nil {
			return nil, err
		}
		allowed = allowed[:0:0]
		for _, id := range ids {
			if levels[id].CanRead() {
				allowed = append(allowed, id)
				out[id] = Counts{}
			}
		}
	} else {
		for _, id := range ids {
			out[id] = Counts{}
		}
	}
	if len(allowed) == 0 {
		return out, nil
	}
	rows, err := db.Q.ThreadCountByDocuments(ctx, s.pool, allowed)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.DocumentID] = Counts{Threads: int(r.Threads), Open: int(r.OpenThreads)}
	}
	return out, nil
}
