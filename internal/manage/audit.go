package manage

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// AuditFilter narrows Audit; nil fields do not filter.
type AuditFilter struct {
	Action         *string    // exactly this action, e.g. "document.quarantine"
	TargetUser     *uuid.UUID // target_user_id
	TargetDocument *uuid.UUID // target_document_id
	Since          *time.Time // created at or after
	Until          *time.Time // created before
}

// AuditEntry is one management_audit row: what management did, through
// what, and to whom — never content.
type AuditEntry struct {
	ID               uuid.UUID
	Action           string
	Via              string     // "cli", "token" or "sso" (a single sign-on linking a person)
	TokenID          *uuid.UUID // the manage token, when Via is "token" (nil once the token is gone)
	TargetUserID     *uuid.UUID
	TargetGroupID    *uuid.UUID
	TargetDocumentID *uuid.UUID
	Details          map[string]any
	RequestID        *string
	CreatedAt        time.Time
}

// Audit pages through the management audit, newest first, after the entry
// with id after (exclusive; nil for the first page), filtered by f. limit
// is clamped to 1..100; the bool reports whether more entries follow.
// Errors: BAD_USER_INPUT on until when it is not after since.
func (s *Service) Audit(ctx context.Context, f AuditFilter, after *uuid.UUID, limit int) ([]AuditEntry, bool, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, false, err
	}
	limit = max(1, min(limit, 100))
	if f.Since != nil && f.Until != nil && !f.Until.After(*f.Since) {
		return nil, false, fault.Input("until", "The end of the period must come after its start.")
	}
	var action *string
	if f.Action != nil {
		if a := strings.TrimSpace(*f.Action); a != "" {
			action = &a
		}
	}
	rows, err := db.Q.ManagementAuditList(ctx, s.pool, db.ManagementAuditListParams{
		After: after, Action: action, TargetUser: f.TargetUser, TargetDocument: f.TargetDocument,
		Since: f.Since, Until: f.Until, RowLimit: int32(limit + 1),
	})
	if err != nil {
		return nil, false, err
	}
	more := len(rows) > limit
	if more {
		rows = rows[:limit]
	}
	out := make([]AuditEntry, len(rows))
	for i, r := range rows {
		details := map[string]any{}
		if len(r.Details) > 0 {
			if err := json.Unmarshal(r.Details, &details); err != nil || details == nil {
				details = map[string]any{}
			}
		}
		out[i] = AuditEntry{
			ID: r.ID, Action: r.Action, Via: r.Via, TokenID: r.TokenID, TargetUserID: r.TargetUserID,
			TargetGroupID: r.TargetGroupID, TargetDocumentID: r.TargetDocumentID, Details: details,
			RequestID: r.RequestID, CreatedAt: r.CreatedAt,
		}
	}
	return out, more, nil
}
