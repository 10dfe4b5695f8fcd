package manage_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/manage"
	"codna/internal/pgtest"
)

func TestAuditFilters(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	start := time.Now().Add(-time.Minute)
	owner, dana, leaver := b.person(t), b.person(t), b.person(t)
	held, shared := b.doc(t, owner), b.doc(t, owner)
	b.grant(t, shared, pgtest.UserPrincipal(dana.ID), db.PermissionRead, owner.ID, access.Direct, nil)
	b.doc(t, leaver)

	tok, _, err := b.svc.CreateServiceToken(cli.in(ctx), "ops", nil)
	require.NoError(t, err)
	viaToken := caller{Via: "token", TokenID: tok.ID, RequestID: "req-1"}

	_, err = b.svc.Quarantine(viaToken.in(ctx), held, "reported")
	require.NoError(t, err)
	require.NoError(t, b.svc.TakeAwayShare(cli.in(ctx), shared, pgtest.UserPrincipal(dana.ID)))
	_, err = b.svc.SetPersonActive(cli.in(ctx), leaver.ID, false)
	require.NoError(t, err)
	_, err = b.svc.Transfer(cli.in(ctx), leaver.ID, owner.ID)
	require.NoError(t, err)
	_, err = b.svc.Release(cli.in(ctx), held, true)
	require.NoError(t, err)

	actions := func(es []manage.AuditEntry) []string {
		out := make([]string, len(es))
		for i, e := range es {
			out[i] = e.Action
		}
		return out
	}

	// Everything, newest first.
	all, more, err := b.svc.Audit(cli.in(ctx), manage.AuditFilter{}, nil, 50)
	require.NoError(t, err)
	require.False(t, more)
	require.Equal(t, []string{"document.release", "user.transfer", "user.deactivate", "document.unshare", "document.quarantine", "token.create"}, actions(all))

	// By action: the quarantine, through the token, with its request id.
	action := "document.quarantine"
	es, _, err := b.svc.Audit(cli.in(ctx), manage.AuditFilter{Action: &action}, nil, 50)
	require.NoError(t, err)
	require.Len(t, es, 1)
	require.Equal(t, "token", es[0].Via)
	require.Equal(t, tok.ID, *es[0].TokenID)
	require.Equal(t, "req-1", *es[0].RequestID)
	require.Equal(t, held, *es[0].TargetDocumentID)
	require.Equal(t, "reported", es[0].Details["reason"])

	// By document.
	es, _, err = b.svc.Audit(cli.in(ctx), manage.AuditFilter{TargetDocument: &held}, nil, 50)
	require.NoError(t, err)
	require.Equal(t, []string{"document.release", "document.quarantine"}, actions(es))
	es, _, err = b.svc.Audit(cli.in(ctx), manage.AuditFilter{TargetDocument: &shared}, nil, 50)
	require.NoError(t, err)
	require.Equal(t, []string{"document.unshare"}, actions(es))

	// By person.
	es, _, err = b.svc.Audit(cli.in(ctx), manage.AuditFilter{TargetUser: &leaver.ID}, nil, 50)
	require.NoError(t, err)
	require.Equal(t, []string{"user.transfer", "user.deactivate"}, actions(es))

	// By time.
	future, past := time.Now().Add(time.Hour), start
	es, _, err = b.svc.Audit(cli.in(ctx), manage.AuditFilter{Since: &future}, nil, 50)
	require.NoError(t, err)
	require.Empty(t, es)
	es, _, err = b.svc.Audit(cli.in(ctx), manage.AuditFilter{Until: &past}, nil, 50)
	require.NoError(t, err)
	require.Empty(t, es)
	es, _, err = b.svc.Audit(cli.in(ctx), manage.AuditFilter{Since: &past, Until: &future, TargetUser: &leaver.ID}, nil, 50)
	require.NoError(t, err)
	require.Len(t, es, 2)
	_, _, err = b.svc.Audit(cli.in(ctx), manage.AuditFilter{Since: &future, Until: &past}, nil, 50)
	pgtest.RequireCode(t, err, fault.BadInput, "until")

	// Paging.
	var got []string
	var after *uuid.UUID
	for {
		page, more, err := b.svc.Audit(cli.in(ctx), manage.AuditFilter{}, after, 4)
		require.NoError(t, err)
		require.LessOrEqual(t, len(page), 4)
		got = append(got, actions(page)...)
		if !more {
			break
		}
		after = &page[len(page)-1].ID
	}
	require.Equal(t, actions(all), got)
	page, more, err := b.svc.Audit(cli.in(ctx), manage.AuditFilter{}, nil, 0) // clamped to 1
	require.NoError(t, err)
	require.True(t, more)
	require.Len(t, page, 1)
}
