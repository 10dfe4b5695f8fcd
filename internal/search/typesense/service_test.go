package typesense_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/document"
	"codna/internal/outbox"
	"codna/internal/pgtest"
	"codna/internal/search"
	"codna/internal/search/typesense"
	"codna/internal/search/typesense/tsfake"
)

// The search service over this backend and the fake, end to end: the
// indexer's entries reach the collection, a reader finds only what is
// shared with them, a revoke hides a page at once (the re-check; the index
// still lists it until the indexer runs), and a reindex swaps the alias.
func TestServiceOverTypesense(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	f := tsfake.New(t, "k")
	backend, err := typesense.New(f.URL, "k", typesense.WithAlias("codna_e2e"))
	require.NoError(t, err)
	docs := document.New(d.Pool, document.DefaultConfig)
	svc := search.New(d.Pool, backend, docs)
	w := outbox.New(d.Pool, outbox.Config{}, nil)
	w.RegisterBatch(search.IndexerName, svc.Indexer().HandleBatch, outbox.Lane{Budget: time.Minute})
	drain := func() { require.NoError(t, w.Drain(context.Background())) }

	owner := pgtest.CreatePerson(t, d.Pool)
	reader := pgtest.CreatePerson(t, d.Pool)
	ownerCx, readerCx := pgtest.ActingAs(owner), pgtest.ActingAs(reader)
	shared := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Title: "Zebra handbook", Content: "# Stripes\n\nzebra **care**", Tags: []string{"animals"}})
	private := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Title: "Zebra secrets", Content: "zebra secret marker-7f3a", Tags: []string{"hidden-tag-7f3a"}})
	shares := access.New(d.Pool)
	_, err = shares.Share(ownerCx, access.ShareInput{DocumentIDs: []uuid.UUID{shared.ID}, Recipients: []string{reader.Email}})
	require.NoError(t, err)
	drain()
	require.Equal(t, 2, f.Count("codna_e2e"))

	find := func(ctx context.Context, q string) *search.Page {
		p, err := svc.Search(ctx, search.Request{Query: q, First: 20, Facets: true})
		require.NoError(t, err)
		return p
	}
	p := find(ownerCx, "zebra")
	require.Len(t, p.Results, 2)
	require.Contains(t, []uuid.UUID{p.Results[0].Doc.ID, p.Results[1].Doc.ID}, private.ID)
	p = find(readerCx, "zebr")
	require.Len(t, p.Results, 1)
	require.Equal(t, shared.ID, p.Results[0].Doc.ID)
	require.Equal(t, 1, p.Total)
	require.Equal(t, "Zebra handbook", p.Results[0].Title.Text)
	require.NotEmpty(t, p.Results[0].Title.Ranges)
	require.NotContains(t, p.Results[0].Snippet.Text, "**", "the body is indexed as plain text")
	for _, fc := range p.Facets.Tags {
		require.NotEqual(t, "hidden-tag-7f3a", fc.Value)
	}
	require.Empty(t, find(readerCx, "marker-7f3a").Results)

	// Revoke: gone before the indexer has run.
	require.NoError(t, shares.RevokeGrant(ownerCx, shared.ID, access.Principal{Type: access.PrincipalUser, ID: reader.ID}))
	p = find(readerCx, "zebra")
	require.Empty(t, p.Results)
	require.Zero(t, p.Total)
	require.Empty(t, p.Facets.Tags)
	drain()
	doc, ok := f.Document("codna_e2e", shared.ID.String())
	require.True(t, ok)
	require.NotContains(t, doc["acl_read"], "user:"+reader.ID.String(), "the indexer wrote the revoke")

	// A reindex (as management) builds a new collection and swaps the alias.
	before := f.Alias("codna_e2e")
	rep, err := svc.Reindex(pgtest.ActingAsManagement(), false, nil)
	require.NoError(t, err)
	require.Equal(t, 2, rep.Documents)
	require.NotEqual(t, before, f.Alias("codna_e2e"))
	require.Equal(t, []string{f.Alias("codna_e2e")}, f.Collections())
	require.Len(t, find(ownerCx, "zebra").Results, 2)
}
