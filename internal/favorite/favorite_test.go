package favorite

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

func newService(t *testing.T) (*Service, *pgtest.DB) {
	t.Helper()
	d := pgtest.New(t)
	return New(d.Pool, nil), d
}

func ids(docs []*document.Doc) []uuid.UUID {
	out := make([]uuid.UUID, len(docs))
	for i, d := range docs {
		out[i] = d.ID
	}
	return out
}

func TestStarUnstarAndOrder(t *testing.T) {
	t.Parallel()
	s, d := newService(t)
	p := pgtest.CreatePerson(t, d.Pool)
	ctx := pgtest.ActingAs(p)
	a := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{Slug: "a"})
	b := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{Slug: "b"})
	c := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{Slug: "c"})

	for _, doc := range []*document.Doc{a, b, c, a} { // starring again changes nothing
		require.NoError(t, s.Star(ctx, doc.ID))
	}
	list, err := s.List(ctx)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{a.ID, b.ID, c.ID}, ids(list), "in the order starred")

	require.NoError(t, s.Move(ctx, c.ID, &a.ID))
	list, _ = s.List(ctx)
	require.Equal(t, []uuid.UUID{c.ID, a.ID, b.ID}, ids(list))
	require.NoError(t, s.Move(ctx, c.ID, nil))
	list, _ = s.List(ctx)
	require.Equal(t, []uuid.UUID{a.ID, b.ID, c.ID}, ids(list), "nil before puts it last")
	pgtest.RequireCode(t, s.Move(ctx, c.ID, &c.ID), fault.BadInput, "before")
	pgtest.RequireCode(t, s.Move(ctx, uuid.New(), nil), fault.NotFound, "")

	starred, err := s.Starred(ctx, []*document.Doc{a, b})
	require.NoError(t, err)
	require.Equal(t, map[*document.Doc]bool{a: true, b: true}, starred)

	require.NoError(t, s.Unstar(ctx, b.ID))
	require.NoError(t, s.Unstar(ctx, b.ID), "unstarring what is not starred is no error")
	list, _ = s.List(ctx)
	require.Equal(t, []uuid.UUID{a.ID, c.ID}, ids(list))
	starred, _ = s.Starred(ctx, []*document.Doc{a, b})
	require.Equal(t, map[*document.Doc]bool{a: true, b: false}, starred)

	other := pgtest.CreatePerson(t, d.Pool)
	list, err = s.List(pgtest.ActingAs(other))
	require.NoError(t, err)
	require.Empty(t, list, "favourites are one's own")
}

// A starred page the person can no longer read leaves the list, keeps its
// row, and comes back with access; a page never readable cannot be starred.
func TestPermissionLossAndReturn(t *testing.T) {
	t.Parallel()
	s, d := newService(t)
	owner := pgtest.CreatePerson(t, d.Pool)
	reader := pgtest.CreatePerson(t, d.Pool)
	doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Slug: "shared"})
	mine := pgtest.CreateDocument(t, d.Pool, reader.ID, pgtest.Doc{Slug: "mine"})
	ctx := pgtest.ActingAs(reader)

	pgtest.RequireCode(t, s.Star(ctx, doc.ID), fault.NotFound, "")
	pgtest.RequireCode(t, s.Star(ctx, uuid.New()), fault.NotFound, "")
	pgtest.RequireCode(t, s.RecordView(ctx, doc.ID), fault.NotFound, "")

	pgtest.Grant(t, d.Pool, doc.ID, "user", reader.ID, "read")
	require.NoError(t, s.Star(ctx, doc.ID))
	require.NoError(t, s.Star(ctx, mine.ID))
	require.NoError(t, s.RecordView(ctx, doc.ID))
	_, err := s.FlushViews(auth.SystemContext(context.Background()))
	require.NoError(t, err)
	list, _ := s.List(ctx)
	require.Equal(t, []uuid.UUID{doc.ID, mine.ID}, ids(list))
	recent, err := s.Recent(ctx, 20)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{doc.ID}, ids(recent))

	pgtest.Exec(t, d.Pool, `DELETE FROM document_access WHERE document_id = $1`, doc.ID)
	list, _ = s.List(ctx)
	require.Equal(t, []uuid.UUID{mine.ID}, ids(list), "an unreadable favourite is left out")
	recent, _ = s.Recent(ctx, 20)
	require.Empty(t, recent, "an unreadable view is left out")
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM favorites WHERE user_id = $1 AND document_id = $2`, reader.ID, doc.ID), "the row is kept")

	pgtest.Grant(t, d.Pool, doc.ID, "user", reader.ID, "read")
	list, _ = s.List(ctx)
	require.Equal(t, []uuid.UUID{doc.ID, mine.ID}, ids(list), "back with access, in its place")
	recent, _ = s.Recent(ctx, 20)
	require.Equal(t, []uuid.UUID{doc.ID}, ids(recent))
}

func TestAgentsAndManagement(t *testing.T) {
	t.Parallel()
	s, d := newService(t)
	p := pgtest.CreatePerson(t, d.Pool)
	ag := pgtest.CreateAgent(t, d.Pool, p.ID)
	doc := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{})
	pgtest.Grant(t, d.Pool, doc.ID, "user", ag.ID, "read")
	for name, ctx := range map[string]context.Context{"agent": pgtest.ActingAsAgent(ag), "management": pgtest.ActingAsManagement()} {
		pgtest.RequireCode(t, s.Star(ctx, doc.ID), fault.Forbidden, "")
		pgtest.RequireCode(t, s.Unstar(ctx, doc.ID), fault.Forbidden, "")
		pgtest.RequireCode(t, s.Move(ctx, doc.ID, nil), fault.Forbidden, "")
		list, err := s.List(ctx)
		require.NoError(t, err, name)
		require.Empty(t, list, name)
		require.NoError(t, s.RecordView(ctx, doc.ID), name)
		recent, err := s.Recent(ctx, 20)
		require.NoError(t, err, name)
		require.Empty(t, recent, name)
	}
	n, err := s.FlushViews(auth.SystemContext(context.Background()))
	require.NoError(t, err)
	require.Zero(t, n, "agents' and management's views are not recorded")
	_, err = s.List(context.Background())
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	_, err = s.FlushViews(pgtest.ActingAs(p))
	pgtest.RequireCode(t, err, fault.Forbidden, "")
}

// Views are recorded at most once a minute per person and page, kept in
// memory until a flush, and listed most recent first.
func TestViewsThrottleAndFlush(t *testing.T) {
	t.Parallel()
	s, d := newService(t)
	now := time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	p := pgtest.CreatePerson(t, d.Pool)
	ctx := pgtest.ActingAs(p)
	sys := auth.SystemContext(context.Background())
	a := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{})
	b := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{})

	require.NoError(t, s.RecordView(ctx, a.ID))
	require.NoError(t, s.RecordView(ctx, a.ID))
	recent, _ := s.Recent(ctx, 20)
	require.Empty(t, recent, "nothing is written before the flush")
	n, err := s.FlushViews(sys)
	require.NoError(t, err)
	require.EqualValues(t, 1, n)
	count := func(id uuid.UUID) int {
		return pgtest.Count(t, d.Pool, `SELECT count FROM document_views WHERE user_id = $1 AND document_id = $2`, p.ID, id)
	}
	require.Equal(t, 1, count(a.ID), "the second view within the minute is not recorded")

	now = now.Add(30 * time.Second)
	require.NoError(t, s.RecordView(ctx, a.ID))
	require.NoError(t, s.RecordView(ctx, b.ID))
	_, err = s.FlushViews(sys)
	require.NoError(t, err)
	require.Equal(t, 1, count(a.ID), "still within the minute, across a flush")
	recent, _ = s.Recent(ctx, 20)
	require.Equal(t, []uuid.UUID{b.ID, a.ID}, ids(recent))

	now = now.Add(31 * time.Second)
	require.NoError(t, s.RecordView(ctx, a.ID))
	_, err = s.FlushViews(sys)
	require.NoError(t, err)
	require.Equal(t, 2, count(a.ID))
	recent, _ = s.Recent(ctx, 1)
	require.Equal(t, []uuid.UUID{a.ID}, ids(recent), "most recent first, first at most")
	_, err = s.Recent(ctx, 0)
	pgtest.RequireCode(t, err, fault.BadInput, "first")
	_, err = s.Recent(ctx, MaxRecent+1)
	pgtest.RequireCode(t, err, fault.BadInput, "first")
}

// Purging a page deletes its favourites and views; a trashed page leaves
// the lists and comes back when restored.
func TestTrashAndPurge(t *testing.T) {
	t.Parallel()
	s, d := newService(t)
	docs := document.New(d.Pool, document.DefaultConfig)
	p := pgtest.CreatePerson(t, d.Pool)
	ctx := pgtest.ActingAs(p)
	doc := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{})
	require.NoError(t, s.Star(ctx, doc.ID))
	require.NoError(t, s.RecordView(ctx, doc.ID))
	_, err := s.FlushViews(auth.SystemContext(context.Background()))
	require.NoError(t, err)

	_, err = docs.Delete(ctx, doc.ID)
	require.NoError(t, err)
	list, _ := s.List(ctx)
	require.Empty(t, list, "a trashed page is not listed")
	recent, _ := s.Recent(ctx, 20)
	require.Empty(t, recent)
	_, err = docs.Restore(ctx, document.RestoreInput{ID: doc.ID})
	require.NoError(t, err)
	list, _ = s.List(ctx)
	require.Len(t, list, 1, "back when restored")

	_, err = docs.Delete(ctx, doc.ID)
	require.NoError(t, err)
	require.NoError(t, docs.Purge(ctx, doc.ID))
	require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM favorites WHERE document_id = $1`, doc.ID))
	require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM document_views WHERE document_id = $1`, doc.ID))

	// A view of a page purged before the flush is dropped.
	other := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{})
	require.NoError(t, s.RecordView(ctx, other.ID))
	_, err = docs.Delete(ctx, other.ID)
	require.NoError(t, err)
	require.NoError(t, docs.Purge(ctx, other.ID))
	_, err = s.FlushViews(auth.SystemContext(context.Background()))
	require.NoError(t, err)
	require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM document_views WHERE user_id = $1`, p.ID))
}
