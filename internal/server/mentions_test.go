package server_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

const mentionInbox = `{ inbox(first: 50) { edges { node { id type requiresDecision status payload
	mention { excerpt targetKind targetId targetName } } } } inboxCounts { decisions } }`

// mentionNotes lists a token holder's mention notifications and decisions count.
func (b *bundle) mentionNotes(t *testing.T, token string) ([]map[string]any, int) {
	t.Helper()
	d := b.gql(t, token, mentionInbox, nil)
	var out []map[string]any
	for _, e := range obj(d, "inbox", "edges").([]any) {
		n := e.(map[string]any)["node"].(map[string]any)
		if strings.HasPrefix(n["type"].(string), "mention") {
			out = append(out, n)
		}
	}
	return out, int(obj(d, "inboxCounts", "decisions").(float64))
}

// The permission matrix over mentions, through GraphQL: the owner mentions
// a reader, a writer, a stranger, an agent it shared the page with and one
// it did not; what each is told, what the author decides, and that nothing
// about the page reaches whoever cannot read it (the sentence included).
func TestMentionsOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, reader, writer, stranger := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	tok := map[string]string{}
	for name, p := range map[string]pgtest.Person{"owner": owner, "reader": reader, "writer": writer, "stranger": stranger} {
		tok[name] = pgtest.CreatePersonToken(t, b.pool, p.ID)
	}
	shared, unshared := pgtest.CreateAgent(t, b.pool, owner.ID), pgtest.CreateAgent(t, b.pool, owner.ID)
	mt := pgtest.CreateManageToken(t, b.pool)

	doc := b.create(t, tok["owner"], "", "launch", "Draft.")
	b.gql(t, tok["owner"], `mutation($i: ShareInput!) { share(input: $i) { batchId } }`, map[string]any{"i": map[string]any{
		"documentIds": []string{doc}, "recipients": []string{reader.Email, "agent:" + shared.Slug}, "permission": "READ",
	}})
	b.gql(t, tok["owner"], `mutation($i: ShareInput!) { share(input: $i) { batchId } }`, map[string]any{"i": map[string]any{
		"documentIds": []string{doc}, "recipients": []string{writer.Email}, "permission": "WRITE",
	}})
	b.drain(t)
	m := func(id fmt.Stringer, text string) string { return fmt.Sprintf("[@%s](mention:user/%s)", text, id) }
	body := "The launch moves to Friday, tell " + m(reader.ID, "R") + " " + m(writer.ID, "W") + " " + m(stranger.ID, "the CEO") +
		" [@a](mention:agent/" + shared.Slug + ") [@b](mention:agent/" + unshared.Slug + ").\n\nOther text."
	d := b.gql(t, tok["owner"], `query($id: ID!) { document(id: $id) { version } }`, map[string]any{"id": doc})
	b.gql(t, tok["owner"], `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{
		"id": doc, "expectedVersion": obj(d, "document", "version"), "content": body,
	}})
	b.drain(t)

	for _, who := range []string{"reader", "writer"} {
		ns, decisions := b.mentionNotes(t, tok[who])
		require.Len(t, ns, 1, who)
		require.Equal(t, "mention", ns[0]["type"])
		require.Zero(t, decisions)
		ex := obj(ns[0], "mention", "excerpt").(string)
		require.Contains(t, ex, "@"+stranger.Name, "current names, never the link text")
		require.NotContains(t, ex, "the CEO")
		require.Equal(t, owner.ID.String(), obj(ns[0], "payload", "mentionedBy"))
	}
	agentNotes, _ := b.mentionNotes(t, shared.Token)
	require.Len(t, agentNotes, 1, "the agent it may read is told, by its responsible person")
	// The agent sees it in its MCP inbox tool, the sentence included.
	box := ok(t, b.mcpSession(t, shared.Token), "inbox", map[string]any{})
	mcpNotes := list(box["notifications"])
	require.Len(t, mcpNotes, 2, "the share and the mention")
	var excerpt string
	for _, n := range mcpNotes {
		if n.(map[string]any)["type"] == "mention" {
			excerpt = n.(map[string]any)["excerpt"].(string)
		}
	}
	require.Contains(t, excerpt, "The launch moves to Friday")
	for _, n := range list(ok(t, b.mcpSession(t, unshared.Token), "inbox", map[string]any{"include": "all"})["notifications"]) {
		require.NotContains(t, fmt.Sprint(n), doc, "the agent that cannot read the page hears nothing of it")
	}

	// Whoever cannot read the page hears nothing: no notification, no count.
	for _, token := range []string{tok["stranger"], unshared.Token} {
		r := b.do(t, req{query: `{ inbox(first: 50) { edges { node { id type payload } } } inboxCounts { total } }`, bearer: token})
		require.Empty(t, r.Errors)
		require.Empty(t, obj(r.Data, "inbox", "edges"))
		require.Zero(t, obj(r.Data, "inboxCounts", "total"))
	}

	ns, decisions := b.mentionNotes(t, tok["owner"])
	require.Len(t, ns, 2)
	require.Equal(t, 2, decisions, "the stranger and the unshared agent")
	names := map[string]string{}
	for _, n := range ns {
		require.Equal(t, "mention.unreadable", n["type"])
		require.Equal(t, true, n["requiresDecision"])
		names[obj(n, "mention", "targetName").(string)] = n["id"].(string)
	}
	require.Contains(t, names, stranger.Name)

	const answer = `mutation($i: AnswerMentionInput!) { answerMention(input: $i) { notificationId batchId notified } }`
	vars := map[string]any{"i": map[string]any{"notificationId": names[stranger.Name], "accept": true}}
	for _, token := range []string{tok["stranger"], tok["reader"]} {
		require.Equal(t, "NOT_FOUND", b.do(t, req{query: answer, variables: vars, bearer: token}).code())
	}
	require.Equal(t, "FORBIDDEN", b.do(t, req{query: answer, variables: vars, bearer: mt}).code())
	require.Equal(t, "NOT_FOUND", b.do(t, req{query: `query($id: ID!) { document(id: $id) { id } }`, variables: map[string]any{"id": doc}, bearer: tok["stranger"]}).code())

	r := b.do(t, req{query: answer, variables: vars, bearer: tok["owner"]})
	require.Empty(t, r.Errors)
	require.NotNil(t, obj(r.Data, "answerMention", "batchId"))
	b.drain(t)
	got := b.gql(t, tok["stranger"], `query($id: ID!) { document(id: $id) { id } }`, map[string]any{"id": doc})
	require.Equal(t, doc, obj(got, "document", "id"))
	_, decisions = b.mentionNotes(t, tok["owner"])
	require.Equal(t, 1, decisions)

	// Management reads no content: no @ autocomplete; names of mention links are the directory.
	r = b.do(t, req{query: `{ mentionables(query: "pe") { kind name href } }`, bearer: mt})
	require.Equal(t, "FORBIDDEN", r.code())
	r = b.do(t, req{query: `query($h: [String!]!) { mentionNames(hrefs: $h) { kind name href } }`, variables: map[string]any{"h": []string{
		"mention:user/" + stranger.ID.String(), "mention:agent/" + shared.Slug, "mention:user/nope",
	}}, bearer: tok["reader"]})
	require.Empty(t, r.Errors)
	require.Len(t, r.Data["mentionNames"], 2)
}

// Notification.mention on an inbox page costs the same statements whatever
// the number of mentions on it (the texts, then the names: a loader).
func TestMentionViewsDoNotGrowWithThePage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, reader := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, reader.ID)
	ownerTok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	mentionOn := func(n int) {
		for i := range n {
			id := b.create(t, ownerTok, "", fmt.Sprintf("m-%d-%d", n, i), fmt.Sprintf("Hi [@R](mention:user/%s), page %d.", reader.ID, i))
			b.gql(t, ownerTok, `mutation($i: ShareInput!) { share(input: $i) { batchId } }`, map[string]any{"i": map[string]any{
				"documentIds": []string{id}, "recipients": []string{reader.Email}, "permission": "READ",
			}})
			// The mention came before the share: mention again in a new revision.
			d := b.gql(t, ownerTok, `query($id: ID!) { document(id: $id) { version } }`, map[string]any{"id": id})
			b.gql(t, ownerTok, `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{
				"id": id, "expectedVersion": obj(d, "document", "version"), "content": "Nobody.",
			}})
			b.drain(t)
			b.gql(t, ownerTok, `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{
				"id": id, "expectedVersion": obj(d, "document", "version").(float64) + 1, "content": fmt.Sprintf("Hi [@R](mention:user/%s), page %d.", reader.ID, i),
			}})
			b.drain(t)
		}
	}
	const q = `{ inbox(first: 50, filter: {type: "mention"}) { edges { node { id mention { excerpt } } } } }`
	count := func() (int64, int) {
		b.counter.Reset()
		r := b.do(t, req{query: q, bearer: tok})
		require.Empty(t, r.Errors)
		return b.counter.Count(), len(obj(r.Data, "inbox", "edges").([]any))
	}
	mentionOn(2)
	count()
	two, n := count()
	require.Equal(t, 2, n)
	mentionOn(6)
	eight, n := count()
	require.Equal(t, 8, n)
	require.Equal(t, two, eight, "statements must not grow with the page")
}
