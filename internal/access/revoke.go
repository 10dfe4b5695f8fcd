package access

// Taking shares back: one principal's grant on a document (RevokeGrant),
// or what is left of a whole sharing action (RevokeBatch), with the
// access.revoked notifications both send.

import (
	"context"
	"errors"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/inbox"
)

var errShareNoGrant = fault.New(fault.NotFound, "That recipient has no grant on this document.")

// RevokeGrant takes away one principal's grant on a document. The owner may
// revoke any grant on their document; someone who granted it may revoke
// their grant. The revocation is an access_events row and an
// access.revoked outbox event (through RevokeInTx), and an access.revoked
// notification (information, not batched) to the person or agent, or to
// each active member of the group (Everyone's revocation tells nobody); the
// document's owner and the actor are not told.
//
// Errors: BAD_USER_INPUT on principal (an unknown type); NOT_FOUND when the
// actor cannot read the document, and when the owner (or a write grantee)
// names a principal without a grant; FORBIDDEN when the actor neither owns
// the document nor made the grant.
func (s *Service) RevokeGrant(ctx context.Context, documentID uuid.UUID, principal Principal) error {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return err
	}
	if principal.Type != PrincipalUser && principal.Type != PrincipalGroup {
		return fault.Input("principal", "A grant is to a user or a group.")
	}
	return db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		// Locking the document (as a share does) orders this revoke after
		// a share of it in flight.
		docs, err := db.Q.DocumentLockForShare(ctx, tx, db.DocumentLockForShareParams{
			ActorID: actor.UserID, ActorIsPerson: actor.Kind == auth.KindPerson, Ids: []uuid.UUID{documentID},
		})
		if err != nil {
			return err
		}
		if len(docs) == 0 || !document.Access(docs[0].Level).CanRead() {
			return &fault.Error{Code: fault.NotFound, Field: "documentId", Message: "No document you can read has that id."}
		}
		lvl, owner := document.Access(docs[0].Level), docs[0].CreatedBy
		forbidden := fault.New(fault.Forbidden, "Only the document's owner, or whoever granted it, can take a grant away.")
		if !lvl.CanWrite() {
			return forbidden // a reader granted nothing, and learns nothing of others' grants
		}
		cur, err := db.Q.DocumentAccessGetForUpdate(ctx, tx, db.DocumentAccessGetForUpdateParams{
			DocumentID: documentID, PrincipalType: dbPrincipalType(principal.Type), PrincipalID: principal.ID,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return errShareNoGrant
		} else if err != nil {
			return err
		}
		if !lvl.IsOwner() && (cur.GrantedBy == nil || *cur.GrantedBy != actor.UserID) {
			return forbidden
		}
		if _, err := RevokeInTx(ctx, tx, documentID, principal, &actor.UserID, "", nil); err != nil {
			return err
		}
		return notifyRevoked(ctx, tx, actor, nil, []shareRevoked{{doc: documentID, principal: principal, owner: owner}})
	})
}

// shareRevoked is one grant taken away, with its document's owner.
type shareRevoked struct {
	doc       uuid.UUID
	principal Principal
	owner     uuid.UUID
}

// notifyRevoked tells those who lost access: users directly (active
// people and live agents), groups through their active members, Everyone
// nobody; never a document's owner or the actor. With batch set there is
// one notification per recipient for the batch (counting the documents);
// without, one per document.
func notifyRevoked(ctx context.Context, tx db.DBTX, actor *auth.Actor, batch *uuid.UUID, revoked []shareRevoked) error {
	var users, groups []uuid.UUID
	for _, r := range revoked {
		if r.principal.Type == PrincipalGroup {
			groups = append(groups, r.principal.ID)
		} else {
			users = append(users, r.principal.ID)
		}
	}
	audience, err := db.Q.UserListAudience(ctx, tx, db.UserListAudienceParams{UserIds: nonNil(users), GroupIds: nonNil(groups)})
	if err != nil {
		return err
	}
	reach := map[Principal][]uuid.UUID{}
	for _, a := range audience {
		p := Principal{Type: PrincipalUser, ID: a.UserID}
		if a.GroupID != nil {
			p = Principal{Type: PrincipalGroup, ID: *a.GroupID}
		}
		reach[p] = append(reach[p], a.UserID)
	}
	type pair struct{ user, doc uuid.UUID }
	var pairs []pair
	seen := map[pair]bool{}
	for _, r := range revoked {
		for _, u := range reach[r.principal] {
			pr := pair{u, r.doc}
			if u == actor.UserID || u == r.owner || seen[pr] {
				continue
			}
			seen[pr] = true
			pairs = append(pairs, pr)
		}
	}
	slices.SortStableFunc(pairs, func(a, b pair) int { return compareID(a.user, b.user) })
	for _, pr := range pairs {
		n := inbox.Notice{
			RecipientID: pr.user, ActorID: &actor.UserID, Type: inbox.TypeAccessRevoked,
			Payload: map[string]any{"documentId": pr.doc, "revokedBy": actor.UserID},
		}
		if batch != nil {
			n.SubjectType, n.SubjectID, n.BatchID = "access", batch, batch
		} else {
			n.SubjectType, n.SubjectID = "document", &pr.doc
		}
		if _, err := inbox.NotifyInTx(ctx, tx, n); err != nil {
			return err
		}
	}
	return nil
}

// RevokeBatch takes back, as one action, every grant still standing from a
// sharing action that the actor may revoke: those they granted in it, and
// those on documents they own (on documents they can still read). Each
// revocation goes through RevokeInTx (its access_events row carries the
// batch); each affected person or agent, and each active member of an
// affected group, gets one access.revoked notification for the batch,
// counting the documents (Everyone tells nobody; owners and the actor are
// not told). It returns how many grants were taken away.
//
// Errors: NOT_FOUND on batchId when there is nothing the actor may revoke
// (no such batch, nothing left of it, or nothing of theirs in it).
func (s *Service) RevokeBatch(ctx context.Context, batchID uuid.UUID) (int, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		rows, err := db.Q.DocumentAccessLockBatch(ctx, tx, db.DocumentAccessLockBatchParams{
			BatchID: batchID, ActorID: actor.UserID, ActorIsPerson: actor.Kind == auth.KindPerson,
		})
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return &fault.Error{Code: fault.NotFound, Field: "batchId", Message: "Nothing you can take back is left of that sharing action."}
		}
		revoked := make([]shareRevoked, 0, len(rows))
		for _, r := range rows {
			p := Principal{Type: principalTypeFromDB(r.PrincipalType), ID: r.PrincipalID}
			ok, err := RevokeInTx(ctx, tx, r.DocumentID, p, &actor.UserID, "", &batchID)
			if err != nil {
				return err
			}
			if ok {
				n++
				revoked = append(revoked, shareRevoked{doc: r.DocumentID, principal: p, owner: r.OwnerID})
			}
		}
		return notifyRevoked(ctx, tx, actor, &batchID, revoked)
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}
