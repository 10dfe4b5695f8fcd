package access

import (
	"bytes"
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// Limits of one sharing action.
const (
	// MaxShareDocuments is the most documents one Share (documents and
	// accepted suggestions together) or ShareByTag may grant.
	MaxShareDocuments = 500
	// MaxShareGrants is the most (document, recipient) pairs one action
	// may write.
	MaxShareGrants = 2000
)

// Service shares documents and takes shares back. Every method is one
// transaction and acts for the actor in its context (auth.RequireUser:
// nobody is UNAUTHENTICATED, management FORBIDDEN).
type Service struct {
	pool *pgxpool.Pool
}

// New returns a Service over pool.
func New(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

// ShareInput is one sharing action.
type ShareInput struct {
	// DocumentIDs are the documents shared, each granted with Reason.
	DocumentIDs []uuid.UUID
	// Recipients are ResolveRecipients' strings: emails, group:<slug>,
	// agent:<slug>.
	Recipients []string
	// Permission is read or write; empty means read.
	Permission Permission
	// Reason is the grant reason of DocumentIDs: "" or Direct, or
	// LinkSuggestion. A client chooses no other.
	Reason string
	// Suggested are share suggestions accepted with this share, granted
	// with reason LinkSuggestion (an id also in DocumentIDs is granted
	// once, with Reason).
	Suggested []uuid.UUID
	// Declined are share suggestions declined with this share: a
	// share_suggestion_decisions row (rejected) per document and recipient
	// principal, so they are not suggested for those recipients again.
	Declined []uuid.UUID
}

// GrantResult is what a share did for one document and one recipient.
type GrantResult struct {
	DocumentID uuid.UUID
	Principal  Principal
	// Label is the recipient as ResolveRecipients labels it.
	Label      string
	Permission Permission
	Reason     string
	// Outcome is Created, Upgraded (read became write) or Unchanged (they
	// had that or more already, or own the document).
	Outcome Outcome
}

// ShareResult is what one sharing action did.
type ShareResult struct {
	// BatchID ties every grant of the action together, to review or revoke
	// it as one (RevokeBatch). Grants left Unchanged keep their own batch.
	BatchID uuid.UUID
	// Grants has one entry per document × recipient principal, documents
	// in the order given (DocumentIDs, then Suggested), recipients in
	// theirs.
	Grants []GrantResult
}

// shareItem is one document a share grants, with its reason and the input
// field it came from.
type shareItem struct {
	id     uuid.UUID
	reason string
	field  string
}

// sharePlan is a validated sharing action.
type sharePlan struct {
	items      []shareItem
	declined   []uuid.UUID
	recipients []Recipient
	permission Permission
	// bulk skips, silently, documents that cannot be shared when locked
	// (ShareByTag's expansion found them shareable a moment before).
	bulk bool
}

// checkPermission validates a share's permission; empty means read.
func checkPermission(p Permission) (Permission, error) {
	switch p {
	case "":
		return PermissionRead, nil
	case PermissionRead, PermissionWrite:
		return p, nil
	}
	return "", fault.Input("permission", "The permission must be read or write.")
}

// Share grants the documents (and accepted suggestions) to the recipients
// as one action: one transaction, one batch id.
//
// The actor must be able to share every document: its owner (read or
// write) or a write grantee (up to write, which is all there is). Each
// grant goes through GrantInTx, so a share never lowers a grant (sharing read
// where write stands changes nothing) and read → write is an Upgraded
// grant with a permission_changed event. Sharing with a document's owner
// changes nothing. The documents are locked (FOR UPDATE, in id order) and
// re-checked under the lock, so no grant lands on a document being
// quarantined.
//
// Notifications, for grants that were Created or Upgraded only, all with
// the batch id (one notification per recipient and type, its payload
// counting the documents): access.granted to each person and agent
// recipient, and to each active member of each group recipient, once per
// batch however many groups and direct mentions reach them (Everyone
// notifies nobody; the actor and a document's own owner are not told); and
// access.reshared to each document's owner when someone else shared it.
//
// A share made by an automation (auth.ViaAutomation) has the reason script,
// whatever in.Reason says.
//
// Errors: BAD_USER_INPUT on reason (anything but direct or
// link_suggestion), permission, documentIds (none, or too many), declined
// (also shared in this action), and ResolveRecipients' errors; NOT_FOUND
// on documentIds or suggested for a document the actor cannot read or that
// is in the trash, and on declined for one they cannot share; FORBIDDEN
// (same fields) for one they can only read; CONFLICT (same fields) for one
// of theirs held by management (quarantined).
func (s *Service) Share(ctx context.Context, in ShareInput) (*ShareResult, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	reason := in.Reason
	switch reason {
	case "":
		reason = Direct
	case Direct, LinkSuggestion:
	default:
		return nil, fault.Input("reason", "A share's reason is direct or link_suggestion.")
	}
	if actor.Via == auth.ViaAutomation {
		reason = Script // an automation's proposal, applied as its owner
	}
	perm, err := checkPermission(in.Permission)
	if err != nil {
		return nil, err
	}
	plan := sharePlan{permission: perm}
	seen := map[uuid.UUID]bool{}
	for _, id := range in.DocumentIDs {
		if !seen[id] {
			seen[id] = true
			plan.items = append(plan.items, shareItem{id: id, reason: reason, field: "documentIds"})
		}
	}
	for _, id := range in.Suggested {
		if !seen[id] {
			seen[id] = true
			plan.items = append(plan.items, shareItem{id: id, reason: LinkSuggestion, field: "suggested"})
		}
	}
	if len(plan.items) == 0 {
		return nil, fault.Input("documentIds", "Choose at least one document to share.")
	}
	if len(plan.items) > MaxShareDocuments {
		return nil, fault.Input("documentIds", "One share covers at most %d documents.", MaxShareDocuments)
	}
	declined := map[uuid.UUID]bool{}
	for _, id := range in.Declined {
		if seen[id] {
			return nil, fault.Input("declined", "A document cannot be both shared and declined in one share.")
		}
		if !declined[id] {
			declined[id] = true
			plan.declined = append(plan.declined, id)
		}
	}
	var out *ShareResult
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if plan.recipients, err = ResolveRecipients(ctx, tx, actor, in.Recipients); err != nil {
			return err
		}
		out, err = applyPlan(ctx, tx, actor, plan)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ShareNewInTx shares a document the actor has just created in tx (the
// author's choice on the new-page form, internal/space) with the
// recipients at read, as Share does with reason direct: one batch, the same
// recipient rules (ResolveRecipients) and the same notifications. It runs
// in the creation's transaction and trusts its caller: the actor created
// docID in tx. Errors: ResolveRecipients' (field recipients).
func ShareNewInTx(ctx context.Context, tx db.DBTX, actor *auth.Actor, docID uuid.UUID, recipients []string) (*ShareResult, error) {
	rcpts, err := ResolveRecipients(ctx, tx, actor, recipients)
	if err != nil {
		return nil, err
	}
	reason := Direct
	if actor.Via == auth.ViaAutomation {
		reason = Script
	}
	plan := sharePlan{recipients: rcpts, permission: PermissionRead, items: []shareItem{{id: docID, reason: reason, field: "id"}}}
	return applyPlan(ctx, tx, actor, plan)
}

// ShareByTag is docs/design.md#trace-share-by-tag: a one-time expansion of
// a tag into the live,
// active documents carrying it that the actor may share (owned, or granted
// write; the others are skipped silently, and so is one that stops being
// shareable before it is locked), each granted to the recipients with
// reason bulk_tag in one batch, as Share grants and notifies. A document
// tagged later is not shared: the set is resolved once. A tag reaching no
// such document shares nothing (an empty Grants, not an error).
//
// Errors: BAD_USER_INPUT on tag (malformed, or reaching more than
// MaxShareDocuments documents), permission, and ResolveRecipients' errors.
func (s *Service) ShareByTag(ctx context.Context, tag string, recipients []string, permission Permission) (*ShareResult, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	tags, err := document.NormalizeTags([]string{tag})
	if err != nil {
		if fe := fault.As(err); fe != nil {
			return nil, fault.Input("tag", "%s", fe.Message)
		}
		return nil, err
	}
	perm, err := checkPermission(permission)
	if err != nil {
		return nil, err
	}
	var out *ShareResult
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		rcpts, err := ResolveRecipients(ctx, tx, actor, recipients)
		if err != nil {
			return err
		}
		ids, err := db.Q.DocumentListTaggedShareable(ctx, tx, db.DocumentListTaggedShareableParams{
			Tag: tags[0], ActorID: actor.UserID, ActorIsPerson: actor.Kind == auth.KindPerson, RowLimit: MaxShareDocuments + 1,
		})
		if err != nil {
			return err
		}
		if len(ids) > MaxShareDocuments {
			return fault.Input("tag", "More than %d documents you can share carry %q: share a folder or a group of them instead.", MaxShareDocuments, tags[0])
		}
		plan := sharePlan{recipients: rcpts, permission: perm, bulk: true}
		for _, id := range ids {
			plan.items = append(plan.items, shareItem{id: id, reason: BulkTag, field: "tag"})
		}
		out, err = applyPlan(ctx, tx, actor, plan)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// compareID orders ids as Postgres orders uuid: byte by byte.
func compareID(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) }
