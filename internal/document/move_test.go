package document_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// The document side of docs/design.md#trace-move-a-linked-document: a move
// writes a "move" revision, the vacated
// address, a document.moved event, and frees the old address.
func TestMoveWritesItsTrace(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Path: "runbooks", Slug: "deploy"})

	moved, err := b.svc.Move(pgtest.ActingAs(p), document.MoveInput{ID: d.ID, ExpectedVersion: pgtest.Ptr(1), Path: pgtest.Ptr("ops")})
	require.NoError(t, err)
	require.Equal(t, "ops", moved.Path)
	require.Equal(t, 2, moved.Version)
	require.Equal(t, []string{"create", "move"}, b.revisionKinds(t, d.ID))
	hist, err := b.svc.PathHistory(pgtest.ActingAs(p), moved)
	require.NoError(t, err)
	require.Len(t, hist, 1)
	require.Equal(t, "runbooks", hist[0].Path)
	require.Equal(t, "deploy", hist[0].Slug)
	require.NotNil(t, hist[0].RevisionID)
	require.False(t, hist[0].ValidTo.Before(hist[0].ValidFrom))
	evs := b.events(t, d.ID)
	require.Equal(t, "document.moved", evs[len(evs)-1].Type)
	require.Equal(t, "wiki:runbooks/deploy", evs[len(evs)-1].Payload["from"])
	require.Equal(t, "wiki:ops/deploy", evs[len(evs)-1].Payload["to"])
	b.requireCurrentIsNewestRevision(t, d.ID)

	// The old address is free for a new document.
	pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Path: "runbooks", Slug: "deploy"})

	renamed, err := b.svc.Move(pgtest.ActingAs(p), document.MoveInput{ID: d.ID, Slug: pgtest.Ptr("deploying")})
	require.NoError(t, err)
	require.Equal(t, "deploying", renamed.Slug)
	require.Equal(t, []string{"create", "move", "rename"}, b.revisionKinds(t, d.ID))
	evs = b.events(t, d.ID)
	require.Equal(t, "document.renamed", evs[len(evs)-1].Type)
	hist, err = b.svc.PathHistory(pgtest.ActingAs(p), renamed)
	require.NoError(t, err)
	require.Len(t, hist, 2)
	require.Equal(t, hist[1].ValidTo, hist[0].ValidFrom, "each address is held from the last move on")

	same, err := b.svc.Move(pgtest.ActingAs(p), document.MoveInput{ID: d.ID, Slug: pgtest.Ptr("deploying")})
	require.NoError(t, err)
	require.Equal(t, 3, same.Version, "moving to where it is changes nothing")

	other := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Path: "ops", Slug: "taken"})
	_, err = b.svc.Move(pgtest.ActingAs(p), document.MoveInput{ID: other.ID, Slug: pgtest.Ptr("deploying")})
	pgtest.RequireCode(t, err, fault.Conflict, "slug")
}
