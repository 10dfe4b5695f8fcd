package search_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/manage"
	"codna/internal/outbox"
	"codna/internal/pgtest"
	"codna/internal/search"
	pgsearch "codna/internal/search/postgres"
)

type bundle struct {
	pool    *pgxpool.Pool
	docs    *document.Service
	share   *access.Service
	manage  *manage.Service
	svc     *search.Service
	backend *pgsearch.Backend
	worker  *outbox.Worker
	owner   pgtest.Person
	ownerCx context.Context
}

func setup(t *testing.T) *bundle {
	t.Helper()
	d := pgtest.New(t)
	docs := document.New(d.Pool, document.DefaultConfig)
	backend := pgsearch.New(d.Pool)
	svc := search.New(d.Pool, backend, docs)
	w := outbox.New(d.Pool, outbox.Config{}, nil)
	w.RegisterBatch(search.IndexerName, svc.Indexer().HandleBatch, outbox.Lane{Budget: time.Minute})
	p := pgtest.CreatePerson(t, d.Pool)
	return &bundle{
		pool: d.Pool, docs: docs, share: access.New(d.Pool), manage: manage.New(d.Pool, auth.CheapArgon2, nil), svc: svc, backend: backend, worker: w,
		owner: p, ownerCx: pgtest.ActingAs(p),
	}
}

func (b *bundle) drain(t *testing.T) {
	t.Helper()
	require.NoError(t, b.worker.Drain(context.Background()))
}

// doc creates a document owned by the bundle's owner.
func (b *bundle) doc(t *testing.T, d pgtest.Doc) *document.Doc {
	t.Helper()
	return pgtest.CreateDocument(t, b.pool, b.owner.ID, d)
}

// find searches as ctx's actor, facets included, and fails on an error.
func (b *bundle) find(t *testing.T, ctx context.Context, query string, f ...search.SearchFilter) *search.Page {
	t.Helper()
	r := search.Request{Query: query, First: 20, Facets: true}
	if len(f) > 0 {
		r.Filter = f[0]
	}
	p, err := b.svc.Search(ctx, r)
	require.NoError(t, err, query)
	return p
}

// ids are a page's documents' ids, in order.
func ids(p *search.Page) []uuid.UUID {
	out := make([]uuid.UUID, len(p.Results))
	for i, r := range p.Results {
		out[i] = r.Doc.ID
	}
	return out
}

// newWorker is an outbox worker with the indexer registered, as serve
// registers it.
func newWorker(b *bundle) *outbox.Worker {
	w := outbox.New(b.pool, outbox.Config{}, nil)
	w.RegisterBatch(search.IndexerName, b.svc.Indexer().HandleBatch, outbox.Lane{Budget: time.Minute})
	return w
}

// shareWith is a read share of docs with recipients.
func shareWith(doc uuid.UUID, recipients ...string) access.ShareInput {
	return access.ShareInput{DocumentIDs: []uuid.UUID{doc}, Recipients: recipients, Permission: access.PermissionRead}
}

// withBundle runs f in parallel subtests, each on a bundle of its own
// database, once for each way a search finds its candidates
// (docs/design.md#search): as for an actor who reads few entries (through
// the readers' index, the way the tests' actors are searched) and as for
// one who reads many (through the words' index; the bound lowered so that
// every actor is searched that way), their words either estimated to match
// few entries (every match read at once, as the tests' words are: a test's
// table has no statistics) or many (the bound lowered so that every search
// goes that way: without filters through the generic statement for common
// words, its matches counted as the words' index finds them or newest
// first; or, as filtered searches go, through the statement planned for its
// values; or, for an actor who reads many entries but not a broad share of
// them, through the readers' index as for one who reads few; or, for one
// word without filters, through the recent entries' words, every entry
// recent or all but the newest two).
func withBundle(t *testing.T, f func(t *testing.T, b *bundle)) {
	for _, way := range []struct {
		name                             string
		sparseMax, midMax, newestCounted int
		planned                          bool
		broadShare, recentMin            float64
		recentKeep                       int
	}{
		{"sparse", pgsearch.SparseMax, pgsearch.MidMax, pgsearch.NewestCountedMin, false, pgsearch.BroadShare, pgsearch.RecentMin, pgsearch.RecentKeep},
		{"dense", -1, pgsearch.MidMax, pgsearch.NewestCountedMin, false, pgsearch.BroadShare, pgsearch.RecentMin, pgsearch.RecentKeep},
		{"dense-common", -1, -1, pgsearch.NewestCountedMin, false, pgsearch.BroadShare, pgsearch.RecentMin, pgsearch.RecentKeep},
		{"dense-common-newest", -1, -1, -1, false, pgsearch.BroadShare, pgsearch.RecentMin, pgsearch.RecentKeep},
		{"dense-common-planned", -1, -1, pgsearch.NewestCountedMin, true, pgsearch.BroadShare, pgsearch.RecentMin, pgsearch.RecentKeep},
		{"dense-common-narrow", -1, -1, pgsearch.NewestCountedMin, false, 2, pgsearch.RecentMin, pgsearch.RecentKeep},
		{"dense-recent", -1, pgsearch.MidMax, pgsearch.NewestCountedMin, false, pgsearch.BroadShare, -1, pgsearch.RecentKeep},
		{"dense-recent-few", -1, pgsearch.MidMax, pgsearch.NewestCountedMin, false, pgsearch.BroadShare, -1, 2},
	} {
		t.Run(way.name, func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			b.backend.SparseMax, b.backend.MidMax = way.sparseMax, way.midMax
			b.backend.NewestCountedMin, b.backend.Planned = way.newestCounted, way.planned
			b.backend.BroadShare = way.broadShare
			b.backend.RecentMin, b.backend.RecentKeep = way.recentMin, way.recentKeep
			b.backend.RecentMax = math.Inf(1)
			f(t, b)
		})
	}
}
