package audit_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/pgtest"
	"codna/internal/request"
)

// TestWriteRecordsHowManagementActed: a row says via cli for the CLI, via
// token with the token for a manage token, the request id, the targets
// and the details ({} for none); anyone but management writes nothing.
func TestWriteRecordsHowManagementActed(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	p := pgtest.CreatePerson(t, d.Pool)
	ctx := context.Background()

	require.NoError(t, audit.WriteInTx(auth.ManagementContext(ctx), d.Pool, audit.Entry{Action: "test.cli", TargetUser: &p.ID}))
	pgtest.CreateManageToken(t, d.Pool)
	var tokenID uuid.UUID
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT id FROM service_tokens`).Scan(&tokenID))
	byToken := auth.WithActor(request.With(ctx, &request.Info{ID: "req-7"}),
		&auth.Actor{UserID: auth.ManagementID, Kind: auth.KindManagement, Via: auth.ViaServiceToken, TokenID: tokenID})
	require.NoError(t, audit.WriteInTx(byToken, d.Pool, audit.Entry{Action: "test.token", Details: map[string]any{"n": 1}}))

	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM management_audit
		WHERE action = 'test.cli' AND via = 'cli' AND token_id IS NULL AND target_user_id = $1 AND details = '{}' AND request_id IS NULL`, p.ID))
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM management_audit
		WHERE action = 'test.token' AND via = 'token' AND token_id = $1 AND details = '{"n": 1}' AND request_id = 'req-7'`, tokenID))

	err := audit.WriteInTx(ctx, d.Pool, audit.Entry{Action: "test.nobody"})
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	err = audit.WriteInTx(pgtest.ActingAs(p), d.Pool, audit.Entry{Action: "test.person"})
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	require.Equal(t, 2, pgtest.Count(t, d.Pool, `SELECT count(*) FROM management_audit WHERE action LIKE 'test.%'`))
}
