package comment

import (
	"context"
	"errors"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/outbox"
	"codna/internal/watch"
)

// OwnerWindow is how long a page owner's unread notification of a new
// thread on the page absorbs the next ones.
const OwnerWindow = 10 * time.Minute

// AnchorInput is the passage a new thread is anchored to: its quote in the
// page's anchor text (AnchorText), and the UTF-16 offsets where it was
// selected. Version, when given, is the page version it was selected on;
// without it the quote is looked for in the current version.
type AnchorInput struct {
	Exact, Prefix, Suffix string
	Start, End            int
	Version               *int
}

// CreateThreadInput is a new thread.
type CreateThreadInput struct {
	DocumentID uuid.UUID
	Body       string
	Kind       Kind // one of Kinds; "" is KindComment
	Anchor     *AnchorInput
}

func checkAnchor(a *AnchorInput) error {
	switch n := utf8.RuneCountInString(a.Exact); {
	case n == 0 || !utf8.ValidString(a.Exact):
		return fault.Input("anchor.exact", "Select the passage to comment on.")
	case n > MaxExact:
		return fault.Input("anchor.exact", "The passage is %d characters; select at most %d.", n, MaxExact)
	}
	if utf8.RuneCountInString(a.Prefix) > MaxContext || !utf8.ValidString(a.Prefix) {
		return fault.Input("anchor.prefix", "The prefix is at most %d characters.", MaxContext)
	}
	if utf8.RuneCountInString(a.Suffix) > MaxContext || !utf8.ValidString(a.Suffix) {
		return fault.Input("anchor.suffix", "The suffix is at most %d characters.", MaxContext)
	}
	if a.Start < 0 || a.End < a.Start {
		return fault.Input("anchor.start", "The passage's offsets must satisfy 0 ≤ start ≤ end.")
	}
	if a.Version != nil && *a.Version < 1 {
		return fault.Input("anchor.version", "A version is 1 or more.")
	}
	return nil
}

// CreateThread opens a thread on a page the actor can read, with its first
// comment, and makes a person commenting watch the page. An anchored
// thread's quote must be found in the page as of anchor.Version (or the
// current version) as the re-anchoring finds it, and is stored as the page's
// own text there; it is then placed in the current version as the re-anchoring
// does, and detached at once if an edit since removed it. Errors:
// UNAUTHENTICATED; FORBIDDEN for management; NOT_FOUND when the page does
// not exist for the actor; CONFLICT on documentId when it is quarantined or
// in the trash; RATE_LIMITED for an agent past its comment rate;
// BAD_USER_INPUT on body, kind, anchor.* (a quote not in the page is
// anchor.exact; a version the page never had is anchor.version).
func (s *Service) CreateThread(ctx context.Context, in CreateThreadInput) (*Thread, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	body, err := CheckBody(in.Body)
	if err != nil {
		return nil, err
	}
	kind := in.Kind
	if kind == "" {
		kind = KindComment
	}
	if !slices.Contains(Kinds, kind) {
		return nil, fault.Input("kind", "A thread's kind is comment, question, suggestion, issue or note.")
	}
	if in.Anchor != nil {
		if err := checkAnchor(in.Anchor); err != nil {
			return nil, err
		}
	}
	var out *Thread
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		p, err := lockPage(ctx, tx, actor, in.DocumentID)
		if err != nil {
			return err
		}
		if err := s.allow(actor); err != nil {
			return err
		}
		params := db.ThreadCreateParams{
			ID: uuid.Must(uuid.NewV7()), DocumentID: p.row.ID, AuthorID: actor.UserID, Kind: string(kind), AnchorState: string(AnchorNone),
		}
		if in.Anchor != nil {
			if err := placeAnchor(ctx, tx, p.row, in.Anchor, &params); err != nil {
				return err
			}
		}
		row, err := db.Q.ThreadCreate(ctx, tx, params)
		if err != nil {
			return fault.FromPG(err)
		}
		c, err := db.Q.CommentCreate(ctx, tx, db.CommentCreateParams{
			ID: uuid.Must(uuid.NewV7()), ThreadID: row.ID, DocumentID: row.DocumentID, AuthorID: actor.UserID, Body: body,
		})
		if err != nil {
			return fault.FromPG(err)
		}
		if err := created(ctx, tx, actor, p.row.CreatedBy, row, c, true); err != nil {
			return err
		}
		out = threadFromRow(row)
		out.Comments = []*Comment{commentFromRow(c)}
		return nil
	})
	s.count(actor, err)
	return out, err
}

// placeAnchor checks a new thread's quote against the revision it was made
// on and places it in the page's current revision (params' anchor fields).
func placeAnchor(ctx context.Context, tx db.DBTX, doc db.Document, a *AnchorInput, params *db.ThreadCreateParams) error {
	version := int(doc.Version)
	if a.Version != nil {
		version = *a.Version
	}
	if version > int(doc.Version) {
		return fault.Input("anchor.version", "The page is at version %d; it has no version %d.", doc.Version, version)
	}
	rev, err := db.Q.DocumentRevisionGet(ctx, tx, db.DocumentRevisionGetParams{DocumentID: doc.ID, Version: int32(version)})
	if errors.Is(err, pgx.ErrNoRows) {
		return fault.Input("anchor.version", "The page has no version %d.", version)
	} else if err != nil {
		return err
	}
	q := Quote{Exact: a.Exact, Prefix: a.Prefix, Suffix: a.Suffix, Start: a.Start, End: a.End}
	made, m := NewPage(AnchorText(rev.Content)).Locate(q)
	if m == NotFound {
		return fault.Input("anchor.exact", "The selected passage is not in version %d of the page.", version)
	}
	at, cur := made, rev
	if version != int(doc.Version) {
		if cur, err = db.Q.DocumentRevisionGet(ctx, tx, db.DocumentRevisionGetParams{DocumentID: doc.ID, Version: doc.Version}); err != nil {
			return err
		}
		at, m = NewPage(AnchorText(cur.Content)).Locate(made)
	}
	params.AnchorRevisionID = &cur.ID
	params.AnchorState = string(AnchorAttached)
	if m == NotFound { // edited away since it was selected: keep the quote as it was made
		at, params.AnchorState = made, string(AnchorDetached)
	}
	start, end := int32(at.Start), int32(at.End)
	params.AnchorExact, params.AnchorPrefix, params.AnchorSuffix = &at.Exact, &at.Prefix, &at.Suffix
	params.AnchorStart, params.AnchorEnd = &start, &end
	return nil
}

// created writes comment.created, makes a commenting person watch the page
// and tells who should know: the page's owner of a new thread (coalesced per
// page in OwnerWindow), the thread's participants who can read the page of
// a reply; never the actor.
func created(ctx context.Context, tx db.DBTX, actor *auth.Actor, owner uuid.UUID, t db.Thread, c db.Comment, first bool) error {
	if _, err := outbox.WriteInTx(ctx, tx, outbox.Event{
		Type: "comment.created", SubjectType: "comment", SubjectID: &c.ID, DocumentID: &t.DocumentID, ActorID: &actor.UserID,
		Payload: map[string]any{"thread_id": t.ID, "comment_id": c.ID, "first": first, "kind": t.Kind},
	}); err != nil {
		return err
	}
	if actor.Kind == auth.KindPerson {
		if _, err := watch.AutoInTx(ctx, tx, actor.UserID, t.DocumentID, watch.SourceComment); err != nil {
			return err
		}
	}
	payload := map[string]any{"documentId": t.DocumentID, "threadId": t.ID, "commentId": c.ID, "actorId": actor.UserID}
	if first {
		u, err := db.Q.UserGetByID(ctx, tx, owner)
		if err != nil || u.Kind != string(auth.KindPerson) || !u.IsActive {
			return err // an agent's page tells nobody; management owns none
		}
		_, err = inbox.NotifyInTx(ctx, tx, inbox.Notice{
			RecipientID: owner, ActorID: &actor.UserID, Type: inbox.TypeCommentCreated,
			SubjectType: "document", SubjectID: &t.DocumentID, Payload: payload, Window: OwnerWindow,
		})
		return err
	}
	people, err := db.Q.ThreadListParticipants(ctx, tx, db.ThreadListParticipantsParams{DocumentID: t.DocumentID, ThreadID: t.ID})
	if err != nil {
		return err
	}
	for _, p := range people {
		if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
			RecipientID: p, ActorID: &actor.UserID, Type: inbox.TypeCommentCreated,
			SubjectType: "thread", SubjectID: &t.ID, Payload: payload,
		}); err != nil {
			return err
		}
	}
	return nil
}

// lockThread locks a thread and its page for a change by the actor.
// Errors: NOT_FOUND when there is no such thread or the actor cannot read
// its page; CONFLICT as lockPage.
func lockThread(ctx context.Context, tx db.DBTX, actor *auth.Actor, id uuid.UUID) (page, db.Thread, error) {
	t, err := db.Q.ThreadGet(ctx, tx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return page{}, db.Thread{}, errNoThread
	} else if err != nil {
		return page{}, db.Thread{}, err
	}
	p, err := lockPage(ctx, tx, actor, t.DocumentID)
	if fault.CodeOf(err) == fault.NotFound {
		return page{}, db.Thread{}, errNoThread
	} else if err != nil {
		return page{}, db.Thread{}, err
	}
	if t, err = db.Q.ThreadGetForUpdate(ctx, tx, id); errors.Is(err, pgx.ErrNoRows) {
		return page{}, db.Thread{}, errNoThread
	}
	return p, t, err
}

// Reply adds a comment to a thread of a page the actor can read (one level:
// a reply answers the thread) and makes a person replying watch the page.
// Errors: UNAUTHENTICATED; FORBIDDEN for management; NOT_FOUND when there is
// no such thread for the actor; CONFLICT on documentId when its page is
// quarantined or in the trash; RATE_LIMITED for an agent past its comment
// rate; BAD_USER_INPUT on body.
func (s *Service) Reply(ctx context.Context, threadID uuid.UUID, body string) (*Comment, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if body, err = CheckBody(body); err != nil {
		return nil, err
	}
	var out *Comment
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		p, t, err := lockThread(ctx, tx, actor, threadID)
		if err != nil {
			return err
		}
		if err := s.allow(actor); err != nil {
			return err
		}
		c, err := db.Q.CommentCreate(ctx, tx, db.CommentCreateParams{
			ID: uuid.Must(uuid.NewV7()), ThreadID: t.ID, DocumentID: t.DocumentID, AuthorID: actor.UserID, Body: body,
		})
		if err != nil {
			return fault.FromPG(err)
		}
		if err := db.Q.ThreadTouch(ctx, tx, t.ID); err != nil {
			return err
		}
		if err := created(ctx, tx, actor, p.row.CreatedBy, t, c, false); err != nil {
			return err
		}
		out = commentFromRow(c)
		return nil
	})
	s.count(actor, err)
	return out, err
}

// lockOwnComment locks a comment of the actor's, its thread and page.
func lockOwnComment(ctx context.Context, tx db.DBTX, actor *auth.Actor, id uuid.UUID) (db.Thread, db.Comment, error) {
	c, err := db.Q.CommentGetForUpdate(ctx, tx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Thread{}, db.Comment{}, errNoComment
	} else if err != nil {
		return db.Thread{}, db.Comment{}, err
	}
	_, t, err := lockThread(ctx, tx, actor, c.ThreadID)
	if fault.CodeOf(err) == fault.NotFound {
		return db.Thread{}, db.Comment{}, errNoComment
	} else if err != nil {
		return db.Thread{}, db.Comment{}, err
	}
	switch {
	case c.DeletedAt != nil:
		return db.Thread{}, db.Comment{}, errNoComment
	case c.AuthorID != actor.UserID:
		return db.Thread{}, db.Comment{}, fault.New(fault.Forbidden, "Only a comment's author may change it.")
	}
	return t, c, nil
}

func commentEvent(ctx context.Context, tx db.DBTX, typ string, actor *auth.Actor, t db.Thread, commentID uuid.UUID) error {
	_, err := outbox.WriteInTx(ctx, tx, outbox.Event{
		Type: typ, SubjectType: "comment", SubjectID: &commentID, DocumentID: &t.DocumentID, ActorID: &actor.UserID,
		Payload: map[string]any{"thread_id": t.ID, "comment_id": commentID},
	})
	return err
}

// EditComment replaces the body of one of the actor's comments. Errors:
// UNAUTHENTICATED; FORBIDDEN for management and on another's comment;
// NOT_FOUND when there is no such comment for the actor (or it was
// deleted); CONFLICT on documentId when its page is quarantined or in the
// trash; BAD_USER_INPUT on body.
func (s *Service) EditComment(ctx context.Context, id uuid.UUID, body string) (*Comment, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if body, err = CheckBody(body); err != nil {
		return nil, err
	}
	var out *Comment
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		t, c, err := lockOwnComment(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if c.Body == body {
			out = commentFromRow(c)
			return nil
		}
		row, err := db.Q.CommentEdit(ctx, tx, db.CommentEditParams{ID: id, Body: body})
		if err != nil {
			return fault.FromPG(err)
		}
		if err := db.Q.ThreadTouch(ctx, tx, t.ID); err != nil {
			return err
		}
		out = commentFromRow(row)
		return commentEvent(ctx, tx, "comment.edited", actor, t, id)
	})
	return out, err
}

// DeleteComment deletes one of the actor's comments. The first comment of
// a thread with replies stays as "deleted", without its text; a thread left
// with no comment but deleted ones goes. It returns the thread as it is
// after, nil when it went. Errors: as EditComment, without body.
func (s *Service) DeleteComment(ctx context.Context, id uuid.UUID) (*Thread, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var out *Thread
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		t, c, err := lockOwnComment(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		pos, err := db.Q.CommentIsFirst(ctx, tx, db.CommentIsFirstParams{ThreadID: t.ID, ID: c.ID})
		if err != nil {
			return err
		}
		if pos.First && pos.Others > 0 {
			_, err = db.Q.CommentMarkDeleted(ctx, tx, c.ID)
		} else {
			err = db.Q.CommentDelete(ctx, tx, c.ID)
		}
		if err != nil {
			return err
		}
		if err := commentEvent(ctx, tx, "comment.deleted", actor, t, id); err != nil {
			return err
		}
		live, err := db.Q.CommentCountLive(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		if live == 0 {
			return db.Q.ThreadDelete(ctx, tx, t.ID)
		}
		if err := db.Q.ThreadTouch(ctx, tx, t.ID); err != nil {
			return err
		}
		row, err := db.Q.ThreadGet(ctx, tx, t.ID)
		if err != nil {
			return err
		}
		out = threadFromRow(row)
		return withComments(ctx, tx, []*Thread{out})
	})
	return out, err
}

// Resolve marks a thread resolved; Reopen opens it again. The page's owner,
// people who may write it and the thread's author may. Doing what is
// already done changes nothing and writes no event. Errors:
// UNAUTHENTICATED; FORBIDDEN for management and for a reader who is not the
// thread's author; NOT_FOUND when there is no such thread for the actor;
// CONFLICT on documentId when its page is quarantined or in the trash.
func (s *Service) Resolve(ctx context.Context, threadID uuid.UUID) (*Thread, error) {
	return s.setStatus(ctx, threadID, StatusResolved)
}

// Reopen: see Resolve.
func (s *Service) Reopen(ctx context.Context, threadID uuid.UUID) (*Thread, error) {
	return s.setStatus(ctx, threadID, StatusOpen)
}

func (s *Service) setStatus(ctx context.Context, threadID uuid.UUID, status Status) (*Thread, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var out *Thread
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		p, t, err := lockThread(ctx, tx, actor, threadID)
		if err != nil {
			return err
		}
		if !p.access.CanWrite() && t.AuthorID != actor.UserID {
			return fault.New(fault.Forbidden, "Only the page's owner, people who may edit it and the thread's author may resolve or reopen a thread.")
		}
		if t.Status != string(status) {
			var by *uuid.UUID
			if status == StatusResolved {
				by = &actor.UserID
			}
			if t, err = db.Q.ThreadSetStatus(ctx, tx, db.ThreadSetStatusParams{ID: t.ID, Status: string(status), ResolvedBy: by}); err != nil {
				return err
			}
			typ := "thread.resolved"
			if status == StatusOpen {
				typ = "thread.reopened"
			}
			if _, err := outbox.WriteInTx(ctx, tx, outbox.Event{
				Type: typ, SubjectType: "thread", SubjectID: &t.ID, DocumentID: &t.DocumentID, ActorID: &actor.UserID,
				Payload: map[string]any{"thread_id": t.ID},
			}); err != nil {
				return err
			}
		}
		out = threadFromRow(t)
		return withComments(ctx, tx, []*Thread{out})
	})
	return out, err
}
