package graphwalk_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/graphwalk"
	"codna/internal/pgtest"
)

// bundle is one test's database, its owner Tornike and reader Dana, and the
// documents made so far by name.
type bundle struct {
	url     string
	pool    *pgxpool.Pool
	tornike pgtest.Person
	dana    pgtest.Person
	ids     map[string]uuid.UUID
	names   map[uuid.UUID]string
}

func newBundle(t *testing.T) *bundle {
	t.Helper()
	d := pgtest.New(t)
	return &bundle{
		url: d.URL, pool: d.Pool,
		tornike: pgtest.CreatePerson(t, d.Pool), dana: pgtest.CreatePerson(t, d.Pool),
		ids: map[string]uuid.UUID{}, names: map[uuid.UUID]string{},
	}
}

// docs creates a live wiki document per name, owned by owner.
func (b *bundle) docs(t *testing.T, owner pgtest.Person, names ...string) {
	t.Helper()
	for _, n := range names {
		d := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Slug: n, Title: n})
		b.ids[n], b.names[d.ID] = d.ID, n
	}
}

// link inserts the edge source → target in state ("" target: no target).
func (b *bundle) link(t *testing.T, source, target, state string) uuid.UUID {
	t.Helper()
	var tgt *uuid.UUID
	if target != "" {
		id := b.ids[target]
		tgt = &id
	}
	var id uuid.UUID
	require.NoError(t, b.pool.QueryRow(context.Background(), `INSERT INTO document_links (id, source_id, target_id, href_as_written, state)
		VALUES (gen_random_uuid(), $1, $2, $3, $4) RETURNING id`, b.ids[source], tgt, "./"+target+"-"+uuid.NewString()[:8]+".md", state).Scan(&id))
	return id
}

// resolved links each pair of names in a chain: a, b, c means a → b → c.
func (b *bundle) chain(t *testing.T, names ...string) {
	t.Helper()
	for i := 1; i < len(names); i++ {
		b.link(t, names[i-1], names[i], "resolved")
	}
}

func (b *bundle) grant(t *testing.T, doc, principalType string, principal uuid.UUID) {
	t.Helper()
	pgtest.Grant(t, b.pool, b.ids[doc], principalType, principal, "read")
}

func (b *bundle) share(t *testing.T, with pgtest.Person, docs ...string) {
	t.Helper()
	for _, d := range docs {
		b.grant(t, d, "user", with.ID)
	}
}

// hop is a Reached by names: "name@depth via a>b>c".
type hop struct {
	Name  string
	Depth int
	Via   []string
}

func (b *bundle) hops(rs []graphwalk.Reached) []hop {
	out := []hop{}
	for _, r := range rs {
		h := hop{Name: b.names[r.ID], Depth: r.Depth}
		for _, id := range r.Via {
			h.Via = append(h.Via, b.names[id])
		}
		out = append(out, h)
	}
	return out
}

func (b *bundle) walk(t *testing.T, v document.Viewer, root string, depth int, dir graphwalk.Direction) []hop {
	t.Helper()
	rs, err := graphwalk.Walk(context.Background(), b.pool, v, b.ids[root], depth, dir)
	require.NoError(t, err)
	return b.hops(rs)
}

// reached is the names a walk reached, with their depths.
func reached(hs []hop) map[string]int {
	out := map[string]int{}
	for _, h := range hs {
		out[h.Name] = h.Depth
	}
	return out
}

func via(names ...string) []string { return names }

// docs/design.md#trace-share-with-suggestions: from onboarding,
// laptop-setup at depth 1, vpn-access at depth 2
// through it, and payroll at depth 2 through handbook.
func TestShareSuggestionsTrace(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	b.docs(t, b.tornike, "onboarding", "laptop-setup", "vpn-access", "handbook", "payroll", "unrelated")
	b.chain(t, "onboarding", "laptop-setup", "vpn-access")
	b.chain(t, "onboarding", "handbook", "payroll")
	b.chain(t, "payroll", "unrelated") // depth 3: beyond a depth-2 walk

	require.Equal(t, []hop{
		{"handbook", 1, via("onboarding", "handbook")},
		{"laptop-setup", 1, via("onboarding", "laptop-setup")},
		{"payroll", 2, via("onboarding", "handbook", "payroll")},
		{"vpn-access", 2, via("onboarding", "laptop-setup", "vpn-access")},
	}, sortSameDepthByName(b.walk(t, pgtest.PersonViewer(b.tornike.ID), "onboarding", 2, graphwalk.Outgoing)))

	require.Equal(t, map[string]int{"handbook": 1, "laptop-setup": 1, "payroll": 2, "vpn-access": 2, "unrelated": 3},
		reached(b.walk(t, pgtest.PersonViewer(b.tornike.ID), "onboarding", 3, graphwalk.Outgoing)))
}

// sortSameDepthByName makes a result independent of the random ids' order.
func sortSameDepthByName(hs []hop) []hop {
	for i := 1; i < len(hs); i++ {
		for j := i; j > 0 && hs[j].Depth == hs[j-1].Depth && hs[j].Name < hs[j-1].Name; j-- {
			hs[j], hs[j-1] = hs[j-1], hs[j]
		}
	}
	return hs
}

func TestDepth(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	b.docs(t, b.tornike, "a", "b", "c", "d", "e")
	b.chain(t, "a", "b", "c", "d", "e")
	v := pgtest.PersonViewer(b.tornike.ID)

	t.Run("0 or less is the default, 1", func(t *testing.T) {
		for _, depth := range []int{0, -1, graphwalk.DefaultDepth} {
			require.Equal(t, []hop{{"b", 1, via("a", "b")}}, b.walk(t, v, "a", depth, graphwalk.Outgoing), "depth %d", depth)
		}
	})
	t.Run("3 is the most", func(t *testing.T) {
		require.Equal(t, map[string]int{"b": 1, "c": 2, "d": 3}, reached(b.walk(t, v, "a", graphwalk.MaxDepth, graphwalk.Outgoing)))
		require.Equal(t, map[string]int{"b": 1, "c": 2}, reached(b.walk(t, v, "a", 2, graphwalk.Outgoing)))
	})
	t.Run("more than 3 is ErrDepth", func(t *testing.T) {
		_, err := graphwalk.Walk(context.Background(), b.pool, v, b.ids["a"], 4, graphwalk.Outgoing)
		require.ErrorIs(t, err, graphwalk.ErrDepth)
		_, _, err = graphwalk.Graph(context.Background(), b.pool, v, b.ids["a"], 4, graphwalk.Outgoing)
		require.ErrorIs(t, err, graphwalk.ErrDepth)
	})
	t.Run("an unknown direction is an error", func(t *testing.T) {
		_, err := graphwalk.Walk(context.Background(), b.pool, v, b.ids["a"], 1, graphwalk.Direction(7))
		require.ErrorIs(t, err, graphwalk.ErrDirection)
	})
	t.Run("nothing to reach is empty, not nil and not an error", func(t *testing.T) {
		rs, err := graphwalk.Walk(context.Background(), b.pool, v, b.ids["e"], 3, graphwalk.Outgoing)
		require.NoError(t, err)
		require.NotNil(t, rs)
		require.Empty(t, rs)
	})
}

func TestCyclesTerminateAndNeverReturnTheRoot(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	b.docs(t, b.tornike, "a", "b", "x", "y", "z", "self", "t")
	b.chain(t, "a", "b", "a")       // A → B → A
	b.chain(t, "x", "y", "z", "x")  // X → Y → Z → X
	b.chain(t, "self", "self", "t") // a document linking to itself
	v := pgtest.PersonViewer(b.tornike.ID)

	for _, dir := range []graphwalk.Direction{graphwalk.Outgoing, graphwalk.Incoming, graphwalk.Both} {
		require.Equal(t, []hop{{"b", 1, via("a", "b")}}, b.walk(t, v, "a", 3, dir), dir.String())
		require.Equal(t, []hop{{"a", 1, via("b", "a")}}, b.walk(t, v, "b", 3, dir), dir.String())
	}
	require.Equal(t, []hop{{"y", 1, via("x", "y")}, {"z", 2, via("x", "y", "z")}}, b.walk(t, v, "x", 3, graphwalk.Outgoing))
	require.Equal(t, []hop{{"z", 1, via("x", "z")}, {"y", 2, via("x", "z", "y")}}, b.walk(t, v, "x", 3, graphwalk.Incoming))
	require.Equal(t, map[string]int{"y": 1, "z": 1}, reached(b.walk(t, v, "x", 3, graphwalk.Both)))
	require.Equal(t, []hop{{"t", 1, via("self", "t")}}, b.walk(t, v, "self", 3, graphwalk.Outgoing))
	require.Empty(t, b.walk(t, v, "self", 3, graphwalk.Incoming))
}

func TestShallowestPathWins(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	// c is made first: ids are time-ordered, so the deeper path to b,
	// a > c > b, sorts before the shorter a > b, and only depth can pick
	// the shorter.
	b.docs(t, b.tornike, "a", "c", "b", "d")
	require.True(t, uuidLess(b.ids["c"], b.ids["b"]))
	b.chain(t, "a", "c", "b") // b at depth 2 through c
	b.chain(t, "a", "b")      // and at depth 1 directly
	b.chain(t, "b", "d")      // so d is at depth 2, through b
	b.chain(t, "c", "d")      // or through c: equally short, the lesser path wins
	b.link(t, "a", "b", "stale_text")

	hs := b.walk(t, pgtest.PersonViewer(b.tornike.ID), "a", 3, graphwalk.Outgoing)
	require.Len(t, hs, 3)
	require.Equal(t, map[string]int{"b": 1, "c": 1, "d": 2}, reached(hs))
	for _, h := range hs {
		switch h.Name {
		case "b":
			require.Equal(t, via("a", "b"), h.Via)
		case "d":
			first := "b"
			if uuidLess(b.ids["c"], b.ids["b"]) {
				first = "c"
			}
			require.Equal(t, via("a", first, "d"), h.Via)
		}
	}
}

func uuidLess(a, b uuid.UUID) bool { return string(a[:]) < string(b[:]) }

func TestOnlyResolvedAndStaleTextEdgesAreWalked(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	b.docs(t, b.tornike, "root", "resolved", "stale", "pending", "broken", "beyond-stale")
	b.link(t, "root", "resolved", "resolved")
	b.link(t, "root", "stale", "stale_text")
	b.link(t, "stale", "beyond-stale", "stale_text")
	b.link(t, "root", "", "pending")
	// Edges in these states with a live target do not arise, but the
	// state, not the target, is what the walk goes by.
	b.link(t, "root", "pending", "pending")
	b.link(t, "root", "broken", "broken")

	for _, dir := range []graphwalk.Direction{graphwalk.Outgoing, graphwalk.Both} {
		require.Equal(t, map[string]int{"resolved": 1, "stale": 1, "beyond-stale": 2},
			reached(b.walk(t, pgtest.PersonViewer(b.tornike.ID), "root", 3, dir)), dir.String())
	}
	require.Empty(t, b.walk(t, pgtest.PersonViewer(b.tornike.ID), "pending", 3, graphwalk.Incoming))
	require.Empty(t, b.walk(t, pgtest.PersonViewer(b.tornike.ID), "broken", 3, graphwalk.Incoming))
	require.Equal(t, []hop{{"stale", 1, via("beyond-stale", "stale")}, {"root", 2, via("beyond-stale", "stale", "root")}},
		b.walk(t, pgtest.PersonViewer(b.tornike.ID), "beyond-stale", 3, graphwalk.Incoming))

	_, edges, err := graphwalk.Graph(context.Background(), b.pool, pgtest.PersonViewer(b.tornike.ID), b.ids["root"], 3, graphwalk.Outgoing)
	require.NoError(t, err)
	states := map[string]string{}
	for _, e := range edges {
		states[b.names[e.SourceID]+">"+b.names[e.TargetID]] = e.State
	}
	require.Equal(t, map[string]string{"root>resolved": "resolved", "root>stale": "stale_text", "stale>beyond-stale": "stale_text"}, states)
}

// Dana reads onboarding, laptop-setup, vpn-access and beyond, not secret.
// The walk does not step through secret, never names it, and still finds
// vpn-access the readable way round.
func TestAnUnreadableDocumentBlocksTheWalkThroughIt(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	b.docs(t, b.tornike, "onboarding", "secret", "laptop-setup", "vpn-access", "beyond", "only-via-secret")
	b.share(t, b.dana, "onboarding", "laptop-setup", "vpn-access", "beyond", "only-via-secret")
	b.chain(t, "onboarding", "secret", "vpn-access") // the short way, through secret
	b.chain(t, "onboarding", "laptop-setup", "beyond", "vpn-access")
	b.chain(t, "secret", "only-via-secret")

	owner := b.walk(t, pgtest.PersonViewer(b.tornike.ID), "onboarding", 3, graphwalk.Outgoing)
	require.Equal(t, map[string]int{"secret": 1, "laptop-setup": 1, "vpn-access": 2, "beyond": 2, "only-via-secret": 2}, reached(owner))

	for _, dir := range []graphwalk.Direction{graphwalk.Outgoing, graphwalk.Both} {
		hs := b.walk(t, pgtest.PersonViewer(b.dana.ID), "onboarding", 3, dir)
		require.Equal(t, map[string]int{"laptop-setup": 1, "beyond": 2, "vpn-access": 3}, reached(hs), dir.String())
		for _, h := range hs {
			require.NotContains(t, h.Via, "secret", dir.String())
			if h.Name == "vpn-access" {
				require.Equal(t, via("onboarding", "laptop-setup", "beyond", "vpn-access"), h.Via)
			}
		}
	}
	require.Equal(t, map[string]int{"beyond": 1, "laptop-setup": 2, "onboarding": 3},
		reached(b.walk(t, pgtest.PersonViewer(b.dana.ID), "vpn-access", 3, graphwalk.Incoming)))

	nodes, edges, err := graphwalk.Graph(context.Background(), b.pool, pgtest.PersonViewer(b.dana.ID), b.ids["onboarding"], 3, graphwalk.Outgoing)
	require.NoError(t, err)
	require.Len(t, nodes, 4)
	for _, n := range nodes {
		require.NotEqual(t, b.ids["secret"], n.ID)
	}
	require.Len(t, edges, 3) // onboarding → laptop-setup → beyond → vpn-access
	for _, e := range edges {
		require.NotEqual(t, b.ids["secret"], e.SourceID)
		require.NotEqual(t, b.ids["secret"], e.TargetID)
	}

	_, err = graphwalk.Walk(context.Background(), b.pool, pgtest.PersonViewer(b.dana.ID), b.ids["secret"], 1, graphwalk.Outgoing)
	require.ErrorIs(t, err, graphwalk.ErrNotReadable)
}

// Grants through a group and through Everyone reach people; an agent sees
// only what is shared with it.
func TestGroupsEveryoneAndAgents(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	b.docs(t, b.tornike, "root", "by-group", "by-everyone", "by-user", "none")
	g := pgtest.CreateGroup(t, b.pool, b.dana.ID)
	agent := pgtest.CreateAgent(t, b.pool, b.tornike.ID)
	b.grant(t, "root", "user", b.dana.ID)
	b.grant(t, "root", "user", agent.ID)
	b.grant(t, "by-group", "group", g.ID)
	b.grant(t, "by-everyone", "group", auth.EveryoneID)
	b.grant(t, "by-user", "user", agent.ID)
	b.chain(t, "root", "by-group")
	b.chain(t, "root", "by-everyone")
	b.chain(t, "root", "by-user")
	b.chain(t, "root", "none")

	require.Equal(t, map[string]int{"by-group": 1, "by-everyone": 1}, reached(b.walk(t, pgtest.PersonViewer(b.dana.ID), "root", 1, graphwalk.Outgoing)))
	require.Equal(t, map[string]int{"by-user": 1},
		reached(b.walk(t, document.Viewer{ID: agent.ID, IsPerson: false}, "root", 1, graphwalk.Outgoing)))
}

// The walk is over live documents only. A tombstone is not walked through
// even by its owner (who still sees it by id and in the trash); as a root it
// is readable by its owner, and reaches nothing.
func TestTombstones(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	b.docs(t, b.tornike, "a", "gone", "c", "d", "e")
	b.share(t, b.dana, "a", "gone", "c", "d", "e")
	b.chain(t, "a", "gone", "c")
	b.chain(t, "gone", "d")
	b.chain(t, "e", "gone")
	pgtest.Exec(t, b.pool, `UPDATE documents SET deleted_at = now(), purge_after = now() + interval '30 days' WHERE id = $1`, b.ids["gone"])

	for _, v := range []document.Viewer{pgtest.PersonViewer(b.tornike.ID), pgtest.PersonViewer(b.dana.ID)} {
		require.Empty(t, b.walk(t, v, "a", 3, graphwalk.Outgoing))
		require.Empty(t, b.walk(t, v, "c", 3, graphwalk.Incoming))
		require.Empty(t, b.walk(t, v, "e", 3, graphwalk.Both))
	}

	// As a root: the owner's tombstone reaches nothing; nobody else's.
	require.Empty(t, b.walk(t, pgtest.PersonViewer(b.tornike.ID), "gone", 3, graphwalk.Both))
	nodes, edges, err := graphwalk.Graph(context.Background(), b.pool, pgtest.PersonViewer(b.tornike.ID), b.ids["gone"], 3, graphwalk.Both)
	require.NoError(t, err)
	require.Equal(t, []graphwalk.Node{{ID: b.ids["gone"], Depth: 0}}, nodes)
	require.Empty(t, edges)
	_, err = graphwalk.Walk(context.Background(), b.pool, pgtest.PersonViewer(b.dana.ID), b.ids["gone"], 3, graphwalk.Both)
	require.ErrorIs(t, err, graphwalk.ErrNotReadable)
	_, _, err = graphwalk.Graph(context.Background(), b.pool, pgtest.PersonViewer(b.dana.ID), b.ids["gone"], 3, graphwalk.Both)
	require.ErrorIs(t, err, graphwalk.ErrNotReadable)
}

// A quarantined document is readable by its owner alone: only the owner
// walks through it.
func TestQuarantine(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	b.docs(t, b.tornike, "a", "held", "c")
	b.share(t, b.dana, "a", "held", "c")
	b.chain(t, "a", "held", "c")
	pgtest.Exec(t, b.pool, `UPDATE documents SET quarantined_at = now() WHERE id = $1`, b.ids["held"])

	require.Equal(t, map[string]int{"held": 1, "c": 2}, reached(b.walk(t, pgtest.PersonViewer(b.tornike.ID), "a", 3, graphwalk.Outgoing)))
	require.Empty(t, b.walk(t, pgtest.PersonViewer(b.dana.ID), "a", 3, graphwalk.Outgoing))
}

func TestDirections(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	// in1 → in2 → root → out1 → out2, and side → out1 (a co-citer of out1)
	b.docs(t, b.tornike, "in1", "in2", "root", "out1", "out2", "side")
	b.chain(t, "in1", "in2", "root", "out1", "out2")
	b.chain(t, "side", "out1")
	v := pgtest.PersonViewer(b.tornike.ID)

	require.Equal(t, []hop{{"out1", 1, via("root", "out1")}, {"out2", 2, via("root", "out1", "out2")}},
		b.walk(t, v, "root", 3, graphwalk.Outgoing))
	require.Equal(t, []hop{{"in2", 1, via("root", "in2")}, {"in1", 2, via("root", "in2", "in1")}},
		b.walk(t, v, "root", 3, graphwalk.Incoming))
	both := b.walk(t, v, "root", 2, graphwalk.Both)
	require.Equal(t, map[string]int{"in2": 1, "out1": 1, "in1": 2, "out2": 2, "side": 2}, reached(both))
	for _, h := range both {
		if h.Name == "side" {
			require.Equal(t, via("root", "out1", "side"), h.Via)
		}
	}
}

func TestGraph(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	b.docs(t, b.tornike, "root", "a", "b", "c", "secret", "far")
	b.share(t, b.dana, "root", "a", "b", "c", "far")
	ra := b.link(t, "root", "a", "resolved")
	ab := b.link(t, "a", "b", "stale_text")
	br := b.link(t, "b", "root", "resolved") // back to the root: among the nodes
	bb := b.link(t, "b", "b", "resolved")    // a self-link
	b.link(t, "c", "root", "resolved")       // incoming only: c is no node of an outgoing graph
	b.link(t, "a", "secret", "resolved")
	b.link(t, "secret", "a", "resolved")
	b.link(t, "secret", "far", "resolved")
	b.link(t, "b", "", "pending")
	b.link(t, "b", "far", "resolved") // far is at depth 3, beyond a depth-2 graph

	nodes, edges, err := graphwalk.Graph(context.Background(), b.pool, pgtest.PersonViewer(b.dana.ID), b.ids["root"], 2, graphwalk.Outgoing)
	require.NoError(t, err)
	require.Equal(t, []graphwalk.Node{{ID: b.ids["root"], Depth: 0}, {ID: b.ids["a"], Depth: 1}, {ID: b.ids["b"], Depth: 2}}, nodes)
	got := map[uuid.UUID]graphwalk.Edge{}
	for _, e := range edges {
		got[e.ID] = e
	}
	require.Len(t, edges, 4)
	require.Equal(t, graphwalk.Edge{ID: ab, SourceID: b.ids["a"], TargetID: b.ids["b"], State: "stale_text", HrefAsWritten: got[ab].HrefAsWritten}, got[ab])
	require.Contains(t, got[ab].HrefAsWritten, "./b-")
	require.Contains(t, got, ra)
	require.Contains(t, got, br)
	require.Contains(t, got, bb)

	// The owner sees secret (at depth 2) and its edges too.
	nodes, edges, err = graphwalk.Graph(context.Background(), b.pool, pgtest.PersonViewer(b.tornike.ID), b.ids["root"], 2, graphwalk.Outgoing)
	require.NoError(t, err)
	require.Len(t, nodes, 4)
	require.Len(t, edges, 6)

	// Both ways, depth 1: c (it links to root) and b (root is linked from b).
	nodes, _, err = graphwalk.Graph(context.Background(), b.pool, pgtest.PersonViewer(b.dana.ID), b.ids["root"], 0, graphwalk.Both)
	require.NoError(t, err)
	depths := map[string]int{}
	for _, n := range nodes {
		depths[b.names[n.ID]] = n.Depth
	}
	require.Equal(t, map[string]int{"root": 0, "a": 1, "b": 1, "c": 1}, depths)

	// Graph's nodes are exactly the walk's, plus the root.
	for _, dir := range []graphwalk.Direction{graphwalk.Outgoing, graphwalk.Incoming, graphwalk.Both} {
		for _, v := range []document.Viewer{pgtest.PersonViewer(b.tornike.ID), pgtest.PersonViewer(b.dana.ID)} {
			nodes, _, err := graphwalk.Graph(context.Background(), b.pool, v, b.ids["root"], 3, dir)
			require.NoError(t, err)
			rs, err := graphwalk.Walk(context.Background(), b.pool, v, b.ids["root"], 3, dir)
			require.NoError(t, err)
			want := []graphwalk.Node{{ID: b.ids["root"]}}
			for _, r := range rs {
				want = append(want, graphwalk.Node{ID: r.ID, Depth: r.Depth})
			}
			require.Equal(t, want, nodes)
		}
	}
}

func TestAnUnreadableRootIsNotReadable(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	b.docs(t, b.tornike, "private", "shared")
	b.share(t, b.dana, "shared")
	b.chain(t, "private", "shared")
	ctx := context.Background()
	// Management never reads, whatever the rows say: not even a document
	// that names it as owner.
	var mgmtOwned uuid.UUID
	require.NoError(t, b.pool.QueryRow(ctx, `INSERT INTO documents (id, space, path, slug, title, content_hash, created_by)
		VALUES (gen_random_uuid(), 'wiki', '', 'managements', 'x', '\x00'::bytea, $1) RETURNING id`, auth.ManagementID).Scan(&mgmtOwned))

	for _, tc := range []struct {
		name string
		v    document.Viewer
		root uuid.UUID
	}{
		{"a document not shared with them", pgtest.PersonViewer(b.dana.ID), b.ids["private"]},
		{"no such document", pgtest.PersonViewer(b.tornike.ID), uuid.Must(uuid.NewV7())},
		{"management, should it ever get this far", document.Viewer{ID: auth.ManagementID}, b.ids["private"]},
		{"management, as the owner the rows name", document.Viewer{ID: auth.ManagementID}, mgmtOwned},
		{"management as a person", document.Viewer{ID: auth.ManagementID, IsPerson: true}, mgmtOwned},
	} {
		for _, dir := range []graphwalk.Direction{graphwalk.Outgoing, graphwalk.Incoming, graphwalk.Both} {
			rs, err := graphwalk.Walk(ctx, b.pool, tc.v, tc.root, 1, dir)
			require.ErrorIs(t, err, graphwalk.ErrNotReadable, tc.name)
			require.Nil(t, rs)
			nodes, edges, err := graphwalk.Graph(ctx, b.pool, tc.v, tc.root, 1, dir)
			require.ErrorIs(t, err, graphwalk.ErrNotReadable, tc.name)
			require.Nil(t, nodes)
			require.Nil(t, edges)
		}
	}
}

func TestManagementGetsNoViewer(t *testing.T) {
	t.Parallel()
	_, ok := document.ViewerOf(&auth.Actor{UserID: auth.ManagementID, Kind: auth.KindManagement})
	require.False(t, ok)
	_, ok = document.ViewerOf(nil)
	require.False(t, ok)
}

// Walk is one statement and Graph one (at most two allowed), whatever the
// depth, the direction and the size of what they reach.
func TestStatementCounts(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	b.docs(t, b.tornike, "a", "b", "c", "d", "e", "f")
	b.chain(t, "a", "b", "c", "d")
	b.chain(t, "a", "e", "f", "a")
	ctx := context.Background()
	counter := &db.Counter{}
	pool, err := db.Open(ctx, b.url, counter)
	require.NoError(t, err)
	t.Cleanup(pool.Close)

	for _, dir := range []graphwalk.Direction{graphwalk.Outgoing, graphwalk.Incoming, graphwalk.Both} {
		for depth := 1; depth <= graphwalk.MaxDepth; depth++ {
			counter.Reset()
			_, err := graphwalk.Walk(ctx, pool, pgtest.PersonViewer(b.tornike.ID), b.ids["a"], depth, dir)
			require.NoError(t, err)
			require.EqualValues(t, 1, counter.Count(), "Walk %s depth %d", dir, depth)

			counter.Reset()
			_, _, err = graphwalk.Graph(ctx, pool, pgtest.PersonViewer(b.tornike.ID), b.ids["a"], depth, dir)
			require.NoError(t, err)
			require.EqualValues(t, 1, counter.Count(), "Graph %s depth %d", dir, depth)
		}
	}
	counter.Reset()
	_, err = graphwalk.Walk(ctx, pool, pgtest.PersonViewer(b.dana.ID), b.ids["a"], 3, graphwalk.Both)
	require.ErrorIs(t, err, graphwalk.ErrNotReadable)
	require.EqualValues(t, 1, counter.Count())
	counter.Reset()
	_, err = graphwalk.Walk(ctx, pool, pgtest.PersonViewer(b.tornike.ID), b.ids["a"], 4, graphwalk.Both)
	require.ErrorIs(t, err, graphwalk.ErrDepth)
	require.EqualValues(t, 0, counter.Count(), "a bad depth costs no statement")
}
