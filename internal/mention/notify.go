package mention

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/db"
	"codna/internal/inbox"
	"codna/internal/link"
	"codna/internal/outbox"
	"codna/internal/watch"
)

// notifyNewInTx tells of the mentions just recorded for t: people (and
// agents, when their responsible person wrote the mention) who can read the
// page get a mention notification, an automatic watch (people) and a
// mention.created event; people who cannot are told nothing and the author
// gets a mention.unreadable notification; a group notifies its readers, or
// its author decides when they are over MaxGroupReaders.
func notifyNewInTx(ctx context.Context, tx db.DBTX, t text, added []db.Mention) error {
	if len(added) == 0 {
		return nil
	}
	var ids []uuid.UUID
	if t.author != nil {
		ids = append(ids, *t.author)
	}
	for _, m := range added {
		if m.TargetKind != link.MentionGroup {
			ids = append(ids, m.TargetID)
		}
	}
	users := map[uuid.UUID]db.MentionListTargetUsersRow{}
	if len(ids) > 0 {
		rows, err := db.Q.MentionListTargetUsers(ctx, tx, db.MentionListTargetUsersParams{DocumentID: t.doc, AuthorID: t.author, UserIds: ids})
		if err != nil {
			return err
		}
		for _, r := range rows {
			users[r.ID] = r
		}
	}
	var author *db.MentionListTargetUsersRow
	if t.author != nil {
		if a, ok := users[*t.author]; ok && a.IsActive {
			author = &a
		}
	}
	for _, m := range added {
		if m.TargetKind == link.MentionGroup {
			if err := notifyGroupInTx(ctx, tx, t, m, author); err != nil {
				return err
			}
			continue
		}
		u, ok := users[m.TargetID]
		if !ok || !u.IsActive || (u.Kind != "person" && u.Kind != "agent") {
			continue // nobody, management, or deactivated: nobody is told
		}
		if author != nil && u.ID == author.ID {
			continue // mentioning oneself tells nobody anything
		}
		agent := u.Kind == "agent"
		switch {
		case u.Level > 0 && (!agent || u.AuthorResponsible):
			if err := tellMentionedInTx(ctx, tx, t, m, u.ID, agent, nil); err != nil {
				return err
			}
		case u.Level > 0:
			// An agent mentioned by someone who does not answer for it is
			// not told (docs/design.md, "Mentions").
		case author != nil:
			if err := tellAuthorUnreadableInTx(ctx, tx, t, m, u.ID, agent && !u.AuthorResponsible, agent, author); err != nil {
				return err
			}
		}
	}
	return nil
}

// basePayload is what every mention notification says, ids only.
func basePayload(t text, m db.Mention) map[string]any {
	p := map[string]any{
		"documentId": t.doc.String(), "mentionId": m.ID.String(), "source": t.source(), "position": m.Position,
	}
	if t.comment != nil {
		p["commentId"] = t.comment.String()
	}
	if t.revision != nil {
		p["revisionId"] = t.revision.String()
	}
	if t.author != nil {
		p["mentionedBy"] = t.author.String()
	}
	return p
}

// tellMentionedInTx gives one reader of the page its mention notification,
// an automatic watch (a person) and the mention.created event. group is the
// group the mention named, if it was a group mention.
func tellMentionedInTx(ctx context.Context, tx db.DBTX, t text, m db.Mention, user uuid.UUID, agent bool, group *uuid.UUID) error {
	p := basePayload(t, m)
	if group != nil {
		p["groupId"] = group.String()
	}
	doc := t.doc
	if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
		RecipientID: user, ActorID: t.author, Type: inbox.TypeMention,
		SubjectType: "document", SubjectID: &doc, Payload: p,
	}); err != nil {
		return err
	}
	if !agent {
		if _, err := watch.AutoInTx(ctx, tx, user, t.doc, watch.SourceMention); err != nil {
			return err
		}
	}
	ev := map[string]any{"user_id": user.String(), "source": t.source()}
	if t.comment != nil {
		ev["comment_id"] = t.comment.String()
	}
	_, err := outbox.WriteInTx(ctx, tx, outbox.Event{
		Type: EventCreated, SubjectType: "user", SubjectID: &user, DocumentID: &doc, ActorID: t.author, Payload: ev,
	})
	return err
}

// tellAuthorUnreadableInTx tells a mention's author that the person or
// agent mentioned cannot read the page (they are told nothing): a decision
// when the author may share the page (owner or write) and, for an agent,
// answers for it; information ("ask its owner") otherwise.
func tellAuthorUnreadableInTx(ctx context.Context, tx db.DBTX, t text, m db.Mention, user uuid.UUID, notResponsible, agent bool, author *db.MentionListTargetUsersRow) error {
	decide := author.Level >= 2 && !notResponsible
	p := basePayload(t, m)
	p["userId"] = user.String()
	if agent {
		p["agent"] = true
	}
	if !decide {
		p["askOwner"] = true
	}
	id := m.ID
	// No ActorID: the author is told about their own mention on purpose.
	_, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
		RecipientID: author.ID, Type: inbox.TypeMentionUnreadable,
		SubjectType: "mention", SubjectID: &id, Payload: p, RequiresDecision: decide,
	})
	return err
}

// notifyGroupInTx tells a group's readers of the page they were mentioned
// (the author excepted), or, when there are more than MaxGroupReaders of
// them, nobody: the author gets a mention.group_capped decision.
func notifyGroupInTx(ctx context.Context, tx db.DBTX, t text, m db.Mention, author *db.MentionListTargetUsersRow) error {
	readers, err := db.Q.MentionListGroupReaders(ctx, tx, db.MentionListGroupReadersParams{
		GroupID: m.TargetID, DocumentID: t.doc, RowLimit: MaxGroupReaders + 2,
	})
	if err != nil {
		return err
	}
	readers = without(readers, t.author)
	if len(readers) > MaxGroupReaders {
		if author == nil {
			return nil
		}
		p := basePayload(t, m)
		p["groupId"] = m.TargetID.String()
		p["max"] = MaxGroupReaders
		id := m.ID
		_, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
			RecipientID: author.ID, Type: inbox.TypeMentionGroupCapped,
			SubjectType: "mention", SubjectID: &id, Payload: p, RequiresDecision: true,
		})
		return err
	}
	group := m.TargetID
	for _, r := range readers {
		if err := tellMentionedInTx(ctx, tx, t, m, r, false, &group); err != nil {
			return err
		}
	}
	return nil
}

func without(ids []uuid.UUID, id *uuid.UUID) []uuid.UUID {
	if id == nil {
		return ids
	}
	out := ids[:0]
	for _, x := range ids {
		if x != *id {
			out = append(out, x)
		}
	}
	return out
}
