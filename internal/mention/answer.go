package mention

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/inbox"
)

// Answer is what answering a mention decision did.
type Answer struct {
	NotificationID uuid.UUID
	// BatchID is the share's batch when a mention.unreadable decision was
	// answered with share.
	BatchID *uuid.UUID
	// Notified counts the group's readers told when a mention.group_capped
	// decision was answered with notify.
	Notified int
}

// decisionPayload is what a mention decision's payload names.
type decisionPayload struct {
	DocumentID uuid.UUID `json:"documentId"`
	MentionID  uuid.UUID `json:"mentionId"`
	UserID     uuid.UUID `json:"userId"`
	GroupID    uuid.UUID `json:"groupId"`
}

// Answer answers one of the actor's mention decisions, in one transaction.
// accept on a mention.unreadable decision shares the page at read with the
// person or agent mentioned (a grant with reason mention in a batch, as any
// share: access.ShareMentionedInTx, which tells them); on a
// mention.group_capped decision it tells the group's readers of the page
// (at most 10,000) as a group mention under the cap does. accept false
// leaves it. Either way the decision is resolved.
//
// Errors: NOT_FOUND (notificationId) when the notification is not the
// actor's; BAD_USER_INPUT (notificationId) when it is not a mention
// decision (information cannot be answered); CONFLICT (notificationId)
// when it was answered already or no longer holds (the mention left the
// text, the page was trashed, the person can read it now, the actor can no
// longer share it); the share's errors.
func (s *Service) Answer(ctx context.Context, notificationID uuid.UUID, accept bool) (*Answer, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	out := &Answer{NotificationID: notificationID}
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		n, err := lockDecision(ctx, tx, notificationID, actor.UserID)
		if err != nil {
			return err
		}
		var p decisionPayload
		if err := json.Unmarshal(n.Payload, &p); err != nil || p.MentionID == uuid.Nil || p.DocumentID == uuid.Nil {
			return fault.Input("notificationId", "That notification is not a mention decision.")
		}
		// A decision that stopped holding is resolved here and refused.
		if err := ResolveInTx(ctx, tx, []uuid.UUID{p.DocumentID}, nil); err != nil {
			return err
		}
		if n, err = lockDecision(ctx, tx, notificationID, actor.UserID); err != nil {
			return err
		}
		if n.Status != inbox.StatusUnread && n.Status != inbox.StatusRead {
			return fault.Conflicting("notificationId", "This mention no longer needs an answer.")
		}
		if accept {
			switch n.Type {
			case inbox.TypeMentionUnreadable:
				res, err := access.ShareMentionedInTx(ctx, tx, actor, p.DocumentID, p.UserID)
				if err != nil {
					return err
				}
				out.BatchID = &res.BatchID
			case inbox.TypeMentionGroupCapped:
				if out.Notified, err = notifyWholeGroupInTx(ctx, tx, p.MentionID); err != nil {
					return err
				}
			}
		}
		_, err = db.Q.NotificationResolveDecisions(ctx, tx, db.NotificationResolveDecisionsParams{
			SubjectType: "mention", SubjectIds: []uuid.UUID{p.MentionID},
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// lockDecision locks one of the recipient's notifications and checks it is
// a mention decision.
func lockDecision(ctx context.Context, tx db.DBTX, id, recipient uuid.UUID) (db.Notification, error) {
	n, err := db.Q.NotificationLockOwn(ctx, tx, db.NotificationLockOwnParams{ID: id, RecipientID: recipient})
	if errors.Is(err, pgx.ErrNoRows) {
		return n, &fault.Error{Code: fault.NotFound, Field: "notificationId", Message: "No such notification."}
	} else if err != nil {
		return n, err
	}
	if n.Type != inbox.TypeMentionUnreadable && n.Type != inbox.TypeMentionGroupCapped {
		return n, fault.Input("notificationId", "That notification is not a mention decision.")
	}
	if !n.RequiresDecision {
		return n, fault.Input("notificationId", "That notification is information: only the page's owner can share it.")
	}
	return n, nil
}

// notifyWholeGroupInTx tells every reader of the page in the group a
// mention named (the author's answer to mention.group_capped).
func notifyWholeGroupInTx(ctx context.Context, tx db.DBTX, mentionID uuid.UUID) (int, error) {
	m, err := db.Q.MentionGet(ctx, tx, mentionID)
	if err != nil {
		return 0, err
	}
	readers, err := db.Q.MentionListGroupReaders(ctx, tx, db.MentionListGroupReadersParams{
		GroupID: m.TargetID, DocumentID: m.DocumentID, RowLimit: maxGroupAnswer,
	})
	if err != nil {
		return 0, err
	}
	readers = without(readers, m.AuthorID)
	t := text{doc: m.DocumentID, comment: m.CommentID, revision: m.RevisionID, author: m.AuthorID}
	row := db.Mention{ID: m.ID, Position: m.Position}
	group := m.TargetID
	for _, r := range readers {
		if err := tellMentionedInTx(ctx, tx, t, row, r, false, &group); err != nil {
			return 0, err
		}
	}
	return len(readers), nil
}
