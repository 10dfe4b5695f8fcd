package access_test

import (
	"sort"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// The owner revokes any grant, a granter their own, nobody else.
func TestShareRevokeGrant(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	erin, frank, stranger := b.person(t), b.person(t), b.person(t)
	team := pgtest.CreateGroup(t, b.pool, frank.ID, b.tornike.ID)
	d := b.doc(t, b.tornike, "d", "D", "")
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email, "group:" + team.Slug}})
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{erin.Email}, Permission: access.PermissionWrite})
	b.share(t, erin, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{frank.Email}})
	revokedTo := func(u uuid.UUID) int {
		return pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'access.revoked'`, u)
	}

	err := b.svc.RevokeGrant(pgtest.ActingAs(stranger), d, pgtest.UserPrincipal(b.dana.ID))
	pgtest.RequireCode(t, err, fault.NotFound, "documentId")
	err = b.svc.RevokeGrant(pgtest.ActingAs(b.dana), d, pgtest.UserPrincipal(frank.ID))
	require.Equal(t, fault.Forbidden, fault.CodeOf(err), "a reader")
	err = b.svc.RevokeGrant(pgtest.ActingAs(erin), d, pgtest.UserPrincipal(b.dana.ID))
	require.Equal(t, fault.Forbidden, fault.CodeOf(err), "a write grantee, not the granter")

	require.NoError(t, b.svc.RevokeGrant(pgtest.ActingAs(erin), d, pgtest.UserPrincipal(frank.ID)), "the granter")
	require.Equal(t, "", b.permission(t, d, pgtest.UserPrincipal(frank.ID)))
	require.Equal(t, 1, revokedTo(frank.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events WHERE document_id = $1 AND principal_id = $2
		AND action = 'revoked' AND actor_id = $3`, d, frank.ID, erin.ID))

	require.NoError(t, b.svc.RevokeGrant(pgtest.ActingAs(b.tornike), d, pgtest.UserPrincipal(b.dana.ID)), "the owner")
	require.Equal(t, "", b.permission(t, d, pgtest.UserPrincipal(b.dana.ID)))
	require.Equal(t, 1, revokedTo(b.dana.ID))
	err = b.svc.RevokeGrant(pgtest.ActingAs(b.tornike), d, pgtest.UserPrincipal(b.dana.ID))
	require.Equal(t, fault.NotFound, fault.CodeOf(err), "no grant left")

	// A group's members hear of it (the owner, a member, does not). Frank
	// read the first one: an unread one about the document would absorb it.
	pgtest.Exec(t, b.pool, `UPDATE notifications SET status = 'read' WHERE recipient_id = $1`, frank.ID)
	require.NoError(t, b.svc.RevokeGrant(pgtest.ActingAs(b.tornike), d, pgtest.GroupPrincipal(team.ID)))
	require.Equal(t, 2, revokedTo(frank.ID))
	require.Zero(t, revokedTo(b.tornike.ID))
	require.Equal(t, "", b.permission(t, d, pgtest.GroupPrincipal(team.ID)))
}

// A batch is revoked as one action, by its granter and the owners of its
// documents, each their part.
func TestShareRevokeBatch(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	erin, frank := b.person(t), b.person(t)
	team := pgtest.CreateGroup(t, b.pool, frank.ID)
	d1 := b.doc(t, b.tornike, "d1", "D1", "")
	d2 := b.doc(t, b.tornike, "d2", "D2", "")
	e1 := b.doc(t, erin, "e1", "E1", "")
	b.share(t, erin, access.ShareInput{DocumentIDs: []uuid.UUID{e1}, Recipients: []string{b.tornike.Email}, Permission: access.PermissionWrite})
	res := b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d1, d2, e1}, Recipients: []string{b.dana.Email, "group:" + team.Slug}})
	batch := res.BatchID
	require.Equal(t, 6, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access WHERE batch_id = $1`, batch))

	_, err := b.svc.RevokeBatch(pgtest.ActingAs(b.dana), batch)
	pgtest.RequireCode(t, err, fault.NotFound, "batchId")

	n, err := b.svc.RevokeBatch(pgtest.ActingAs(erin), batch)
	require.NoError(t, err)
	require.Equal(t, 2, n, "Erin owns e1 only")
	require.Equal(t, 4, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access WHERE batch_id = $1`, batch))

	n, err = b.svc.RevokeBatch(pgtest.ActingAs(b.tornike), batch)
	require.NoError(t, err)
	require.Equal(t, 4, n)
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access WHERE batch_id = $1`, batch))
	require.Equal(t, 6, pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events WHERE batch_id = $1 AND action = 'revoked'`, batch))

	var revoked []shareNote
	for _, n := range b.notes(t, batch) {
		if n.Type == "access.revoked" {
			revoked = append(revoked, n)
		}
	}
	want := []shareNote{
		{Recipient: b.dana.ID, Type: "access.revoked", Count: 3, Documents: shareIDs(d1, d2, e1)},
		{Recipient: frank.ID, Type: "access.revoked", Count: 3, Documents: shareIDs(d1, d2, e1)},
	}
	sort.Slice(want, func(i, j int) bool { return want[i].Recipient.String() < want[j].Recipient.String() })
	require.Equal(t, want, revoked, "one notification per recipient for the batch")

	_, err = b.svc.RevokeBatch(pgtest.ActingAs(b.tornike), batch)
	pgtest.RequireCode(t, err, fault.NotFound, "batchId")
	_, err = b.svc.RevokeBatch(pgtest.ActingAs(b.tornike), uuid.Must(uuid.NewV7()))
	pgtest.RequireCode(t, err, fault.NotFound, "batchId")
}
