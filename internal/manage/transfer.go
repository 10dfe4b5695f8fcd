package manage

import (
	"bytes"
	"context"
	"errors"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/outbox"
)

// Transfer is what handing someone's documents and automations to someone
// else did.
type Transfer struct {
	ID               uuid.UUID   // document_owner_changes.transfer_id, shared by every document moved
	FromUserID       uuid.UUID   // who owned them
	ToUserID         uuid.UUID   // who owns them now
	DocumentIDs      []uuid.UUID // every document moved, live and trashed, in id order
	TrashedDocuments int         // how many of DocumentIDs are in the trash
	AutomationIDs    []uuid.UUID // every automation moved (now disabled)
}

// Transfer hands everything fromUserID owned to toUserID, when someone
// leaves (docs/design.md#trace-transfer-when-someone-leaves), in one
// transaction: every document they
// own, live and trashed (quarantined ones too), gets created_by = to — its
// version, updated_at, grants and revisions do not change — with a
// document_owner_changes row each (one transfer_id for all) and a
// document.transferred outbox event each; every automation they own gets
// owner_id = to and enabled = false, for the new owner to review before it
// runs again; the new owner gets one documents.transferred notification
// (with the counts; none when nothing moved); user.transfer is audited with
// target_user_id = from. fromUserID need not be deactivated first (the
// trace deactivates first); their folder shares and sessions are left alone.
//
// Errors: BAD_USER_INPUT on toUserId when it equals fromUserId, or is not
// an active person; NOT_FOUND on fromUserId or toUserId for an unknown user
// (management is never one).
func (s *Service) Transfer(ctx context.Context, fromUserID, toUserID uuid.UUID) (*Transfer, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, err
	}
	if fromUserID == toUserID {
		return nil, fault.Input("toUserId", "Choose someone other than the person whose documents are handed over.")
	}
	var out *Transfer
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		from, err := db.Q.UserLockForTransfer(ctx, tx, fromUserID)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && from.Kind == string(auth.KindManagement)) {
			return &fault.Error{Code: fault.NotFound, Field: "fromUserId", Message: "No person or agent has that id."}
		} else if err != nil {
			return err
		}
		to, err := db.Q.UserLockForTransfer(ctx, tx, toUserID)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && to.Kind == string(auth.KindManagement)) {
			return &fault.Error{Code: fault.NotFound, Field: "toUserId", Message: "No person has that id."}
		} else if err != nil {
			return err
		}
		if to.Kind != string(auth.KindPerson) || !to.IsActive {
			return fault.Input("toUserId", "Documents can be handed only to an active person.")
		}

		t := &Transfer{ID: uuid.Must(uuid.NewV7()), FromUserID: fromUserID, ToUserID: toUserID}
		docs, err := db.Q.DocumentTransfer(ctx, tx, db.DocumentTransferParams{FromUser: fromUserID, ToUser: toUserID})
		if err != nil {
			return err
		}
		changeIDs := make([]uuid.UUID, len(docs))
		t.DocumentIDs = make([]uuid.UUID, len(docs))
		for i, d := range docs {
			changeIDs[i] = uuid.Must(uuid.NewV7())
			t.DocumentIDs[i] = d.ID
			if d.DeletedAt != nil {
				t.TrashedDocuments++
			}
		}
		slices.SortFunc(t.DocumentIDs, func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) })
		if len(docs) > 0 {
			if err := db.Q.DocumentOwnerChangeCreate(ctx, tx, db.DocumentOwnerChangeCreateParams{
				Ids: changeIDs, DocumentIds: t.DocumentIDs, FromUser: &fromUserID, ToUser: &toUserID, TransferID: t.ID,
			}); err != nil {
				return err
			}
		}
		mgmt := managementID()
		for _, id := range t.DocumentIDs {
			if _, err := outbox.WriteInTx(ctx, tx, outbox.Event{
				Type: "document.transferred", SubjectType: "document", SubjectID: &id, DocumentID: &id, ActorID: mgmt,
				Payload: map[string]any{"fromUserId": fromUserID, "toUserId": toUserID, "transferId": t.ID},
			}); err != nil {
				return err
			}
		}
		if t.AutomationIDs, err = db.Q.AutomationTransfer(ctx, tx, db.AutomationTransferParams{FromUser: fromUserID, ToUser: toUserID}); err != nil {
			return err
		}
		if len(t.DocumentIDs) > 0 || len(t.AutomationIDs) > 0 {
			if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
				RecipientID: toUserID, ActorID: mgmt, Type: inbox.TypeDocumentsTransferred,
				SubjectType: "user", SubjectID: &fromUserID,
				Payload: map[string]any{
					"count": len(t.DocumentIDs), "trashed": t.TrashedDocuments, "automations": len(t.AutomationIDs),
					"fromUserId": fromUserID, "fromName": from.Name, "transferId": t.ID,
				},
			}); err != nil {
				return err
			}
		}
		out = t
		return audit.WriteInTx(ctx, tx, audit.Entry{
			Action: "user.transfer", TargetUser: &fromUserID,
			Details: map[string]any{
				"to_user_id": toUserID, "transfer_id": t.ID, "documents": len(t.DocumentIDs),
				"trashed_documents": t.TrashedDocuments, "automations": len(t.AutomationIDs),
			},
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
