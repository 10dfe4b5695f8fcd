package search_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/fault"
	"codna/internal/pgtest"
	"codna/internal/search"
)

// requireNoMarker searches as ctx's actor in every way that could show a
// page — for the marker, for a word every page holds, and the listing;
// with and without a filter on the marker's tag — and requires that no
// response (hits, titles, snippets, paths, facets) contains the marker and
// that no count includes its pages.
func (b *bundle) requireNoMarker(t *testing.T, who string, ctx context.Context, marker string) {
	t.Helper()
	for _, q := range []string{marker, marker[:len(marker)-2], "everywhere", "", `"everywhere ` + marker + `"`} {
		for _, f := range []search.SearchFilter{{}, {Tags: []string{marker}}, {PathPrefix: pgtest.Ptr(marker)}} {
			p := b.find(t, ctx, q, f)
			raw, err := json.Marshal(p)
			require.NoError(t, err)
			for _, r := range p.Results {
				raw = append(raw, []byte(r.Doc.Title+r.Doc.Path+r.Doc.Slug+strings.Join(r.Doc.Tags, ","))...)
			}
			require.NotContains(t, string(raw), marker, "%s searching %q %+v", who, q, f)
			if q == marker || len(f.Tags) > 0 || f.PathPrefix != nil {
				require.Zero(t, p.Total, "%s searching %q %+v", who, q, f)
				require.Empty(t, p.Facets.Spaces, "%s searching %q %+v", who, q, f)
			}
		}
	}
}

// Every kind of page an actor may not read, each with a marker of its own
// in its title, body, tags and path: no search of theirs shows a trace of
// it — not a hit, a snippet, a facet or a count.
func TestSearchShowsNothingOfPagesTheActorMayNotRead(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		stranger := pgtest.CreatePerson(t, b.pool)
		grantee := pgtest.CreatePerson(t, b.pool)
		member := pgtest.CreatePerson(t, b.pool)
		team := pgtest.CreateGroup(t, b.pool, member.ID)
		agent := pgtest.CreateAgent(t, b.pool, b.owner.ID)
		mcx := pgtest.ActingAsManagement()

		page := func(marker string) uuid.UUID {
			d := b.doc(t, pgtest.Doc{
				Title: "Page " + marker, Path: marker, Tags: []string{marker, "everywhere"},
				Content: fmt.Sprintf("Everywhere: the secret %s is written here, and %s again.", marker, marker),
			})
			return d.ID
		}
		private := page("zqprivatemarker")        // the owner's alone
		shared := page("zqsharedmarker")          // shared with the grantee
		everyone := page("zqeveryonemarker")      // shared with Everyone
		grouped := page("zqgroupmarker")          // shared with a group
		trashed := page("zqtrashmarker")          // shared, then trashed
		quarantined := page("zqquarantinemarker") // shared, then quarantined
		for _, s := range []struct {
			id uuid.UUID
			to string
		}{{shared, grantee.Email}, {everyone, "group:everyone"}, {grouped, "group:" + team.Slug},
			{trashed, grantee.Email}, {quarantined, grantee.Email}} {
			_, err := b.share.Share(b.ownerCx, shareWith(s.id, s.to))
			require.NoError(t, err)
		}
		b.drain(t)
		_, err := b.docs.Delete(b.ownerCx, trashed)
		require.NoError(t, err)
		_, err = b.manage.Quarantine(mcx, quarantined, "holds a password")
		require.NoError(t, err)
		// Before the indexer has seen the trash and the quarantine, and after.
		for _, drained := range []bool{false, true} {
			if drained {
				b.drain(t)
			}
			cases := []struct {
				who     string
				ctx     context.Context
				markers []string
			}{
				{"the owner", b.ownerCx, []string{"zqtrashmarker", "zqquarantinemarker"}},
				{"the grantee", pgtest.ActingAs(grantee), []string{"zqprivatemarker", "zqgroupmarker", "zqtrashmarker", "zqquarantinemarker"}},
				{"a stranger", pgtest.ActingAs(stranger), []string{"zqprivatemarker", "zqsharedmarker", "zqgroupmarker", "zqtrashmarker", "zqquarantinemarker"}},
				{"a group member", pgtest.ActingAs(member), []string{"zqprivatemarker", "zqsharedmarker", "zqtrashmarker", "zqquarantinemarker"}},
				{"an agent without a share", pgtest.ActingAsAgent(agent), []string{"zqprivatemarker", "zqsharedmarker", "zqeveryonemarker", "zqgroupmarker", "zqtrashmarker", "zqquarantinemarker"}},
			}
			for _, c := range cases {
				for _, m := range c.markers {
					b.requireNoMarker(t, c.who, c.ctx, m)
				}
			}
		}
		// What each may read they find (the searches above could see).
		for _, c := range []struct {
			who    string
			ctx    context.Context
			marker string
		}{
			{"the owner", b.ownerCx, "zqprivatemarker"}, {"the grantee", pgtest.ActingAs(grantee), "zqsharedmarker"},
			{"a stranger", pgtest.ActingAs(stranger), "zqeveryonemarker"}, {"a group member", pgtest.ActingAs(member), "zqgroupmarker"},
		} {
			p := b.find(t, c.ctx, c.marker)
			require.Len(t, p.Results, 1, c.who)
			require.Equal(t, 1, p.Total, c.who)
			require.Contains(t, p.Facets.Tags, search.FacetCount{Value: c.marker, Count: 1}, c.who)
		}
		// Management cannot search at all.
		for _, q := range []string{"zqprivatemarker", ""} {
			_, err := b.svc.Search(mcx, search.Request{Query: q, First: 20, Facets: true})
			pgtest.RequireCode(t, err, fault.Forbidden, "")
		}
		// An agent finds what is shared with it, and only that.
		_, err = b.share.Share(b.ownerCx, shareWith(private, "agent:"+agent.Slug))
		require.NoError(t, err)
		p := b.find(t, pgtest.ActingAsAgent(agent), "everywhere")
		require.Equal(t, []string{"Page zqprivatemarker"}, titles(p))
		require.Equal(t, 1, p.Total)
	})
}

// A revoked share is gone from search at once: hits, counts and facets,
// before the indexer has run.
func TestRevokedShareIsGoneAtOnce(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		grantee := pgtest.CreatePerson(t, b.pool)
		gcx := pgtest.ActingAs(grantee)
		d := b.doc(t, pgtest.Doc{Title: "Shared for a while", Tags: []string{"zqrevokemarker"}, Content: "zqrevokemarker"})
		_, err := b.share.Share(b.ownerCx, shareWith(d.ID, grantee.Email))
		require.NoError(t, err)
		b.drain(t)
		require.Len(t, b.find(t, gcx, "zqrevokemarker").Results, 1)
		require.NoError(t, b.share.RevokeGrant(b.ownerCx, d.ID, pgtest.UserPrincipal(grantee.ID)))
		b.requireNoMarker(t, "the former grantee", gcx, "zqrevokemarker")
		b.drain(t)
		b.requireNoMarker(t, "the former grantee", gcx, "zqrevokemarker")
	})
}

// The re-check drops a hit a stale index still holds: here an entry forced
// back in for a page quarantined since (the index never keeps one itself).
func TestStaleEntriesAreReCheckedAway(t *testing.T) {
	t.Parallel()
	b := setup(t)
	d := b.doc(t, pgtest.Doc{Title: "Stale", Content: "zqstalemarker"})
	b.drain(t)
	// The entry is kept aside, the document quarantined (which marks it dead), and the entry put back.
	pgtest.Exec(t, b.pool, "CREATE TABLE kept AS SELECT * FROM search_entries WHERE document_id = $1", d.ID)
	_, err := b.manage.Quarantine(pgtest.ActingAsManagement(), d.ID, "stale")
	require.NoError(t, err)
	pgtest.Exec(t, b.pool, "DELETE FROM search_entries WHERE document_id = $1", d.ID)
	pgtest.Exec(t, b.pool, "INSERT INTO search_entries SELECT * FROM kept")
	p := b.find(t, b.ownerCx, "zqstalemarker")
	require.Empty(t, p.Results)
	require.Zero(t, p.Total)
}
