package manage_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/manage"
	"codna/internal/pgtest"
)

// opsBundle is a fresh database and the management service, for the
// quarantine, transfer, audit and usage tests.
type opsBundle struct {
	pool *pgxpool.Pool
	svc  *manage.Service
}

func opsSetup(t *testing.T) *opsBundle {
	t.Helper()
	d := pgtest.New(t)
	return &opsBundle{pool: d.Pool, svc: manage.New(d.Pool, auth.CheapArgon2, nil)}
}

func (b *opsBundle) person(t *testing.T) pgtest.Person {
	t.Helper()
	return pgtest.CreatePerson(t, b.pool)
}

func (b *opsBundle) doc(t *testing.T, owner pgtest.Person) uuid.UUID {
	t.Helper()
	return pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{}).ID
}

// grant makes a grant as a feature would (access.GrantInTx).
func (b *opsBundle) grant(t *testing.T, docID uuid.UUID, p access.Principal, perm db.Permission, by uuid.UUID, reason string, batch *uuid.UUID) {
	t.Helper()
	out, err := access.GrantInTx(context.Background(), b.pool, access.GrantSpec{
		DocumentID: docID, Principal: p, Permission: access.Permission(perm), GrantedBy: &by, Reason: reason, BatchID: batch,
	})
	require.NoError(t, err)
	require.Equal(t, access.Created, out)
}

// level is what a person may do to a document.
func (b *opsBundle) level(t *testing.T, userID, docID uuid.UUID, kind auth.Kind) document.Access {
	t.Helper()
	lv, err := document.Levels(context.Background(), b.pool, &auth.Actor{UserID: userID, Kind: kind}, []uuid.UUID{docID})
	require.NoError(t, err)
	return lv[docID]
}

// opsAuditRow reads the one audit row of an action.
type opsAuditRow struct {
	via            string
	targetUser     *uuid.UUID
	targetDocument *uuid.UUID
	details        map[string]any
}

func (b *opsBundle) auditRow(t *testing.T, action string) opsAuditRow {
	t.Helper()
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM management_audit WHERE action = $1`, action), action)
	var r opsAuditRow
	var raw []byte
	require.NoError(t, b.pool.QueryRow(context.Background(),
		`SELECT via, target_user_id, target_document_id, details FROM management_audit WHERE action = $1`, action,
	).Scan(&r.via, &r.targetUser, &r.targetDocument, &raw))
	require.NoError(t, json.Unmarshal(raw, &r.details))
	return r
}

// notification reads the one notification of a type to a recipient.
func (b *opsBundle) notification(t *testing.T, recipient uuid.UUID, typ string) (subjectType string, subjectID *uuid.UUID, payload map[string]any) {
	t.Helper()
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = $2`, recipient, typ), typ)
	var raw []byte
	require.NoError(t, b.pool.QueryRow(context.Background(),
		`SELECT subject_type, subject_id, payload FROM notifications WHERE recipient_id = $1 AND type = $2`, recipient, typ,
	).Scan(&subjectType, &subjectID, &raw))
	require.NoError(t, json.Unmarshal(raw, &payload))
	return subjectType, subjectID, payload
}

type opsGrantRow struct {
	id          uuid.UUID
	ptype       db.PrincipalType
	pid         uuid.UUID
	permission  db.Permission
	grantedBy   *uuid.UUID
	grantReason string
	batchID     *uuid.UUID
	createdAt   time.Time
}

func (b *opsBundle) grants(t *testing.T, docID uuid.UUID) map[uuid.UUID]opsGrantRow {
	t.Helper()
	rows, err := b.pool.Query(context.Background(),
		`SELECT id, principal_type, principal_id, permission, granted_by, grant_reason, batch_id, created_at
		 FROM document_access WHERE document_id = $1`, docID)
	require.NoError(t, err)
	defer rows.Close()
	out := map[uuid.UUID]opsGrantRow{}
	for rows.Next() {
		var g opsGrantRow
		require.NoError(t, rows.Scan(&g.id, &g.ptype, &g.pid, &g.permission, &g.grantedBy, &g.grantReason, &g.batchID, &g.createdAt))
		out[g.pid] = g
	}
	require.NoError(t, rows.Err())
	return out
}

// TestQuarantineTrace10 is docs/design.md "Trace: quarantine and release" end to end: every row the
// quarantine and the release with restore_sharing write, and the grants a
// release does not give back (a person deactivated and a group deleted
// meanwhile).
func TestQuarantineTrace(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	owner, dana, erin := b.person(t), b.person(t), b.person(t)
	agent := pgtest.CreateAgent(t, b.pool, owner.ID)
	team := pgtest.CreateGroup(t, b.pool, dana.ID)
	docID := b.doc(t, owner)
	other := b.doc(t, owner) // shared too, and untouched by the quarantine

	batch1, batch2 := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	b.grant(t, docID, pgtest.UserPrincipal(dana.ID), db.PermissionRead, owner.ID, access.Direct, &batch1)
	b.grant(t, docID, pgtest.UserPrincipal(erin.ID), db.PermissionWrite, owner.ID, access.BulkTag, &batch2)
	b.grant(t, docID, pgtest.UserPrincipal(agent.ID), db.PermissionRead, owner.ID, access.Direct, nil)
	b.grant(t, docID, pgtest.GroupPrincipal(team.ID), db.PermissionRead, dana.ID, access.Folder, &batch1)
	b.grant(t, docID, pgtest.GroupPrincipal(auth.EveryoneID), db.PermissionRead, owner.ID, access.LinkSuggestion, nil)
	b.grant(t, other, pgtest.UserPrincipal(dana.ID), db.PermissionRead, owner.ID, access.Direct, nil)
	// Grants made long ago, so a release that rewrote created_at would show.
	pgtest.Exec(t, b.pool, `UPDATE document_access SET created_at = created_at - interval '40 days' WHERE document_id = $1`, docID)
	before := b.grants(t, docID)
	require.Len(t, before, 5)
	require.Equal(t, document.Read, b.level(t, dana.ID, docID, auth.KindPerson))
	var version int
	var updatedAt time.Time
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT version, updated_at FROM documents WHERE id = $1`, docID).Scan(&version, &updatedAt))

	// Quarantine.
	start := time.Now()
	const reason = "Reported as holding a password."
	qr, err := b.svc.Quarantine(cli.in(ctx), docID, "  "+reason+" ")
	require.NoError(t, err)
	require.Equal(t, docID, qr.DocumentID)
	require.Equal(t, owner.ID, qr.OwnerID)
	require.Equal(t, reason, qr.Reason)
	require.Len(t, qr.SavedGrants, 5)

	// documents: quarantined_at set, nothing else.
	var quarantinedAt *time.Time
	var v2 int
	var u2 time.Time
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT quarantined_at, version, updated_at FROM documents WHERE id = $1`, docID).Scan(&quarantinedAt, &v2, &u2))
	require.NotNil(t, quarantinedAt)
	require.Equal(t, version, v2)
	require.True(t, updatedAt.Equal(u2))
	// document_access: every grant moved out; the other document keeps its own.
	require.Empty(t, b.grants(t, docID))
	require.Len(t, b.grants(t, other), 1)
	// document_quarantines: the reason and the saved grants as they stood.
	var qid uuid.UUID
	var qreason string
	var rawSaved []byte
	var releasedAt *time.Time
	var restored *bool
	require.NoError(t, b.pool.QueryRow(ctx,
		`SELECT id, reason, saved_grants, released_at, restored_sharing FROM document_quarantines WHERE document_id = $1`, docID,
	).Scan(&qid, &qreason, &rawSaved, &releasedAt, &restored))
	require.Equal(t, qr.ID, qid)
	require.Equal(t, reason, qreason)
	require.Nil(t, releasedAt)
	require.Nil(t, restored)
	var saved []map[string]any
	require.NoError(t, json.Unmarshal(rawSaved, &saved))
	require.Len(t, saved, 5)
	for _, s := range saved {
		for _, k := range []string{"id", "principal_type", "principal_id", "permission", "granted_by", "grant_reason", "batch_id", "created_at"} {
			require.Contains(t, s, k)
		}
		pid := uuid.MustParse(s["principal_id"].(string))
		g := before[pid]
		require.Equal(t, g.id.String(), s["id"])
		require.Equal(t, string(g.ptype), s["principal_type"])
		require.Equal(t, string(g.permission), s["permission"])
		require.Equal(t, g.grantedBy.String(), s["granted_by"])
		require.Equal(t, g.grantReason, s["grant_reason"])
		if g.batchID == nil {
			require.Nil(t, s["batch_id"])
		} else {
			require.Equal(t, g.batchID.String(), s["batch_id"])
		}
		ca, err := time.Parse(time.RFC3339Nano, s["created_at"].(string))
		require.NoError(t, err)
		require.True(t, g.createdAt.Equal(ca))
	}
	// access_events: k revoked, grant_reason quarantine, by management.
	require.Equal(t, 5, pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events WHERE document_id = $1 AND action = 'revoked'
		AND grant_reason = 'quarantine' AND actor_id = $2`, docID, auth.ManagementID))
	// events: access.revoked, one per grant taken away (RevokeInTx writes one each).
	require.Equal(t, 5, pgtest.Count(t, b.pool, `SELECT count(*) FROM events WHERE document_id = $1 AND event_type = 'access.revoked'`, docID))
	// events: document.quarantined, once, about the document itself.
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM events WHERE document_id = $1 AND subject_id = $1
		AND subject_type = 'document' AND event_type = 'document.quarantined'`, docID))
	// notifications: to the owner, with the reason; nobody else.
	st, sid, payload := b.notification(t, owner.ID, "document.quarantined")
	require.Equal(t, "document", st)
	require.Equal(t, docID, *sid)
	require.Equal(t, reason, payload["reason"])
	require.Equal(t, docID.String(), payload["documentId"])
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE type = 'document.quarantined'`))
	// management_audit: document.quarantine naming the document.
	a := b.auditRow(t, "document.quarantine")
	require.Equal(t, "cli", a.via)
	require.Equal(t, docID, *a.targetDocument)
	require.Nil(t, a.targetUser)
	require.Equal(t, reason, a.details["reason"])
	require.EqualValues(t, 5, a.details["grants_removed"])

	// Readable by its owner alone.
	require.Equal(t, document.Owner, b.level(t, owner.ID, docID, auth.KindPerson))
	require.Equal(t, document.None, b.level(t, dana.ID, docID, auth.KindPerson))
	require.Equal(t, document.None, b.level(t, erin.ID, docID, auth.KindPerson))
	require.Equal(t, document.None, b.level(t, agent.ID, docID, auth.KindAgent))
	require.Equal(t, document.Read, b.level(t, dana.ID, other, auth.KindPerson))

	// Twice is a conflict, and writes nothing more.
	_, err = b.svc.Quarantine(cli.in(ctx), docID, "again")
	pgtest.RequireCode(t, err, fault.Conflict, "documentId")
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_quarantines`))

	// Meanwhile erin leaves and the team is deleted.
	_, err = b.svc.SetPersonActive(cli.in(ctx), erin.ID, false)
	require.NoError(t, err)
	pgtest.Exec(t, b.pool, `DELETE FROM groups WHERE id = $1`, team.ID)

	// Release, giving the sharing back.
	rel, err := b.svc.Release(cli.in(ctx), docID, true)
	require.NoError(t, err)
	require.Equal(t, qr.ID, rel.QuarantineID)
	require.True(t, rel.RestoredSharing)
	require.False(t, rel.ReleasedAt.Before(start.Add(-time.Minute)))
	require.Len(t, rel.Restored, 3)
	require.Len(t, rel.NotRestored, 2)
	why := map[uuid.UUID]string{}
	for _, g := range rel.NotRestored {
		why[g.PrincipalID] = g.Why
	}
	require.Equal(t, map[uuid.UUID]string{
		erin.ID: manage.NotRestoredPersonDeactivated, team.ID: manage.NotRestoredGroupDeleted,
	}, why)

	// documents: quarantined_at cleared.
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT quarantined_at, version, updated_at FROM documents WHERE id = $1`, docID).Scan(&quarantinedAt, &v2, &u2))
	require.Nil(t, quarantinedAt)
	require.Equal(t, version, v2)
	require.True(t, updatedAt.Equal(u2))
	// document_access: the saved grants as they were, but erin's and the team's.
	after := b.grants(t, docID)
	require.Len(t, after, 3)
	for _, pid := range []uuid.UUID{dana.ID, agent.ID, auth.EveryoneID} {
		g, ok := after[pid]
		require.True(t, ok)
		want := before[pid]
		require.Equal(t, want.id, g.id)
		require.Equal(t, want.ptype, g.ptype)
		require.Equal(t, want.permission, g.permission)
		require.Equal(t, want.grantedBy, g.grantedBy)
		require.Equal(t, want.grantReason, g.grantReason)
		require.Equal(t, want.batchID, g.batchID)
		require.True(t, want.createdAt.Equal(g.createdAt), "created_at %v, want %v", g.createdAt, want.createdAt)
	}
	// access_events: k' granted, grant_reason release, each with its grant's batch.
	require.Equal(t, 3, pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events WHERE document_id = $1 AND action = 'granted'
		AND grant_reason = 'release' AND actor_id = $2`, docID, auth.ManagementID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events WHERE document_id = $1 AND action = 'granted'
		AND grant_reason = 'release' AND principal_id = $2 AND batch_id = $3`, docID, dana.ID, batch1))
	// events: document.released, once, about the document itself.
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM events WHERE document_id = $1 AND subject_id = $1
		AND subject_type = 'document' AND event_type = 'document.released'`, docID))
	// events: access.granted for what came back (one per grant).
	require.Equal(t, 3, pgtest.Count(t, b.pool, `SELECT count(*) FROM events WHERE document_id = $1 AND event_type = 'access.granted'
		AND payload->>'reason' = 'release'`, docID))
	// document_quarantines: released, restored_sharing.
	require.NoError(t, b.pool.QueryRow(ctx,
		`SELECT released_at, restored_sharing FROM document_quarantines WHERE id = $1`, qr.ID).Scan(&releasedAt, &restored))
	require.NotNil(t, releasedAt)
	require.NotNil(t, restored)
	require.True(t, *restored)
	// notifications: document.released to the owner.
	st, sid, payload = b.notification(t, owner.ID, "document.released")
	require.Equal(t, "document", st)
	require.Equal(t, docID, *sid)
	require.Equal(t, true, payload["restoredSharing"])
	require.EqualValues(t, 3, payload["grantsRestored"])
	require.EqualValues(t, 2, payload["grantsNotRestored"])
	// management_audit: document.release naming the document.
	a = b.auditRow(t, "document.release")
	require.Equal(t, docID, *a.targetDocument)
	require.Equal(t, true, a.details["restored_sharing"])
	require.EqualValues(t, 3, a.details["grants_restored"])
	require.Len(t, a.details["not_restored"], 2)

	// Dana and the agent read it again; erin has no grant of her own (and,
	// deactivated, cannot sign in to use Everyone's).
	require.Equal(t, document.Read, b.level(t, dana.ID, docID, auth.KindPerson))
	require.Equal(t, document.Read, b.level(t, agent.ID, docID, auth.KindAgent))
	require.NotContains(t, after, erin.ID)

	// Releasing what is not quarantined is a conflict.
	_, err = b.svc.Release(cli.in(ctx), docID, true)
	pgtest.RequireCode(t, err, fault.Conflict, "documentId")

	// It can be quarantined again: a second row, the first kept.
	_, err = b.svc.Quarantine(cli.in(ctx), docID, "Reported again.")
	require.NoError(t, err)
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_quarantines WHERE document_id = $1`, docID))
}

// TestQuarantineAgentDeletedNotRestored: a grant to an agent deleted while
// the document was held is not given back.
func TestQuarantineAgentDeletedNotRestored(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	owner := b.person(t)
	agent := pgtest.CreateAgent(t, b.pool, owner.ID)
	docID := b.doc(t, owner)
	b.grant(t, docID, pgtest.UserPrincipal(agent.ID), db.PermissionRead, owner.ID, access.Direct, nil)
	_, err := b.svc.Quarantine(cli.in(ctx), docID, "held")
	require.NoError(t, err)
	pgtest.Exec(t, b.pool, `UPDATE agents SET deleted_at = now() WHERE user_id = $1`, agent.ID)
	rel, err := b.svc.Release(cli.in(ctx), docID, true)
	require.NoError(t, err)
	require.Empty(t, rel.Restored)
	require.Len(t, rel.NotRestored, 1)
	require.Equal(t, manage.NotRestoredAgentDeleted, rel.NotRestored[0].Why)
	require.Empty(t, b.grants(t, docID))
}

// TestReleaseWithoutRestore leaves the document shared with nobody and the
// saved grants in the quarantine row.
func TestReleaseWithoutRestore(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	owner, dana := b.person(t), b.person(t)
	docID := b.doc(t, owner)
	b.grant(t, docID, pgtest.UserPrincipal(dana.ID), db.PermissionWrite, owner.ID, access.Direct, nil)
	qr, err := b.svc.Quarantine(cli.in(ctx), docID, "held")
	require.NoError(t, err)

	rel, err := b.svc.Release(cli.in(ctx), docID, false)
	require.NoError(t, err)
	require.False(t, rel.RestoredSharing)
	require.Empty(t, rel.Restored)
	require.Empty(t, rel.NotRestored)
	require.Empty(t, b.grants(t, docID))
	require.Equal(t, document.None, b.level(t, dana.ID, docID, auth.KindPerson))
	require.Equal(t, document.Owner, b.level(t, owner.ID, docID, auth.KindPerson))
	var restored *bool
	var n int
	require.NoError(t, b.pool.QueryRow(ctx,
		`SELECT restored_sharing, jsonb_array_length(saved_grants) FROM document_quarantines WHERE id = $1 AND released_at IS NOT NULL`, qr.ID,
	).Scan(&restored, &n))
	require.False(t, *restored)
	require.Equal(t, 1, n)
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events WHERE document_id = $1 AND grant_reason = 'release'`, docID))
	_, _, payload := b.notification(t, owner.ID, "document.released")
	require.Equal(t, false, payload["restoredSharing"])
}

func TestQuarantineErrors(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	owner := b.person(t)
	docID := b.doc(t, owner)

	_, err := b.svc.Quarantine(cli.in(ctx), docID, "   ")
	pgtest.RequireCode(t, err, fault.BadInput, "reason")
	_, err = b.svc.Quarantine(cli.in(ctx), docID, strings.Repeat("x", 2001))
	pgtest.RequireCode(t, err, fault.BadInput, "reason")
	_, err = b.svc.Quarantine(cli.in(ctx), uuid.Must(uuid.NewV7()), "held")
	pgtest.RequireCode(t, err, fault.NotFound, "documentId")
	_, err = b.svc.Release(cli.in(ctx), uuid.Must(uuid.NewV7()), true)
	pgtest.RequireCode(t, err, fault.NotFound, "documentId")
	_, err = b.svc.Release(cli.in(ctx), docID, true)
	pgtest.RequireCode(t, err, fault.Conflict, "documentId")
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM management_audit`))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_quarantines`))

	// A trashed document can be held too.
	_, err = document.New(b.pool, document.DefaultConfig).Delete(pgtest.ActingAs(owner), docID)
	require.NoError(t, err)
	_, err = b.svc.Quarantine(cli.in(ctx), docID, "held while in the trash")
	require.NoError(t, err)
}

func TestTakeAwayShare(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	owner, dana, erin := b.person(t), b.person(t), b.person(t)
	team := pgtest.CreateGroup(t, b.pool, erin.ID)
	docID := b.doc(t, owner)
	batch := uuid.Must(uuid.NewV7())
	b.grant(t, docID, pgtest.UserPrincipal(dana.ID), db.PermissionWrite, owner.ID, access.Direct, &batch)
	b.grant(t, docID, pgtest.GroupPrincipal(team.ID), db.PermissionRead, owner.ID, access.Direct, &batch)
	grantID := b.grants(t, docID)[dana.ID].id

	require.NoError(t, b.svc.TakeAwayShare(cli.in(ctx), docID, pgtest.UserPrincipal(dana.ID)))

	left := b.grants(t, docID)
	require.Len(t, left, 1)
	require.Contains(t, left, team.ID)
	require.Equal(t, document.None, b.level(t, dana.ID, docID, auth.KindPerson))
	require.Equal(t, document.Read, b.level(t, erin.ID, docID, auth.KindPerson))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events WHERE document_id = $1 AND action = 'revoked'
		AND grant_reason = 'management' AND principal_id = $2 AND actor_id = $3 AND permission = 'write'`, docID, dana.ID, auth.ManagementID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM events WHERE document_id = $1 AND event_type = 'access.revoked' AND subject_id = $2`, docID, grantID))
	st, sid, payload := b.notification(t, owner.ID, "document.access_revoked")
	require.Equal(t, "access", st)
	require.Equal(t, grantID, *sid)
	require.Equal(t, docID.String(), payload["documentId"])
	require.Equal(t, dana.ID.String(), payload["principalId"])
	require.Equal(t, "write", payload["permission"])
	a := b.auditRow(t, "document.unshare")
	require.Equal(t, docID, *a.targetDocument)
	require.Equal(t, dana.ID.String(), a.details["principal_id"])
	require.Equal(t, "user", a.details["principal_type"])

	// The group's grant too: a second notification, not merged into the first.
	require.NoError(t, b.svc.TakeAwayShare(cli.in(ctx), docID, pgtest.GroupPrincipal(team.ID)))
	require.Empty(t, b.grants(t, docID))
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'document.access_revoked'`, owner.ID))
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM management_audit WHERE action = 'document.unshare'`))

	err := b.svc.TakeAwayShare(cli.in(ctx), docID, pgtest.UserPrincipal(dana.ID))
	pgtest.RequireCode(t, err, fault.NotFound, "principal")
	err = b.svc.TakeAwayShare(cli.in(ctx), uuid.Must(uuid.NewV7()), pgtest.UserPrincipal(dana.ID))
	pgtest.RequireCode(t, err, fault.NotFound, "documentId")
	err = b.svc.TakeAwayShare(cli.in(ctx), docID, access.Principal{Type: "robot", ID: dana.ID})
	pgtest.RequireCode(t, err, fault.BadInput, "principal")
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM management_audit`))
}

// TestDocumentMetadata: break-glass shows owner, space, status, dates and
// grants, and never the title, address, body or tags.
func TestDocumentMetadata(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	owner, dana := b.person(t), b.person(t)
	agent := pgtest.CreateAgent(t, b.pool, owner.ID)
	team := pgtest.CreateGroup(t, b.pool, dana.ID)
	markers := []string{"zqxtitlemarker", "zqxpathmarker", "zqxslugmarker", "zqxbodymarker", "zqxtagmarker"}
	d := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{
		Path: "zqxpathmarker/deeper", Slug: "zqxslugmarker", Title: "The zqxtitlemarker page",
		Content: "A body with zqxbodymarker and a password.", Tags: []string{"zqxtagmarker"},
	})
	batch := uuid.Must(uuid.NewV7())
	b.grant(t, d.ID, pgtest.UserPrincipal(dana.ID), db.PermissionWrite, owner.ID, access.Direct, &batch)
	b.grant(t, d.ID, pgtest.UserPrincipal(agent.ID), db.PermissionRead, owner.ID, access.Direct, nil)
	b.grant(t, d.ID, pgtest.GroupPrincipal(team.ID), db.PermissionRead, dana.ID, access.Folder, nil)

	m, err := b.svc.DocumentMetadata(cli.in(ctx), d.ID)
	require.NoError(t, err)
	require.Equal(t, d.ID, m.ID)
	require.Equal(t, manage.MetadataOwner{ID: owner.ID, Name: owner.Name, Email: owner.Email, Kind: auth.KindPerson, Active: true}, m.Owner)
	require.Equal(t, document.SpaceWiki, m.Space)
	require.Equal(t, document.StatusActive, m.Status)
	require.Equal(t, 1, m.Version)
	require.EqualValues(t, 1, m.Revisions)
	require.Nil(t, m.DeletedAt)
	require.Nil(t, m.QuarantinedAt)
	require.Nil(t, m.Quarantine)
	require.Len(t, m.Grants, 3)
	byID := map[uuid.UUID]manage.MetadataGrant{}
	for _, g := range m.Grants {
		byID[g.PrincipalID] = g
	}
	require.Equal(t, dana.Email, byID[dana.ID].Label)
	require.Equal(t, dana.Name, byID[dana.ID].Name)
	require.Equal(t, access.PermissionWrite, byID[dana.ID].Permission)
	require.Equal(t, access.Direct, byID[dana.ID].Reason)
	require.Equal(t, owner.ID, *byID[dana.ID].GrantedBy)
	require.Equal(t, owner.Name, byID[dana.ID].GrantedByName)
	require.Equal(t, batch, *byID[dana.ID].BatchID)
	require.Equal(t, "agent:"+agent.Slug, byID[agent.ID].Label)
	require.Equal(t, "group:"+team.Slug, byID[team.ID].Label)
	require.Equal(t, access.Folder, byID[team.ID].Reason)
	require.Equal(t, dana.Name, byID[team.ID].GrantedByName)

	raw, err := json.Marshal(m)
	require.NoError(t, err)
	for _, mk := range markers {
		require.NotContains(t, strings.ToLower(string(raw)), mk)
	}
	a := b.auditRow(t, "document.metadata_read")
	require.Equal(t, d.ID, *a.targetDocument)

	// Quarantined: no grants stand, the quarantine shows what it saved.
	_, err = b.svc.Quarantine(cli.in(ctx), d.ID, "reported")
	require.NoError(t, err)
	m, err = b.svc.DocumentMetadata(cli.in(ctx), d.ID)
	require.NoError(t, err)
	require.NotNil(t, m.QuarantinedAt)
	require.NotNil(t, m.Quarantine)
	require.Equal(t, "reported", m.Quarantine.Reason)
	require.Len(t, m.Quarantine.SavedGrants, 3)
	require.Empty(t, m.Grants)
	raw, err = json.Marshal(m)
	require.NoError(t, err)
	for _, mk := range markers {
		require.NotContains(t, strings.ToLower(string(raw)), mk)
	}

	_, err = b.svc.DocumentMetadata(cli.in(ctx), uuid.Must(uuid.NewV7()))
	pgtest.RequireCode(t, err, fault.NotFound, "documentId")
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM management_audit WHERE action = 'document.metadata_read'`))
}
