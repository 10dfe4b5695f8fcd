package server_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// TestDecideLinksAnswersEveryLinkToOneTarget: Bob renames his own page and
// three of his pages (one linking twice) hold four decisions; one
// decideLinks UPDATE answers them all, each page rewritten once per link,
// and none waits after. Another person's decision to the same page is not
// touched, and asking again finds nothing (NOT_FOUND on targetId).
func TestDecideLinksAnswersEveryLinkToOneTarget(t *testing.T) {
	t.Parallel()
	b := setup(t)
	bob := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, bob.ID)
	target := b.create(t, tok, "runbooks", "deploy", "How to deploy.")
	var sources []string
	for i := range 3 {
		body := "See [deploy](../runbooks/deploy.md)."
		if i == 0 {
			body += " And [again](../runbooks/deploy.md#steps)."
		}
		sources = append(sources, b.create(t, tok, "guides", fmt.Sprintf("linker-%d", i), body))
	}
	// Ann can read the target and links to it too: her decision is hers.
	ann := pgtest.CreatePerson(t, b.pool)
	annTok := pgtest.CreatePersonToken(t, b.pool, ann.ID)
	b.gql(t, tok, `mutation($i: ShareInput!) { share(input: $i) { batchId } }`, map[string]any{"i": map[string]any{"documentIds": []string{target}, "recipients": []string{ann.Email}, "permission": "READ"}})
	annSource := b.create(t, annTok, "mine", "ann-notes", "Per [deploy](../runbooks/deploy.md).")
	b.drain(t)

	b.gql(t, tok, `mutation($i: MoveDocumentInput!) { moveDocument(input: $i) { document { path } } }`, map[string]any{"i": map[string]any{"id": target, "slug": "deploy-prod"}})
	b.drain(t)
	require.EqualValues(t, 4, b.decisions(t, tok))
	require.EqualValues(t, 1, b.decisions(t, annTok))

	const all = `mutation($i: DecideLinksInput!) { decideLinks(input: $i) { decided more documents { id version content } } }`
	d := obj(b.gql(t, tok, all, map[string]any{"i": map[string]any{"targetId": target, "answer": "UPDATE"}}), "decideLinks").(map[string]any)
	require.EqualValues(t, 4, d["decided"])
	require.Equal(t, false, d["more"])
	docs := d["documents"].([]any)
	require.Len(t, docs, 3, "each linking page once")
	for _, x := range docs {
		require.Contains(t, obj(x, "content"), "deploy-prod.md")
		require.NotContains(t, obj(x, "content"), "runbooks/deploy.md")
	}
	b.drain(t)
	require.EqualValues(t, 0, b.decisions(t, tok), "every decision to the target is answered")
	require.EqualValues(t, 1, b.decisions(t, annTok), "another person's decision is theirs to answer")
	doc, _ := b.links(t, annTok, annSource)
	require.EqualValues(t, 1, doc["version"], "Ann's page is not edited")

	r := b.do(t, req{query: all, bearer: tok, variables: map[string]any{"i": map[string]any{"targetId": target, "answer": "UPDATE"}}})
	require.Equal(t, "NOT_FOUND", r.code())
	require.Equal(t, "targetId", r.Errors[0].Extensions["field"])

	// Ann keeps hers as written, through the same mutation.
	d = obj(b.gql(t, annTok, all, map[string]any{"i": map[string]any{"targetId": target, "answer": "KEEP"}}), "decideLinks").(map[string]any)
	require.EqualValues(t, 1, d["decided"])
	require.EqualValues(t, 0, b.decisions(t, annTok))
}
