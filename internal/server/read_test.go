package server_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// Lists and link ends are read without their bodies; every field derived
// from the body must still answer exactly what document(id:) answers, on
// the page, on link targets and on backlink sources.
func TestBodiesAnswerAfterAListAndAfterALinkEnd(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	ids := []string{
		b.create(t, tok, "", "alpha", "---\nowner: team-a\nreview: {every: 90d}\n---\nAlpha links to [beta](beta.md).\n"),
		b.create(t, tok, "", "beta", "---\nowner: team-b\n---\nBeta links to [alpha](alpha.md) and [gamma](gamma.md).\n"),
		b.create(t, tok, "", "gamma", "Gamma has no frontmatter.\n"),
	}
	b.drain(t)
	const one = `query($id: ID!) { document(id: $id) { id content markdown frontmatter } }`
	want := map[string]map[string]any{}
	for _, id := range ids {
		d := obj(b.gql(t, tok, one, map[string]any{"id": id}), "document").(map[string]any)
		require.NotEmpty(t, d["content"])
		want[id] = d
	}
	check := func(where string, d any) {
		t.Helper()
		m := d.(map[string]any)
		w := want[m["id"].(string)]
		require.NotNil(t, w, where)
		for _, f := range []string{"content", "markdown", "frontmatter"} {
			require.Equal(t, w[f], m[f], "%s: %s of %s", where, f, m["id"])
		}
	}
	const body = `id content markdown frontmatter`
	page := b.gql(t, tok, `{ documents(first: 10) { edges { node { `+body+`
		links { target { `+body+` } } backlinks { source { `+body+` } } } } } }`, nil)
	seen := 0
	for _, e := range obj(page, "documents", "edges").([]any) {
		node := e.(map[string]any)["node"].(map[string]any)
		check("list", node)
		for _, l := range node["links"].([]any) {
			if tgt := l.(map[string]any)["target"]; tgt != nil {
				check("link target", tgt)
				seen++
			}
		}
		for _, l := range node["backlinks"].([]any) {
			check("backlink source", l.(map[string]any)["source"])
			seen++
		}
	}
	require.Equal(t, 6, seen, "three links, each seen from both ends")

	// A target off the page (the page holds one document) is read with the
	// links, without its body: the body is loaded for it, not left empty.
	one1 := b.gql(t, tok, `{ documents(first: 1, orderBy: TITLE) { edges { node { id links { target { `+body+` } } } } } }`, nil)
	edges := obj(one1, "documents", "edges").([]any)
	require.Len(t, edges, 1)
	links := edges[0].(map[string]any)["node"].(map[string]any)["links"].([]any)
	require.Len(t, links, 1)
	check("off-page target", links[0].(map[string]any)["target"])
}

// The documents page with links and backlinks costs the token lookup, the
// list, the links and the backlinks — four statements — wherever the links
// point: on the page, off it, to documents the reader cannot read.
func TestLinksOffThePageCostNoStatement(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := pgtest.CreatePerson(t, b.pool)
	ownerTok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	reader := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, reader.ID)
	const n = 12
	ids := make([]string, n)
	for i := range n {
		ids[i] = b.create(t, ownerTok, "", fmt.Sprintf("d-%d", i),
			fmt.Sprintf("[a](d-%d.md) [b](d-%d.md) [c](d-%d.md) [none](nowhere.md)", (i+1)%n, (i+5)%n, (i+7)%n))
	}
	b.drain(t)
	for i, id := range ids {
		if i%3 != 2 { // two in three readable
			pgtest.Exec(t, b.pool, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
				VALUES (gen_random_uuid(), $1, 'user', $2, 'read')`, id, reader.ID)
		}
	}
	q := `{ documents(first: 3) { edges { node { id title links { state target { title } } backlinks { state source { title } } } } } }`
	b.gql(t, tok, q, nil) // the token's first use records it
	b.counter.Reset()
	page := b.gql(t, tok, q, nil)
	require.EqualValues(t, 3, b.counter.Count(), "the token, the page, its links and backlinks in one statement")
	targets, pending := 0, 0
	for _, e := range obj(page, "documents", "edges").([]any) {
		for _, l := range e.(map[string]any)["node"].(map[string]any)["links"].([]any) {
			l := l.(map[string]any)
			if l["target"] == nil {
				require.Equal(t, "PENDING", l["state"], "an unreadable or missing target shows as pending")
				pending++
			} else {
				require.NotEmpty(t, obj(l, "target", "title"))
				targets++
			}
		}
	}
	require.Positive(t, targets)
	require.Greater(t, pending, 3, "the pending link of each, and the unreadable targets")
}

// A malformed id argument, top-level or in an input, is BAD_USER_INPUT
// naming it.
func TestMalformedIDArgumentsNameTheirField(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{})
	for _, c := range []struct{ query, field string }{
		{`{ document(id: "not-a-uuid") { id } }`, "id"},
		{`{ document(id: "12345") { id title } }`, "id"},
		{`{ linkGraph(rootId: "x") { nodes { depth } } }`, "rootId"},
		{`{ linkSuggestions(documentId: "x") { edges { cursor } } }`, "documentId"},
		{fmt.Sprintf(`mutation { proposeLink(input: {sourceId: "x", targetId: %q}) { created } }`, d.ID), "sourceId"},
		{fmt.Sprintf(`mutation { proposeLink(input: {sourceId: %q, targetId: "x"}) { created } }`, d.ID), "targetId"},
		{`mutation { updateDocument(input: {id: "x", expectedVersion: 1, title: "T"}) { changed } }`, "id"},
	} {
		r := b.do(t, req{query: c.query, bearer: tok})
		require.Equal(t, "BAD_USER_INPUT", r.code(), c.query)
		require.Equal(t, c.field, r.Errors[0].Extensions["field"], c.query)
	}
}
