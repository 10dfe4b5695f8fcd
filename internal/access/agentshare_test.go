package access_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// An agent shares a page it wrote only with the people and groups its
// responsible people chose (FORBIDDEN for anyone else, saying whom it may
// name), never a page it does not own; the share is an ordinary one: a
// direct grant in one batch, the recipient told.
func TestShareOwnAsAgent(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	erin := b.person(t)
	g := pgtest.CreateGroup(t, b.pool, erin.ID)
	bot := pgtest.CreateAgent(t, b.pool, b.tornike.ID)
	ctx := pgtest.ActingAsAgent(bot)
	page := pgtest.CreateDocument(t, b.pool, bot.ID, pgtest.Doc{Space: document.SpaceOutput, Path: "reports", Slug: "weekly", Title: "Weekly"}).ID
	someoneElses := b.doc(t, b.tornike, "theirs", "Theirs", "")
	pgtest.Grant(t, b.pool, someoneElses, "user", bot.ID, "write")

	_, err := b.svc.ShareOwn(ctx, page, []string{b.dana.Email})
	fe := pgtest.RequireCode(t, err, fault.Forbidden, "recipients")
	require.Contains(t, fe.Message, "nobody yet")

	pgtest.Exec(t, b.pool, `INSERT INTO agent_share_targets (agent_id, principal_type, principal_id) VALUES ($1, 'user', $2), ($1, 'group', $3)`, bot.ID, b.dana.ID, g.ID)
	_, err = b.svc.ShareOwn(ctx, page, []string{erin.Email})
	fe = pgtest.RequireCode(t, err, fault.Forbidden, "recipients")
	require.Contains(t, fe.Message, "group:"+g.Slug)
	require.Contains(t, fe.Message, b.dana.Email)
	require.Equal(t, "", b.permission(t, page, pgtest.UserPrincipal(erin.ID)))

	res, err := b.svc.ShareOwn(ctx, page, []string{b.dana.Email, "group:" + g.Slug})
	require.NoError(t, err)
	require.Len(t, res.Grants, 2)
	require.Equal(t, "read", b.permission(t, page, pgtest.UserPrincipal(b.dana.ID)))
	require.Equal(t, "read", b.permission(t, page, pgtest.GroupPrincipal(g.ID)))
	notes := b.notes(t, res.BatchID)
	var told []uuid.UUID
	for _, n := range notes {
		if n.Type == "access.granted" {
			told = append(told, n.Recipient)
		}
	}
	require.ElementsMatch(t, []uuid.UUID{b.dana.ID, erin.ID}, told)

	_, err = b.svc.ShareOwn(ctx, someoneElses, []string{b.dana.Email})
	pgtest.RequireCode(t, err, fault.Forbidden, "documentId")
	_, err = b.svc.ShareOwn(ctx, uuid.Must(uuid.NewV7()), []string{b.dana.Email})
	pgtest.RequireCode(t, err, fault.NotFound, "documentId")

	// A person shares their own page with anyone a share may name.
	mine := b.doc(t, b.dana, "mine", "Mine", "")
	_, err = b.svc.ShareOwn(pgtest.ActingAs(b.dana), mine, []string{erin.Email})
	require.NoError(t, err)
}
