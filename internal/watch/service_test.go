package watch

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

func docIDs(ws []*Watch) []uuid.UUID {
	var out []uuid.UUID
	for _, w := range ws {
		if w.DocumentID != nil {
			out = append(out, *w.DocumentID)
		}
	}
	return out
}

// Unwatching records a mute that an automatic source and a folder watch
// respect; watching again lifts it.
func TestWatchUnwatchMuteAndFolder(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	s := New(d.Pool)
	p := pgtest.CreatePerson(t, d.Pool)
	ctx := pgtest.ActingAs(p)
	a := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{Slug: "a", Path: "ops"})
	b := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{Slug: "b", Path: "ops/deep"})
	c := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{Slug: "c", Path: "opsx"})

	w, err := s.WatchDocument(ctx, a.ID)
	require.NoError(t, err)
	require.Equal(t, SourceManual, w.Source)
	st, err := s.States(ctx, []*document.Doc{a, b})
	require.NoError(t, err)
	require.Equal(t, State{Watching: true, Watchers: 1}, st[a])
	require.Equal(t, State{}, st[b])

	require.NoError(t, s.UnwatchDocument(ctx, a.ID))
	added, err := AutoInTx(ctx, d.Pool, p.ID, a.ID, SourceComment)
	require.NoError(t, err)
	require.False(t, added, "the mute keeps the automatic source out")
	st, _ = s.States(ctx, []*document.Doc{a})
	require.False(t, st[a].Watching)

	fw, err := s.WatchFolder(ctx, "WIKI", "/ops/")
	require.NoError(t, err)
	require.Equal(t, "ops", *fw.Path)
	st, _ = s.States(ctx, []*document.Doc{a, b, c})
	require.False(t, st[a].Watching, "a muted page stays muted under a folder watch")
	require.True(t, st[b].Watching, "the folder covers pages below it")
	require.False(t, st[c].Watching, "ops does not cover opsx")

	_, err = s.WatchDocument(ctx, a.ID)
	require.NoError(t, err)
	list, err := s.List(ctx)
	require.NoError(t, err)
	require.Len(t, list, 2)
	require.Equal(t, []uuid.UUID{a.ID}, docIDs(list))

	require.NoError(t, s.UnwatchFolder(ctx, "wiki", "ops"))
	require.NoError(t, s.UnwatchFolder(ctx, "wiki", "ops"), "unwatching what is not watched is no error")
	list, _ = s.List(ctx)
	require.Len(t, list, 1)

	_, err = s.WatchFolder(ctx, "nowhere", "")
	pgtest.RequireCode(t, err, fault.BadInput, "space")
	_, err = s.WatchFolder(ctx, "wiki", "a//b")
	pgtest.RequireCode(t, err, fault.BadInput, "path")
}

// Only people watch, only pages they can read; the list and the counts
// follow access now.
func TestWatchPermissions(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	s := New(d.Pool)
	owner := pgtest.CreatePerson(t, d.Pool)
	reader := pgtest.CreatePerson(t, d.Pool)
	stranger := pgtest.CreatePerson(t, d.Pool)
	agent := pgtest.CreateAgent(t, d.Pool, owner.ID)
	doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Slug: "p"})
	pgtest.Grant(t, d.Pool, doc.ID, "user", reader.ID, "read")
	pgtest.Grant(t, d.Pool, doc.ID, "user", agent.ID, "read")

	_, err := s.WatchDocument(pgtest.ActingAs(stranger), doc.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = s.WatchDocument(pgtest.ActingAs(reader), uuid.New())
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = s.WatchDocument(pgtest.ActingAsAgent(agent), doc.ID)
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = s.WatchDocument(pgtest.ActingAsManagement(), doc.ID)
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = s.WatchFolder(pgtest.ActingAsAgent(agent), "wiki", "")
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	require.Error(t, s.UnwatchDocument(pgtest.ActingAsManagement(), doc.ID))
	list, err := s.List(pgtest.ActingAsAgent(agent))
	require.NoError(t, err)
	require.Empty(t, list)
	list, err = s.List(pgtest.ActingAsManagement())
	require.NoError(t, err)
	require.Empty(t, list)

	_, err = s.WatchDocument(pgtest.ActingAs(reader), doc.ID)
	require.NoError(t, err)
	_, err = s.WatchFolder(pgtest.ActingAs(stranger), "wiki", "")
	require.NoError(t, err)
	st, _ := s.States(pgtest.ActingAs(owner), []*document.Doc{doc})
	require.Equal(t, State{Watching: false, Watchers: 1}, st[doc], "the stranger's folder watch does not count: they cannot read the page")
	list, _ = s.List(pgtest.ActingAs(stranger))
	require.Len(t, list, 1, "the folder watch")
	require.Empty(t, docIDs(list))

	// The reader loses access: the watch leaves their list and the count,
	// and returns with access.
	pgtest.Exec(t, d.Pool, `DELETE FROM document_access WHERE document_id = $1 AND principal_id = $2`, doc.ID, reader.ID)
	list, _ = s.List(pgtest.ActingAs(reader))
	require.Empty(t, list)
	st, _ = s.States(pgtest.ActingAs(owner), []*document.Doc{doc})
	require.Equal(t, 0, st[doc].Watchers)
	require.NoError(t, s.UnwatchDocument(pgtest.ActingAs(reader), doc.ID), "unwatching an unreadable page mutes the row, no error")
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM watches WHERE user_id = $1 AND muted`, reader.ID))
	require.NoError(t, s.UnwatchDocument(pgtest.ActingAs(stranger), uuid.New()), "no row is made for an unknown page")
	pgtest.Grant(t, d.Pool, doc.ID, "user", reader.ID, "read")
	list, _ = s.List(pgtest.ActingAs(reader))
	require.Empty(t, list, "still muted")

	// A deactivated person is not counted.
	_, err = s.WatchDocument(pgtest.ActingAs(reader), doc.ID)
	require.NoError(t, err)
	st, _ = s.States(pgtest.ActingAs(owner), []*document.Doc{doc})
	require.Equal(t, 1, st[doc].Watchers)
	pgtest.Exec(t, d.Pool, `UPDATE users SET is_active = false WHERE id = $1`, reader.ID)
	st, _ = s.States(pgtest.ActingAs(owner), []*document.Doc{doc})
	require.Equal(t, 0, st[doc].Watchers)
}
