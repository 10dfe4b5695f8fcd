package server_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// linkEndsFixture is three documents of one person linking to each other
// and to nowhere: a links to b and c and to a missing page, b to a.
func linkEndsFixture(t *testing.T) (*bundle, string, map[string]string) {
	t.Helper()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	ids := map[string]string{
		"c": b.create(t, tok, "deep/er", "c", "Last."),
		"a": b.create(t, tok, "", "a", "[b](b.md) [c](deep/er/c.md) [gone](nowhere.md)"),
	}
	ids["b"] = b.create(t, tok, "", "b", "[a](a.md)")
	b.drain(t)
	return b, tok, ids
}

// A page whose links ask of their far ends only an id and a title reads
// only that (DocumentLinkListEndTitles) and answers exactly what the wide
// read (DocumentLinkListEnds) answers for the same fields.
func TestLinkEndsOfAPageReadOnlyWhatTheSelectionAsks(t *testing.T) {
	t.Parallel()
	b, tok, _ := linkEndsFixture(t)
	const shape = `{ documents(first: 50) { edges { node { id title links { id state target { id title %s } } backlinks { state source { title %s } } } } } }`
	run := func(extra string) (map[string]any, []string) {
		b.counter.Reset()
		d := b.gql(t, tok, fmt.Sprintf(shape, extra, extra), nil)
		return d, b.counter.Names()
	}
	narrow, narrowNames := run("")
	require.Contains(t, narrowNames, "DocumentLinkListEndTitles")
	require.NotContains(t, narrowNames, "DocumentLinkListEnds")
	wide, wideNames := run("path")
	require.Contains(t, wideNames, "DocumentLinkListEnds")
	require.NotContains(t, wideNames, "DocumentLinkListEndTitles")
	require.Equal(t, len(narrowNames), len(wideNames), "the same statements, one narrower")

	// Dropping path from the wide answer leaves the narrow one.
	stripped := dropKey(t, wide, "path")
	require.Equal(t, jsonOf(t, narrow), jsonOf(t, stripped))
	require.Contains(t, jsonOf(t, narrow), `"state":"PENDING","target":null`, "the link to nowhere")
	require.Contains(t, jsonOf(t, wide), `"path":"deep/er"`)
}

// The narrow far ends are no documents to anyone else in the operation: a
// document read by id beside the page, aliases asking more of the same
// links, and the far end's own fields elsewhere all get the whole document.
func TestNarrowLinkEndsDoNotStandInForDocuments(t *testing.T) {
	t.Parallel()
	b, tok, ids := linkEndsFixture(t)
	d := b.gql(t, tok, `query($c: ID!, $a: ID!) {
		documents(first: 50) { edges { node { slug links { target { title } } } } }
		c: document(id: $c) { path slug }
		a: document(id: $a) { links { target { path slug } } }
	}`, map[string]any{"c": ids["c"], "a": ids["a"]})
	require.Equal(t, map[string]any{"path": "deep/er", "slug": "c"}, d["c"])
	var paths []string
	for _, l := range obj(d, "a", "links").([]any) {
		if target, _ := l.(map[string]any)["target"].(map[string]any); target != nil {
			paths = append(paths, target["path"].(string)+"/"+target["slug"].(string))
		}
	}
	slices.Sort(paths)
	require.Equal(t, []string{"/b", "deep/er/c"}, paths)

	// Two aliases of links on the page, one asking more: both whole.
	b.counter.Reset()
	d = b.gql(t, tok, `{ documents(first: 50) { edges { node { slug t: links { target { title } } p: links { target { path } } } } } }`, nil)
	require.NotContains(t, b.counter.Names(), "DocumentLinkListEndTitles")
	for _, e := range obj(d, "documents", "edges").([]any) {
		node := e.(map[string]any)["node"].(map[string]any)
		if node["slug"] != "a" {
			continue
		}
		require.Contains(t, jsonOf(t, node["p"]), `"path":"deep/er"`)
		require.Contains(t, jsonOf(t, node["t"]), `"title":"C"`)
	}
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	return string(raw)
}

// dropKey returns v without key at any depth.
func dropKey(t *testing.T, v any, key string) any {
	t.Helper()
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if k != key {
				out[k] = dropKey(t, e, key)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = dropKey(t, e, key)
		}
		return out
	}
	return v
}
