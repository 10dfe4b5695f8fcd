package manage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/access"
	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/outbox"
)

// Grant reasons management writes in access_events (never in document_access).
const (
	reasonQuarantine = "quarantine" // taken away by a quarantine
	reasonRelease    = "release"    // given back by a release
	reasonManagement = "management" // taken away by TakeAwayShare
)

// The outbox events a quarantine and a release write about their document
// (subject and document_id the document), whatever grants it had.
const (
	EventDocumentQuarantined = "document.quarantined"
	EventDocumentReleased    = "document.released"
)

// maxReasonLength caps the reason management gives (shown to the owner).
const maxReasonLength = 2000

// SavedGrant is a grant a quarantine moved aside, as it stood: the element of
// document_quarantines.saved_grants (the JSON keys are the column names).
type SavedGrant struct {
	ID            uuid.UUID            `json:"id"`
	PrincipalType access.PrincipalType `json:"principal_type"`
	PrincipalID   uuid.UUID            `json:"principal_id"`
	Permission    access.Permission    `json:"permission"`
	GrantedBy     *uuid.UUID           `json:"granted_by"`
	GrantReason   string               `json:"grant_reason"`
	BatchID       *uuid.UUID           `json:"batch_id"`
	CreatedAt     time.Time            `json:"created_at"`
}

// Principal returns whom the grant is to.
func (g SavedGrant) Principal() access.Principal {
	return access.Principal{Type: g.PrincipalType, ID: g.PrincipalID}
}

// Quarantine is a document held out of circulation by management.
type Quarantine struct {
	ID            uuid.UUID
	DocumentID    uuid.UUID
	OwnerID       uuid.UUID
	Reason        string
	QuarantinedAt time.Time
	SavedGrants   []SavedGrant // the grants taken away, kept for a release
}

// Why a saved grant is not given back (UnrestoredGrant.Why).
const (
	NotRestoredPersonDeactivated = "person_deactivated" // the person was deactivated meanwhile
	NotRestoredAgentDeleted      = "agent_deleted"      // the agent was deleted meanwhile
	NotRestoredGroupDeleted      = "group_deleted"      // the group was deleted meanwhile
	NotRestoredUserDeleted       = "user_deleted"       // the user row is gone
	NotRestoredAlreadyGranted    = "already_granted"    // the principal already has a grant on the document
)

// UnrestoredGrant is a saved grant a release did not give back, and why.
type UnrestoredGrant struct {
	SavedGrant
	Why string // one of the NotRestored… constants
}

// Release is what releasing a quarantined document did.
type Release struct {
	QuarantineID    uuid.UUID
	DocumentID      uuid.UUID
	OwnerID         uuid.UUID
	ReleasedAt      time.Time
	RestoredSharing bool              // whether the release was asked to give the saved grants back
	Restored        []SavedGrant      // the grants given back, as they were
	NotRestored     []UnrestoredGrant // with RestoredSharing, the saved grants not given back
}

// lockDocument locks a document row FOR UPDATE (before anything else, so
// a share or the folder-share applier in flight is ordered around us).
// Errors: NOT_FOUND.
func lockDocument(ctx context.Context, q db.DBTX, documentID uuid.UUID) (db.DocumentLockForQuarantineRow, error) {
	d, err := db.Q.DocumentLockForQuarantine(ctx, q, documentID)
	if errors.Is(err, pgx.ErrNoRows) {
		return d, &fault.Error{Code: fault.NotFound, Field: "documentId", Message: "No document has that id."}
	}
	return d, err
}

// Quarantine holds a document out of circulation
// (docs/design.md#trace-quarantine-and-release).
// In one transaction it locks the document row and sets quarantined_at
// (first, so it holds the row's lock), moves every grant into a new
// document_quarantines row's saved_grants and deletes it with access.RevokeInTx
// (an access_events "revoked" row with grant_reason quarantine, and an
// access.revoked outbox event per grant — the trace counts one event; one per
// grant is what RevokeInTx writes, and each names the grant it took away),
// writes a document.quarantined outbox event (so a page with no grants is
// seen too), notifies the owner (document.quarantined, with the reason) and records
// document.quarantine in the audit with the document as target. Afterwards
// only the owner can see the document and nobody can share it. A trashed
// document may be quarantined too.
//
// Errors: BAD_USER_INPUT on reason when it is empty (or over 2,000
// characters); NOT_FOUND on documentId for an unknown document; CONFLICT on
// documentId when it is already quarantined.
func (s *Service) Quarantine(ctx context.Context, documentID uuid.UUID, reason string) (*Quarantine, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, err
	}
	reason = strings.TrimSpace(reason)
	if reason == "" || len([]rune(reason)) > maxReasonLength {
		return nil, fault.Input("reason", "Give the reason for the quarantine, in at most %d characters: the owner reads it.", maxReasonLength)
	}
	var out *Quarantine
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		d, err := lockDocument(ctx, tx, documentID)
		if err != nil {
			return err
		}
		if d.QuarantinedAt != nil {
			return fault.Conflicting("documentId", "That document is already quarantined.")
		}
		if _, err := db.Q.DocumentSetQuarantined(ctx, tx, db.DocumentSetQuarantinedParams{Quarantined: true, ID: documentID}); err != nil {
			return err
		}
		rows, err := db.Q.DocumentAccessListForUpdate(ctx, tx, documentID)
		if err != nil {
			return err
		}
		saved := make([]SavedGrant, len(rows))
		for i, r := range rows {
			saved[i] = SavedGrant{
				ID: r.ID, PrincipalType: access.PrincipalType(r.PrincipalType), PrincipalID: r.PrincipalID, Permission: access.Permission(r.Permission),
				GrantedBy: r.GrantedBy, GrantReason: r.GrantReason, BatchID: r.BatchID, CreatedAt: r.CreatedAt,
			}
		}
		raw, err := json.Marshal(saved)
		if err != nil {
			return err
		}
		qr, err := db.Q.DocumentQuarantineCreate(ctx, tx, db.DocumentQuarantineCreateParams{
			ID: uuid.Must(uuid.NewV7()), DocumentID: documentID, Reason: reason, SavedGrants: raw,
		})
		if err != nil {
			return err
		}
		mgmt := managementID()
		for _, g := range saved {
			if _, err := access.RevokeInTx(ctx, tx, documentID, g.Principal(), mgmt, reasonQuarantine, nil); err != nil {
				return err
			}
		}
		// The document's own event, grants or none: derived views that
		// hold it (the search index) take it out.
		if _, err := outbox.WriteInTx(ctx, tx, outbox.Event{
			Type: EventDocumentQuarantined, SubjectType: "document", SubjectID: &documentID, DocumentID: &documentID, ActorID: mgmt,
			Payload: map[string]any{"quarantineId": qr.ID},
		}); err != nil {
			return err
		}
		if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
			RecipientID: d.CreatedBy, ActorID: mgmt, Type: inbox.TypeDocumentQuarantined,
			SubjectType: "document", SubjectID: &documentID,
			Payload: map[string]any{"documentId": documentID, "reason": reason, "quarantineId": qr.ID, "grantsRemoved": len(saved)},
		}); err != nil {
			return err
		}
		out = &Quarantine{
			ID: qr.ID, DocumentID: documentID, OwnerID: d.CreatedBy, Reason: reason,
			QuarantinedAt: qr.QuarantinedAt, SavedGrants: saved,
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{
			Action: "document.quarantine", TargetDocument: &documentID,
			Details: map[string]any{"quarantine_id": qr.ID, "reason": reason, "grants_removed": len(saved), "owner_id": d.CreatedBy},
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Release ends a document's quarantine: quarantined_at is cleared and the
// quarantine row gets released_at and restored_sharing. With restoreSharing
// the saved grants are given back as they were — id, granted_by,
// grant_reason, batch_id and created_at included — each with an
// access_events "granted" row (grant_reason release, the grant's batch) and
// an access.granted outbox event (reason release); grants to people since
// deactivated, agents since deleted and groups since deleted are not, and
// are reported in NotRestored; a document.released outbox event is written
// either way. Without it the document stays shared with
// nobody and the saved grants stay in the quarantine row. The owner is
// notified (document.released) and document.release is audited with the
// document as target.
//
// Errors: NOT_FOUND on documentId for an unknown document; CONFLICT on
// documentId when it is not quarantined.
func (s *Service) Release(ctx context.Context, documentID uuid.UUID, restoreSharing bool) (*Release, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, err
	}
	var out *Release
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		d, err := lockDocument(ctx, tx, documentID)
		if err != nil {
			return err
		}
		if d.QuarantinedAt == nil {
			return fault.Conflicting("documentId", "That document is not quarantined.")
		}
		qr, err := db.Q.DocumentQuarantineGetOpenForUpdate(ctx, tx, documentID)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("manage: document %s is quarantined without an open quarantine row", documentID)
		} else if err != nil {
			return err
		}
		if _, err := db.Q.DocumentSetQuarantined(ctx, tx, db.DocumentSetQuarantinedParams{Quarantined: false, ID: documentID}); err != nil {
			return err
		}
		out = &Release{QuarantineID: qr.ID, DocumentID: documentID, OwnerID: d.CreatedBy, RestoredSharing: restoreSharing}
		if restoreSharing {
			var saved []SavedGrant
			if err := json.Unmarshal(qr.SavedGrants, &saved); err != nil {
				return fmt.Errorf("manage: quarantine %s saved_grants: %w", qr.ID, err)
			}
			for _, g := range saved {
				why, err := restoreGrant(ctx, tx, documentID, g)
				if err != nil {
					return err
				}
				if why != "" {
					out.NotRestored = append(out.NotRestored, UnrestoredGrant{SavedGrant: g, Why: why})
				} else {
					out.Restored = append(out.Restored, g)
				}
			}
		}
		closed, err := db.Q.DocumentQuarantineClose(ctx, tx, db.DocumentQuarantineCloseParams{ID: qr.ID, RestoredSharing: &restoreSharing})
		if err != nil {
			return err
		}
		out.ReleasedAt = *closed.ReleasedAt
		mgmt := managementID()
		if _, err := outbox.WriteInTx(ctx, tx, outbox.Event{
			Type: EventDocumentReleased, SubjectType: "document", SubjectID: &documentID, DocumentID: &documentID, ActorID: mgmt,
			Payload: map[string]any{"quarantineId": qr.ID, "restoredSharing": restoreSharing},
		}); err != nil {
			return err
		}
		if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
			RecipientID: d.CreatedBy, ActorID: mgmt, Type: inbox.TypeDocumentReleased,
			SubjectType: "document", SubjectID: &documentID,
			Payload: map[string]any{
				"documentId": documentID, "quarantineId": qr.ID, "restoredSharing": restoreSharing,
				"grantsRestored": len(out.Restored), "grantsNotRestored": len(out.NotRestored),
			},
		}); err != nil {
			return err
		}
		notRestored := make([]map[string]any, len(out.NotRestored))
		for i, g := range out.NotRestored {
			notRestored[i] = map[string]any{"principal_type": g.PrincipalType, "principal_id": g.PrincipalID, "why": g.Why}
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{
			Action: "document.release", TargetDocument: &documentID,
			Details: map[string]any{
				"quarantine_id": qr.ID, "restored_sharing": restoreSharing,
				"grants_restored": len(out.Restored), "not_restored": notRestored,
			},
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// restoreGrant gives one saved grant back as it was, with its
// access_events row and access.granted event, and returns "" — or, without
// writing anything, why it may not be given back.
func restoreGrant(ctx context.Context, tx db.DBTX, documentID uuid.UUID, g SavedGrant) (string, error) {
	why, err := db.Q.UserCheckPrincipalGone(ctx, tx, db.UserCheckPrincipalGoneParams{PrincipalType: db.PrincipalType(g.PrincipalType), PrincipalID: g.PrincipalID})
	if err != nil || why != "" {
		return why, err
	}
	id := g.ID
	if id == uuid.Nil {
		id = uuid.Must(uuid.NewV7())
	}
	row, err := db.Q.DocumentAccessRestore(ctx, tx, db.DocumentAccessRestoreParams{
		ID: id, DocumentID: documentID, PrincipalType: db.PrincipalType(g.PrincipalType), PrincipalID: g.PrincipalID, Permission: db.Permission(g.Permission),
		GrantedBy: g.GrantedBy, GrantReason: g.GrantReason, BatchID: g.BatchID, CreatedAt: g.CreatedAt,
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return NotRestoredAlreadyGranted, nil
	} else if err != nil {
		return "", err
	}
	mgmt := managementID()
	reason := reasonRelease
	if err := db.Q.AccessEventCreate(ctx, tx, db.AccessEventCreateParams{
		ID: uuid.Must(uuid.NewV7()), DocumentID: documentID, PrincipalType: row.PrincipalType, PrincipalID: row.PrincipalID,
		Permission: &row.Permission, Action: "granted", ActorID: mgmt, GrantReason: &reason, BatchID: row.BatchID,
	}); err != nil {
		return "", err
	}
	_, err = outbox.WriteInTx(ctx, tx, outbox.Event{
		Type: "access.granted", SubjectType: "access", SubjectID: &row.ID, DocumentID: &documentID, ActorID: mgmt,
		Payload: map[string]any{
			"principalType": row.PrincipalType, "principalId": row.PrincipalID, "permission": row.Permission,
			"reason": reasonRelease, "grantReason": row.GrantReason, "batchId": row.BatchID,
		},
	})
	return "", err
}

// TakeAwayShare revokes one grant on a document (break-glass): an
// access_events "revoked" row with grant_reason management and an
// access.revoked outbox event (access.RevokeInTx), a document.access_revoked
// notification to the owner, and document.unshare in the audit with the
// document as target. The document row is locked first, as a share does.
//
// Errors: BAD_USER_INPUT on principal for a type that is neither user nor
// group; NOT_FOUND on documentId for an unknown document, and on principal
// when the principal has no grant on it.
func (s *Service) TakeAwayShare(ctx context.Context, documentID uuid.UUID, principal access.Principal) error {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return err
	}
	if principal.Type != access.PrincipalUser && principal.Type != access.PrincipalGroup {
		return fault.Input("principal", "A grant is to a user or a group.")
	}
	return db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		d, err := lockDocument(ctx, tx, documentID)
		if err != nil {
			return err
		}
		cur, err := db.Q.DocumentAccessGetForUpdate(ctx, tx, db.DocumentAccessGetForUpdateParams{
			DocumentID: documentID, PrincipalType: db.PrincipalType(principal.Type), PrincipalID: principal.ID,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Code: fault.NotFound, Field: "principal", Message: "The document is not shared with them."}
		} else if err != nil {
			return err
		}
		mgmt := managementID()
		if _, err := access.RevokeInTx(ctx, tx, documentID, principal, mgmt, reasonManagement, nil); err != nil {
			return err
		}
		if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
			// The subject is the grant, so two shares taken away in a row
			// are two notifications (NotifyInTx coalesces by subject).
			RecipientID: d.CreatedBy, ActorID: mgmt, Type: inbox.TypeDocumentAccessRevoked,
			SubjectType: "access", SubjectID: &cur.ID,
			Payload: map[string]any{
				"documentId": documentID, "principalType": principal.Type, "principalId": principal.ID, "permission": cur.Permission,
			},
		}); err != nil {
			return err
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{
			Action: "document.unshare", TargetDocument: &documentID,
			Details: map[string]any{
				"principal_type": principal.Type, "principal_id": principal.ID, "permission": cur.Permission,
				"grant_reason": cur.GrantReason, "granted_by": cur.GrantedBy, "batch_id": cur.BatchID,
			},
		})
	})
}
