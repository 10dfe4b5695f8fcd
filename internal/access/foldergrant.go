package access

// Bringing the grants a folder share reaches to what the rules justify
// (see folder.go), one grant at a time, and telling those it reached. The
// FolderService and the FolderApplier both go through here.

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/inbox"
	"codna/internal/outbox"
)

// folderChange is what reconcile did to one grant.
type folderChange int

const (
	folderUnchanged folderChange = iota
	folderCreated
	folderRaised
	folderLowered
	folderRevoked
)

type folderChangeOf struct {
	doc    uuid.UUID
	p      Principal
	change folderChange
	perm   Permission // the justified permission, for a grant
}

func (c folderChangeOf) granted() bool { return c.change == folderCreated || c.change == folderRaised }

// applyRule reconciles p's grant on each of docs (locked by the caller)
// with the rules of their owner, who is acting (owner), in batch.
func applyRule(ctx context.Context, tx db.DBTX, docs []db.DocumentLockFolderScopeRow, p Principal, owner, batch uuid.UUID) ([]folderChangeOf, error) {
	if len(docs) == 0 {
		return nil, nil
	}
	ids := make([]uuid.UUID, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	just, err := db.Q.FolderShareListJustified(ctx, tx, db.FolderShareListJustifiedParams{Ids: ids, PrincipalType: dbPrincipalType(p.Type), PrincipalID: p.ID})
	if err != nil {
		return nil, err
	}
	perms := make(map[uuid.UUID]Permission, len(just))
	for _, j := range just {
		perms[j.DocumentID] = permissionFromDB(j.Permission)
	}
	changes := make([]folderChangeOf, 0, len(docs))
	for _, d := range docs {
		var want *Permission
		if perm, ok := perms[d.ID]; ok {
			want = &perm
		}
		c, err := reconcile(ctx, tx, d.ID, p, want, d.Grantable, owner, &batch)
		if err != nil {
			return nil, err
		}
		ch := folderChangeOf{doc: d.ID, p: p, change: c}
		if want != nil {
			ch.perm = *want
		}
		changes = append(changes, ch)
	}
	return changes, nil
}

// reconcile brings p's grant on a locked document to what the rules
// justify: want is the highest permission the owner's covering rules give p
// (nil: none). A missing or lower grant is made or raised when grantable (a
// live, unquarantined document); a folder write grant is lowered to read
// when want is read; a folder grant is revoked when want is nil. Only
// folder grants granted_by owner are lowered or revoked ("ours"); grants of
// other reasons, or made by someone else, are only ever raised. owner is
// granted_by and the actor of the history rows.
func reconcile(ctx context.Context, tx db.DBTX, doc uuid.UUID, p Principal, want *Permission, grantable bool, owner uuid.UUID, batch *uuid.UUID) (folderChange, error) {
	cur, err := db.Q.DocumentAccessGetForUpdate(ctx, tx, db.DocumentAccessGetForUpdateParams{DocumentID: doc, PrincipalType: dbPrincipalType(p.Type), PrincipalID: p.ID})
	found := err == nil
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return folderUnchanged, err
	}
	byFolder := found && cur.GrantReason == Folder && cur.GrantedBy != nil && *cur.GrantedBy == owner
	switch {
	case want == nil:
		if !byFolder {
			return folderUnchanged, nil
		}
		ok, err := RevokeInTx(ctx, tx, doc, p, &owner, "", batch)
		if err != nil || !ok {
			return folderUnchanged, err
		}
		return folderRevoked, nil
	case byFolder && cur.Permission == db.PermissionWrite && *want == PermissionRead:
		return folderLowered, lowerGrant(ctx, tx, cur, owner, batch)
	case !grantable || (found && (cur.Permission == db.PermissionWrite || *want == PermissionRead)):
		return folderUnchanged, nil
	}
	out, err := GrantInTx(ctx, tx, GrantSpec{DocumentID: doc, Principal: p, Permission: *want, GrantedBy: &owner, Reason: Folder, BatchID: batch})
	switch {
	case err != nil:
		return folderUnchanged, err
	case out == Created:
		return folderCreated, nil
	case out == Upgraded:
		return folderRaised, nil
	}
	return folderUnchanged, nil
}

// lowerGrant lowers a folder write grant to read, with its access_events
// permission_changed row and access.permission_changed outbox event.
func lowerGrant(ctx context.Context, tx db.DBTX, cur db.DocumentAccess, owner uuid.UUID, batch *uuid.UUID) error {
	row, err := db.Q.DocumentAccessDowngradeFolderGrant(ctx, tx, db.DocumentAccessDowngradeFolderGrantParams{ID: cur.ID, GrantedBy: owner, BatchID: batch})
	if err != nil {
		return fmt.Errorf("lower folder grant: %w", err)
	}
	reason, perm := Folder, db.PermissionRead
	if err := db.Q.AccessEventCreate(ctx, tx, db.AccessEventCreateParams{
		ID: uuid.Must(uuid.NewV7()), DocumentID: row.DocumentID, PrincipalType: row.PrincipalType, PrincipalID: row.PrincipalID,
		Permission: &perm, Action: "permission_changed", ActorID: &owner, GrantReason: &reason, BatchID: batch,
	}); err != nil {
		return err
	}
	_, err = outbox.WriteInTx(ctx, tx, outbox.Event{
		Type: "access.permission_changed", SubjectType: "access", SubjectID: &row.ID, DocumentID: &row.DocumentID, ActorID: &owner,
		Payload: map[string]any{
			"principalType": row.PrincipalType, "principalId": row.PrincipalID, "permission": perm,
			"reason": Folder, "batchId": batch,
		},
	})
	return err
}

// notifyChanges tells those a change reached, in q's transaction: for every
// grant made or raised in changes an access.granted notification, for every
// grant revoked an access.revoked one, one of each type per recipient for
// the batch (inbox.NotifyInTx merges the documents into it). A user principal
// is told if active, a group through its active members, Everyone nobody;
// actor (the owner) is never told about their own change. rule, when
// given, is named in the payload of grants.
func notifyChanges(ctx context.Context, tx db.DBTX, actor, batch uuid.UUID, changes []folderChangeOf, rule *FolderShare) error {
	audience := map[Principal][]uuid.UUID{}
	for _, c := range changes {
		var typ string
		var payload map[string]any
		switch {
		case c.granted():
			typ = inbox.TypeAccessGranted
			payload = map[string]any{"documentId": c.doc, "permission": c.perm, "reason": Folder, "sharedBy": actor}
			if rule != nil {
				payload["folderShareId"], payload["space"], payload["path"] = rule.ID, rule.Space, rule.Path
			}
		case c.change == folderRevoked:
			typ = inbox.TypeAccessRevoked
			payload = map[string]any{"documentId": c.doc, "reason": Folder, "revokedBy": actor}
		default:
			continue
		}
		to, ok := audience[c.p]
		if !ok && !(c.p.Type == PrincipalGroup && c.p.ID == auth.EveryoneID) {
			var err error
			if to, err = db.Q.UserListPrincipalAudience(ctx, tx, db.UserListPrincipalAudienceParams{PrincipalType: dbPrincipalType(c.p.Type), PrincipalID: c.p.ID}); err != nil {
				return err
			}
			audience[c.p] = to
		}
		for _, r := range to {
			if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
				RecipientID: r, ActorID: &actor, Type: typ, SubjectType: "access",
				SubjectID: &batch, BatchID: &batch, Payload: payload,
			}); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkPrincipal refuses a principal a folder share cannot name: a
