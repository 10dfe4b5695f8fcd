// Package inbox is the notifications a person receives and the inbox badge.
//
// Every producer creates notifications through NotifyInTx, inside its own
// transaction: NotifyInTx validates the type, suppresses telling people about
// their own actions (information only), coalesces duplicates, merges the
// members of a batch into one notification, and signals the recipient's
// live counts (pg_notify on the codna_inbox channel, delivered on commit).
//
// Decisions (requires_decision) are work, not information: they are never
// counted as unread, never suppressed, and only answering them clears them —
// or the decision going away by itself: the link mended, or its recipient
// no longer able to answer it (they lost the target; the linkgraph decision
// keeper resolves those). The Service's read marks and Resolve skip or
// refuse them, and Dismiss refuses them while they are open.
//
// Payloads hold ids, never a document's address: an address is resolved
// when the notification is read, through its reader's permission, so a
// page they can no longer read is never named (see present). See
// docs/api.md, Inbox.
package inbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/db"
)

// Channel is the Postgres NOTIFY channel that carries a recipient's id
// (as text) whenever their notifications or counts may have changed.
const Channel = "codna_inbox"

// The notification types (docs/design.md#notification-types).
const (
	TypeAccessGranted           = "access.granted"
	TypeAccessRevoked           = "access.revoked"
	TypeAccessReshared          = "access.reshared"
	TypeLinkTargetMoved         = "link.target_moved"
	TypeLinkTargetDeleted       = "link.target_deleted"
	TypeLinkSuggested           = "link.suggested"
	TypeFileTargetMoved         = "file.target_moved"
	TypeFileTargetDeleted       = "file.target_deleted"
	TypeAutomationFailed        = "automation.failed"
	TypeIngestionReady          = "ingestion.ready"
	TypeIngestionFailed         = "ingestion.failed"
	TypeImportDone              = "import.done"
	TypeImportFailed            = "import.failed"
	TypeExportReady             = "export.ready"
	TypeAutomationMessage       = "automation.message"
	TypeGroupAdded              = "group.added"
	TypeGroupRemoved            = "group.removed"
	TypeAccountPasswordReset    = "account.password_reset"
	TypeDocumentsTransferred    = "documents.transferred"
	TypeAgentResponsibleAdded   = "agent.responsible_added"
	TypeAgentResponsibleRemoved = "agent.responsible_removed"
	TypeDocumentQuarantined     = "document.quarantined"
	TypeDocumentReleased        = "document.released"
	TypeDocumentAccessRevoked   = "document.access_revoked"
	// TypeWebhookPaused tells a person one of their webhooks was paused
	// after its deliveries died in a row (internal/webhook).
	TypeWebhookPaused = "webhook.paused"
	// TypeAccountSSOLinked tells a person a single sign-on linked their
	// account to the identity provider (internal/sso).
	TypeAccountSSOLinked = "account.sso_linked"
	// TypeCommentCreated tells a page's owner of a new thread on it, and a
	// thread's participants of a reply (internal/comment).
	TypeCommentCreated = "comment.created"
	// TypeMention tells a person (or an agent, by its responsible people)
	// who can read a page that they were mentioned on it (internal/mention).
	TypeMention = "mention"
	// TypeMentionUnreadable tells a mention's author that the person or
	// agent mentioned cannot read the page: a decision (share it with them
	// / leave it) when the author may share the page, information otherwise.
	TypeMentionUnreadable = "mention.unreadable"
	// TypeMentionGroupCapped tells a group mention's author that the group
	// has more readers of the page than a mention notifies: a decision
	// (notify them all / leave it).
	TypeMentionGroupCapped = "mention.group_capped"
	// TypeWatchUpdated tells a watcher something happened to a page they
	// watch (internal/watch's fan-out, which writes it in one statement for
	// all watchers rather than through NotifyInTx).
	TypeWatchUpdated = "watch.updated"
)

// Types lists every notification type, in docs/design.md#notification-types'
// order.
var Types = []string{
	TypeAccessGranted, TypeAccessRevoked, TypeAccessReshared,
	TypeLinkTargetMoved, TypeLinkTargetDeleted, TypeLinkSuggested,
	TypeFileTargetMoved, TypeFileTargetDeleted,
	TypeAutomationFailed, TypeIngestionReady, TypeIngestionFailed, TypeImportDone, TypeImportFailed, TypeExportReady, TypeAutomationMessage,
	TypeGroupAdded, TypeGroupRemoved, TypeAccountPasswordReset, TypeDocumentsTransferred,
	TypeAgentResponsibleAdded, TypeAgentResponsibleRemoved,
	TypeDocumentQuarantined, TypeDocumentReleased, TypeDocumentAccessRevoked,
	TypeWebhookPaused, TypeAccountSSOLinked,
	TypeCommentCreated,
	TypeMention, TypeMentionUnreadable, TypeMentionGroupCapped,
	TypeWatchUpdated,
}

// KnownType reports whether t is one of Types.
func KnownType(t string) bool { return slices.Contains(Types, t) }

// The statuses of a notification (notifications_status_ck).
const (
	StatusUnread    = "unread"
	StatusRead      = "read"
	StatusResolved  = "resolved"
	StatusDismissed = "dismissed"
)

// Statuses lists every status.
var Statuses = []string{StatusUnread, StatusRead, StatusResolved, StatusDismissed}

// CoalesceWindow is how long an unread information notification absorbs a
// new one with the same recipient, type and subject instead of a new row
// being added. Set it at start-up only.
var CoalesceWindow = 30 * time.Second

// MaxBatchDocuments caps payload.documents of a batch notification; count
// goes on counting past it.
const MaxBatchDocuments = 100

// Notification is one notification of one recipient.
type Notification struct {
	ID               uuid.UUID
	RecipientID      uuid.UUID
	Type             string
	SubjectType      string
	SubjectID        *uuid.UUID
	Payload          map[string]any
	RequiresDecision bool
	Status           string
	BatchID          *uuid.UUID
	CreatedAt        time.Time
	ReadAt           *time.Time
	ResolvedAt       *time.Time
}

func fromRow(r db.Notification) Notification {
	p := map[string]any{}
	if len(r.Payload) > 0 {
		if err := json.Unmarshal(r.Payload, &p); err != nil || p == nil {
			p = map[string]any{} // jsonb that is not an object: show nothing
		}
	}
	return Notification{
		ID: r.ID, RecipientID: r.RecipientID, Type: r.Type, SubjectType: r.SubjectType, SubjectID: r.SubjectID,
		Payload: p, RequiresDecision: r.RequiresDecision, Status: r.Status, BatchID: r.BatchID,
		CreatedAt: r.CreatedAt, ReadAt: r.ReadAt, ResolvedAt: r.ResolvedAt,
	}
}

// Notice is a notification to create with NotifyInTx.
type Notice struct {
	RecipientID      uuid.UUID
	ActorID          *uuid.UUID // who caused it, for suppression; nil for the system
	Type             string     // one of Types
	SubjectType      string     // document | access | link | ingestion | automation | group | …
	SubjectID        *uuid.UUID
	Payload          map[string]any
	RequiresDecision bool
	BatchID          *uuid.UUID
	// Window, when set, is how long this notice coalesces into an unread
	// one of the same recipient, type and subject instead of
	// CoalesceWindow (a new thread on a page: 10 minutes).
	Window time.Duration
}

// NotifyInTx creates a notification for n.RecipientID in q's transaction (call
// it with the producer's transaction) and signals the recipient's live
// counts, which they receive when that transaction commits (nothing if it
// rolls back). It issues two statements: a SELECT … FOR UPDATE of the row
// to merge into, then an INSERT or an UPDATE that carries the pg_notify.
// It checks no actor: the producer decided who is told what.
//
// The rules, in order:
//   - n.Type must be one of Types and n.SubjectType not empty; anything
//     else is a programming error (a plain error, not a fault).
//   - Information about the recipient's own action (n.ActorID equal to
//     n.RecipientID) is suppressed: NotifyInTx returns nil, nil and writes
//     nothing. A decision (n.RequiresDecision) is never suppressed.
//   - With n.BatchID set there is one notification per (recipient, batch,
//     type), whatever its status: the first member creates it, each later
//     one merges into it and brings it back to unread. Its payload is the
//     members' payloads merged key by key (the latest wins) without
//     "documentId", plus
//     "count": the number of members (an int; a member whose documentId is
//     already listed is not counted again), and
//     "documents": the distinct documentIds given, as strings, in the order
//     they came (at most MaxBatchDocuments; absent if no member gave one).
//     Every member's document, past that cap too, is also recorded with
//     the notification (in the same statement), for Documents to page
//     through.
//     payload["documentId"] may be a uuid.UUID, a *uuid.UUID or a string.
//   - Without a batch, information coalesces into the recipient's unread
//     information of the same type, subject_type and subject_id made within
//     CoalesceWindow (rows without a batch only), and a decision into the
//     recipient's open (unread or read) decision of the same type and
//     subject, whatever its age. Coalescing replaces the payload with
//     n.Payload; id, status and created_at stay.
//
// Two transactions notifying the same key at the same moment can each
// insert a row (there is no unique index to stop them); the one that finds
// an existing row waits for the other's lock and merges into its latest
// version.
func NotifyInTx(ctx context.Context, q db.DBTX, n Notice) (*Notification, error) {
	if !KnownType(n.Type) {
		return nil, fmt.Errorf("inbox: unknown notification type %q", n.Type)
	}
	if n.SubjectType == "" {
		return nil, fmt.Errorf("inbox: notification %s has no subject type", n.Type)
	}
	if n.RecipientID == uuid.Nil {
		return nil, fmt.Errorf("inbox: notification %s has no recipient", n.Type)
	}
	if !n.RequiresDecision && n.ActorID != nil && *n.ActorID == n.RecipientID {
		return nil, nil
	}

	window := CoalesceWindow
	if n.Window > 0 {
		window = n.Window
	}
	var cur db.Notification
	var err error
	if n.BatchID != nil {
		cur, err = db.Q.NotificationFindBatch(ctx, q, db.NotificationFindBatchParams{
			RecipientID: n.RecipientID, BatchID: n.BatchID, Type: n.Type,
		})
	} else {
		cur, err = db.Q.NotificationFindOpen(ctx, q, db.NotificationFindOpenParams{
			RecipientID: n.RecipientID, Type: n.Type, SubjectType: n.SubjectType, SubjectID: n.SubjectID,
			RequiresDecision: n.RequiresDecision, WindowSecs: window.Seconds(),
		})
	}
	found := err == nil
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("inbox: find notification to merge: %w", err)
	}

	var payload map[string]any
	switch {
	case n.BatchID != nil && found:
		payload = mergeBatch(fromRow(cur).Payload, n.Payload)
	case n.BatchID != nil:
		payload = mergeBatch(nil, n.Payload)
	default:
		payload = n.Payload
	}
	if payload == nil {
		payload = map[string]any{}
	}
	raw, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("inbox: notification %s payload: %w", n.Type, err)
	}

	// Every member of a batch, past payload.documents' cap too, is recorded
	// with the notification in the same statement: Documents pages through
	// them (docs/design.md#batch-notifications).
	var member *uuid.UUID
	if n.BatchID != nil {
		if doc, err := uuid.Parse(idString(n.Payload["documentId"])); err == nil {
			member = &doc
		}
	}
	var out Notification
	if found {
		row, err := db.Q.NotificationMerge(ctx, q, db.NotificationMergeParams{ID: cur.ID, Payload: raw, Reopen: n.BatchID != nil, BatchDocumentID: member})
		if err != nil {
			return nil, fmt.Errorf("inbox: merge notification: %w", err)
		}
		out = fromRow(db.Notification(row))
	} else {
		row, err := db.Q.NotificationInsert(ctx, q, db.NotificationInsertParams{
			ID: uuid.Must(uuid.NewV7()), RecipientID: n.RecipientID, Type: n.Type, SubjectType: n.SubjectType,
			SubjectID: n.SubjectID, Payload: raw, RequiresDecision: n.RequiresDecision, BatchID: n.BatchID,
			BatchDocumentID: member,
		})
		if err != nil {
			return nil, fmt.Errorf("inbox: insert notification: %w", err)
		}
		out = fromRow(db.Notification(row))
	}
	return &out, nil
}

// mergeBatch folds a member's payload into a batch notification's payload
// (old is nil for the first member). See NotifyInTx for the shape.
func mergeBatch(old, member map[string]any) map[string]any {
	out := make(map[string]any, len(old)+len(member)+2)
	for k, v := range old {
		out[k] = v
	}
	var docID string
	for k, v := range member {
		if k == "documentId" {
			docID = idString(v)
			continue
		}
		out[k] = v
	}
	delete(out, "documentId")

	count := 0
	if old != nil {
		count = 1 // a batch row always has a count; be lenient if it lost it
		if c, ok := old["count"].(float64); ok && c >= 1 {
			count = int(c)
		}
	}
	var docs []any
	if d, ok := old["documents"].([]any); ok {
		docs = d
	}
	if docID != "" && slices.Contains(docs, any(docID)) {
		out["count"] = count // this member is already counted
	} else {
		out["count"] = count + 1
		if docID != "" && len(docs) < MaxBatchDocuments {
			docs = append(slices.Clip(docs), docID)
		}
	}
	if docs != nil {
		out["documents"] = docs
	}
	return out
}

// idString returns a document id given in a payload as a string, or "".
func idString(v any) string {
	switch id := v.(type) {
	case uuid.UUID:
		return id.String()
	case *uuid.UUID:
		if id != nil {
			return id.String()
		}
	case string:
		return id
	case fmt.Stringer:
		return id.String()
	}
	return ""
}
