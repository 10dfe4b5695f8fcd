package access

// The agent_responsible rule (docs/design.md, "Sharing"): every page an
// agent owns is read by each person who answers for it. Like a folder share
// it is a standing rule: its grants are written where nothing else already
// gives the person the page, taken back where nothing else justifies them,
// one batch and one notification per change.

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/db"
	"codna/internal/inbox"
)

// AgentResponsible is the reason of the read grants the agent_responsible
// rule writes: the person answers for the agent that owns the page.
const AgentResponsible = "agent_responsible"

// AgentPageCreatedInTx applies the rule to a page the agent has just
// created, inside the creation's transaction: a read grant (reason
// agent_responsible, granted_by the agent, one batch) to each active person
// who answers for it and holds no grant on the page yet, and an
// access.granted notification to each person granted. It checks no actor:
// its caller (the page's creation, as the agent) did.
func AgentPageCreatedInTx(ctx context.Context, tx db.DBTX, agentID, docID uuid.UUID) error {
	people, err := db.Q.AgentResponsibleListActive(ctx, tx, agentID)
	if err != nil || len(people) == 0 {
		return err
	}
	batch := uuid.Must(uuid.NewV7())
	for _, p := range people {
		out, err := GrantInTx(ctx, tx, GrantSpec{
			DocumentID: docID, Principal: Principal{Type: PrincipalUser, ID: p}, Permission: PermissionRead,
			GrantedBy: &agentID, Reason: AgentResponsible, BatchID: &batch,
		})
		if err != nil {
			return err
		}
		if out == Created {
			if err := notifyAgentRule(ctx, tx, inbox.TypeAccessGranted, agentID, p, batch, []uuid.UUID{docID}); err != nil {
				return err
			}
		}
	}
	return nil
}

// AgentResponsibleAddedInTx applies the rule for a person who has just come
// to answer for the agent, inside the caller's transaction: a read grant
// (reason agent_responsible, granted_by the agent) on every unquarantined
// page the agent owns, trashed ones too, where the person holds no grant
// yet — a grant of any other reason already justifies their reading it and
// is left as it is — all in one batch, and one access.granted notification
// for the batch. It returns how many grants it made. It checks no actor: the
// caller (management changing who answers for the agent) did.
func AgentResponsibleAddedInTx(ctx context.Context, tx db.DBTX, agentID, person uuid.UUID) (int, error) {
	docs, err := db.Q.DocumentLockOwnedByAgent(ctx, tx, agentID)
	if err != nil || len(docs) == 0 {
		return 0, err
	}
	batch := uuid.Must(uuid.NewV7())
	var granted []uuid.UUID
	for _, d := range docs {
		out, err := GrantInTx(ctx, tx, GrantSpec{
			DocumentID: d, Principal: Principal{Type: PrincipalUser, ID: person}, Permission: PermissionRead,
			GrantedBy: &agentID, Reason: AgentResponsible, BatchID: &batch,
		})
		if err != nil {
			return 0, err
		}
		if out == Created {
			granted = append(granted, d)
		}
	}
	return len(granted), notifyAgentRule(ctx, tx, inbox.TypeAccessGranted, agentID, person, batch, granted)
}

// AgentResponsibleRemovedInTx applies the rule for a person who no longer
// answers for the agent, inside the caller's transaction: each
// agent_responsible grant the agent made them is revoked — unless a folder
// share of the page's owner naming the person still covers the page, when
// the grant becomes that rule's (reason folder, at the rule's permission),
// so the person keeps what another rule justifies — all in one batch, with
// one access.revoked notification for the batch. Grants of any other reason
// are never touched. It returns how many grants it revoked. It checks no
// actor: the caller did.
func AgentResponsibleRemovedInTx(ctx context.Context, tx db.DBTX, agentID, person uuid.UUID) (int, error) {
	docs, err := db.Q.DocumentLockAgentResponsibleGrants(ctx, tx, db.DocumentLockAgentResponsibleGrantsParams{UserID: person, AgentID: &agentID})
	if err != nil || len(docs) == 0 {
		return 0, err
	}
	p := Principal{Type: PrincipalUser, ID: person}
	just, err := db.Q.FolderShareListJustified(ctx, tx, db.FolderShareListJustifiedParams{Ids: docs, PrincipalType: dbPrincipalType(PrincipalUser), PrincipalID: person})
	if err != nil {
		return 0, err
	}
	byFolder := make(map[uuid.UUID]Permission, len(just))
	for _, j := range just {
		byFolder[j.DocumentID] = permissionFromDB(j.Permission)
	}
	batch := uuid.Must(uuid.NewV7())
	var revoked []uuid.UUID
	for _, d := range docs {
		if _, err := RevokeInTx(ctx, tx, d, p, &agentID, "", &batch); err != nil {
			return 0, err
		}
		perm, ok := byFolder[d]
		if !ok {
			revoked = append(revoked, d)
			continue
		}
		// Still justified by a folder share: the grant passes to that rule,
		// which its applier lowers or revokes as the rule changes.
		owner, err := db.Q.DocumentGetOwner(ctx, tx, d)
		if err != nil {
			return 0, err
		}
		if _, err := GrantInTx(ctx, tx, GrantSpec{
			DocumentID: d, Principal: p, Permission: perm, GrantedBy: &owner, Reason: Folder, BatchID: &batch,
		}); err != nil {
			return 0, err
		}
	}
	return len(revoked), notifyAgentRule(ctx, tx, inbox.TypeAccessRevoked, agentID, person, batch, revoked)
}

// notifyAgentRule tells the person, if active, of the rule's grants made or
// taken back on docs in batch: one notification of typ for the batch
// (inbox.NotifyInTx merges the documents into it). No documents, no
// notification.
func notifyAgentRule(ctx context.Context, tx db.DBTX, typ string, agentID, person, batch uuid.UUID, docs []uuid.UUID) error {
	if len(docs) == 0 {
		return nil
	}
	to, err := db.Q.UserListPrincipalAudience(ctx, tx, db.UserListPrincipalAudienceParams{PrincipalType: dbPrincipalType(PrincipalUser), PrincipalID: person})
	if err != nil || len(to) == 0 {
		return err
	}
	for _, d := range docs {
		payload := map[string]any{"documentId": d, "reason": AgentResponsible, "agentId": agentID}
		if typ == inbox.TypeAccessGranted {
			payload["permission"], payload["sharedBy"] = PermissionRead, agentID
		} else {
			payload["revokedBy"] = agentID
		}
		if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
			RecipientID: person, ActorID: &agentID, Type: typ, SubjectType: "access",
			SubjectID: &batch, BatchID: &batch, Payload: payload,
		}); err != nil {
			return err
		}
	}
	return nil
}
