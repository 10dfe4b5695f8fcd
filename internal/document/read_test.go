package document_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

func TestListFiltersOrdersAndPages(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	ctx := pgtest.ActingAs(p)
	pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Path: "eng", Slug: "b", Title: "banana", Tags: []string{"fruit"}})
	pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Path: "eng/sub", Slug: "a", Title: "Apple", Tags: []string{"fruit", "red"}})
	pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Path: "eng-old", Slug: "c", Title: "cherry"})
	pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Space: document.SpaceOutput, Slug: "d", Title: "date"})

	titles := func(docs []*document.Doc) []string {
		out := []string{}
		for _, d := range docs {
			out = append(out, d.Title)
		}
		return out
	}
	all, more, err := b.svc.List(ctx, document.Filter{}, document.ByTitle, nil, 10)
	require.NoError(t, err)
	require.False(t, more)
	require.Equal(t, []string{"Apple", "banana", "cherry", "date"}, titles(all))

	newest, _, err := b.svc.List(ctx, document.Filter{}, document.ByUpdated, nil, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"date", "cherry", "Apple", "banana"}, titles(newest))

	wiki := document.SpaceWiki
	prefix := "eng"
	got, _, err := b.svc.List(ctx, document.Filter{Space: &wiki, PathPrefix: &prefix}, document.ByTitle, nil, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"Apple", "banana"}, titles(got), "a path prefix is a folder, not a string prefix")
	got, _, err = b.svc.List(ctx, document.Filter{Tags: []string{"fruit", "red"}}, document.ByTitle, nil, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"Apple"}, titles(got))

	page1, more, err := b.svc.List(ctx, document.Filter{}, document.ByTitle, nil, 2)
	require.NoError(t, err)
	require.True(t, more)
	c := document.CursorOf(page1[1], document.ByTitle)
	page2, more, err := b.svc.List(ctx, document.Filter{}, document.ByTitle, &c, 2)
	require.NoError(t, err)
	require.False(t, more)
	require.Equal(t, []string{"cherry", "date"}, titles(page2))
	u1, _, err := b.svc.List(ctx, document.Filter{}, document.ByUpdated, nil, 3)
	require.NoError(t, err)
	cu := document.CursorOf(u1[2], document.ByUpdated)
	u2, _, err := b.svc.List(ctx, document.Filter{}, document.ByUpdated, &cu, 3)
	require.NoError(t, err)
	require.Equal(t, []string{"banana"}, titles(u2))

	bad := "a/../b"
	_, _, err = b.svc.List(ctx, document.Filter{PathPrefix: &bad}, document.ByTitle, nil, 10)
	pgtest.RequireCode(t, err, fault.BadInput, "pathPrefix")
}

// One operation may hold a document at two versions (a list read before a
// save, and the list after it); each gets the body of its own version.
func TestBodiesFollowTheVersionEachDocWasReadAt(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	ctx := pgtest.ActingAs(p)
	d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Space: document.SpaceWiki, Content: "first"})
	before, _, err := b.svc.List(ctx, document.Filter{}, document.ByUpdated, nil, 10)
	require.NoError(t, err)
	_, _, err = b.svc.Update(ctx, document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: pgtest.Ptr("second")})
	require.NoError(t, err)
	after, _, err := b.svc.List(ctx, document.Filter{}, document.ByUpdated, nil, 10)
	require.NoError(t, err)
	require.Len(t, before, 1)
	require.Len(t, after, 1)
	bodies, err := b.svc.Bodies(ctx, []*document.Doc{before[0], after[0]})
	require.NoError(t, err)
	require.Equal(t, "first", bodies[before[0]].Content)
	require.Equal(t, "second", bodies[after[0]].Content)
}
