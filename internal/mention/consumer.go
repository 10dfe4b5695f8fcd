package mention

import (
	"context"
	"errors"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/link"
	"codna/internal/outbox"
)

// ConsumerName is the mentions consumer's name in events.handled_by.
const ConsumerName = "mentions"

// pageEvents bring a page's latest revision to read; commentEvents a
// comment's text; the others may make a mention decision stop holding (the
// person mentioned can read the page now, the page was trashed or purged,
// the author can no longer share it).
var (
	pageEvents    = []string{"document.created", "document.updated"}
	commentEvents = []string{"comment.created", "comment.edited", "comment.deleted"}
	otherEvents   = []string{
		"document.deleted", "document.purged", "document.transferred",
		"access.granted", "access.revoked", "access.permission_changed", "access.lost",
	}
)

// ConsumerEvents are the event types the mentions consumer acts on (its
// lane gets no other: outbox.Lane.Events).
func ConsumerEvents() []string {
	return slices.Concat(pageEvents, commentEvents, otherEvents)
}

// Consumer is the outbox consumer that finds new mentions in pages'
// revisions and in comments, tells those mentioned, and clears the mention
// decisions that no longer hold.
type Consumer struct{ pool *pgxpool.Pool }

// NewConsumer returns the mentions consumer over pool.
func NewConsumer(pool *pgxpool.Pool) *Consumer { return &Consumer{pool: pool} }

// Handle is HandleBatch of one event.
func (c *Consumer) Handle(ctx context.Context, e outbox.Stored) error {
	return c.HandleBatch(ctx, []outbox.Stored{e})
}

// HandleBatch (an outbox.BatchConsumer) handles a batch in one
// transaction: each page of the batch's page events once (its latest
// revision), each comment once (its current text), then the mention
// decisions about every page of the batch are cleared where they no longer
// hold. It reads current state only, so redelivery is harmless: a mention
// already recorded is not new and notifies nobody again.
func (c *Consumer) HandleBatch(ctx context.Context, events []outbox.Stored) error {
	var pages, comments, docs []uuid.UUID
	for _, e := range events {
		doc := e.DocumentID
		if doc == nil && e.SubjectType == "document" {
			doc = e.SubjectID
		}
		switch {
		case slices.Contains(pageEvents, e.Type) && doc != nil:
			pages = appendOnce(pages, *doc)
		case slices.Contains(commentEvents, e.Type) && e.SubjectID != nil:
			comments = appendOnce(comments, *e.SubjectID)
		case !slices.Contains(otherEvents, e.Type):
			continue
		}
		if doc != nil {
			docs = appendOnce(docs, *doc)
		}
	}
	if len(docs) == 0 && len(comments) == 0 {
		return nil
	}
	return db.InTx(ctx, c.pool, func(tx db.DBTX) error {
		// Most saves mention nobody and did not before: one statement keeps
		// the pages with work, so the others are not read or parsed.
		if len(pages) > 0 {
			var err error
			if pages, err = db.Q.MentionListPagesToSync(ctx, tx, pages); err != nil {
				return err
			}
		}
		for _, id := range pages {
			if err := syncPageInTx(ctx, tx, id); err != nil {
				return err
			}
		}
		for _, id := range comments {
			doc, err := syncCommentInTx(ctx, tx, id)
			if err != nil {
				return err
			}
			if doc != uuid.Nil {
				docs = appendOnce(docs, doc)
			}
		}
		return ResolveInTx(ctx, tx, docs, nil)
	})
}

// ResolveInTx resolves, inside the caller's transaction, the open mention
// decisions about the pages docs, about the people, agents or groups users
// (as those mentioned) and of users (as their recipients) that no longer
// hold: the mention left the latest text, the page was trashed or purged,
// the person mentioned can read the page now (by any route) or was
// deactivated, the group was deleted, or the author may no longer share the
// page. It checks no actor: it computes from current state (internal/manage
// calls it when a person is deactivated or joins a group, and when a group
// is deleted).
func ResolveInTx(ctx context.Context, tx db.DBTX, docs, users []uuid.UUID) error {
	if len(docs) == 0 && len(users) == 0 {
		return nil
	}
	_, err := db.Q.NotificationResolveMentionDecisions(ctx, tx, db.NotificationResolveMentionDecisionsParams{
		DocumentIds: nonNil(docs), UserIds: nonNil(users),
	})
	return err
}

// text is one text mentions are found in: a page's latest revision or a
// comment.
type text struct {
	doc      uuid.UUID
	comment  *uuid.UUID
	revision *uuid.UUID
	author   *uuid.UUID
	body     string
}

func (t text) source() string {
	if t.comment != nil {
		return SourceComment
	}
	return SourceRevision
}

// syncPageInTx brings the page's mentions rows in step with its latest
// revision and tells those newly mentioned. A page in the trash or gone
// is left alone.
func syncPageInTx(ctx context.Context, tx db.DBTX, doc uuid.UUID) error {
	if err := db.Q.MentionLockSource(ctx, tx, "page:"+doc.String()); err != nil {
		return err
	}
	p, err := db.Q.MentionGetPage(ctx, tx, doc)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	if !p.Live {
		return nil
	}
	return syncInTx(ctx, tx, text{doc: doc, revision: p.RevisionID, author: p.AuthorID, body: p.Content})
}

// syncCommentInTx does for a comment what syncPageInTx does for a page: a
// deleted comment mentions nothing any more. It returns the comment's
// page (uuid.Nil when the comment is gone).
func syncCommentInTx(ctx context.Context, tx db.DBTX, id uuid.UUID) (uuid.UUID, error) {
	if err := db.Q.MentionLockSource(ctx, tx, "comment:"+id.String()); err != nil {
		return uuid.Nil, err
	}
	c, err := db.Q.MentionGetComment(ctx, tx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, nil
	} else if err != nil {
		return uuid.Nil, err
	}
	if !c.Live {
		return c.DocumentID, nil
	}
	author := c.AuthorID
	return c.DocumentID, syncInTx(ctx, tx, text{doc: c.DocumentID, comment: &id, author: &author, body: c.Body})
}

// target is what one mention names, resolved to an id.
type target struct {
	kind     string // link.MentionUser, MentionAgent or MentionGroup
	id       uuid.UUID
	position int
}

func (t target) key() string {
	if t.kind == link.MentionGroup {
		return "group/" + t.id.String()
	}
	return "user/" + t.id.String() // a person or an agent, however named
}

// syncInTx diffs the text's mentions against its rows: rows still
// mentioned move to their new position, rows no longer mentioned go (their
// decisions clear), and new mentions are recorded and told (notifyNewInTx).
func syncInTx(ctx context.Context, tx db.DBTX, t text) error {
	found, err := resolveTargets(ctx, tx, link.Mentions(t.body))
	if err != nil {
		return err
	}
	existing, err := db.Q.MentionListForSource(ctx, tx, db.MentionListForSourceParams{DocumentID: t.doc, CommentID: t.comment})
	if err != nil {
		return err
	}
	have := make(map[string]db.Mention, len(existing))
	for _, m := range existing {
		have[target{kind: m.TargetKind, id: m.TargetID}.key()] = m
	}
	var keepIDs []uuid.UUID
	var keepPos []int32
	var added []db.Mention
	for _, f := range found {
		if m, ok := have[f.key()]; ok {
			delete(have, f.key())
			keepIDs, keepPos = append(keepIDs, m.ID), append(keepPos, int32(f.position))
			continue
		}
		m := db.Mention{
			ID: uuid.Must(uuid.NewV7()), DocumentID: t.doc, CommentID: t.comment, RevisionID: t.revision,
			TargetKind: f.kind, TargetID: f.id, AuthorID: t.author, Position: int32(f.position),
		}
		if err := db.Q.MentionInsert(ctx, tx, db.MentionInsertParams{
			ID: m.ID, DocumentID: m.DocumentID, CommentID: m.CommentID, RevisionID: m.RevisionID,
			TargetKind: m.TargetKind, TargetID: m.TargetID, AuthorID: m.AuthorID, Position: m.Position,
		}); err != nil {
			return err
		}
		added = append(added, m)
	}
	if len(keepIDs) > 0 {
		if err := db.Q.MentionSetPositions(ctx, tx, db.MentionSetPositionsParams{Ids: keepIDs, Positions: keepPos, RevisionID: t.revision}); err != nil {
			return err
		}
	}
	if len(have) > 0 {
		gone := make([]uuid.UUID, 0, len(have))
		for _, m := range have {
			gone = append(gone, m.ID)
		}
		if err := db.Q.MentionDeleteMany(ctx, tx, gone); err != nil {
			return err
		}
	}
	return notifyNewInTx(ctx, tx, t, added)
}

// resolveTargets turns mention links into ids: people by id, agents and
// groups by slug (two queries at most). A mention naming nobody is left
// out; so is a second mention of the same person or group.
func resolveTargets(ctx context.Context, tx db.DBTX, ms []link.Mention) ([]target, error) {
	var agentSlugs, groupSlugs []string
	for _, m := range ms {
		switch m.Kind {
		case link.MentionAgent:
			agentSlugs = append(agentSlugs, m.Slug)
		case link.MentionGroup:
			groupSlugs = append(groupSlugs, m.Slug)
		}
	}
	agents, groups := map[string]uuid.UUID{}, map[string]uuid.UUID{}
	if len(agentSlugs) > 0 {
		rows, err := db.Q.MentionListAgentsBySlug(ctx, tx, agentSlugs)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			agents[r.Slug] = r.UserID
		}
	}
	if len(groupSlugs) > 0 {
		rows, err := db.Q.MentionListGroupsBySlug(ctx, tx, groupSlugs)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			groups[r.Slug] = r.ID
		}
	}
	var out []target
	seen := map[string]bool{}
	for _, m := range ms {
		t := target{kind: m.Kind, position: m.Start}
		var ok bool
		switch m.Kind {
		case link.MentionUser:
			t.id, ok = m.UserID, true
		case link.MentionAgent:
			t.id, ok = agents[m.Slug]
		case link.MentionGroup:
			t.id, ok = groups[m.Slug]
		}
		if !ok || seen[t.key()] {
			continue
		}
		seen[t.key()] = true
		out = append(out, t)
	}
	return out, nil
}

func appendOnce(ids []uuid.UUID, id uuid.UUID) []uuid.UUID {
	if slices.Contains(ids, id) {
		return ids
	}
	return append(ids, id)
}

func nonNil(ids []uuid.UUID) []uuid.UUID {
	if ids == nil {
		return []uuid.UUID{}
	}
	return ids
}
