// Package audit writes management_audit rows: what management changed,
// how it acted (by the CLI on the host or a manage token, from the actor
// in ctx) and in which request. It sits below every service that records
// management's changes — manage, automation (management disabling an
// automation), the CLI's transfer commands — so none of them imports
// another to write one. Management reads the rows back through
// manage.Service.Audit.
package audit

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/request"
)

// Entry is one change management made.
type Entry struct {
	Action         string // what was done, like "user.create" or "automation.disable"
	TargetUser     *uuid.UUID
	TargetDocument *uuid.UUID
	TargetGroup    *uuid.UUID
	Details        map[string]any // ids and names only, never content; nil is {}
}

// How management acted (management_audit.via).
const (
	viaCLI   = "cli"   // codna manage on the host
	viaToken = "token" // a manage token
)

// WriteInTx writes e's management_audit row in q — the transaction of the
// change it records, so the row commits or rolls back with it: via and
// the manage token from the management actor in ctx, the request id from
// the request in ctx. Errors: UNAUTHENTICATED for nobody; FORBIDDEN unless
// ctx acts as management; the database's.
func WriteInTx(ctx context.Context, q db.DBTX, e Entry) error {
	actor, err := auth.RequireManagement(ctx)
	if err != nil {
		return err
	}
	details, err := json.Marshal(e.Details)
	if err != nil {
		return err
	}
	if e.Details == nil {
		details = []byte("{}")
	}
	via := viaToken
	var tokenID *uuid.UUID
	if actor.Via == auth.ViaCLI {
		via = viaCLI
	} else if actor.TokenID != uuid.Nil {
		tokenID = &actor.TokenID
	}
	var reqID *string
	if id := request.ID(ctx); id != "" {
		reqID = &id
	}
	return db.Q.ManagementAuditInsert(ctx, q, db.ManagementAuditInsertParams{
		ID: uuid.Must(uuid.NewV7()), Action: e.Action, Via: via, TokenID: tokenID,
		TargetUserID: e.TargetUser, TargetGroupID: e.TargetGroup, TargetDocumentID: e.TargetDocument, Details: details, RequestID: reqID,
	})
}

// viaSSO marks a row a single sign-on wrote itself: linking a person to
// their identity provider's subject (internal/sso), which is no actor's
// request but the sign-in's.
const viaSSO = "sso"

// WriteSSOInTx writes e's management_audit row in q, the transaction of a
// single sign-on that links or creates a person (via "sso", no token, the
// request id from ctx). It checks no actor: the sign-in is not yet anyone's
// and its caller, internal/sso, has verified the provider's token. Errors:
// the database's.
func WriteSSOInTx(ctx context.Context, q db.DBTX, e Entry) error {
	details := []byte("{}")
	if e.Details != nil {
		var err error
		if details, err = json.Marshal(e.Details); err != nil {
			return err
		}
	}
	var reqID *string
	if id := request.ID(ctx); id != "" {
		reqID = &id
	}
	return db.Q.ManagementAuditInsert(ctx, q, db.ManagementAuditInsertParams{
		ID: uuid.Must(uuid.NewV7()), Action: e.Action, Via: viaSSO,
		TargetUserID: e.TargetUser, TargetGroupID: e.TargetGroup, TargetDocumentID: e.TargetDocument, Details: details, RequestID: reqID,
	})
}
