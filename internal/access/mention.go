package access

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// Mention is the reason of a grant made by answering a mention decision
// with "share" (internal/mention; docs/design.md, "Mentions").
const Mention = "mention"

// ShareMentionedInTx shares docID at read with the person or agent userID,
// someone the actor mentioned on it who cannot read it, as Share does: one
// batch, reason mention, the same locks, checks and notifications (the
// actor must be able to share the page: its owner or a write grantee). It
// runs in the caller's transaction and trusts its caller to have checked
// that the mention decision is the actor's and, for an agent, that the actor
// answers for it. Errors: NOT_FOUND (field notificationId) when userID is
// no active person or live agent; Share's errors on the page (field
// notificationId).
func ShareMentionedInTx(ctx context.Context, tx db.DBTX, actor *auth.Actor, docID, userID uuid.UUID) (*ShareResult, error) {
	u, err := db.Q.UserGetByID(ctx, tx, userID)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && !u.IsActive) {
		return nil, &fault.Error{Code: fault.NotFound, Field: "notificationId", Message: "The person mentioned is no longer here."}
	} else if err != nil {
		return nil, err
	}
	r := Recipient{Principal: Principal{Type: PrincipalUser, ID: u.ID}, Label: u.Email, Kind: RecipientPerson, Name: u.Name}
	switch u.Kind {
	case "person":
	case "agent":
		a, err := db.Q.AgentGet(ctx, tx, u.ID)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, &fault.Error{Code: fault.NotFound, Field: "notificationId", Message: "The agent mentioned is no longer here."}
		} else if err != nil {
			return nil, err
		}
		r.Kind, r.Label = RecipientAgent, "agent:"+a.Slug
	default:
		return nil, &fault.Error{Code: fault.NotFound, Field: "notificationId", Message: "The person mentioned is no longer here."}
	}
	plan := sharePlan{
		recipients: []Recipient{r}, permission: PermissionRead,
		items: []shareItem{{id: docID, reason: Mention, field: "notificationId"}},
	}
	return applyPlan(ctx, tx, actor, plan)
}
