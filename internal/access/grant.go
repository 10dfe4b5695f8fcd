// Package access is sharing: grants and their history, batches, share
// suggestions, folder shares, and the answers to "why can I see this?" and
// "who can see this?".
//
// By file: grant.go makes and revokes one grant inside the caller's
// transaction; share.go is a sharing action (Share, ShareByTag) and
// revoke.go taking one back; recipients.go resolves recipients; suggest.go
// suggests what else to share; read.go explains access; folder.go (the
// rules), foldergrant.go (their grants) and folderapply.go (documents that
// move) are folder shares.
package access

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/db"
	"codna/internal/outbox"
)

// Principal is who a grant is to: a user (person or agent) or a group.
type Principal struct {
	Type PrincipalType
	ID   uuid.UUID
}

// Grant reasons (document_access.grant_reason). A client may choose only
// Direct and LinkSuggestion; the others are written by the features they name.
const (
	Direct         = "direct"
	LinkSuggestion = "link_suggestion"
	BulkTag        = "bulk_tag"
	Folder         = "folder"
	Script         = "script"
	Import         = "import"
	// SpaceDefault is the grant to Everyone a space's default (EVERYONE_READ)
	// writes when a person creates a page there (internal/space).
	SpaceDefault = "space_default"
)

// GrantSpec is one grant to make.
type GrantSpec struct {
	DocumentID uuid.UUID
	Principal  Principal
	Permission Permission
	GrantedBy  *uuid.UUID
	Reason     string
	BatchID    *uuid.UUID
}

// Outcome says what a grant did.
type Outcome int

// Outcomes of GrantInTx.
const (
	Unchanged Outcome = iota // the principal already had that or more: a share never lowers a grant
	Created                  // a new grant
	Upgraded                 // read became write (a permission_changed event)
)

// GrantInTx makes one grant inside the caller's transaction, with its
// access_events row and its outbox event (access.granted, or
// access.permission_changed for read → write). It does not check who may
// grant (the caller did), and notifies nobody (notifications are per action,
// not per grant).
func GrantInTx(ctx context.Context, q db.DBTX, g GrantSpec) (Outcome, error) {
	row, err := db.Q.DocumentAccessCreate(ctx, q, db.DocumentAccessCreateParams{
		ID: uuid.Must(uuid.NewV7()), DocumentID: g.DocumentID, PrincipalType: dbPrincipalType(g.Principal.Type), PrincipalID: g.Principal.ID,
		Permission: dbPermission(g.Permission), GrantedBy: g.GrantedBy, GrantReason: g.Reason, BatchID: g.BatchID,
	})
	action, typ, outcome := "granted", "access.granted", Created
	if errors.Is(err, pgx.ErrNoRows) {
		cur, err := db.Q.DocumentAccessGetForUpdate(ctx, q, db.DocumentAccessGetForUpdateParams{
			DocumentID: g.DocumentID, PrincipalType: dbPrincipalType(g.Principal.Type), PrincipalID: g.Principal.ID,
		})
		if err != nil {
			return Unchanged, err
		}
		if cur.Permission == db.PermissionWrite || g.Permission == PermissionRead {
			return Unchanged, nil
		}
		if row, err = db.Q.DocumentAccessUpgrade(ctx, q, db.DocumentAccessUpgradeParams{ID: cur.ID, GrantedBy: g.GrantedBy, BatchID: g.BatchID}); err != nil {
			return Unchanged, err
		}
		action, typ, outcome = "permission_changed", "access.permission_changed", Upgraded
	} else if err != nil {
		return Unchanged, err
	}
	reason := g.Reason
	if err := db.Q.AccessEventCreate(ctx, q, db.AccessEventCreateParams{
		ID: uuid.Must(uuid.NewV7()), DocumentID: g.DocumentID, PrincipalType: dbPrincipalType(g.Principal.Type), PrincipalID: g.Principal.ID,
		Permission: dbPermissionPtr(&g.Permission), Action: action, ActorID: g.GrantedBy, GrantReason: &reason, BatchID: g.BatchID,
	}); err != nil {
		return Unchanged, err
	}
	_, err = outbox.WriteInTx(ctx, q, outbox.Event{
		Type: typ, SubjectType: "access", SubjectID: &row.ID, DocumentID: &g.DocumentID, ActorID: g.GrantedBy,
		Payload: map[string]any{
			"principalType": g.Principal.Type, "principalId": g.Principal.ID, "permission": g.Permission,
			"reason": g.Reason, "batchId": g.BatchID,
		},
	})
	return outcome, err
}

// RevokeInTx removes one principal's grant on a document inside the caller's
// transaction, with an access_events "revoked" row (reason: the revoking
// feature's word, or the grant's own reason when empty) and an access.revoked
// outbox event. It reports whether there was a grant. It does not check who
// may revoke (the caller did), and notifies nobody.
func RevokeInTx(ctx context.Context, q db.DBTX, documentID uuid.UUID, p Principal, actor *uuid.UUID, reason string, batch *uuid.UUID) (bool, error) {
	row, err := db.Q.DocumentAccessDelete(ctx, q, db.DocumentAccessDeleteParams{DocumentID: documentID, PrincipalType: dbPrincipalType(p.Type), PrincipalID: p.ID})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	if reason == "" {
		reason = row.GrantReason
	}
	if err := db.Q.AccessEventCreate(ctx, q, db.AccessEventCreateParams{
		ID: uuid.Must(uuid.NewV7()), DocumentID: documentID, PrincipalType: dbPrincipalType(p.Type), PrincipalID: p.ID,
		Permission: &row.Permission, Action: "revoked", ActorID: actor, GrantReason: &reason, BatchID: batch,
	}); err != nil {
		return false, err
	}
	_, err = outbox.WriteInTx(ctx, q, outbox.Event{
		Type: "access.revoked", SubjectType: "access", SubjectID: &row.ID, DocumentID: &documentID, ActorID: actor,
		Payload: map[string]any{"principalType": p.Type, "principalId": p.ID, "permission": row.Permission, "reason": reason},
	})
	return true, err
}

// EventLost is the outbox event written for each document someone loses
// access to without any grant of theirs changing — taken out of a group
// that holds a grant on it — so consumers (the decision keeper) see the
// change: subject_type user, subject_id the person, document_id the
// document, payload {groupId, reason}.
const EventLost = "access.lost"

// LoseGroupInTx writes, inside the caller's transaction and after the person
// was taken out of the group, an EventLost outbox event for every document
// the group holds a grant on where the person now holds less than the group
// gave them (one statement, then one insert per document). It returns how
// many it wrote. No access_events row: no grant changed. It checks no actor:
// the caller (management taking the person out) did.
func LoseGroupInTx(ctx context.Context, q db.DBTX, group, person uuid.UUID, actor *uuid.UUID) (int, error) {
	docs, err := db.Q.DocumentAccessListGroupLosses(ctx, q, db.DocumentAccessListGroupLossesParams{GroupID: group, UserID: person})
	if err != nil {
		return 0, err
	}
	for _, d := range docs {
		if _, err := outbox.WriteInTx(ctx, q, outbox.Event{
			Type: EventLost, SubjectType: "user", SubjectID: &person, DocumentID: &d, ActorID: actor,
			Payload: map[string]any{"groupId": group, "reason": "group_member_removed"},
		}); err != nil {
			return 0, err
		}
	}
	return len(docs), nil
}
