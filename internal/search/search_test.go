package search_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
	"codna/internal/search"
	pgsearch "codna/internal/search/postgres"
)

func titles(p *search.Page) []string {
	out := make([]string, len(p.Results))
	for i, r := range p.Results {
		out[i] = r.Doc.Title
	}
	return out
}

func TestSyntaxForms(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		b.doc(t, pgtest.Doc{Title: "Laptop setup", Content: "Install the VPN client on Windows and on Mac."})
		b.doc(t, pgtest.Doc{Title: "VPN on Linux", Content: "The vpn works on linux laptops; setup is quick."})
		b.doc(t, pgtest.Doc{Title: "Mein Lebenslauf", Content: "Mein **Résumé** und die Straße, auf Deutsch."})
		b.doc(t, pgtest.Doc{Title: "Guía de despliegue", Content: "Cómo desplegar la aplicación en producción."})
		b.doc(t, pgtest.Doc{Title: "東京の天気", Content: "今日の東京は晴れです。"})
		b.doc(t, pgtest.Doc{Title: "Onboarding checklist", Content: "First day: accounts, laptop, badge."})
		b.drain(t)
		for _, c := range []struct {
			query string
			want  []string
		}{
			{"vpn windows", []string{"Laptop setup"}},                      // all words
			{"VPN", []string{"VPN on Linux", "Laptop setup"}},              // case-insensitive, title first
			{`"setup is quick"`, []string{"VPN on Linux"}},                 // phrase
			{`"quick is setup"`, nil},                                      // a phrase keeps its order
			{"vpn -windows", []string{"VPN on Linux"}},                     // exclusion
			{`laptop -"vpn client"`, []string{"Onboarding checklist"}},     // excluded phrase ("laptops" is no prefix match here)
			{"windows or linux", []string{"VPN on Linux", "Laptop setup"}}, // or
			{"lebens", []string{"Mein Lebenslauf"}},                        // last word as a prefix
			{"deutsc", []string{"Mein Lebenslauf"}},                        // in the body too
			{"deutsc ", nil},                                               // not once it is complete
			{"resume", []string{"Mein Lebenslauf"}},                        // accent-insensitive
			{"strasse", []string{"Mein Lebenslauf"}},                       // ß folds to ss
			{"aplicacion produccion", []string{"Guía de despliegue"}},      // Spanish, unaccented
			{"東京", []string{"東京の天気"}},                                      // CJK: characters in a row
			{"天気", []string{"東京の天気"}},
			{"onbaording", []string{"Onboarding checklist"}}, // a misspelled title word
			{"checklsit", []string{"Onboarding checklist"}},
		} {
			p := b.find(t, b.ownerCx, c.query)
			require.Equal(t, c.want, nilIfEmpty(titles(p)), "%q", c.query)
			require.Equal(t, len(c.want), p.Total, "%q", c.query)
		}
	})
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

func TestRankingTitleAboveTagsPathAndBodyTiesByRecency(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		body := b.doc(t, pgtest.Doc{Title: "Notes", Content: "a word about kubernetes here"})
		path := b.doc(t, pgtest.Doc{Title: "Cluster notes", Path: "kubernetes", Content: "nothing"})
		tag := b.doc(t, pgtest.Doc{Title: "Ops notes", Tags: []string{"kubernetes"}, Content: "nothing"})
		title := b.doc(t, pgtest.Doc{Title: "Kubernetes basics", Content: "nothing"})
		older := b.doc(t, pgtest.Doc{Title: "Another", Content: "kubernetes again"})
		pgtest.Exec(t, b.pool, "UPDATE documents SET updated_at = now() - interval '1 day' WHERE id = $1", older.ID)
		b.drain(t)
		got := ids(b.find(t, b.ownerCx, "kubernetes "))
		require.Equal(t, []uuid.UUID{title.ID, tag.ID, path.ID, body.ID, older.ID}, got)
	})
}

func TestFilters(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		other := pgtest.CreatePerson(t, b.pool)
		wiki := b.doc(t, pgtest.Doc{Title: "Wiki deploy", Path: "ops/runbooks", Tags: []string{"ops", "deploy"}, Content: "deploy"})
		out := b.doc(t, pgtest.Doc{Space: document.SpaceOutput, Title: "Output deploy", Path: "ops", Tags: []string{"ops"}, Content: "deploy"})
		raw := b.doc(t, pgtest.Doc{Space: document.SpaceRaw, Title: "Raw deploy", Path: "opsx", Content: "deploy"})
		theirs := pgtest.CreateDocument(t, b.pool, other.ID, pgtest.Doc{Title: "Their deploy", Content: "deploy"})
		pgtest.Grant(t, b.pool, theirs.ID, "user", b.owner.ID, "read")
		draft := "draft"
		_, _, err := b.docs.Update(b.ownerCx, document.UpdateInput{ID: out.ID, ExpectedVersion: out.Version, Status: (*document.Status)(&draft)})
		require.NoError(t, err)
		pgtest.Exec(t, b.pool, "UPDATE documents SET updated_at = '2020-01-01T00:00:00Z' WHERE id = $1", raw.ID)
		b.drain(t)
		at := time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC)
		for _, c := range []struct {
			name string
			f    search.SearchFilter
			want []uuid.UUID
		}{
			{"none", search.SearchFilter{}, []uuid.UUID{wiki.ID, out.ID, raw.ID, theirs.ID}},
			{"spaces", search.SearchFilter{Spaces: []document.Space{document.SpaceOutput, document.SpaceRaw}}, []uuid.UUID{out.ID, raw.ID}},
			{"path prefix", search.SearchFilter{PathPrefix: pgtest.Ptr("ops")}, []uuid.UUID{wiki.ID, out.ID}},
			{"path prefix deeper", search.SearchFilter{PathPrefix: pgtest.Ptr("/ops/runbooks/")}, []uuid.UUID{wiki.ID}},
			{"path prefix root", search.SearchFilter{PathPrefix: pgtest.Ptr("")}, []uuid.UUID{wiki.ID, out.ID, raw.ID, theirs.ID}},
			{"tags all of", search.SearchFilter{Tags: []string{"OPS", "deploy"}}, []uuid.UUID{wiki.ID}},
			{"tags one", search.SearchFilter{Tags: []string{"ops"}}, []uuid.UUID{wiki.ID, out.ID}},
			{"owner", search.SearchFilter{OwnerID: &other.ID}, []uuid.UUID{theirs.ID}},
			{"updated after", search.SearchFilter{UpdatedAfter: &at}, []uuid.UUID{wiki.ID, out.ID, theirs.ID}},
			{"updated before", search.SearchFilter{UpdatedBefore: &at}, []uuid.UUID{raw.ID}},
			{"status", search.SearchFilter{Statuses: []document.Status{document.StatusDraft}}, []uuid.UUID{out.ID}},
			{"statuses", search.SearchFilter{Statuses: []document.Status{document.StatusActive}}, []uuid.UUID{wiki.ID, raw.ID, theirs.ID}},
		} {
			for _, q := range []string{"deploy", ""} {
				p := b.find(t, b.ownerCx, q, c.f)
				require.ElementsMatch(t, c.want, ids(p), "%s, query %q", c.name, q)
				require.Equal(t, len(c.want), p.Total, "%s, query %q", c.name, q)
			}
		}
	})
}

func TestEmptyQueryListsNewestFirstWithFacets(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		var made []uuid.UUID
		for i := range 5 {
			tags := []string{"common"}
			if i%2 == 0 {
				tags = append(tags, "even")
			}
			d := b.doc(t, pgtest.Doc{Title: "Doc", Tags: tags, Space: []document.Space{document.SpaceWiki, document.SpaceOutput}[i%2]})
			made = append([]uuid.UUID{d.ID}, made...)
		}
		b.drain(t)
		for _, q := range []string{"", "   "} {
			p := b.find(t, b.ownerCx, q)
			require.Equal(t, made, ids(p))
			require.Equal(t, 5, p.Total)
			require.Equal(t, []search.FacetCount{{Value: "wiki", Count: 3}, {Value: "output", Count: 2}}, p.Facets.Spaces)
			require.Equal(t, []search.FacetCount{{Value: "common", Count: 5}, {Value: "even", Count: 3}}, p.Facets.Tags)
		}
	})
}

func TestPagesFollowEachOtherWithoutRepeats(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		for range 7 {
			b.doc(t, pgtest.Doc{Content: "paged word"})
		}
		b.drain(t)
		var seen []uuid.UUID
		after := ""
		for page := 0; ; page++ {
			p, err := b.svc.Search(b.ownerCx, search.Request{Query: "paged", First: 3, After: after})
			require.NoError(t, err)
			require.Equal(t, 7, p.Total)
			seen = append(seen, ids(p)...)
			if !p.HasNextPage {
				break
			}
			after = p.EndCursor
			require.Less(t, page, 5)
		}
		require.Len(t, seen, 7)
		full := ids(b.find(t, b.ownerCx, "paged"))
		require.Equal(t, full, seen)
		// A result's cursor resumes right after it.
		p, err := b.svc.Search(b.ownerCx, search.Request{Query: "paged", First: 3})
		require.NoError(t, err)
		next, err := b.svc.Search(b.ownerCx, search.Request{Query: "paged", First: 2, After: p.Results[0].Cursor})
		require.NoError(t, err)
		require.Equal(t, full[1:3], ids(next))
	})
}

func TestBadInputIsNeverAnInternalError(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.doc(t, pgtest.Doc{Title: "Plain", Content: "the and or not"})
	b.drain(t)
	for _, q := range []string{
		"&", "|", "!", "(", ")", ":", "*", "<", ">", "&|!():*<>", "a & b | !c", "foo:*", "<->", "'", "''", `\`, `"`, `"""`,
		`"unbalanced phrase`, `a "b`, "-", "--", "-\"\"", "or", "and", "the", "the and or not", "🙂", "👩‍👩‍👧 🇩🇪",
		"مرحبا بالعالم", "שלום עולם", "\u202eevil\u202c", "'; DROP TABLE documents; --", "1' OR '1'='1", "$$; SELECT 1; $$",
		"\x00", "\xff\xfe", strings.Repeat("a", 1000), strings.Repeat("é", 1000), strings.Repeat("-x ", 21), "x:* & y",
	} {
		_, err := b.svc.Search(b.ownerCx, search.Request{Query: q, First: 20, Facets: true})
		require.NoError(t, err, "%q", q)
	}
	for _, c := range []struct {
		r     search.Request
		field string
	}{
		{search.Request{Query: strings.Repeat("a", search.MaxQueryRunes+1), First: 20}, "query"},
		{search.Request{Query: strings.Repeat("a ", search.MaxTerms+1), First: 20}, "query"},
		{search.Request{Query: "x", First: 0}, "first"},
		{search.Request{Query: "x", First: search.MaxFirst + 1}, "first"},
		{search.Request{Query: "x", First: 20, After: "not a cursor"}, "after"},
		{search.Request{Query: "x", First: 20, After: "eyJrIjoiZG9jIiwiaCI6MX0"}, "after"}, // another kind of cursor
		{search.Request{Query: "x", First: 20, Filter: search.SearchFilter{Spaces: []document.Space{"attic"}}}, "filter.spaces"},
		{search.Request{Query: "x", First: 20, Filter: search.SearchFilter{PathPrefix: pgtest.Ptr("../etc")}}, "filter.pathPrefix"},
		{search.Request{Query: "x", First: 20, Filter: search.SearchFilter{Tags: []string{"no spaces allowed"}}}, "filter.tags"},
		{search.Request{Query: "x", First: 20, Filter: search.SearchFilter{Statuses: []document.Status{"gone"}}}, "filter.statuses"},
		{search.Request{Query: "x", First: 20, Filter: search.SearchFilter{
			UpdatedAfter: pgtest.Ptr(time.Now()), UpdatedBefore: pgtest.Ptr(time.Now().Add(-time.Hour))}}, "filter.updatedBefore"},
	} {
		_, err := b.svc.Search(b.ownerCx, c.r)
		pgtest.RequireCode(t, err, fault.BadInput, c.field)
	}
}

func TestIndexCatchesUpAfterARestart(t *testing.T) {
	t.Parallel()
	b := setup(t)
	first := b.doc(t, pgtest.Doc{Title: "Before the restart", Content: "catchup"})
	b.drain(t)
	// The worker stops (the process ends); documents are written meanwhile.
	var later []uuid.UUID
	for range 3 {
		later = append(later, b.doc(t, pgtest.Doc{Content: "catchup while down"}).ID)
	}
	_, _, err := b.docs.Update(b.ownerCx, document.UpdateInput{ID: first.ID, ExpectedVersion: 1, Title: pgtest.Ptr("Zeppelin arrives")})
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{first.ID}, ids(b.find(t, b.ownerCx, "catchup")))
	require.Empty(t, b.find(t, b.ownerCx, "zeppelin").Results)
	// A new worker, as a restarted serve registers it, catches up.
	w := newWorker(b)
	require.NoError(t, w.Drain(context.Background()))
	require.ElementsMatch(t, append(later, first.ID), ids(b.find(t, b.ownerCx, "catchup")))
	require.Equal(t, []uuid.UUID{first.ID}, ids(b.find(t, b.ownerCx, "zeppelin")))
	require.Zero(t, pgtest.Count(t, b.pool, "SELECT count(*) FROM events WHERE processed_at IS NULL"))
}

func TestOutOfOrderWritesNeverRegressAnEntry(t *testing.T) {
	t.Parallel()
	b := setup(t)
	d := b.doc(t, pgtest.Doc{Title: "Version one", Content: "regress"})
	b.drain(t)
	_, _, err := b.docs.Update(b.ownerCx, document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Title: pgtest.Ptr("Version two")})
	require.NoError(t, err)
	b.drain(t)
	// A slow indexer that read version one writes after the one that read two.
	stale := search.Entry{ID: d.ID, Space: "wiki", Slug: d.Slug, Title: "Version one", Status: "active", OwnerID: b.owner.ID,
		UpdatedAt: d.UpdatedAt, Body: "regress", Version: 1}
	require.NoError(t, b.svc.Backend().Apply(context.Background(), b.pool, []search.Entry{stale}, nil))
	require.Equal(t, []string{"Version two"}, titles(b.find(t, b.ownerCx, "regress")))
	// Redelivery is harmless: indexing again changes nothing.
	require.NoError(t, b.svc.Indexer().Index(context.Background(), []uuid.UUID{d.ID, d.ID}))
	require.Equal(t, []string{"Version two"}, titles(b.find(t, b.ownerCx, "regress")))

	// An indexer that read the live document just before it was
	// quarantined, or trashed, writes just after: the entry stays dead.
	for _, hold := range []func(){
		func() {
			_, err := b.manage.Quarantine(pgtest.ActingAsManagement(), d.ID, "held")
			require.NoError(t, err)
		},
		func() {
			_, err := b.manage.Release(pgtest.ActingAsManagement(), d.ID, false)
			require.NoError(t, err)
			b.drain(t)
			_, err = b.docs.Delete(b.ownerCx, d.ID)
			require.NoError(t, err)
		},
	} {
		var version, seq int64
		require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT d.version, coalesce(s.seq, 0) FROM documents d
			LEFT JOIN document_access_seq s ON s.document_id = d.id WHERE d.id = $1`, d.ID).Scan(&version, &seq))
		read := search.Entry{ID: d.ID, Space: "wiki", Slug: d.Slug, Title: "Version two", Status: "active", OwnerID: b.owner.ID,
			UpdatedAt: d.UpdatedAt, Body: "regress", Version: version, AccessSeq: seq}
		hold()
		require.NoError(t, b.svc.Backend().Apply(context.Background(), b.pool, []search.Entry{read}, nil))
		p := b.find(t, b.ownerCx, "regress")
		require.Empty(t, p.Results)
		require.Zero(t, p.Total)
		require.Zero(t, pgtest.Count(t, b.pool, "SELECT count(*) FROM search_entries WHERE live"))
	}
}

func TestTrashRestorePurgeQuarantineReleaseTransfer(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		reader := pgtest.CreatePerson(t, b.pool)
		readerCx := pgtest.ActingAs(reader)
		d := b.doc(t, pgtest.Doc{Title: "Lifecycle", Content: "lifecycle word"})
		_, err := b.share.Share(b.ownerCx, shareWith(d.ID, reader.Email))
		require.NoError(t, err)
		b.drain(t)
		require.Len(t, b.find(t, readerCx, "lifecycle").Results, 1)

		// Trashed: gone at once, for everyone, before the indexer runs.
		_, err = b.docs.Delete(b.ownerCx, d.ID)
		require.NoError(t, err)
		for _, cx := range []context.Context{b.ownerCx, readerCx} {
			p := b.find(t, cx, "lifecycle")
			require.Empty(t, p.Results)
			require.Zero(t, p.Total)
		}
		b.drain(t)
		_, err = b.docs.Restore(b.ownerCx, document.RestoreInput{ID: d.ID})
		require.NoError(t, err)
		b.drain(t)
		require.Len(t, b.find(t, readerCx, "lifecycle").Results, 1)

		// Quarantined: gone at once, even for the owner; back after a release.
		mcx := pgtest.ActingAsManagement()
		_, err = b.manage.Quarantine(mcx, d.ID, "a password")
		require.NoError(t, err)
		require.Empty(t, b.find(t, b.ownerCx, "lifecycle").Results)
		b.drain(t)
		require.Empty(t, b.find(t, b.ownerCx, "lifecycle").Results)
		require.Zero(t, pgtest.Count(t, b.pool, "SELECT count(*) FROM search_entries WHERE document_id = $1", d.ID))
		_, err = b.manage.Release(mcx, d.ID, true)
		require.NoError(t, err)
		b.drain(t)
		require.Len(t, b.find(t, b.ownerCx, "lifecycle").Results, 1)
		require.Len(t, b.find(t, readerCx, "lifecycle").Results, 1)

		// Transferred: the owner filter follows at once.
		heir := pgtest.CreatePerson(t, b.pool)
		_, err = b.manage.Transfer(mcx, b.owner.ID, heir.ID)
		require.NoError(t, err)
		require.Len(t, b.find(t, readerCx, "lifecycle", search.SearchFilter{OwnerID: &heir.ID}).Results, 1)
		require.Empty(t, b.find(t, readerCx, "lifecycle", search.SearchFilter{OwnerID: &b.owner.ID}).Results)
		b.drain(t)
		require.Empty(t, b.find(t, b.ownerCx, "lifecycle").Results)
		require.Len(t, b.find(t, pgtest.ActingAs(heir), "lifecycle").Results, 1)

		// Purged: its entry goes with it.
		_, err = b.docs.Delete(pgtest.ActingAs(heir), d.ID)
		require.NoError(t, err)
		pgtest.Exec(t, b.pool, "UPDATE documents SET purge_after = now() - interval '1 second' WHERE id = $1", d.ID)
		n, err := b.docs.PurgeDue(auth.SystemContext(context.Background()), 10)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		b.drain(t)
		require.Zero(t, pgtest.Count(t, b.pool, "SELECT count(*) FROM search_entries"))
	})
}

// An indexer's write racing a quarantine that has not committed yet (its
// read saw the document live): it waits on the row the quarantine marked
// dead, then loses to its newer access sequence.
func TestAnIndexerRacingAQuarantineLoses(t *testing.T) {
	t.Parallel()
	b := setup(t)
	d := b.doc(t, pgtest.Doc{Title: "Racing", Content: "zqracemarker"})
	b.drain(t)
	read := search.Entry{ID: d.ID, Space: "wiki", Slug: d.Slug, Title: "Racing", Status: "active", OwnerID: b.owner.ID,
		UpdatedAt: d.UpdatedAt, Body: "zqracemarker", Version: int64(d.Version)}
	ctx := context.Background()
	tx, err := b.pool.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback(ctx) }()
	_, err = tx.Exec(ctx, "UPDATE documents SET quarantined_at = now() WHERE id = $1", d.ID)
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() { done <- b.svc.Backend().Apply(ctx, b.pool, []search.Entry{read}, nil) }()
	select {
	case err := <-done:
		t.Fatalf("the write did not wait for the quarantine (%v)", err)
	case <-time.After(300 * time.Millisecond):
	}
	require.NoError(t, tx.Commit(ctx))
	require.NoError(t, <-done)
	require.Zero(t, pgtest.Count(t, b.pool, "SELECT count(*) FROM search_entries WHERE live"))
	require.Empty(t, b.find(t, b.ownerCx, "zqracemarker").Results)
}

func TestCountsStopAtCountMaxAndSaySo(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		for i := range pgsearch.CountMax + 5 {
			tags := []string{"counted"}
			if i < 10 {
				tags = append(tags, "few")
			}
			b.doc(t, pgtest.Doc{Content: "zqcountword here", Tags: tags})
		}
		b.drain(t)
		for _, q := range []string{"zqcountword", ""} {
			p := b.find(t, b.ownerCx, q)
			require.Len(t, p.Results, 20, "%q", q)
			require.True(t, p.HasNextPage, "%q", q)
			require.Equal(t, pgsearch.CountMax, p.Total, "%q: counted up to CountMax", q)
			require.True(t, p.Approximate, "%q", q)
			require.Equal(t, []search.FacetCount{{Value: "wiki", Count: pgsearch.CountMax}}, p.Facets.Spaces, "%q: facets count what the total counts", q)
			require.Equal(t, pgsearch.CountMax, p.Facets.Tags[0].Count, "%q", q)
			// Fewer than CountMax: exact.
			few := b.find(t, b.ownerCx, q, search.SearchFilter{Tags: []string{"few"}})
			require.Equal(t, 10, few.Total, "%q", q)
			require.False(t, few.Approximate, "%q", q)
			require.Equal(t, []search.FacetCount{{Value: "counted", Count: 10}, {Value: "few", Count: 10}}, few.Facets.Tags, "%q", q)
		}
		// A page past CountMax is still served, and counted at least as far as it reaches.
		p, err := b.svc.Search(b.ownerCx, search.Request{Query: "zqcountword", First: 10, After: encodedAfter(t, b, "zqcountword", pgsearch.CountMax-5)})
		require.NoError(t, err)
		require.Len(t, p.Results, 10)
		require.False(t, p.HasNextPage)
		require.GreaterOrEqual(t, p.Total, pgsearch.CountMax+5)
	})
}

// encodedAfter is the cursor of the n-th hit (1-based) of a search, read
// from a page that ends there.
func encodedAfter(t *testing.T, b *bundle, query string, n int) string {
	t.Helper()
	after := ""
	for n > 0 {
		first := min(n, search.MaxFirst)
		p, err := b.svc.Search(b.ownerCx, search.Request{Query: query, First: first, After: after})
		require.NoError(t, err)
		require.Len(t, p.Results, first)
		after, n = p.EndCursor, n-first
	}
	return after
}

func TestReadersFollowGrantsInTheirTransaction(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		grantee := pgtest.CreatePerson(t, b.pool)
		gcx := pgtest.ActingAs(grantee)
		d := b.doc(t, pgtest.Doc{Title: "Shared at once", Content: "zqatoncemarker"})
		b.drain(t)
		require.Empty(t, b.find(t, gcx, "zqatoncemarker").Results)
		// Shared: found before the indexer has run.
		_, err := b.share.Share(b.ownerCx, shareWith(d.ID, grantee.Email))
		require.NoError(t, err)
		p := b.find(t, gcx, "zqatoncemarker")
		require.Len(t, p.Results, 1)
		require.Equal(t, 1, p.Total)
		var readers []uuid.UUID
		require.NoError(t, b.pool.QueryRow(context.Background(), "SELECT readers FROM search_entries WHERE document_id = $1", d.ID).Scan(&readers))
		require.ElementsMatch(t, []uuid.UUID{b.owner.ID, grantee.ID}, readers)
		// An indexer that read the document before a revoke writes after it: its write is refused
		// (an older access sequence), so it cannot put the old readers back.
		var version, seq int64
		require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT d.version, coalesce(s.seq, 0) FROM documents d
			LEFT JOIN document_access_seq s ON s.document_id = d.id WHERE d.id = $1`, d.ID).Scan(&version, &seq))
		read := search.Entry{ID: d.ID, Space: "wiki", Slug: d.Slug, Title: "Read before the revoke", Status: "active", OwnerID: b.owner.ID,
			UpdatedAt: d.UpdatedAt, Body: "zqatoncemarker", Version: version, AccessSeq: seq}
		require.NoError(t, b.share.RevokeGrant(b.ownerCx, d.ID, pgtest.UserPrincipal(grantee.ID)))
		require.NoError(t, b.backend.Apply(context.Background(), b.pool, []search.Entry{read}, nil))
		var title string
		require.NoError(t, b.pool.QueryRow(context.Background(), "SELECT title, readers FROM search_entries WHERE document_id = $1", d.ID).Scan(&title, &readers))
		require.Equal(t, "Shared at once", title, "the stale write was refused")
		require.Equal(t, []uuid.UUID{b.owner.ID}, readers)
		b.requireNoMarker(t, "the former grantee", gcx, "zqatoncemarker")
		// A transfer makes the new owner a reader at once.
		heir := pgtest.CreatePerson(t, b.pool)
		pgtest.Exec(t, b.pool, "UPDATE documents SET created_by = $1 WHERE id = $2", heir.ID, d.ID)
		require.Len(t, b.find(t, pgtest.ActingAs(heir), "zqatoncemarker").Results, 1)
		require.Empty(t, b.find(t, b.ownerCx, "zqatoncemarker").Results)
	})
}

func TestMisspelledTitlesFollowEveryMatchAcrossPages(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		exact := b.doc(t, pgtest.Doc{Title: "Notes", Content: "the kubernetes cluster"})
		var similar []uuid.UUID
		for _, title := range []string{"Kubernetes upgrade", "Kubernetes backup", "Kubernetes basics"} {
			similar = append(similar, b.doc(t, pgtest.Doc{Title: title, Content: "nothing here"}).ID)
		}
		b.drain(t)
		// "kubernets" is no word of any page: every hit is a misspelled title.
		p := b.find(t, b.ownerCx, "kubernets ")
		require.ElementsMatch(t, similar, ids(p))
		require.Equal(t, 3, p.Total)
		require.Equal(t, []search.FacetCount{{Value: "wiki", Count: 3}}, p.Facets.Spaces)
		// One exact match, then the misspelled titles, page by page without repeats.
		b.doc(t, pgtest.Doc{Title: "Kubernetes basics", Content: "kubernets, as typed"})
		b.drain(t)
		full := b.find(t, b.ownerCx, "kubernets ")
		require.Equal(t, 4, full.Total)
		require.Len(t, full.Results, 4)
		require.NotContains(t, ids(full)[1:], exact.ID)
		var seen []uuid.UUID
		after := ""
		for range 10 {
			page, err := b.svc.Search(b.ownerCx, search.Request{Query: "kubernets ", First: 1, After: after, Facets: true})
			require.NoError(t, err)
			require.Equal(t, 4, page.Total)
			seen = append(seen, ids(page)...)
			if !page.HasNextPage {
				break
			}
			after = page.EndCursor
		}
		require.Equal(t, ids(full), seen)
	})
}
