package server_test

import (
	"fmt"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/pgtest"
)

// A share of 105 pages is one notification whose documents page through
// every readable page, past the payload's 100-id cap, by Notification.documents
// and notification(id); the field for a page of notifications costs a few
// statements, not one per notification.
func TestNotificationDocumentsPagesABatch(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ada, bob := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	var ids []uuid.UUID
	for i := range 105 {
		ids = append(ids, pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Path: "batch", Slug: fmt.Sprintf("p%d", i)}).ID)
	}
	b.share(t, ada, access.PermissionRead, bob.Email, ids...)
	// Eleven more shares, one page each: twelve notifications in all.
	for i := range 11 {
		b.share(t, ada, access.PermissionRead, bob.Email, pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Path: "more", Slug: fmt.Sprintf("m%d", i)}).ID)
	}
	tok := pgtest.CreatePersonToken(t, b.pool, bob.ID)
	const q = `{ inbox(first: 20) { edges { node { id payload documents(first: 100) { edges { node { id title } } pageInfo { hasNextPage endCursor } } } } } }`
	b.gql(t, tok, `{ inboxCounts { total } }`, nil) // the token's first use records it
	b.counter.Reset()
	d := b.gql(t, tok, q, nil)
	require.Less(t, b.counter.Count(), int64(12), "not one statement per notification")

	var big map[string]any
	for _, e := range obj(d, "inbox", "edges").([]any) {
		n := obj(e, "node").(map[string]any)
		if obj(n, "payload", "count") == float64(105) {
			big = n
		} else {
			require.Len(t, obj(n, "documents", "edges"), 1, "a one-page share lists its page")
		}
	}
	require.NotNil(t, big, "one notification for the 105 pages")
	require.Len(t, obj(big, "payload", "documents"), 100, "the payload keeps its cap")
	seen := map[string]bool{}
	for _, e := range obj(big, "documents", "edges").([]any) {
		seen[obj(e, "node", "id").(string)] = true
	}
	require.Len(t, seen, 100)
	require.Equal(t, true, obj(big, "documents", "pageInfo", "hasNextPage"))
	rest := b.gql(t, tok, `query($id: ID!, $after: String) { notification(id: $id) { documents(first: 100, after: $after) { edges { node { id } } pageInfo { hasNextPage } } } }`,
		map[string]any{"id": big["id"], "after": obj(big, "documents", "pageInfo", "endCursor")})
	for _, e := range obj(rest, "notification", "documents", "edges").([]any) {
		seen[obj(e, "node", "id").(string)] = true
	}
	require.Len(t, seen, 105, "every page, past the cap too")
	require.Equal(t, false, obj(rest, "notification", "documents", "pageInfo", "hasNextPage"))

	// Someone else's notification is null for them.
	adaTok := pgtest.CreatePersonToken(t, b.pool, ada.ID)
	other := b.gql(t, adaTok, `query($id: ID!) { notification(id: $id) { id } }`, map[string]any{"id": big["id"]})
	require.Nil(t, other["notification"])
}

// answerLinkDecisions over GraphQL: Bob's three decisions of a rename answered
// in one call; Ann cannot answer them (NOT_FOUND on linkIds); too many is
// BAD_USER_INPUT.
func TestAnswerLinkDecisionsAnswersARenameAtOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	bob, ann := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	tok, annTok := pgtest.CreatePersonToken(t, b.pool, bob.ID), pgtest.CreatePersonToken(t, b.pool, ann.ID)
	target := b.create(t, tok, "runbooks", "deploy", "How to deploy.")
	for i := range 3 {
		b.create(t, tok, "guides", fmt.Sprintf("linker-%d", i), "See [deploy](../runbooks/deploy.md).")
	}
	b.drain(t)
	b.gql(t, tok, `mutation($i: MoveDocumentInput!) { moveDocument(input: $i) { document { path } } }`, map[string]any{"i": map[string]any{"id": target, "slug": "deploy-prod"}})
	b.drain(t)
	require.EqualValues(t, 3, b.decisions(t, tok))
	var links []string
	for _, e := range obj(b.gql(t, tok, `{ inbox(first: 10, filter: {requiresDecision: true}) { edges { node { subjectId } } } }`, nil), "inbox", "edges").([]any) {
		links = append(links, obj(e, "node", "subjectId").(string))
	}
	require.Len(t, links, 3)

	const answer = `mutation($i: AnswerLinkDecisionsInput!) { answerLinkDecisions(input: $i) { answered skipped documents { id content } } }`
	r := b.do(t, req{query: answer, bearer: annTok, variables: map[string]any{"i": map[string]any{"linkIds": links, "answer": "UPDATE"}}})
	require.Equal(t, "NOT_FOUND", r.code())
	many := make([]string, 201)
	for i := range many {
		many[i] = uuid.Must(uuid.NewV7()).String()
	}
	r = b.do(t, req{query: answer, bearer: tok, variables: map[string]any{"i": map[string]any{"linkIds": many, "answer": "UPDATE"}}})
	require.Equal(t, "BAD_USER_INPUT", r.code())
	require.EqualValues(t, 3, b.decisions(t, tok), "nothing answered by the refusals")

	d := obj(b.gql(t, tok, answer, map[string]any{"i": map[string]any{"linkIds": links, "answer": "UPDATE"}}), "answerLinkDecisions").(map[string]any)
	require.Len(t, d["answered"], 3)
	require.Empty(t, d["skipped"])
	for _, x := range d["documents"].([]any) {
		require.Contains(t, obj(x, "content"), "deploy-prod.md")
	}
	b.drain(t)
	require.EqualValues(t, 0, b.decisions(t, tok))
}
