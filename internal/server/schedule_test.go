package server_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// Lists whose elements load something the list did not prefetch are still
// resolved concurrently, so each loader asks in a batch for the whole list
// (graph/schedule), not once per element: from 5 to 50 documents (some 95
// link targets, each with an owner and links to load) the statements stay
// a handful. (How many batches a loader's 1 ms window splits into depends
// on the machine's load, as before.) Lists of plain fields, and the
// documents page with what it prefetched, are resolved in turn: their
// statements are exactly the same for 5 and 50 documents.
func TestListsThatLoadPerElementStillBatch(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	queries := map[string]string{
		// The targets' owners and the targets' own links are not the page's.
		"link ends": `{ documents(first: 50) { edges { node { id links { state target { title owner { name } links { state target { id } } } } } } } }`,
		// Every entry's document through the document loader.
		"folder entries": `{ folderTree(space: WIKI, path: "f") { documents { slug document { title owner { name } } } } }`,
		// Prefetched: resolved in turn.
		"page": `{ documents(first: 50) { edges { node { id title space status myPermission owner { name } links { state target { title } } backlinks { state source { title } } } } } }`,
	}
	count := func(q string) (int64, map[string]any) {
		b.counter.Reset()
		d := b.gql(t, tok, q, nil)
		return b.counter.Count(), d
	}
	for i := range 5 {
		b.create(t, tok, "f", fmt.Sprintf("a-%d", i), fmt.Sprintf("[next](a-%d.md)", i+1))
	}
	b.drain(t)
	count(queries["page"]) // the token's first use records it
	five := map[string]int64{}
	for name, q := range queries {
		five[name], _ = count(q)
	}
	for i := 5; i < 50; i++ {
		b.create(t, tok, "f", fmt.Sprintf("a-%d", i), fmt.Sprintf("[next](a-%d.md) [first](a-0.md)", i+1))
	}
	b.drain(t)
	for name, q := range queries {
		fifty, d := count(q)
		if name == "page" {
			require.Equal(t, five[name], fifty, "%s: statements must not grow with the list", name)
		} else {
			require.Less(t, fifty, int64(20), "%s: one statement per element would be over 50", name)
		}
		switch name {
		case "link ends":
			edges := obj(d, "documents", "edges").([]any)
			require.Len(t, edges, 50)
			seen := 0
			for _, e := range edges {
				for _, l := range obj(e, "node", "links").([]any) {
					if target, ok := l.(map[string]any)["target"].(map[string]any); ok {
						require.NotEmpty(t, obj(target, "owner", "name"))
						require.NotEmpty(t, target["links"])
						seen++
					}
				}
			}
			require.Greater(t, seen, 50)
		case "folder entries":
			entries := obj(d, "folderTree", "documents").([]any)
			require.Len(t, entries, 50)
			for _, e := range entries {
				require.NotEmpty(t, obj(e, "document", "title"))
			}
		case "page":
			edges := obj(d, "documents", "edges").([]any)
			require.Len(t, edges, 50)
			backlinks := 0
			for _, e := range edges {
				require.Equal(t, "WIKI", obj(e, "node", "space"))
				require.Equal(t, "OWNER", obj(e, "node", "myPermission"))
				require.NotEmpty(t, obj(e, "node", "owner", "name"))
				backlinks += len(obj(e, "node", "backlinks").([]any))
			}
			require.Equal(t, 49+45, backlinks, "a-1…a-49 from their predecessors, a-0 from a-5…a-49")
		}
	}
	require.EqualValues(t, 4, five["page"], "token, list, owners, links and backlinks in one")
}
