package access

// Sharing one's own page (the MCP share_document tool): an agent only with
// the people and groups its responsible people chose, agent_share_targets
// (docs/design.md, "Agents over MCP").

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// ShareOwn shares, at read, a page the actor owns with recipients named as
// a share names them (an email, group:<slug>). An agent may name only its
// share targets — the people and groups chosen by the people who answer
// for it; a person (over MCP, with a personal token) anyone a share may
// name. It is a share like any (reason direct, one batch, the recipients
// told as Share tells them), and grants nothing where a recipient reads
// the page already.
//
// Errors: UNAUTHENTICATED; FORBIDDEN for management; NOT_FOUND on
// documentId for a page the actor cannot read or that is in the trash;
// FORBIDDEN on documentId for a page they do not own, and, for an agent, on
// recipients (naming whom it may share with) for anyone not among its
// share targets; ResolveRecipients' errors.
func (s *Service) ShareOwn(ctx context.Context, docID uuid.UUID, recipients []string) (*ShareResult, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var out *ShareResult
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		docs, err := db.Q.DocumentLockForShare(ctx, tx, db.DocumentLockForShareParams{ActorID: actor.UserID, ActorIsPerson: actor.Kind == auth.KindPerson, Ids: []uuid.UUID{docID}})
		if err != nil {
			return err
		}
		if len(docs) == 0 || !document.Access(docs[0].Level).CanRead() || docs[0].Deleted {
			return &fault.Error{Code: fault.NotFound, Field: "documentId", Message: "No page you can read has that id."}
		}
		if !document.Access(docs[0].Level).IsOwner() {
			return &fault.Error{Code: fault.Forbidden, Field: "documentId", Message: "Share only pages you own (an agent: the pages it wrote)."}
		}
		rcpts, err := ResolveRecipients(ctx, tx, actor, recipients)
		if err != nil {
			return err
		}
		if actor.Kind == auth.KindAgent {
			if err := checkShareTargets(ctx, tx, actor.UserID, rcpts); err != nil {
				return err
			}
		}
		plan := sharePlan{recipients: rcpts, permission: PermissionRead, items: []shareItem{{id: docID, reason: Direct, field: "documentId"}}}
		out, err = applyPlan(ctx, tx, actor, plan)
		return err
	})
	return out, err
}

// checkShareTargets refuses, FORBIDDEN on recipients, any recipient that is
// not among the agent's share targets, saying whom it may share with.
func checkShareTargets(ctx context.Context, tx db.DBTX, agentID uuid.UUID, rcpts []Recipient) error {
	targets, err := db.Q.AgentShareTargetList(ctx, tx, agentID)
	if err != nil {
		return err
	}
	allowed := make(map[Principal]bool, len(targets))
	labels := make([]string, len(targets))
	for i, t := range targets {
		allowed[Principal{Type: principalTypeFromDB(t.PrincipalType), ID: t.PrincipalID}] = true
		labels[i] = label(t.PrincipalType, t.GroupSlug, t.AgentSlug, t.UserEmail)
	}
	for _, r := range rcpts {
		if !allowed[r.Principal] {
			chosen := "nobody yet"
			if len(labels) > 0 {
				chosen = strings.Join(labels, ", ")
			}
			return &fault.Error{Code: fault.Forbidden, Field: "recipients", Message: "This agent may share only with the people and groups " +
				"the people who answer for it chose (" + chosen + "), and " + r.Label + " is not one of them."}
		}
	}
	return nil
}
