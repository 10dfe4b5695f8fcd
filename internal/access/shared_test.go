package access_test

import (
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/pgtest"
)

// "Shared with me" lists what reaches a person through a group of theirs,
// naming the group, beside what was shared with them directly; not what
// Everyone was given, nor what they gave their own group.
func TestRecentlySharedThroughAGroup(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	since := time.Now().Add(-time.Minute)
	g := pgtest.CreateGroup(t, b.pool, b.dana.ID, b.tornike.ID)
	other := pgtest.CreateGroup(t, b.pool, b.tornike.ID)
	viaGroup := b.doc(t, b.tornike, "runbook", "Runbook", "")
	direct := b.doc(t, b.tornike, "direct", "Direct", "")
	everyone := b.doc(t, b.tornike, "everyone", "Everyone", "")
	notMine := b.doc(t, b.tornike, "not-mine", "Not mine", "")
	own := b.doc(t, b.dana, "own", "Own", "")
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{viaGroup}, Recipients: []string{"group:" + g.Slug}})
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{direct}, Recipients: []string{b.dana.Email}})
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{everyone}, Recipients: []string{"group:everyone"}})
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{notMine}, Recipients: []string{"group:" + other.Slug}})
	b.share(t, b.dana, access.ShareInput{DocumentIDs: []uuid.UUID{own}, Recipients: []string{"group:" + g.Slug}})

	got, err := b.svc.RecentlyShared(pgtest.ActingAs(b.dana), since, 50)
	require.NoError(t, err)
	require.Len(t, got, 2)
	require.Equal(t, direct, got[0].DocumentID, "newest first")
	require.Equal(t, pgtest.UserPrincipal(b.dana.ID), got[0].Recipient)
	require.Equal(t, b.dana.Email, got[0].Label)
	require.Equal(t, viaGroup, got[1].DocumentID)
	require.Equal(t, pgtest.GroupPrincipal(g.ID), got[1].Recipient)
	require.Equal(t, "group:"+g.Slug, got[1].Label)
	var name string
	require.NoError(t, b.pool.QueryRow(t.Context(), `SELECT name FROM groups WHERE id = $1`, g.ID).Scan(&name))
	require.Equal(t, name, got[1].Name)
	require.Equal(t, b.tornike.ID, *got[1].GrantedBy)

	// Taken out of the group, Dana no longer sees its grant; revoked, it is gone.
	pgtest.Exec(t, b.pool, `DELETE FROM group_members WHERE group_id = $1 AND user_id = $2`, g.ID, b.dana.ID)
	got, err = b.svc.RecentlyShared(pgtest.ActingAs(b.dana), since, 50)
	require.NoError(t, err)
	require.Len(t, got, 1)
	require.Equal(t, direct, got[0].DocumentID)
}

// batch(id) names every grant's recipient: a person by email, a group by
// group:<slug>, an agent by agent:<slug>, each with its display name.
func TestBatchNamesRecipients(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	g := pgtest.CreateGroup(t, b.pool, b.dana.ID)
	agent := pgtest.CreateAgent(t, b.pool, b.tornike.ID)
	d := b.doc(t, b.tornike, "named", "Named", "")
	res := b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email, "group:" + g.Slug, "agent:" + agent.Slug}})

	grants, err := b.svc.Batch(pgtest.ActingAs(b.tornike), res.BatchID)
	require.NoError(t, err)
	require.Len(t, grants, 3)
	labels := map[string]string{}
	for _, gr := range grants {
		require.NotEmpty(t, gr.Name, "every grant names its recipient")
		labels[gr.Label] = gr.Name
	}
	users, err := auth.New(b.pool, auth.Config{Argon2: auth.CheapArgon2}, nil).UsersByID(pgtest.ActingAs(b.tornike), []uuid.UUID{b.dana.ID})
	require.NoError(t, err)
	require.Equal(t, users[b.dana.ID].Name, labels[b.dana.Email])
	require.Contains(t, labels, "group:"+g.Slug)
	require.Contains(t, labels, "agent:"+agent.Slug)
}
