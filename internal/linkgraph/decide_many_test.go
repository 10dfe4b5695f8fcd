package linkgraph_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/linkgraph"
	"codna/internal/pgtest"
)

func (b *bundle) linkID(t *testing.T, source uuid.UUID, href string) uuid.UUID {
	t.Helper()
	var id uuid.UUID
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT id FROM document_links
		WHERE source_id = $1 AND href_as_written = $2`, source, href).Scan(&id))
	return id
}

// A rename's decisions answered together: all of them in one transaction,
// each checked (your own only: one you may not answer answers none), one
// already answered skipped, and at most MaxDecideAll at once.
func TestDecideManyAnswersARenamesDecisionsTogether(t *testing.T) {
	t.Parallel()
	b := setup(t)
	svc := linkgraph.New(b.pool, b.docs)
	s1 := b.doc(t, "notes", "one", "[a](../eng/a.md) and [b](../eng/b.md)")
	s2 := b.doc(t, "notes", "two", "see [a](../eng/a.md)")
	s3 := b.doc(t, "notes", "three", "and [a](../eng/a.md)")
	a := b.doc(t, "eng", "a", "A")
	bb := b.doc(t, "eng", "b", "B")
	b.drain(t)
	// The folder is renamed: every link to its pages asks.
	for _, id := range []uuid.UUID{a, bb} {
		_, err := b.docs.Move(b.ctx, document.MoveInput{ID: id, Path: pgtest.Ptr("engineering")})
		require.NoError(t, err)
	}
	b.drain(t)
	require.Equal(t, 4, b.openDecisions(t))
	l1a, l1b := b.linkID(t, s1, "../eng/a.md"), b.linkID(t, s1, "../eng/b.md")
	l2, l3 := b.linkID(t, s2, "../eng/a.md"), b.linkID(t, s3, "../eng/a.md")

	// Someone else cannot answer them, and nothing is answered.
	stranger := pgtest.CreatePerson(t, b.pool)
	_, err := svc.DecideMany(pgtest.ActingAs(stranger), []uuid.UUID{l1a, l2}, linkgraph.Update)
	require.Equal(t, fault.NotFound, fault.CodeOf(err))
	// A reader who cannot edit one of the pages: refused on linkIds, none answered.
	reader := pgtest.CreatePerson(t, b.pool)
	for _, d := range []uuid.UUID{s2, a, bb} {
		pgtest.Grant(t, b.pool, d, "user", reader.ID, "read")
	}
	pgtest.Grant(t, b.pool, s1, "user", reader.ID, "write")
	_, err = svc.DecideMany(pgtest.ActingAs(reader), []uuid.UUID{l1a, l2}, linkgraph.Keep)
	var f *fault.Error
	require.ErrorAs(t, err, &f)
	require.Equal(t, fault.Forbidden, f.Code)
	require.Equal(t, "linkIds", f.Field)
	require.Equal(t, "stale_text", b.edge(t, s1, "../eng/a.md").state)
	require.False(t, b.edge(t, s1, "../eng/a.md").kept, "nothing answered when one fails")
	require.Equal(t, 4, b.openDecisions(t))

	// Bounded, and only update, keep or drop.
	many := make([]uuid.UUID, linkgraph.MaxDecideAll+1)
	for i := range many {
		many[i] = uuid.Must(uuid.NewV7())
	}
	_, err = svc.DecideMany(b.ctx, many, linkgraph.Update)
	require.Equal(t, fault.BadInput, fault.CodeOf(err))
	_, err = svc.DecideMany(b.ctx, nil, linkgraph.Update)
	require.Equal(t, fault.BadInput, fault.CodeOf(err))
	_, err = svc.DecideMany(b.ctx, []uuid.UUID{l1a}, linkgraph.RestoreTarget)
	require.Equal(t, fault.BadInput, fault.CodeOf(err))

	// One answered already is skipped; the rest are updated at once.
	_, err = svc.Decide(b.ctx, l3, linkgraph.Keep, nil)
	require.NoError(t, err)
	got, err := svc.DecideMany(b.ctx, []uuid.UUID{l1a, l1b, l2, l3, l2}, linkgraph.Update)
	require.NoError(t, err)
	require.ElementsMatch(t, []uuid.UUID{l1a, l1b, l2}, got.Answered)
	require.Equal(t, []uuid.UUID{l3}, got.Skipped)
	require.Len(t, got.Documents, 2, "each linking page once")
	require.Zero(t, b.openDecisions(t))
	for _, d := range got.Documents {
		if d.ID == s1 {
			body, err := b.docs.Get(b.ctx, s1)
			require.NoError(t, err)
			require.Contains(t, body.Content, "../engineering/a.md")
			require.Contains(t, body.Content, "../engineering/b.md")
		}
	}
}
