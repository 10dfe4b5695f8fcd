package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

func TestSharingOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	tornike := pgtest.CreatePerson(t, b.pool)
	dana := pgtest.CreatePerson(t, b.pool)
	tTok := pgtest.CreatePersonToken(t, b.pool, tornike.ID)
	dTok := pgtest.CreatePersonToken(t, b.pool, dana.ID)
	start := time.Now().Add(-time.Second)

	on := b.create(t, tTok, "eng", "onboarding", "Start with [laptop setup](laptop-setup.md).")
	lap := b.create(t, tTok, "eng", "laptop-setup", "Then [vpn](vpn-access.md).")
	vpn := b.create(t, tTok, "eng", "vpn-access", "VPN.")
	b.drain(t)

	// Dana cannot see it yet.
	require.Equal(t, "NOT_FOUND", b.do(t, req{query: `query($id: ID!) { document(id: $id) { id } }`, bearer: dTok, variables: map[string]any{"id": on}}).code())

	sug := b.gql(t, tTok, `query($ids: [ID!]!, $to: [String!]!) { shareSuggestions(documentIds: $ids, recipients: $to, depth: 2) { depth explanation recipients document { id } via { id } } }`,
		map[string]any{"ids": []string{on}, "to": []string{dana.Email}})
	list := sug["shareSuggestions"].([]any)
	require.Len(t, list, 2)
	require.Equal(t, lap, obj(list[0], "document", "id"))
	require.Contains(t, obj(list[1], "explanation"), "links to")

	r := b.gql(t, tTok, `mutation($i: ShareInput!) { share(input: $i) { batchId grants { recipient outcome document { id } } } }`, map[string]any{"i": map[string]any{
		"documentIds": []string{on}, "recipients": []string{dana.Email}, "permission": "READ",
		"suggestedDocumentIds": []string{lap}, "declinedDocumentIds": []string{vpn},
	}})
	batch := obj(r, "share", "batchId").(string)
	require.Len(t, obj(r, "share", "grants").([]any), 2)

	// Dana sees it, knows why, and knows what she was given.
	why := b.gql(t, dTok, `query($id: ID!) { document(id: $id) { myPermission whyCanISee { owner grants { reason permission batchId grantedBy { id } } } } }`, map[string]any{"id": lap})
	require.Equal(t, "READ", obj(why, "document", "myPermission"))
	g := obj(why, "document", "whyCanISee", "grants").([]any)[0]
	require.Equal(t, "LINK_SUGGESTION", obj(g, "reason"))
	require.Equal(t, batch, obj(g, "batchId"))
	require.Equal(t, tornike.ID.String(), obj(g, "grantedBy", "id"))
	recent := b.gql(t, dTok, `query($s: Time!) { recentlyShared(since: $s) { document { id } reason } }`, map[string]any{"s": start.Format(time.RFC3339Nano)})
	require.Len(t, recent["recentlyShared"].([]any), 2)
	counts := b.gql(t, dTok, `{ inboxCounts { unread } inbox { edges { node { type payload actor { id name } } } } }`, nil)
	require.EqualValues(t, 1, obj(counts, "inboxCounts", "unread"), "one notification for the batch")
	require.Equal(t, tornike.ID.String(), obj(obj(counts, "inbox", "edges").([]any)[0], "node", "actor", "id"), "who shared it")
	require.EqualValues(t, 2, obj(obj(counts, "inbox", "edges").([]any)[0], "node", "payload", "count"))

	// Who can see it: the owner only.
	acc := b.gql(t, tTok, `query($id: ID!) { document(id: $id) { access { recipient permission reason } } }`, map[string]any{"id": on})
	require.Equal(t, dana.Email, obj(obj(acc, "document", "access").([]any)[0], "recipient"))
	require.Equal(t, "FORBIDDEN", b.do(t, req{query: `query($id: ID!) { document(id: $id) { access { recipient } } }`, bearer: dTok, variables: map[string]any{"id": on}}).code())

	// The declined suggestion does not come back for Dana.
	sug = b.gql(t, tTok, `query($ids: [ID!]!, $to: [String!]!) { shareSuggestions(documentIds: $ids, recipients: $to, depth: 2) { document { id } } }`,
		map[string]any{"ids": []string{on}, "to": []string{dana.Email}})
	require.Empty(t, sug["shareSuggestions"])

	// Review and revoke the batch as one.
	rev := b.gql(t, tTok, `query($id: ID!) { batch(id: $id) { document { id } recipient } }`, map[string]any{"id": batch})
	require.Len(t, rev["batch"].([]any), 2)
	rb := b.gql(t, tTok, `mutation($i: RevokeBatchInput!) { revokeBatch(input: $i) { revoked } }`, map[string]any{"i": map[string]any{"batchId": batch}})
	require.EqualValues(t, 2, obj(rb, "revokeBatch", "revoked"))
	require.Equal(t, "NOT_FOUND", b.do(t, req{query: `query($id: ID!) { document(id: $id) { id } }`, bearer: dTok, variables: map[string]any{"id": on}}).code())
	recent = b.gql(t, dTok, `query($s: Time!) { recentlyShared(since: $s) { document { id } } }`, map[string]any{"s": start.Format(time.RFC3339Nano)})
	require.Empty(t, recent["recentlyShared"], "revoked grants are not announced")

	// Choosing recipients.
	people := b.gql(t, tTok, `query($q: String!) { people(query: $q) { id email kind } groups { slug everyone } }`, map[string]any{"q": dana.Email[:8]})
	require.NotEmpty(t, people["people"])
	require.Equal(t, "everyone", obj(people["groups"].([]any)[0], "slug"))
	require.Equal(t, "BAD_USER_INPUT", b.do(t, req{query: `{ people(query: "a") { id } }`, bearer: tTok}).code())

	// Sharing needs the right to share.
	bad := b.do(t, req{query: `mutation($i: ShareInput!) { share(input: $i) { batchId } }`, bearer: dTok, variables: map[string]any{"i": map[string]any{
		"documentIds": []string{on}, "recipients": []string{tornike.Email}, "permission": "READ"}}})
	require.Equal(t, "NOT_FOUND", bad.code())
	bad = b.do(t, req{query: `mutation($i: ShareInput!) { share(input: $i) { batchId } }`, bearer: tTok, variables: map[string]any{"i": map[string]any{
		"documentIds": []string{on}, "recipients": []string{"nobody@example.com"}, "permission": "READ"}}})
	require.Equal(t, "BAD_USER_INPUT", bad.code())
	require.Equal(t, "recipients", bad.Errors[0].Extensions["field"])
}

func TestFolderSharesOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := pgtest.CreatePerson(t, b.pool)
	dana := pgtest.CreatePerson(t, b.pool)
	oTok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	dTok := pgtest.CreatePersonToken(t, b.pool, dana.ID)
	first := b.create(t, oTok, "team", "first", "One.")
	r := b.gql(t, oTok, `mutation($i: ShareFolderInput!) { shareFolder(input: $i) { granted folderShare { id path permission } } }`,
		map[string]any{"i": map[string]any{"space": "WIKI", "path": "team", "recipient": dana.Email, "permission": "READ"}})
	require.EqualValues(t, 1, obj(r, "shareFolder", "granted"))
	ruleID := obj(r, "shareFolder", "folderShare", "id").(string)

	later := b.create(t, oTok, "team/sub", "later", "Two.")
	b.drain(t)
	for _, id := range []string{first, later} {
		d := b.gql(t, dTok, `query($id: ID!) { document(id: $id) { whyCanISee { grants { reason } } } }`, map[string]any{"id": id})
		require.Equal(t, "FOLDER", obj(obj(d, "document", "whyCanISee", "grants").([]any)[0], "reason"))
	}
	// Moved out of the folder: no longer covered.
	b.gql(t, oTok, `mutation($i: MoveDocumentInput!) { moveDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"id": later, "path": "private"}})
	b.drain(t)
	require.Equal(t, "NOT_FOUND", b.do(t, req{query: `query($id: ID!) { document(id: $id) { id } }`, bearer: dTok, variables: map[string]any{"id": later}}).code())

	rules := b.gql(t, oTok, `{ folderShares { id } }`, nil)
	require.Len(t, rules["folderShares"].([]any), 1)
	un := b.gql(t, oTok, `mutation($i: UnshareFolderInput!) { unshareFolder(input: $i) { revoked } }`, map[string]any{"i": map[string]any{"id": ruleID}})
	require.EqualValues(t, 1, obj(un, "unshareFolder", "revoked"))
	require.Equal(t, "NOT_FOUND", b.do(t, req{query: `query($id: ID!) { document(id: $id) { id } }`, bearer: dTok, variables: map[string]any{"id": first}}).code())
	var events int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM access_events WHERE principal_id = $1 AND action = 'revoked'`, dana.ID).Scan(&events))
	require.Equal(t, 2, events)
}

// documentsByIds answers in order, null for what the reader cannot read,
// and refuses more than 100 ids.
func TestDocumentsByIDs(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	other := pgtest.CreatePersonToken(t, b.pool, pgtest.CreatePerson(t, b.pool).ID)
	a := b.create(t, tok, "x", "a", "A")
	hidden := b.create(t, other, "x", "h", "H")
	r := b.gql(t, tok, `query($ids: [ID!]!) { documentsByIds(ids: $ids) { id title } }`, map[string]any{"ids": []string{hidden, a}})
	list := r["documentsByIds"].([]any)
	require.Len(t, list, 2)
	require.Nil(t, list[0])
	require.Equal(t, "A", obj(list[1], "title"))
	ids := make([]string, 101)
	for i := range ids {
		ids[i] = a
	}
	require.Equal(t, "BAD_USER_INPUT", b.do(t, req{query: `query($ids: [ID!]!) { documentsByIds(ids: $ids) { id } }`, variables: map[string]any{"ids": ids}, bearer: tok}).code())
}
