package manage_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// automation inserts an enabled event automation owned by owner.
func (b *opsBundle) automation(t *testing.T, owner uuid.UUID) uuid.UUID {
	t.Helper()
	id := uuid.Must(uuid.NewV7())
	pgtest.Exec(t, b.pool, `INSERT INTO automations (id, name, kind, trigger_events, script, script_hash, owner_id)
		VALUES ($1, 'tag runbooks', 'event', '{document.created}', 'export default () => {}', '\x00', $2)`, id, owner)
	return id
}

// TestTransferTrace9 is docs/design.md "Trace: transfer when someone leaves" end to end: Dana leaves and
// what she owned goes to Tornike.
func TestTransferTrace(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	dana, tornike, erin := b.person(t), b.person(t), b.person(t)
	live := b.doc(t, dana)
	shared := b.doc(t, dana)
	trashed := b.doc(t, dana)
	notHers := b.doc(t, erin)
	_, err := document.New(b.pool, document.DefaultConfig).Delete(pgtest.ActingAs(dana), trashed)
	require.NoError(t, err)
	batch := uuid.Must(uuid.NewV7())
	b.grant(t, shared, pgtest.UserPrincipal(erin.ID), db.PermissionWrite, dana.ID, access.Direct, &batch)
	grantsBefore := b.grants(t, shared)
	auto1, auto2 := b.automation(t, dana.ID), b.automation(t, dana.ID)
	autoErin := b.automation(t, erin.ID)

	type state struct {
		version   int
		updatedAt time.Time
	}
	before := map[uuid.UUID]state{}
	for _, id := range []uuid.UUID{live, shared, trashed} {
		var s state
		require.NoError(t, b.pool.QueryRow(ctx, `SELECT version, updated_at FROM documents WHERE id = $1`, id).Scan(&s.version, &s.updatedAt))
		before[id] = s
	}

	// Management deactivates her …
	_, err = b.svc.SetPersonActive(cli.in(ctx), dana.ID, false)
	require.NoError(t, err)
	require.Equal(t, dana.ID, *b.auditRow(t, "user.deactivate").targetUser)

	// … then transfers.
	tr, err := b.svc.Transfer(cli.in(ctx), dana.ID, tornike.ID)
	require.NoError(t, err)
	require.Equal(t, dana.ID, tr.FromUserID)
	require.Equal(t, tornike.ID, tr.ToUserID)
	require.ElementsMatch(t, []uuid.UUID{live, shared, trashed}, tr.DocumentIDs)
	require.Equal(t, 1, tr.TrashedDocuments)
	require.ElementsMatch(t, []uuid.UUID{auto1, auto2}, tr.AutomationIDs)

	// documents: created_by dana → tornike, live and trashed; version and updated_at unchanged.
	for id, s := range before {
		var owner uuid.UUID
		var version int
		var updatedAt time.Time
		require.NoError(t, b.pool.QueryRow(ctx, `SELECT created_by, version, updated_at FROM documents WHERE id = $1`, id).Scan(&owner, &version, &updatedAt))
		require.Equal(t, tornike.ID, owner)
		require.Equal(t, s.version, version)
		require.True(t, s.updatedAt.Equal(updatedAt))
	}
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE id = $1 AND created_by = $2`, notHers, erin.ID))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE created_by = $1`, dana.ID))
	// grants untouched.
	require.Equal(t, grantsBefore, b.grants(t, shared))
	// revisions keep their author.
	require.Equal(t, 3, pgtest.Count(t, b.pool, `SELECT count(DISTINCT document_id) FROM document_revisions WHERE author_id = $1`, dana.ID))
	// document_owner_changes: n rows, from dana to tornike, one transfer_id.
	require.Equal(t, 3, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_owner_changes
		WHERE from_user = $1 AND to_user = $2 AND transfer_id = $3 AND document_id = ANY($4)`,
		dana.ID, tornike.ID, tr.ID, []uuid.UUID{live, shared, trashed}))
	require.Equal(t, 3, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_owner_changes`))
	// events: n document.transferred.
	require.Equal(t, 3, pgtest.Count(t, b.pool, `SELECT count(*) FROM events WHERE event_type = 'document.transferred'
		AND subject_type = 'document' AND document_id = ANY($1) AND payload->>'transferId' = $2`,
		[]uuid.UUID{live, shared, trashed}, tr.ID.String()))
	// automations: owner_id dana → tornike, enabled=false; erin's untouched.
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM automations WHERE owner_id = $1 AND NOT enabled AND id = ANY($2)`,
		tornike.ID, []uuid.UUID{auto1, auto2}))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM automations WHERE id = $1 AND owner_id = $2 AND enabled`, autoErin, erin.ID))
	// notifications: one, to tornike.
	st, sid, payload := b.notification(t, tornike.ID, "documents.transferred")
	require.Equal(t, "user", st)
	require.Equal(t, dana.ID, *sid)
	require.EqualValues(t, 3, payload["count"])
	require.EqualValues(t, 2, payload["automations"])
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE type = 'documents.transferred'`))
	// management_audit: user.transfer naming dana.
	a := b.auditRow(t, "user.transfer")
	require.Equal(t, dana.ID, *a.targetUser)
	require.Nil(t, a.targetDocument)
	require.Equal(t, tornike.ID.String(), a.details["to_user_id"])
	require.Equal(t, tr.ID.String(), a.details["transfer_id"])
	require.EqualValues(t, 3, a.details["documents"])
	require.EqualValues(t, 2, a.details["automations"])

	// Tornike owns them now (the trashed one too); erin still reads what Dana shared.
	require.Equal(t, document.Owner, b.level(t, tornike.ID, live, auth.KindPerson))
	require.Equal(t, document.Owner, b.level(t, tornike.ID, trashed, auth.KindPerson))
	require.Equal(t, document.Write, b.level(t, erin.ID, shared, auth.KindPerson))

	// A second transfer finds nothing: no notification, but an audit row.
	tr2, err := b.svc.Transfer(cli.in(ctx), dana.ID, tornike.ID)
	require.NoError(t, err)
	require.Empty(t, tr2.DocumentIDs)
	require.Empty(t, tr2.AutomationIDs)
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE type = 'documents.transferred'`))
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM management_audit WHERE action = 'user.transfer'`))
}

func TestTransferErrors(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	dana, tornike, gone := b.person(t), b.person(t), b.person(t)
	agent := pgtest.CreateAgent(t, b.pool, tornike.ID)
	docID := b.doc(t, dana)
	_, err := b.svc.SetPersonActive(cli.in(ctx), gone.ID, false)
	require.NoError(t, err)

	_, err = b.svc.Transfer(cli.in(ctx), dana.ID, dana.ID)
	pgtest.RequireCode(t, err, fault.BadInput, "toUserId")
	_, err = b.svc.Transfer(cli.in(ctx), dana.ID, gone.ID)
	pgtest.RequireCode(t, err, fault.BadInput, "toUserId")
	_, err = b.svc.Transfer(cli.in(ctx), dana.ID, agent.ID)
	pgtest.RequireCode(t, err, fault.BadInput, "toUserId")
	_, err = b.svc.Transfer(cli.in(ctx), dana.ID, uuid.Must(uuid.NewV7()))
	pgtest.RequireCode(t, err, fault.NotFound, "toUserId")
	_, err = b.svc.Transfer(cli.in(ctx), dana.ID, auth.ManagementID)
	pgtest.RequireCode(t, err, fault.NotFound, "toUserId")
	_, err = b.svc.Transfer(cli.in(ctx), uuid.Must(uuid.NewV7()), tornike.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "fromUserId")
	_, err = b.svc.Transfer(cli.in(ctx), auth.ManagementID, tornike.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "fromUserId")

	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE id = $1 AND created_by = $2`, docID, dana.ID))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_owner_changes`))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM management_audit WHERE action = 'user.transfer'`))
}
