package access

// Folder shares (docs/design.md#folder-shares): a standing rule
// about the owner's own documents in a folder and every folder beneath it.
// A rule grants nothing by itself: each document it reaches gets an ordinary
// document_access row with grant_reason 'folder' — from Share for what is
// there now, from the FolderApplier (an outbox consumer) for what arrives
// later — so the visibility queries and the search filter know nothing of
// rules.
//
// What "justified" means. A folder grant on document d to principal P is
// justified while at least one standing rule of d's owner, for exactly P,
// covers d's current address (same space, and the rule's path is '', d's
// path, or a prefix of d's path followed by '/'); the permission it is
// justified at is the highest those rules give. Every change here — Share,
// Unshare, the applier — brings the grants it touches to that state:
//
//   - a justified principal without a grant gets one (reason folder), and a
//     read grant of any reason is raised to write when a rule says write
//     (a share never lowers a grant);
//   - a grant whose reason is folder and that is write where the rules now
//     justify only read is lowered to read;
//   - a grant whose reason is folder that no rule justifies is revoked.
//
// Only grants with reason folder whose granted_by is the document's current
// owner are ever lowered or revoked here. A grant of another reason (direct,
// link_suggestion, bulk_tag, …) is never touched, even where a folder rule
// once raised it from read to write: there is one grant row per document
// and principal, and its reason stays the one it was created with. A folder
// grant whose granted_by is someone else — made under a former owner's
// rules before a transfer (grants are untouched by one:
// docs/design.md#trace-transfer-when-someone-leaves), or
// raised to write since by someone else's share — is left alone as well.
// The limit of one row: the owner sharing a document directly at the
// permission a folder grant already gives changes nothing (GrantInTx keeps the
// row and its reason), so that grant still goes when the rules stop
// justifying it.

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// FolderShare is a standing rule: the owner's documents in (Space, Path) and
// beneath it are shared with Principal at Permission. Path "" is the whole
// space.
type FolderShare struct {
	ID         uuid.UUID
	OwnerID    uuid.UUID
	Space      document.Space
	Path       string
	Principal  Principal
	Permission Permission
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func folderShareFromRow(r db.FolderShare) FolderShare {
	return FolderShare{
		ID: r.ID, OwnerID: r.OwnerID, Space: spaceFromDB(r.Space), Path: r.Path,
		Principal:  Principal{Type: principalTypeFromDB(r.PrincipalType), ID: r.PrincipalID},
		Permission: permissionFromDB(r.Permission), CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}
}

// FolderService makes, lists and deletes the acting user's folder rules.
type FolderService struct{ pool *pgxpool.Pool }

// NewFolderService returns a FolderService over pool.
func NewFolderService(pool *pgxpool.Pool) *FolderService { return &FolderService{pool: pool} }

var errFolderShareNotFound = fault.New(fault.NotFound, "You have no folder share with that id.")

// Share makes the acting user's standing rule for (space, path, p) with
// perm, or changes the permission of the one that exists, and in the same
// transaction brings the grants of every document the rule reaches in line
// with the actor's rules (see the package notes on "justified"):
//
//   - every live (draft, active or archived; never a tombstone) document the
//     actor owns in the folder and beneath it — path equal to path or
//     starting with path + "/"; "" is the whole space — that is not
//     quarantined gets a grant (reason folder, one new batch id, granted_by
//     the actor) or has a read grant raised to write. Each document row is
//     locked FOR UPDATE and its quarantined_at re-checked on the locked row,
//     so nothing lands on a document being quarantined.
//   - lowering a rule from write to read lowers to read only folder grants
//     on documents in the folder that no other rule of the actor for p still
//     justifies at write; other grants are left as they are.
//
// Running Share again with the same arguments changes nothing and grants
// nothing (it re-applies the rule, filling any gap). The recipients are
// told once for the batch (one access.granted notification each, counting
// the documents): the user, the active members of a group, nobody for
// Everyone. It returns the rule and how many documents were granted or
// raised to write by this call.
//
// Errors: UNAUTHENTICATED for nobody, FORBIDDEN for management (and for an
// agent the actor does not answer for); BAD_USER_INPUT on space, path,
// permission, or principal (an unknown principal type, the actor
// themselves, management, a deactivated person or deleted agent); NOT_FOUND
// on principal for a user or group that does not exist.
func (s *FolderService) Share(ctx context.Context, space document.Space, path string, p Principal, perm Permission) (*FolderShare, int, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, 0, err
	}
	if space, err = document.ParseSpace("space", string(space)); err != nil {
		return nil, 0, err
	}
	if path, err = document.NormalizePath(path); err != nil {
		return nil, 0, err
	}
	if perm != PermissionRead && perm != PermissionWrite {
		return nil, 0, fault.Input("permission", "The permission must be read or write.")
	}
	var out FolderShare
	granted := 0
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if err := checkPrincipal(ctx, tx, actor.UserID, p); err != nil {
			return err
		}
		if err := db.LockXact(ctx, tx, db.LockFolderShares.Of(actor.UserID.String())); err != nil {
			return err
		}
		key := db.FolderShareGetForUpdateParams{OwnerID: actor.UserID, Space: dbSpace(space), Path: path, PrincipalType: dbPrincipalType(p.Type), PrincipalID: p.ID}
		rule, err := db.Q.FolderShareGetForUpdate(ctx, tx, key)
		lowered := false
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			rule, err = db.Q.FolderShareInsert(ctx, tx, db.FolderShareInsertParams{
				ID: uuid.Must(uuid.NewV7()), OwnerID: actor.UserID, Space: dbSpace(space), Path: path,
				PrincipalType: dbPrincipalType(p.Type), PrincipalID: p.ID, Permission: dbPermission(perm),
			})
			if err != nil {
				return err // no row: impossible while the owner lock is held
			}
		case err != nil:
			return err
		case permissionFromDB(rule.Permission) != perm:
			lowered = perm == PermissionRead
			if rule, err = db.Q.FolderShareSetPermission(ctx, tx, db.FolderShareSetPermissionParams{ID: rule.ID, Permission: dbPermission(perm)}); err != nil {
				return err
			}
		}
		out = folderShareFromRow(rule)

		batch := uuid.Must(uuid.NewV7())
		docs, err := db.Q.DocumentLockFolderScope(ctx, tx, db.DocumentLockFolderScopeParams{
			// Only a lowered rule can lower a grant, on a tombstone too; a
			// rule that did not go down needs only the live documents.
			OwnerID: actor.UserID, Space: dbSpace(space), Path: path, IncludeLive: true, IncludeHeld: lowered,
			PrincipalType: dbPrincipalType(p.Type), PrincipalID: p.ID,
		})
		if err != nil {
			return err
		}
		changes, err := applyRule(ctx, tx, docs, p, actor.UserID, batch)
		if err != nil {
			return err
		}
		for _, c := range changes {
			if c.granted() {
				granted++
			}
		}
		return notifyChanges(ctx, tx, actor.UserID, batch, changes, &out)
	})
	if err != nil {
		return nil, 0, err
	}
	return &out, granted, nil
}

// Unshare deletes the acting user's rule id and revokes the folder grants
// (to the rule's principal, on the actor's documents in its folder and
// beneath it, tombstones included) that no other standing rule of the actor
// — on the same folder or a folder above it, for the same principal —
// still justifies; a folder write grant still justified only at read is
// lowered to read. Grants of any other reason (direct, link_suggestion,
// bulk_tag, …) are never touched. Each revocation is an access_events
// "revoked" row (reason folder, one new batch id, actor the owner) with its
// access.revoked outbox event; those who lost access are told once for the
// batch (access.revoked: the user, a group's active members, nobody for
// Everyone), and a lowering tells nobody. It returns how many grants were
// revoked.
//
// Errors: UNAUTHENTICATED, FORBIDDEN (management); NOT_FOUND when id is not
// one of the actor's rules.
func (s *FolderService) Unshare(ctx context.Context, id uuid.UUID) (int, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return 0, err
	}
	revoked := 0
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if err := db.LockXact(ctx, tx, db.LockFolderShares.Of(actor.UserID.String())); err != nil {
			return err
		}
		rule, err := db.Q.FolderShareDelete(ctx, tx, db.FolderShareDeleteParams{ID: id, OwnerID: actor.UserID})
		if errors.Is(err, pgx.ErrNoRows) {
			return errFolderShareNotFound
		} else if err != nil {
			return err
		}
		p := Principal{Type: principalTypeFromDB(rule.PrincipalType), ID: rule.PrincipalID}
		docs, err := db.Q.DocumentLockFolderScope(ctx, tx, db.DocumentLockFolderScopeParams{
			OwnerID: actor.UserID, Space: rule.Space, Path: rule.Path, IncludeLive: false, IncludeHeld: true, PrincipalType: dbPrincipalType(p.Type), PrincipalID: p.ID,
		})
		if err != nil {
			return err
		}
		batch := uuid.Must(uuid.NewV7())
		changes, err := applyRule(ctx, tx, docs, p, actor.UserID, batch)
		if err != nil {
			return err
		}
		for _, c := range changes {
			if c.change == folderRevoked {
				revoked++
			}
		}
		return notifyChanges(ctx, tx, actor.UserID, batch, changes, nil)
	})
	return revoked, err
}

// List returns the acting user's rules, of one space when space is not nil,
// by space, path and principal. Errors: UNAUTHENTICATED, FORBIDDEN
// (management); BAD_USER_INPUT on space.
func (s *FolderService) List(ctx context.Context, space *document.Space) ([]FolderShare, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if space != nil {
		sp, err := document.ParseSpace("space", string(*space))
		if err != nil {
			return nil, err
		}
		space = &sp
	}
	rows, err := db.Q.FolderShareList(ctx, s.pool, db.FolderShareListParams{OwnerID: actor.UserID, Space: dbSpacePtr(space)})
	if err != nil {
		return nil, err
	}
	out := make([]FolderShare, len(rows))
	for i, r := range rows {
		out[i] = folderShareFromRow(r)
	}
	return out, nil
}

// user must be an active person, or a live agent the actor answers for, and
// not the actor; a group must exist.
func checkPrincipal(ctx context.Context, q db.DBTX, actor uuid.UUID, p Principal) error {
	switch p.Type {
	case PrincipalUser:
		if p.ID == actor {
			return fault.Input("principal", "These are your own documents: you can read them already.")
		}
		u, err := db.Q.UserCheckRecipient(ctx, q, db.UserCheckRecipientParams{ID: p.ID, ActorID: actor})
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Code: fault.NotFound, Field: "principal", Message: "No person or agent has that id."}
		} else if err != nil {
			return err
		}
		switch {
		case u.Kind == string(auth.KindManagement):
			return fault.Input("principal", "Nothing can be shared with management.")
		case u.Kind == string(auth.KindAgent) && !u.LiveAgent:
			return fault.Input("principal", "That agent was deleted.")
		case u.Kind == string(auth.KindAgent) && !u.Responsible:
			return fault.New(fault.Forbidden, "Only the people who answer for an agent may share with it.")
		case !u.IsActive:
			return fault.Input("principal", "That person has been deactivated.")
		}
		return nil
	case PrincipalGroup:
		ok, err := db.Q.GroupExists(ctx, q, p.ID)
		if err != nil {
			return err
		}
		if !ok {
			return &fault.Error{Code: fault.NotFound, Field: "principal", Message: "No group has that id."}
		}
		return nil
	}
	return fault.Input("principal", "A share is with a user or a group.")
}
