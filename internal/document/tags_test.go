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
