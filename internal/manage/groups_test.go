package manage_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/manage"
	"codna/internal/pgtest"
)

// canRead reports whether a person can read a document.
func canRead(t *testing.T, pool *pgxpool.Pool, doc, person uuid.UUID) bool {
	t.Helper()
	var level int
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, $2, true)
		FROM documents d WHERE d.id = $1`, doc, person).Scan(&level))
	return level > 0
}

func TestGroupLifecycle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	c := tokenCaller(t, e)
	p1 := pgtest.CreatePerson(t, e.pool)
	p2 := pgtest.CreatePerson(t, e.pool)

	g, err := e.svc.CreateGroup(c.in(ctx), "ops-team", "Ops", "  Runs things  ")
	require.NoError(t, err)
	require.Equal(t, "ops-team", g.Slug)
	require.Equal(t, "Ops", g.Name)
	require.Equal(t, "Runs things", g.Description)
	require.Equal(t, manage.GroupKindCustom, g.Kind)
	require.False(t, g.IsEveryone())
	require.Zero(t, g.Members)
	r := oneAudit(t, e.pool, "group.create")
	requireVia(t, r, c)
	require.Equal(t, g.ID, *r.TargetGroup)
	require.Nil(t, r.TargetUser)
	require.Equal(t, "ops-team", r.Details["slug"])

	// Add members: each is told once; adding again changes nothing.
	g, err = e.svc.AddMember(c.in(ctx), g.ID, p1.ID)
	require.NoError(t, err)
	require.Equal(t, 1, g.Members)
	g, err = e.svc.AddMember(cli.in(ctx), g.ID, p2.ID)
	require.NoError(t, err)
	require.Equal(t, 2, g.Members)
	_, err = e.svc.AddMember(c.in(ctx), g.ID, p1.ID)
	require.NoError(t, err)
	adds := audits(t, e.pool, "group.member_add")
	require.Len(t, adds, 2)
	requireVia(t, adds[0], c)
	require.Equal(t, g.ID, *adds[0].TargetGroup)
	require.Equal(t, p1.ID, *adds[0].TargetUser)
	requireVia(t, adds[1], cli)
	require.Equal(t, p2.ID, *adds[1].TargetUser)
	ns := notificationsTo(t, e.pool, p1.ID)
	require.Len(t, ns, 1)
	require.Equal(t, "group.added", ns[0].Type)
	require.Equal(t, "group", ns[0].SubjectType)
	require.Equal(t, g.ID, *ns[0].SubjectID)
	require.Equal(t, "ops-team", ns[0].Payload["groupSlug"])

	members, err := e.svc.GroupMembers(cli.in(ctx), g.ID)
	require.NoError(t, err)
	require.ElementsMatch(t, []uuid.UUID{p1.ID, p2.ID}, []uuid.UUID{members[0].ID, members[1].ID})

	// Membership is what reads use: the group now reaches p1.
	owner := pgtest.CreatePerson(t, e.pool)
	doc := pgtest.CreateDocument(t, e.pool, owner.ID, pgtest.Doc{})
	_, err = access.GrantInTx(ctx, e.pool, access.GrantSpec{DocumentID: doc.ID, Principal: access.Principal{Type: access.PrincipalGroup, ID: g.ID},
		Permission: access.PermissionRead, GrantedBy: &owner.ID, Reason: access.Direct})
	require.NoError(t, err)
	require.True(t, canRead(t, e.pool, doc.ID, p1.ID))

	// Remove: told, audited, and the group's grants stop reaching them.
	g, err = e.svc.RemoveMember(c.in(ctx), g.ID, p1.ID)
	require.NoError(t, err)
	require.Equal(t, 1, g.Members)
	r = oneAudit(t, e.pool, "group.member_remove")
	requireVia(t, r, c)
	require.Equal(t, g.ID, *r.TargetGroup)
	require.Equal(t, p1.ID, *r.TargetUser)
	ns = notificationsTo(t, e.pool, p1.ID)
	require.Len(t, ns, 2)
	require.Equal(t, "group.removed", ns[1].Type)
	require.Equal(t, g.ID, *ns[1].SubjectID)
	require.False(t, canRead(t, e.pool, doc.ID, p1.ID))
	require.True(t, canRead(t, e.pool, doc.ID, p2.ID))
	_, err = e.svc.RemoveMember(c.in(ctx), g.ID, p1.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")

	// Rename.
	g, err = e.svc.RenameGroup(c.in(ctx), g.ID, pgtest.Ptr(" Operations "), nil)
	require.NoError(t, err)
	require.Equal(t, "Operations", g.Name)
	require.Equal(t, "Runs things", g.Description)
	require.Equal(t, "ops-team", g.Slug)
	g, err = e.svc.RenameGroup(cli.in(ctx), g.ID, nil, pgtest.Ptr(""))
	require.NoError(t, err)
	require.Equal(t, "Operations", g.Name)
	require.Empty(t, g.Description)
	_, err = e.svc.RenameGroup(c.in(ctx), g.ID, pgtest.Ptr("Operations"), pgtest.Ptr(""))
	require.NoError(t, err)
	renames := audits(t, e.pool, "group.rename")
	require.Len(t, renames, 2, "changing nothing writes nothing")
	requireVia(t, renames[0], c)
	require.Equal(t, g.ID, *renames[0].TargetGroup)
	require.Equal(t, "Operations", renames[0].Details["name"])
	requireVia(t, renames[1], cli)
	require.Equal(t, true, renames[1].Details["description_changed"])

	// List: Everyone first, with every active person; then by slug.
	_, err = e.svc.CreateGroup(c.in(ctx), "aa", "First by slug", "")
	require.NoError(t, err)
	gs, err := e.svc.ListGroups(cli.in(ctx))
	require.NoError(t, err)
	require.Len(t, gs, 3)
	require.Equal(t, auth.EveryoneID, gs[0].ID)
	require.True(t, gs[0].IsEveryone())
	require.Equal(t, 3, gs[0].Members)
	require.Equal(t, "aa", gs[1].Slug)
	require.Equal(t, g.ID, gs[2].ID)
	require.Equal(t, 1, gs[2].Members)
	one, err := e.svc.Group(cli.in(ctx), g.ID)
	require.NoError(t, err)
	require.Equal(t, gs[2], one)
}

func TestGroupErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	p := pgtest.CreatePerson(t, e.pool)
	gone := pgtest.CreatePerson(t, e.pool)
	_, err := e.svc.SetPersonActive(cli.in(ctx), gone.ID, false)
	require.NoError(t, err)
	ag := pgtest.CreateAgent(t, e.pool, p.ID)
	g, err := e.svc.CreateGroup(cli.in(ctx), "eng", "Engineering", "")
	require.NoError(t, err)
	before := auditCount(t, e.pool)

	for _, slug := range []string{"", "a", "-ab", "ab-", "Eng", "e_g", "has space", "a123456789012345678901234567890123456789x"} {
		_, err := e.svc.CreateGroup(cli.in(ctx), slug, "Name", "")
		pgtest.RequireCode(t, err, fault.BadInput, "slug")
	}
	_, err = e.svc.CreateGroup(cli.in(ctx), "ok-slug", " ", "")
	pgtest.RequireCode(t, err, fault.BadInput, "name")
	_, err = e.svc.CreateGroup(cli.in(ctx), "ok-slug", "Name", string(make([]byte, 2001)))
	pgtest.RequireCode(t, err, fault.BadInput, "description")
	_, err = e.svc.CreateGroup(cli.in(ctx), "eng", "Again", "")
	pgtest.RequireCode(t, err, fault.Conflict, "slug")
	_, err = e.svc.CreateGroup(cli.in(ctx), "everyone", "Everyone two", "")
	pgtest.RequireCode(t, err, fault.Conflict, "slug")

	_, err = e.svc.RenameGroup(cli.in(ctx), g.ID, nil, nil)
	pgtest.RequireCode(t, err, fault.BadInput, "name")
	_, err = e.svc.RenameGroup(cli.in(ctx), g.ID, pgtest.Ptr(""), nil)
	pgtest.RequireCode(t, err, fault.BadInput, "name")

	missing := uuid.Must(uuid.NewV7())
	_, err = e.svc.RenameGroup(cli.in(ctx), missing, pgtest.Ptr("X"), nil)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = e.svc.DeleteGroup(cli.in(ctx), missing)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = e.svc.AddMember(cli.in(ctx), missing, p.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = e.svc.RemoveMember(cli.in(ctx), missing, p.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = e.svc.GroupMembers(cli.in(ctx), missing)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = e.svc.Group(cli.in(ctx), missing)
	pgtest.RequireCode(t, err, fault.NotFound, "")

	_, err = e.svc.AddMember(cli.in(ctx), g.ID, ag.ID)
	pgtest.RequireCode(t, err, fault.BadInput, "userId")
	_, err = e.svc.AddMember(cli.in(ctx), g.ID, auth.ManagementID)
	pgtest.RequireCode(t, err, fault.BadInput, "userId")
	_, err = e.svc.AddMember(cli.in(ctx), g.ID, gone.ID)
	pgtest.RequireCode(t, err, fault.BadInput, "userId")
	_, err = e.svc.AddMember(cli.in(ctx), g.ID, missing)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = e.svc.RemoveMember(cli.in(ctx), g.ID, ag.ID)
	pgtest.RequireCode(t, err, fault.BadInput, "userId")

	require.Equal(t, before, auditCount(t, e.pool), "a refused change writes no audit")
	require.Empty(t, notificationsTo(t, e.pool, p.ID))
}

func TestEveryoneIsNotManaged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	p := pgtest.CreatePerson(t, e.pool)
	q := pgtest.CreatePerson(t, e.pool)
	gone := pgtest.CreatePerson(t, e.pool)
	_, err := e.svc.SetPersonActive(cli.in(ctx), gone.ID, false)
	require.NoError(t, err)
	pgtest.CreateAgent(t, e.pool, p.ID)
	before := auditCount(t, e.pool)

	_, err = e.svc.DeleteGroup(cli.in(ctx), auth.EveryoneID)
	pgtest.RequireCode(t, err, fault.BadInput, "id")
	_, err = e.svc.AddMember(cli.in(ctx), auth.EveryoneID, p.ID)
	pgtest.RequireCode(t, err, fault.BadInput, "groupId")
	_, err = e.svc.RemoveMember(cli.in(ctx), auth.EveryoneID, p.ID)
	pgtest.RequireCode(t, err, fault.BadInput, "groupId")
	require.Equal(t, before, auditCount(t, e.pool))

	var rows int
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM group_members WHERE group_id = $1`, auth.EveryoneID).Scan(&rows))
	require.Zero(t, rows)
	g, err := e.svc.Group(cli.in(ctx), auth.EveryoneID)
	require.NoError(t, err)
	require.Equal(t, "everyone", g.Slug)
	require.Equal(t, 2, g.Members, "every active person, not agents")
	members, err := e.svc.GroupMembers(cli.in(ctx), auth.EveryoneID)
	require.NoError(t, err)
	require.ElementsMatch(t, []uuid.UUID{p.ID, q.ID}, []uuid.UUID{members[0].ID, members[1].ID})
}

func TestDeleteGroupRevokesGrantsAndFolderShares(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	c := tokenCaller(t, e)
	owner := pgtest.CreatePerson(t, e.pool)
	m1 := pgtest.CreatePerson(t, e.pool)
	m2 := pgtest.CreatePerson(t, e.pool)
	direct := pgtest.CreatePerson(t, e.pool)
	g, err := e.svc.CreateGroup(c.in(ctx), "doomed", "Doomed", "")
	require.NoError(t, err)
	keep, err := e.svc.CreateGroup(c.in(ctx), "kept", "Kept", "")
	require.NoError(t, err)
	for _, m := range []uuid.UUID{m1.ID, m2.ID} {
		_, err = e.svc.AddMember(c.in(ctx), g.ID, m)
		require.NoError(t, err)
	}
	_, err = e.svc.AddMember(c.in(ctx), keep.ID, m1.ID)
	require.NoError(t, err)
	_, err = e.svc.SetPersonActive(c.in(ctx), m2.ID, false)
	require.NoError(t, err)

	d1 := pgtest.CreateDocument(t, e.pool, owner.ID, pgtest.Doc{})
	d2 := pgtest.CreateDocument(t, e.pool, owner.ID, pgtest.Doc{})
	d3 := pgtest.CreateDocument(t, e.pool, owner.ID, pgtest.Doc{})
	grant := func(doc uuid.UUID, p access.Principal, perm db.Permission, reason string) {
		_, err := access.GrantInTx(ctx, e.pool, access.GrantSpec{DocumentID: doc, Principal: p, Permission: access.Permission(perm), GrantedBy: &owner.ID, Reason: reason})
		require.NoError(t, err)
	}
	doomed := access.Principal{Type: access.PrincipalGroup, ID: g.ID}
	grant(d1.ID, doomed, db.PermissionRead, access.Direct)
	grant(d2.ID, doomed, db.PermissionWrite, access.Folder)
	grant(d1.ID, access.Principal{Type: access.PrincipalUser, ID: direct.ID}, db.PermissionRead, access.Direct)
	grant(d3.ID, access.Principal{Type: access.PrincipalGroup, ID: keep.ID}, db.PermissionRead, access.Direct)
	for _, p := range []access.Principal{doomed, {Type: access.PrincipalGroup, ID: keep.ID}} {
		_, err = db.Q.FolderShareInsert(ctx, e.pool, db.FolderShareInsertParams{ID: uuid.Must(uuid.NewV7()), OwnerID: owner.ID, Space: db.SpaceWiki,
			Path: "", PrincipalType: db.PrincipalType(p.Type), PrincipalID: p.ID, Permission: db.PermissionRead})
		require.NoError(t, err)
	}
	require.True(t, canRead(t, e.pool, d1.ID, m1.ID))
	require.True(t, canRead(t, e.pool, d2.ID, m1.ID))

	res, err := e.svc.DeleteGroup(c.in(ctx), g.ID)
	require.NoError(t, err)
	require.Equal(t, g.ID, res.Group.ID)
	require.Equal(t, 2, res.Group.Members)
	require.Equal(t, 2, res.GrantsRevoked)
	require.Equal(t, 1, res.FolderSharesDeleted)

	var n int
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM groups WHERE id = $1`, g.ID).Scan(&n))
	require.Zero(t, n)
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM group_members WHERE group_id = $1`, g.ID).Scan(&n))
	require.Zero(t, n)
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM document_access WHERE principal_id = $1`, g.ID).Scan(&n))
	require.Zero(t, n)
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM folder_shares WHERE principal_id = $1`, g.ID).Scan(&n))
	require.Zero(t, n)
	// What was given to others stays.
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM document_access WHERE principal_id = ANY($1)`, []uuid.UUID{direct.ID, keep.ID}).Scan(&n))
	require.Equal(t, 2, n)
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM folder_shares WHERE principal_id = $1`, keep.ID).Scan(&n))
	require.Equal(t, 1, n)
	require.False(t, canRead(t, e.pool, d1.ID, m1.ID))
	require.False(t, canRead(t, e.pool, d2.ID, m1.ID))
	require.True(t, canRead(t, e.pool, d3.ID, m1.ID))
	require.True(t, canRead(t, e.pool, d1.ID, direct.ID))

	// Each grant taken away is in access_events, by management, in one batch.
	rows, err := e.pool.Query(ctx, `SELECT document_id, permission, actor_id, grant_reason, batch_id FROM access_events
		WHERE principal_type = 'group' AND principal_id = $1 AND action = 'revoked' ORDER BY document_id`, g.ID)
	require.NoError(t, err)
	type ev struct {
		doc    uuid.UUID
		perm   db.Permission
		actor  *uuid.UUID
		reason *string
		batch  *uuid.UUID
	}
	var evs []ev
	for rows.Next() {
		var x ev
		require.NoError(t, rows.Scan(&x.doc, &x.perm, &x.actor, &x.reason, &x.batch))
		evs = append(evs, x)
	}
	require.NoError(t, rows.Err())
	require.Len(t, evs, 2)
	byDoc := map[uuid.UUID]ev{evs[0].doc: evs[0], evs[1].doc: evs[1]}
	require.Equal(t, db.PermissionRead, byDoc[d1.ID].perm)
	require.Equal(t, db.PermissionWrite, byDoc[d2.ID].perm)
	for _, x := range evs {
		require.Equal(t, auth.ManagementID, *x.actor)
		require.Equal(t, manage.GroupReasonDeleted, *x.reason)
		require.NotNil(t, x.batch)
		require.Equal(t, *evs[0].batch, *x.batch)
	}

	r := oneAudit(t, e.pool, "group.delete")
	requireVia(t, r, c)
	require.Equal(t, g.ID, *r.TargetGroup)
	require.Equal(t, "doomed", r.Details["slug"])
	require.EqualValues(t, 2, r.Details["grants_revoked"])
	require.EqualValues(t, 1, r.Details["folder_shares_deleted"])
	require.EqualValues(t, 2, r.Details["members"])

	// The active member is told; the deactivated one is not.
	ns := notificationsTo(t, e.pool, m1.ID)
	last := ns[len(ns)-1]
	require.Equal(t, "group.removed", last.Type)
	require.Equal(t, g.ID, *last.SubjectID)
	require.Equal(t, true, last.Payload["groupDeleted"])
	for _, n := range notificationsTo(t, e.pool, m2.ID) {
		require.NotEqual(t, "group.removed", n.Type)
	}

	// The slug is free again.
	_, err = e.svc.CreateGroup(c.in(ctx), "doomed", "Doomed again", "")
	require.NoError(t, err)
}

// Taking someone out of a group writes an access.lost event for each
// document they lose through it — and none where they keep what the group
// gave (their own grant, ownership) or where the group gave nothing.
func TestRemoveMemberWritesWhatTheyLose(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	owner := pgtest.CreatePerson(t, e.pool)
	p := pgtest.CreatePerson(t, e.pool)
	g := pgtest.CreateGroup(t, e.pool, p.ID)
	lost := pgtest.CreateDocument(t, e.pool, owner.ID, pgtest.Doc{Slug: "lost"}).ID
	lowered := pgtest.CreateDocument(t, e.pool, owner.ID, pgtest.Doc{Slug: "lowered"}).ID
	kept := pgtest.CreateDocument(t, e.pool, owner.ID, pgtest.Doc{Slug: "kept"}).ID
	own := pgtest.CreateDocument(t, e.pool, p.ID, pgtest.Doc{Slug: "own"}).ID
	grant := func(doc uuid.UUID, ptype string, pid uuid.UUID, perm string) {
		_, err := e.pool.Exec(ctx, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
			VALUES (gen_random_uuid(), $1, $2, $3, $4)`, doc, ptype, pid, perm)
		require.NoError(t, err)
	}
	grant(lost, "group", g.ID, "read")
	grant(lowered, "group", g.ID, "write")
	grant(lowered, "user", p.ID, "read")
	grant(kept, "group", g.ID, "read")
	grant(kept, "user", p.ID, "write")
	grant(own, "group", g.ID, "write")

	_, err := e.svc.RemoveMember(cli.in(ctx), g.ID, p.ID)
	require.NoError(t, err)
	rows, err := e.pool.Query(ctx, `SELECT document_id FROM events WHERE event_type = $1 AND subject_type = 'user' AND subject_id = $2 ORDER BY document_id`,
		access.EventLost, p.ID)
	require.NoError(t, err)
	got, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	require.NoError(t, err)
	require.ElementsMatch(t, []uuid.UUID{lost, lowered}, got)
}
