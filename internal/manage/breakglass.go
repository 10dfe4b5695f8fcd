package manage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/access"
	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// MetadataOwner is who owns a document, as management sees them.
type MetadataOwner struct {
	ID     uuid.UUID
	Name   string
	Email  string
	Kind   auth.Kind
	Active bool
}

// MetadataGrant is one grant on a document, as management sees it.
type MetadataGrant struct {
	ID            uuid.UUID
	PrincipalType access.PrincipalType
	PrincipalID   uuid.UUID
	Label         string // a person's email, agent:<slug> or group:<slug>
	Name          string // the person's, agent's or group's name
	Permission    access.Permission
	Reason        string // grant_reason
	GrantedBy     *uuid.UUID
	GrantedByName string
	BatchID       *uuid.UUID
	CreatedAt     time.Time
}

// MetadataQuarantine is a document's open quarantine.
type MetadataQuarantine struct {
	ID            uuid.UUID
	Reason        string // management's own words
	QuarantinedAt time.Time
	SavedGrants   []SavedGrant // the grants a release with restoreSharing would give back
}

// DocumentMetadata is what management may know of a document for
// break-glass: who owns it, its space, status and dates, how many versions
// it has, and whom it is shared with. It has no field for the title, the
// address (path and slug), the body, the tags, the revisions or the
// attachments, and nothing that fills it reads them.
type DocumentMetadata struct {
	ID            uuid.UUID
	Owner         MetadataOwner
	Space         document.Space
	Status        document.Status
	Version       int   // the current version number
	Revisions     int64 // how many revisions are kept
	CreatedAt     time.Time
	UpdatedAt     time.Time
	DeletedAt     *time.Time // in the trash since
	PurgeAfter    *time.Time // purged from the trash after
	QuarantinedAt *time.Time
	Quarantine    *MetadataQuarantine // the open quarantine, when quarantined
	Grants        []MetadataGrant     // oldest first; empty while quarantined
}

// DocumentMetadata reads a document's metadata for break-glass — never its
// title, address, body, tags, revisions or attachments. The read is not a
// change, but it is recorded in the audit (document.metadata_read, with the
// document as target) in the same transaction: looking at who owns a
// document and whom it is shared with is exactly what an audit of
// break-glass should show.
//
// Errors: NOT_FOUND on documentId for an unknown document (nothing is
// audited then).
func (s *Service) DocumentMetadata(ctx context.Context, documentID uuid.UUID) (*DocumentMetadata, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, err
	}
	var out *DocumentMetadata
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		d, err := db.Q.DocumentGetMetadata(ctx, tx, documentID)
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Code: fault.NotFound, Field: "documentId", Message: "No document has that id."}
		} else if err != nil {
			return err
		}
		m := &DocumentMetadata{
			ID: d.ID, Space: document.Space(d.Space), Status: document.Status(d.Status), Version: int(d.Version), Revisions: d.Revisions,
			Owner:     MetadataOwner{ID: d.CreatedBy, Name: d.OwnerName, Email: d.OwnerEmail, Kind: auth.Kind(d.OwnerKind), Active: d.OwnerActive},
			CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt, DeletedAt: d.DeletedAt, PurgeAfter: d.PurgeAfter, QuarantinedAt: d.QuarantinedAt,
			Grants: []MetadataGrant{},
		}
		if d.QuarantinedAt != nil {
			qr, err := db.Q.DocumentQuarantineGetOpenForUpdate(ctx, tx, documentID)
			if err == nil {
				mq := &MetadataQuarantine{ID: qr.ID, Reason: qr.Reason, QuarantinedAt: qr.QuarantinedAt}
				if err := json.Unmarshal(qr.SavedGrants, &mq.SavedGrants); err != nil {
					return fmt.Errorf("manage: quarantine %s saved_grants: %w", qr.ID, err)
				}
				m.Quarantine = mq
			} else if !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
		}
		rows, err := db.Q.DocumentAccessListForManagement(ctx, tx, documentID)
		if err != nil {
			return err
		}
		for _, r := range rows {
			g := MetadataGrant{
				ID: r.ID, PrincipalType: access.PrincipalType(r.PrincipalType), PrincipalID: r.PrincipalID, Name: r.PrincipalName,
				Permission: access.Permission(r.Permission), Reason: r.GrantReason, GrantedBy: r.GrantedBy, GrantedByName: r.GrantedByName,
				BatchID: r.BatchID, CreatedAt: r.CreatedAt,
			}
			switch {
			case r.PrincipalType == db.PrincipalTypeGroup:
				g.Label = "group:" + r.GroupSlug
			case r.AgentSlug != "":
				g.Label = "agent:" + r.AgentSlug
			default:
				g.Label = r.UserEmail
			}
			m.Grants = append(m.Grants, g)
		}
		out = m
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "document.metadata_read", TargetDocument: &documentID})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
