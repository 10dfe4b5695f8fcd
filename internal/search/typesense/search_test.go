package typesense

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
	"codna/internal/search"
)

func TestQuerySyntax(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		deploy := entry("Deploy runbook", "how to ship the service to production")
		vpnWin := entry("VPN on Windows", "install the client on windows laptops")
		vpnMac := entry("VPN on a Mac", "install the client on macOS")
		laptop := entry("New laptop", "laptop setup for new hires", "onboarding")
		resume := entry("Résumé template", "a template for your CV")
		linux := entry("Linux workstation setup", "setup of a linux desktop")
		put(t, e.b, deploy, vpnWin, vpnMac, laptop, resume, linux)

		q := func(text string) []uuid.UUID { return ids(find(t, e.b, text, search.Filter{})) }
		require.ElementsMatch(t, []uuid.UUID{deploy.ID}, q("deploy production"), "all words must match")
		require.Empty(t, q("deploy windows"), "no document has both words")
		require.ElementsMatch(t, []uuid.UUID{laptop.ID}, q(`"setup for new"`), "a phrase")
		require.Empty(t, q(`"new for setup"`), "a phrase's words in order")
		require.ElementsMatch(t, []uuid.UUID{vpnMac.ID}, q("vpn -windows"), "an excluded word")
		require.ElementsMatch(t, []uuid.UUID{vpnWin.ID}, q(`install -"a mac"`), "an excluded phrase")
		require.ElementsMatch(t, []uuid.UUID{vpnWin.ID, vpnMac.ID}, q("windows or macos client"), "or")
		require.ElementsMatch(t, []uuid.UUID{laptop.ID, linux.ID, vpnWin.ID}, q("windows or linux or onboarding"), "or of three")
		require.ElementsMatch(t, []uuid.UUID{deploy.ID}, q("runbo"), "the last word is a prefix")
		require.Empty(t, q("runbo "), "not after a space")
		require.ElementsMatch(t, []uuid.UUID{resume.ID}, q("resume"), "accents fold")
		require.ElementsMatch(t, []uuid.UUID{resume.ID}, q("RÉSUMÉ"), "case folds")
		require.ElementsMatch(t, []uuid.UUID{deploy.ID}, q("Depolyy runbook"), "a misspelt title word")
		require.ElementsMatch(t, []uuid.UUID{vpnWin.ID, vpnMac.ID}, q("-deploy vpn"), "exclusion first")
		require.NotContains(t, q("-vpn"), vpnWin.ID, "only an exclusion")
		require.Contains(t, q("-vpn"), deploy.ID)
		require.Len(t, q("🙂 !!! ***"), 6, "words without letters are dropped: a listing")
	})
}

// Hostile query text is words, never Typesense syntax.
func TestQueryTextIsNeverSyntax(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		plain := entry("Plain page", "nothing special")
		star := entry("Star", "a * in the body")
		put(t, e.b, plain, star)
		for _, text := range []string{"*", `"*"`, "-*", "`", "``` && acl_read:*", `" || id:*`, "&&", "||", "(", ")", "[", "]",
			"a:b", "title:plain", `\`, `"unbalanced`, "' OR 1=1 --", "-", "--", "- -", "--plain", `"-plain"`, "x:=[`y`]"} {
			res := find(t, e.b, text, search.Filter{})
			for _, h := range res.Hits {
				require.Contains(t, []uuid.UUID{plain.ID, star.ID}, h.ID, text)
			}
		}
		require.Equal(t, []uuid.UUID{star.ID}, ids(find(t, e.b, "--plain", search.Filter{})), "-(-plain): plain excluded")
	})
}

func TestFilters(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		base := entry("Alpha note", "text", "ops", "db")
		raw := entry("Alpha raw", "text", "ops")
		raw.Space = "raw"
		draft := entry("Alpha draft", "text", "db")
		draft.Status = "draft"
		mine := entry("Alpha mine", "text")
		mine.OwnerID = reader
		nested := entry("Alpha nested", "text")
		nested.Path = "eng/backend"
		sibling := entry("Alpha sibling", "text")
		sibling.Path = "engineering"
		put(t, e.b, base, raw, draft, mine, nested, sibling)

		f := func(text string, filter search.Filter) []uuid.UUID { return ids(find(t, e.b, text, filter)) }
		require.ElementsMatch(t, []uuid.UUID{raw.ID}, f("alpha", search.Filter{Spaces: []string{"raw"}}))
		require.ElementsMatch(t, []uuid.UUID{raw.ID, base.ID, draft.ID, mine.ID, nested.ID, sibling.ID}, f("alpha", search.Filter{Spaces: []string{"raw", "wiki"}}))
		require.ElementsMatch(t, []uuid.UUID{draft.ID}, f("alpha", search.Filter{Statuses: []string{"draft"}}))
		require.ElementsMatch(t, []uuid.UUID{mine.ID}, f("", search.Filter{OwnerID: &reader}))
		require.ElementsMatch(t, []uuid.UUID{base.ID}, f("", search.Filter{Tags: []string{"ops", "db"}}), "tags: all of")
		require.ElementsMatch(t, []uuid.UUID{base.ID, raw.ID}, f("alpha", search.Filter{Tags: []string{"ops"}}))
		require.ElementsMatch(t, []uuid.UUID{nested.ID}, f("", search.Filter{PathPrefix: pgtest.Ptr("eng")}), "a folder, not a string prefix")
		require.ElementsMatch(t, []uuid.UUID{nested.ID}, f("", search.Filter{PathPrefix: pgtest.Ptr("eng/backend")}))
		require.Len(t, f("", search.Filter{PathPrefix: pgtest.Ptr("")}), 6, "the root is everything")
		require.Empty(t, f("", search.Filter{PathPrefix: pgtest.Ptr("eng/back")}))
		after := raw.UpdatedAt
		require.ElementsMatch(t, []uuid.UUID{draft.ID, mine.ID, nested.ID, sibling.ID}, f("", search.Filter{UpdatedAfter: &after}), "strictly after")
		before := draft.UpdatedAt
		require.ElementsMatch(t, []uuid.UUID{base.ID, raw.ID}, f("", search.Filter{UpdatedBefore: &before}), "strictly before")

		// An empty query lists newest first.
		require.Equal(t, []uuid.UUID{sibling.ID, nested.ID, mine.ID, draft.ID, raw.ID, base.ID}, f("", search.Filter{}))
	})
}

// Tags and folders are free text: hostile ones (backticks, commas, &&,
// brackets) filter exactly, and the filter_by sent holds none of their
// characters.
func TestHostileFilterValues(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		hostile := []string{"a`b", "x`, `y", "c && acl_read:*", "d || id:*", "e]", "[f", "g:=h", "`", "`,`", "i\\`j", "c++", "c"}
		var pages []search.Entry
		for i, tag := range hostile {
			p := entry(fmt.Sprintf("Tagged %d", i), "body", tag)
			p.Path = "ops/" + tag
			pages = append(pages, p)
		}
		put(t, e.b, pages...)
		for i, tag := range hostile {
			got := ids(find(t, e.b, "", search.Filter{Tags: []string{tag}}))
			require.Equal(t, []uuid.UUID{pages[i].ID}, got, "tag %q", tag)
			got = ids(find(t, e.b, "", search.Filter{PathPrefix: pgtest.Ptr("ops/" + tag)}))
			require.Equal(t, []uuid.UUID{pages[i].ID}, got, "folder %q", tag)
		}
		if f := e.fake; f != nil {
			for _, r := range f.Requests() {
				if r.Path != "/multi_search" {
					continue
				}
				var ms struct {
					Searches []map[string]any `json:"searches"`
				}
				require.NoError(t, json.Unmarshal(r.Body, &ms))
				for _, s := range ms.Searches {
					fb, _ := s["filter_by"].(string)
					for _, lit := range literalRE.FindAllStringSubmatch(fb, -1) {
						require.Regexp(t, `^[a-z0-9:.-]*$`, lit[1], fb)
					}
					require.Equal(t, 0, strings.Count(fb, "`")%2, fb)
					for _, tag := range hostile {
						if len(tag) > 3 {
							require.NotContains(t, fb, tag)
						}
					}
				}
			}
		}
	})
}

// ACL strings that are not user:<uuid> or group:<uuid> are refused before
// anything is sent.
func TestHostileACLStringsAreRefused(t *testing.T) {
	t.Parallel()
	f, b := onFake(t)
	put(t, b, entry("x", "y"))
	f.ResetRequests()
	for _, acl := range []string{"user:" + reader.String() + "` || acl_read:*", "group:*", "user:x", "admin:" + reader.String(),
		"user:" + strings.ToUpper(reader.String()), "", "user:" + reader.String() + ",group:x"} {
		_, err := b.Search(context.Background(), search.Query{Text: search.Parse("x"), Searcher: search.Searcher{ACL: []string{acl}},
			First: 10, Readable: allReadable})
		require.Error(t, err, acl)
	}
	_, err := b.Search(context.Background(), search.Query{Text: search.Parse("x"), First: 10, Readable: allReadable})
	require.Error(t, err, "no acl strings at all")
	require.Empty(t, f.Requests())
}

// The engine filters on the searcher's acl strings, and then only what the
// re-check lets through is a hit, is counted, and is faceted.
func TestACLFilterAndRecheck(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		everyone := entry("Marker page everyone", "m", "public")
		group := uuid.New()
		grp := entry("Marker page group", "m", "team")
		grp.ACLRead = []string{search.UserACL(owner), search.GroupACL(group)}
		direct := entry("Marker page direct", "m", "direct")
		direct.ACLRead = []string{search.UserACL(owner), search.UserACL(reader)}
		private := entry("Marker page private", "m", "secret")
		private.ACLRead = []string{search.UserACL(owner)}
		revoked := entry("Marker page revoked", "m", "revoked")
		put(t, e.b, everyone, grp, direct, private, revoked)

		member := search.Searcher{UserID: reader, IsPerson: true, ACL: []string{search.UserACL(reader), search.EveryoneACL, search.GroupACL(group)}}
		agent := search.Searcher{UserID: reader, ACL: []string{search.UserACL(reader)}}
		run := func(s search.Searcher, r func(context.Context, []uuid.UUID) (map[uuid.UUID]bool, error)) search.Result {
			res, err := e.b.Search(context.Background(), search.Query{Text: search.Parse("marker"), Searcher: s, First: 10, Readable: r, Facets: true})
			require.NoError(t, err)
			return res
		}
		res := run(member, allReadable)
		require.ElementsMatch(t, []uuid.UUID{everyone.ID, grp.ID, direct.ID, revoked.ID}, ids(res))
		require.ElementsMatch(t, []uuid.UUID{direct.ID}, ids(run(agent, allReadable)), "an agent has only its own user string")

		// The index still lists revoked for Everyone; the re-check says no.
		check := only(everyone.ID, grp.ID, direct.ID)
		res = run(member, check.check)
		require.ElementsMatch(t, []uuid.UUID{everyone.ID, grp.ID, direct.ID}, ids(res))
		require.Equal(t, 3, res.Total)
		require.False(t, res.Approximate)
		var tags []string
		for _, fc := range res.Facets.Tags {
			tags = append(tags, fc.Value)
		}
		require.ElementsMatch(t, []string{"public", "team", "direct"}, tags, "facets only from re-checked hits")
		require.Equal(t, []search.FacetCount{{Value: "wiki", Count: 3}}, res.Facets.Spaces)
		require.NotContains(t, fmt.Sprint(res), "revoked")
		require.NotContains(t, fmt.Sprint(res), "secret")
	})
}

// Many candidates the re-check refuses: the backend keeps asking the engine
// until it has a page of readable hits, and the pages, followed by their
// Next positions, list every readable hit once, in ranking order.
func TestOverFetchPastUnreadableCandidates(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		var all []search.Entry
		var readable []uuid.UUID
		for i := range 700 {
			p := entry(fmt.Sprintf("Stale page %d", i), "same words")
			all = append(all, p)
			if i%10 == 3 {
				readable = append(readable, p.ID)
			}
		}
		put(t, e.b, all...)
		check := only(readable...)
		var got []uuid.UUID
		after := search.Position{}
		var second search.Position // where the second page starts
		pages := 0
		for {
			res, err := e.b.Search(context.Background(), search.Query{Text: search.Parse("stale"), Searcher: person, First: 20,
				After: after, Readable: check.check, Facets: true})
			require.NoError(t, err)
			pages++
			require.LessOrEqual(t, len(res.Hits), 20)
			got = append(got, ids(res)...)
			require.Equal(t, 70, res.Total, "readable candidates, all within the cap")
			require.False(t, res.Approximate)
			require.Equal(t, []search.FacetCount{{Value: "wiki", Count: 70}}, res.Facets.Spaces)
			if res.Next == nil {
				break
			}
			require.Len(t, res.Hits, 20)
			require.Equal(t, after.Hits+20, res.Next.Hits)
			if pages == 1 {
				second = *res.Next
			}
			after = *res.Next
		}
		require.Equal(t, 4, pages)
		// Newest first among equal scores: the readable ids in reverse.
		want := make([]uuid.UUID, len(readable))
		for i, id := range readable {
			want[len(readable)-1-i] = id
		}
		require.Equal(t, want, got)

		// A cursor in the middle of a page resumes at that page's Engine,
		// skipping the readable hits shown before it.
		page2, err := e.b.Search(context.Background(), search.Query{Text: search.Parse("stale"), Searcher: person, First: 20,
			After: search.Position{Hits: 20, Engine: second.Engine}, Readable: check.check})
		require.NoError(t, err)
		require.Equal(t, got[20:40], ids(page2))
		for _, at := range []search.Position{{Hits: 5, Skip: 5}, {Hits: 23, Engine: second.Engine, Skip: 3}} {
			res, err := e.b.Search(context.Background(), search.Query{Text: search.Parse("stale"), Searcher: person, First: 20,
				After: at, Readable: check.check})
			require.NoError(t, err)
			require.Equal(t, got[at.Hits:at.Hits+20], ids(res), "%+v", at)
			require.Equal(t, at.Hits+20, res.Next.Hits)
			require.Zero(t, res.Next.Skip)
		}
	})
}

// Past the candidate cap, totals and facets are counted over the first
// candidates only and flagged approximate; paging still reaches every hit.
func TestApproximateTotalsPastTheCap(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		var all []search.Entry
		var readable []uuid.UUID
		for i := range 600 {
			tag := "even"
			if i%2 == 1 {
				tag = "odd"
			}
			p := entry(fmt.Sprintf("Capped page %d", i), "words", tag)
			all = append(all, p)
			if i%3 != 0 {
				readable = append(readable, p.ID)
			}
		}
		put(t, e.b, all...)
		check := only(readable...)
		res, err := e.b.Search(context.Background(), search.Query{Text: search.Parse("capped"), Searcher: person, First: 10,
			Readable: check.check, Facets: true})
		require.NoError(t, err)
		require.True(t, res.Approximate)
		// The newest 250 candidates: pages 599 down to 350, of which those with i%3 != 0.
		n := 0
		odd := 0
		for i := 599; i >= 350; i-- {
			if i%3 != 0 {
				n++
				if i%2 == 1 {
					odd++
				}
			}
		}
		require.Equal(t, n, res.Total)
		require.ElementsMatch(t, []search.FacetCount{{Value: "even", Count: n - odd}, {Value: "odd", Count: odd}}, res.Facets.Tags)
		require.Equal(t, 250, check.asked, "the re-check saw the cap's candidates, no more")

		// Paging to the end reaches all 400 readable hits.
		seen := map[uuid.UUID]bool{}
		after := search.Position{}
		for {
			res, err := e.b.Search(context.Background(), search.Query{Text: search.Parse("capped"), Searcher: person, First: 100,
				After: after, Readable: check.check})
			require.NoError(t, err)
			for _, h := range res.Hits {
				require.False(t, seen[h.ID])
				seen[h.ID] = true
			}
			if res.Next == nil {
				break
			}
			after = *res.Next
		}
		require.Len(t, seen, 400)
	}, WithCandidateCap(250))
}

func TestRanking(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		inBody := entry("Something else", "kubernetes cluster notes")
		inTitle := entry("Kubernetes cluster", "notes")
		inTags := entry("Other", "notes", "kubernetes")
		inBodyNewer := entry("Yet another", "kubernetes in the body")
		put(t, e.b, inBody, inTitle, inTags, inBodyNewer)
		got := ids(find(t, e.b, "kubernetes", search.Filter{}))
		require.Equal(t, []uuid.UUID{inTitle.ID, inTags.ID, inBodyNewer.ID, inBody.ID}, got,
			"title above tags above body; ties newest first")
		res := find(t, e.b, "kubernetes", search.Filter{})
		require.Greater(t, res.Hits[0].Score, res.Hits[3].Score)
	})
}

func TestHighlights(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		p := entry("🙂 Café deploy guide", "Before you deploy, read this: the deploy checklist lives here.")
		put(t, e.b, p)
		res := find(t, e.b, "deploy", search.Filter{})
		require.Len(t, res.Hits, 1)
		h := res.Hits[0]
		require.Equal(t, "🙂 Café deploy guide", h.Title.Text)
		// 🙂 is two UTF-16 units: "🙂 Café " is 8 units.
		require.Equal(t, []search.Range{{Start: 8, End: 14}}, h.Title.Ranges)
		require.Contains(t, h.Snippet.Text, "deploy")
		require.NotEmpty(t, h.Snippet.Ranges)
		for _, r := range h.Snippet.Ranges {
			require.Equal(t, "deploy", utf16Slice(h.Snippet.Text, r), "the mark holds the word, not its comma")
		}
		require.NotContains(t, h.Snippet.Text, markStart)

		// A listing has plain titles and no snippets.
		res = find(t, e.b, "", search.Filter{})
		require.Equal(t, "🙂 Café deploy guide", res.Hits[0].Title.Text)
		require.Empty(t, res.Hits[0].Title.Ranges)
		require.Empty(t, res.Hits[0].Snippet.Text)
	})
}

// The searches carry the parameters the ranking and escaping rely on.
func TestSearchRequestShape(t *testing.T) {
	t.Parallel()
	f, b := onFake(t)
	put(t, b, entry("Shape", "x", "t"))
	f.ResetRequests()
	after := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	find(t, b, `deploy "laptop setup" -windows run`, search.Filter{Spaces: []string{"wiki"}, Tags: []string{"t`"}, UpdatedAfter: &after})
	reqs := f.Requests()
	require.Len(t, reqs, 1, "no hits: no highlight request")
	var ms struct {
		Searches []map[string]any `json:"searches"`
	}
	require.NoError(t, json.Unmarshal(reqs[0].Body, &ms))
	require.Equal(t, "false", reqs[0].Query.Get("enable_highlight_v1"))
	s := ms.Searches[0]
	require.Equal(t, `deploy "laptop setup" -windows run`, s["q"])
	require.Equal(t, "true", s["prefix"])
	require.Equal(t, "title,tags,address,body", s["query_by"])
	require.Equal(t, "8,4,2,1", s["query_by_weights"])
	require.Equal(t, "2,0,0,0", s["num_typos"])
	require.Equal(t, "max_weight", s["text_match_type"])
	require.Equal(t, "_text_match:desc,updated_at:desc", s["sort_by"])
	require.EqualValues(t, 0, s["drop_tokens_threshold"])
	require.EqualValues(t, 250, s["limit"])
	require.EqualValues(t, 0, s["offset"])
	require.Equal(t, "codna_test", s["collection"])
	require.Equal(t, "acl_read:=[`user:"+reader.String()+"`,`group:00000000-0000-0000-0000-000000000002`] && space:=[`wiki`] && tag_keys:=[`7460`] && updated_at:>1767225600000000", s["filter_by"])
}

var literalRE = regexp.MustCompile("`([^`]*)`")

// utf16Slice returns s[r.Start:r.End] counted in UTF-16 units.
func utf16Slice(s string, r search.Range) string {
	var out []rune
	pos := 0
	for _, c := range s {
		if pos >= r.Start && pos < r.End {
			out = append(out, c)
		}
		if c >= 0x10000 {
			pos += 2
		} else {
			pos++
		}
	}
	return string(out)
}
