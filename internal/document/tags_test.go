package document_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

func tagCounts(t *testing.T, svc *document.Service, ctx context.Context, prefix string, first int) map[string]int {
	t.Helper()
	tags, err := svc.Tags(ctx, prefix, first)
	require.NoError(t, err)
	out := map[string]int{}
	for _, tc := range tags {
		out[tc.Tag] = tc.Count
	}
	return out
}

func TestTagsCountReadablePagesOnly(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	owner := pgtest.CreatePerson(t, b.pool)
	me := pgtest.CreatePerson(t, b.pool)
	group := pgtest.CreateGroup(t, b.pool, me.ID)

	pgtest.CreateDocument(t, b.pool, me.ID, pgtest.Doc{Tags: []string{"ops", "runbook"}})
	pgtest.CreateDocument(t, b.pool, me.ID, pgtest.Doc{Tags: []string{"ops"}})
	shared := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Tags: []string{"ops", "Onboarding"}})
	pgtest.Grant(t, b.pool, shared.ID, "user", me.ID, "read")
	viaGroup := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Tags: []string{"onboarding"}})
	pgtest.Grant(t, b.pool, viaGroup.ID, "group", group.ID, "write")
	// Granted twice (to me and to Everyone): counted once.
	twice := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Tags: []string{"ops"}})
	pgtest.Grant(t, b.pool, twice.ID, "user", me.ID, "read")
	pgtest.Grant(t, b.pool, twice.ID, "group", auth.EveryoneID, "read")
	// Only on pages I cannot read, trashed or quarantined: absent.
	pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Tags: []string{"secret", "ops"}})
	trashed := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Tags: []string{"gone"}})
	pgtest.Grant(t, b.pool, trashed.ID, "user", me.ID, "read")
	_, err := b.svc.Delete(pgtest.ActingAs(owner), trashed.ID)
	require.NoError(t, err)
	quarantined := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Tags: []string{"held"}})
	pgtest.Grant(t, b.pool, quarantined.ID, "user", me.ID, "read")
	pgtest.Exec(t, b.pool, `UPDATE documents SET quarantined_at = now() WHERE id = $1`, quarantined.ID)
	mineTrashed := pgtest.CreateDocument(t, b.pool, me.ID, pgtest.Doc{Tags: []string{"mine-gone"}})
	_, err = b.svc.Delete(pgtest.ActingAs(me), mineTrashed.ID)
	require.NoError(t, err)

	ctx := pgtest.ActingAs(me)
	tags, err := b.svc.Tags(ctx, "", 100)
	require.NoError(t, err)
	require.Equal(t, []document.TagCount{{Tag: "ops", Count: 4}, {Tag: "onboarding", Count: 2}, {Tag: "runbook", Count: 1}}, tags,
		"most used first, then by tag; exact counts over what I can read")

	require.Equal(t, map[string]int{"ops": 3, "onboarding": 2, "held": 1, "secret": 1}, tagCounts(t, b.svc, pgtest.ActingAs(owner), "", 100),
		"the owner counts their quarantined page, not their trashed one")

	require.Equal(t, map[string]int{"onboarding": 2, "ops": 4}, tagCounts(t, b.svc, ctx, "O", 100), "prefix, case-insensitively")
	require.Equal(t, map[string]int{"onboarding": 2}, tagCounts(t, b.svc, ctx, "onb", 100))
	require.Equal(t, map[string]int{"ops": 4}, tagCounts(t, b.svc, ctx, "", 1), "first keeps the most used")

	for _, first := range []int{0, -1, 1001} {
		_, err := b.svc.Tags(ctx, "", first)
		pgtest.RequireCode(t, err, fault.BadInput, "first")
	}
	_, err = b.svc.Tags(ctx, "", 1000)
	require.NoError(t, err)

	got, err := b.svc.Tags(pgtest.ActingAsManagement(), "", 100)
	require.NoError(t, err)
	require.Empty(t, got, "management never sees content")
	_, err = b.svc.Tags(context.Background(), "", 100)
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
}

// TestTagsFollowChanges holds Tags to the access level itself (document_level
// over every live document) for several actors after each change that moves
// a count: sharing with and unsharing from Everyone, tag edits, trash and
// restore, quarantine and release, a group's grant, a transfer.
func TestTagsFollowChanges(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	alice := pgtest.CreatePerson(t, b.pool)
	bob := pgtest.CreatePerson(t, b.pool)
	agent := pgtest.CreateAgent(t, b.pool, alice.ID)
	group := pgtest.CreateGroup(t, b.pool, bob.ID)
	a1 := pgtest.CreateDocument(t, b.pool, alice.ID, pgtest.Doc{Tags: []string{"ops", "db"}})
	a2 := pgtest.CreateDocument(t, b.pool, alice.ID, pgtest.Doc{Tags: []string{"ops"}})
	b1 := pgtest.CreateDocument(t, b.pool, bob.ID, pgtest.Doc{Tags: []string{"db", "team"}})

	actors := map[string]struct {
		ctx    context.Context
		id     any
		person bool
	}{
		"alice": {pgtest.ActingAs(alice), alice.ID, true},
		"bob":   {pgtest.ActingAs(bob), bob.ID, true},
		"agent": {pgtest.ActingAsAgent(agent), agent.ID, false},
	}
	check := func(step string) {
		t.Helper()
		for name, a := range actors {
			want := map[string]int{}
			rows, err := b.pool.Query(context.Background(), `
				SELECT t.tag, count(*)::int FROM documents d
				CROSS JOIN LATERAL document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, $1, $2) l
				CROSS JOIN LATERAL unnest(d.tags) t(tag)
				WHERE d.deleted_at IS NULL AND l.level > 0 GROUP BY t.tag`, a.id, a.person)
			require.NoError(t, err)
			for rows.Next() {
				var tag string
				var n int
				require.NoError(t, rows.Scan(&tag, &n))
				want[tag] = n
			}
			require.NoError(t, rows.Err())
			require.Equal(t, want, tagCounts(t, b.svc, a.ctx, "", 1000), "%s: %s", step, name)
		}
	}
	check("start")
	pgtest.Grant(t, b.pool, a1.ID, "group", auth.EveryoneID, "read")
	check("a1 to Everyone")
	pgtest.Grant(t, b.pool, b1.ID, "group", auth.EveryoneID, "write")
	pgtest.Grant(t, b.pool, b1.ID, "user", alice.ID, "read")
	pgtest.Grant(t, b.pool, a2.ID, "group", group.ID, "read")
	pgtest.Grant(t, b.pool, a2.ID, "user", agent.ID, "read")
	check("more grants")
	_, _, err := b.svc.Update(pgtest.ActingAs(alice), document.UpdateInput{ID: a1.ID, ExpectedVersion: 1, Tags: []string{"ops", "runbook"}})
	require.NoError(t, err)
	check("a1's tags changed")
	_, err = b.svc.Delete(pgtest.ActingAs(alice), a1.ID)
	require.NoError(t, err)
	check("a1 trashed")
	_, err = b.svc.Restore(pgtest.ActingAs(alice), document.RestoreInput{ID: a1.ID})
	require.NoError(t, err)
	check("a1 restored")
	pgtest.Exec(t, b.pool, `UPDATE documents SET quarantined_at = now() WHERE id = $1`, b1.ID)
	check("b1 quarantined")
	pgtest.Exec(t, b.pool, `UPDATE documents SET quarantined_at = NULL WHERE id = $1`, b1.ID)
	check("b1 released")
	pgtest.Exec(t, b.pool, `DELETE FROM document_access WHERE document_id = $1 AND principal_id = $2`, a1.ID, auth.EveryoneID)
	check("a1 unshared from Everyone")
	pgtest.Exec(t, b.pool, `UPDATE documents SET created_by = $1 WHERE id = $2`, bob.ID, a2.ID)
	check("a2 transferred to bob")
	pgtest.Exec(t, b.pool, `UPDATE documents SET deleted_at = now() WHERE id = $1`, b1.ID)
	pgtest.Exec(t, b.pool, `DELETE FROM documents WHERE id = $1`, b1.ID)
	check("b1 purged")
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM tag_everyone_counts WHERE pages <> 0`), "nothing left read by Everyone")
}
