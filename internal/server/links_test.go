package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

func (b *bundle) drain(t testing.TB) {
	t.Helper()
	require.NoError(t, b.app.Outbox.Drain(context.Background()))
}

// gql runs a query as a token's owner and fails the test on any error.
func (b *bundle) gql(t testing.TB, token, q string, vars map[string]any) map[string]any {
	t.Helper()
	r := b.do(t, req{query: q, variables: vars, bearer: token})
	require.Empty(t, r.Errors, "%s", q)
	return r.Data
}

func (b *bundle) create(t testing.TB, token, path, slug, content string) string {
	t.Helper()
	d := b.gql(t, token, `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{
		"space": "WIKI", "path": path, "slug": slug, "title": strings.ToUpper(slug[:1]) + slug[1:], "content": content,
	}})
	return obj(d, "createDocument", "document", "id").(string)
}

const linksQuery = `query($id: ID!) { document(id: $id) { version content links { id hrefAsWritten state target { id } keptAt } backlinks { id state source { id } } } }`

func (b *bundle) links(t testing.TB, token, id string) (map[string]any, []any) {
	t.Helper()
	d := b.gql(t, token, linksQuery, map[string]any{"id": id})
	doc := d["document"].(map[string]any)
	return doc, doc["links"].([]any)
}

func (b *bundle) decisions(t testing.TB, token string) float64 {
	t.Helper()
	return obj(b.gql(t, token, `{ inboxCounts { decisions } }`, nil), "inboxCounts", "decisions").(float64)
}

// docs/design.md#trace-move-a-linked-document end to end: a move turns three documents' links stale, raises
// three decisions and edits no linking document; each answer works.
func TestMoveMakesLinksStaleAndDecisionsAnswerThem(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	target := b.create(t, tok, "runbooks", "deploy", "How to deploy.")
	var sources []string
	for i, path := range []string{"guides", "guides/deep", ""} {
		href := map[int]string{0: "../runbooks/deploy.md", 1: "../../runbooks/deploy.md", 2: "runbooks/deploy.md"}[i]
		sources = append(sources, b.create(t, tok, path, fmt.Sprintf("linker-%d", i), fmt.Sprintf("See [deploy](%s) and [deploy again](%s#steps).", href, href)))
	}
	b.drain(t)
	for _, s := range sources {
		_, links := b.links(t, tok, s)
		require.Len(t, links, 2)
		for _, l := range links {
			require.Equal(t, "RESOLVED", obj(l, "state"))
			require.Equal(t, target, obj(l, "target", "id"))
		}
	}
	doc, _ := b.links(t, tok, target)
	require.Len(t, doc["backlinks"].([]any), 6)

	b.gql(t, tok, `mutation($i: MoveDocumentInput!) { moveDocument(input: $i) { document { path } } }`, map[string]any{"i": map[string]any{"id": target, "path": "ops"}})
	b.drain(t)
	for _, s := range sources {
		doc, links := b.links(t, tok, s)
		require.EqualValues(t, 1, doc["version"], "no linking document is edited")
		for _, l := range links {
			require.Equal(t, "STALE_TEXT", obj(l, "state"))
			require.Equal(t, target, obj(l, "target", "id"), "the edge keeps its target")
		}
	}
	require.EqualValues(t, 6, b.decisions(t, tok), "one decision per stale edge (two hrefs in each linking document)")
	var notes int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM notifications
		WHERE recipient_id = $1 AND type = 'link.target_moved' AND requires_decision AND status = 'unread'
		  AND payload->>'targetId' = $2 AND NOT payload ?| ARRAY['from', 'to', 'href']`, p.ID, target).Scan(&notes))
	require.Equal(t, 6, notes, "stored with ids only")
	inbox := obj(b.gql(t, tok, `{ inbox(filter: {type: "link.target_moved"}) { edges { node { payload } } } }`, nil), "inbox", "edges").([]any)
	require.Len(t, inbox, 6)
	for _, e := range inbox {
		pl := obj(e, "node", "payload").(map[string]any)
		require.Equal(t, "wiki:runbooks/deploy", pl["from"], "resolved on read for a reader of the target")
		require.Equal(t, "wiki:ops/deploy", pl["to"])
		require.Contains(t, pl["href"], "runbooks/deploy.md")
		require.Equal(t, target, pl["targetId"])
	}

	ds := b.gql(t, tok, `{ linkDecisions { edges { node { kind targetAddress link { id hrefAsWritten } source { id } target { id } cause { changeKind author { id } } } } } }`, nil)
	list := obj(ds, "linkDecisions", "edges").([]any)
	require.Len(t, list, 6)
	first := obj(list[0], "node").(map[string]any)
	require.Equal(t, "TARGET_MOVED", first["kind"])
	require.Equal(t, "wiki:ops/deploy", first["targetAddress"])
	require.Equal(t, "MOVE", obj(first, "cause", "changeKind"))
	require.Equal(t, p.ID.String(), obj(first, "cause", "author", "id"))

	decide := func(linkID, answer string, extra map[string]any) gqlResponse {
		in := map[string]any{"linkId": linkID, "answer": answer}
		for k, v := range extra {
			in[k] = v
		}
		return b.do(t, req{query: `mutation($i: DecideLinkInput!) { decideLink(input: $i) { document { id version content } } }`, bearer: tok, variables: map[string]any{"i": in}})
	}
	linkOf := func(source string) (string, string) {
		_, links := b.links(t, tok, source)
		return obj(links[0], "id").(string), obj(links[0], "hrefAsWritten").(string)
	}

	// Update: the href is rewritten to the target's current address.
	id0, _ := linkOf(sources[0])
	r := decide(id0, "UPDATE", nil)
	require.Empty(t, r.Errors)
	body := obj(r.Data, "decideLink", "document", "content").(string)
	require.Contains(t, body, "[deploy](../ops/deploy.md)")
	require.EqualValues(t, 2, obj(r.Data, "decideLink", "document", "version"), "the answer is a revision")
	require.EqualValues(t, 5, b.decisions(t, tok))

	// Keep: the link stays as written and is not asked about again.
	id1, _ := linkOf(sources[1])
	require.Empty(t, decide(id1, "KEEP", nil).Errors)
	require.EqualValues(t, 4, b.decisions(t, tok))
	_, links := b.links(t, tok, sources[1])
	require.NotNil(t, obj(links[0], "keptAt"))
	require.Equal(t, "STALE_TEXT", obj(links[0], "state"))
	require.Equal(t, "CONFLICT", decide(id1, "UPDATE", nil).code(), "a kept link needs no decision")

	// Drop: the markup goes, the text stays.
	id2, href2 := linkOf(sources[2])
	r = decide(id2, "DROP", nil)
	require.Empty(t, r.Errors)
	body = obj(r.Data, "decideLink", "document", "content").(string)
	require.NotContains(t, body, "("+href2+")")
	require.Contains(t, body, "See deploy")
	require.EqualValues(t, 3, b.decisions(t, tok))

	require.Equal(t, "BAD_USER_INPUT", decide(id0, "REPOINT", nil).code(), "repoint needs a target")

	// The open decision notifications of answered edges are resolved.
	var open int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM notifications WHERE recipient_id = $1
		AND requires_decision AND status IN ('unread','read')`, p.ID).Scan(&open))
	require.Equal(t, 3, open)

	// A move back mends what stayed stale and resolves its decision.
	b.gql(t, tok, `mutation($i: MoveDocumentInput!) { moveDocument(input: $i) { document { path } } }`, map[string]any{"i": map[string]any{"id": target, "path": "runbooks"}})
	b.drain(t)
	_, links = b.links(t, tok, sources[2])
	for _, l := range links {
		require.Equal(t, "RESOLVED", obj(l, "state"))
	}
	_, links = b.links(t, tok, sources[0])
	states := map[string]string{}
	for _, l := range links {
		states[obj(l, "hrefAsWritten").(string)] = obj(l, "state").(string)
	}
	require.Equal(t, map[string]string{"../ops/deploy.md": "STALE_TEXT", "../runbooks/deploy.md#steps": "RESOLVED"}, states,
		"the updated href now names the old place; the untouched one is mended")
}

// docs/design.md#trace-delete-a-linked-document end to end: a delete breaks the links and raises decisions; a
// restore mends them and resolves the decisions.
func TestDeleteBreaksLinksAndRestoreMendsThem(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	target := b.create(t, tok, "finance", "payroll-2027", "Numbers.")
	a := b.create(t, tok, "", "budget", "See [payroll](finance/payroll-2027.md).")
	c := b.create(t, tok, "finance", "summary", "See [payroll](payroll-2027.md).")
	b.drain(t)

	b.gql(t, tok, `mutation($i: DeleteDocumentInput!) { deleteDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"id": target}})
	b.drain(t)
	for _, s := range []string{a, c} {
		_, links := b.links(t, tok, s)
		require.Equal(t, "BROKEN", obj(links[0], "state"))
		require.Equal(t, target, obj(links[0], "target", "id"), "the owner of the tombstone still sees it")
	}
	require.EqualValues(t, 2, b.decisions(t, tok))
	ds := b.gql(t, tok, `{ linkDecisions { edges { node { kind cause { changeKind } } } } }`, nil)
	require.Equal(t, "TARGET_DELETED", obj(obj(ds, "linkDecisions", "edges").([]any)[0], "node", "kind"))
	require.Equal(t, "DELETE", obj(obj(ds, "linkDecisions", "edges").([]any)[0], "node", "cause", "changeKind"))

	b.gql(t, tok, `mutation($i: RestoreDocumentInput!) { restoreDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"id": target}})
	b.drain(t)
	for _, s := range []string{a, c} {
		_, links := b.links(t, tok, s)
		require.Equal(t, "RESOLVED", obj(links[0], "state"))
	}
	require.EqualValues(t, 0, b.decisions(t, tok))
	var resolved int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM notifications WHERE recipient_id = $1
		AND type = 'link.target_deleted' AND status = 'resolved'`, p.ID).Scan(&resolved))
	require.Equal(t, 2, resolved)

	// Delete again: repoint one, restore the target as the answer for the other.
	b.gql(t, tok, `mutation($i: DeleteDocumentInput!) { deleteDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"id": target}})
	b.drain(t)
	other := b.create(t, tok, "finance", "payroll-2028", "Newer numbers.")
	_, links := b.links(t, tok, a)
	r := b.do(t, req{query: `mutation($i: DecideLinkInput!) { decideLink(input: $i) { document { content } } }`, bearer: tok,
		variables: map[string]any{"i": map[string]any{"linkId": obj(links[0], "id"), "answer": "REPOINT", "targetId": other}}})
	require.Empty(t, r.Errors)
	require.Contains(t, obj(r.Data, "decideLink", "document", "content"), "(finance/payroll-2028.md)")
	_, links = b.links(t, tok, c)
	r = b.do(t, req{query: `mutation($i: DecideLinkInput!) { decideLink(input: $i) { document { id } } }`, bearer: tok,
		variables: map[string]any{"i": map[string]any{"linkId": obj(links[0], "id"), "answer": "RESTORE_TARGET"}}})
	require.Empty(t, r.Errors)
	_, links = b.links(t, tok, c)
	require.Equal(t, "RESOLVED", obj(links[0], "state"), "restoring the target mends the link at once")
	require.EqualValues(t, 0, b.decisions(t, tok))
	b.drain(t)
	_, links = b.links(t, tok, a)
	require.Equal(t, other, obj(links[0], "target", "id"))
}

func TestPendingLinksResolveWhenTheTargetAppears(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	src := b.create(t, tok, "notes", "ideas", "Later: [the plan](plan.md), [outside](https://example.com), `[code](x.md)`, ![img](plan.md)")
	b.drain(t)
	_, links := b.links(t, tok, src)
	require.Len(t, links, 1, "external links and images make no edge")
	require.Equal(t, "PENDING", obj(links[0], "state"))
	require.Nil(t, obj(links[0], "target"))

	plan := b.create(t, tok, "notes", "plan", "The plan.")
	b.drain(t)
	_, links = b.links(t, tok, src)
	require.Equal(t, "RESOLVED", obj(links[0], "state"))
	require.Equal(t, plan, obj(links[0], "target", "id"))

	// Edit the body: the edge follows it.
	b.gql(t, tok, `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed } }`, map[string]any{"i": map[string]any{"id": src, "expectedVersion": 1, "content": "No links any more."}})
	b.drain(t)
	_, links = b.links(t, tok, src)
	require.Empty(t, links)
}

// A moved document's own relative links are rebased in the move's own
// revision, so they stay resolved.
func TestMoveRebasesTheMovedDocumentsOwnLinks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	b.create(t, tok, "eng", "setup", "Setup.")
	src := b.create(t, tok, "eng", "onboarding", "Start with [setup](setup.md#first), or [root](/wiki/eng/setup.md).")
	b.drain(t)
	_, before := b.links(t, tok, src)
	require.Len(t, before, 2)

	d := b.gql(t, tok, `mutation($i: MoveDocumentInput!) { moveDocument(input: $i) { document { content version } } }`, map[string]any{"i": map[string]any{"id": src, "path": "people/new"}})
	require.Equal(t, "Start with [setup](../../eng/setup.md#first), or [root](/wiki/eng/setup.md).", obj(d, "moveDocument", "document", "content"))
	b.drain(t)
	_, after := b.links(t, tok, src)
	require.Len(t, after, 2)
	ids := map[string]bool{}
	for _, l := range before {
		ids[obj(l, "id").(string)] = true
	}
	for _, l := range after {
		require.Equal(t, "RESOLVED", obj(l, "state"))
		require.True(t, ids[obj(l, "id").(string)], "the edges themselves survive the rebase")
	}
}

// What someone who cannot read a document sees of its links.
func TestLinksRespectReadAccess(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := pgtest.CreatePerson(t, b.pool)
	other := pgtest.CreatePerson(t, b.pool)
	ownerTok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	otherTok := pgtest.CreatePersonToken(t, b.pool, other.ID)

	// other's public page links to owner's private page.
	private := b.create(t, ownerTok, "", "private", "Secret.")
	public := b.create(t, otherTok, "", "public", "See [it](private.md).")
	// owner's private linking page links to other's public page.
	b.create(t, ownerTok, "", "diary", "Read [public](public.md).")
	b.drain(t)

	// The owner of `public` cannot read the target: PENDING, no target, no decision.
	_, links := b.links(t, otherTok, public)
	require.Equal(t, "PENDING", obj(links[0], "state"))
	require.Nil(t, obj(links[0], "target"))
	b.gql(t, ownerTok, `mutation($i: MoveDocumentInput!) { moveDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"id": private, "slug": "moved"}})
	b.drain(t)
	_, links = b.links(t, otherTok, public)
	require.Equal(t, "PENDING", obj(links[0], "state"), "still nothing to see, though it is stale")
	require.EqualValues(t, 0, b.decisions(t, otherTok), "no decision about a target they cannot read")
	var n int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM notifications WHERE recipient_id = $1`, other.ID).Scan(&n))
	require.Zero(t, n, "and no notification naming its address")

	// `other` sees no backlink from owner's diary, which they cannot read.
	doc, _ := b.links(t, otherTok, public)
	require.Empty(t, doc["backlinks"])
	doc, _ = b.links(t, ownerTok, private)
	require.Len(t, doc["backlinks"].([]any), 0, "the owner cannot read `public` either: its link is not shown")
}

func TestLinkSuggestions(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	src := b.create(t, tok, "eng", "onboarding", "Welcome.")
	tgt := b.create(t, tok, "eng", "laptop-setup", "Install things.")
	agent := pgtest.CreateAgent(t, b.pool, p.ID)
	_, err := b.pool.Exec(context.Background(), `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		VALUES (gen_random_uuid(), $1, 'user', $3, 'write'), (gen_random_uuid(), $2, 'user', $3, 'read')`, src, tgt, agent.ID)
	require.NoError(t, err)

	propose := `mutation($i: ProposeLinkInput!) { proposeLink(input: $i) { created suggestion { id status reason rationale source { id } target { id } suggestedBy { id } } } }`
	in := map[string]any{"i": map[string]any{"sourceId": src, "targetId": tgt, "rationale": "New people need a laptop first."}}
	r := b.do(t, req{query: propose, bearer: agent.Token, variables: in})
	require.Empty(t, r.Errors)
	require.Equal(t, true, obj(r.Data, "proposeLink", "created"))
	sugID := obj(r.Data, "proposeLink", "suggestion", "id").(string)
	require.Equal(t, "AGENT_PROPOSED", obj(r.Data, "proposeLink", "suggestion", "reason"))
	require.EqualValues(t, 1, b.decisions(t, tok), "a pending suggestion is a decision for who can edit the source")
	var notes int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'link.suggested'`, p.ID).Scan(&notes))
	require.Equal(t, 1, notes)

	list := b.gql(t, tok, `{ linkSuggestions { edges { node { id } } } }`, nil)
	require.Len(t, obj(list, "linkSuggestions", "edges").([]any), 1)

	acc := b.gql(t, tok, `mutation($i: LinkSuggestionInput!) { acceptLinkSuggestion(input: $i) { suggestion { status } document { content version } } }`, map[string]any{"i": map[string]any{"id": sugID}})
	require.Equal(t, "ACCEPTED", obj(acc, "acceptLinkSuggestion", "suggestion", "status"))
	require.Contains(t, obj(acc, "acceptLinkSuggestion", "document", "content"), "(laptop-setup.md)")
	require.EqualValues(t, 0, b.decisions(t, tok))
	b.drain(t)
	_, links := b.links(t, tok, src)
	require.Len(t, links, 1)
	require.Equal(t, "RESOLVED", obj(links[0], "state"))

	// A rejected pair stays rejected.
	other := b.create(t, tok, "eng", "vpn", "VPN.")
	r = b.do(t, req{query: propose, bearer: tok, variables: map[string]any{"i": map[string]any{"sourceId": src, "targetId": other}}})
	require.Empty(t, r.Errors)
	id2 := obj(r.Data, "proposeLink", "suggestion", "id").(string)
	rej := b.gql(t, tok, `mutation($i: LinkSuggestionInput!) { rejectLinkSuggestion(input: $i) { suggestion { status } } }`, map[string]any{"i": map[string]any{"id": id2}})
	require.Equal(t, "REJECTED", obj(rej, "rejectLinkSuggestion", "suggestion", "status"))
	r = b.do(t, req{query: propose, bearer: tok, variables: map[string]any{"i": map[string]any{"sourceId": src, "targetId": other}}})
	require.Empty(t, r.Errors)
	require.Equal(t, false, obj(r.Data, "proposeLink", "created"))
	require.Equal(t, "REJECTED", obj(r.Data, "proposeLink", "suggestion", "status"))
	require.Equal(t, "CONFLICT", b.do(t, req{query: `mutation($i: LinkSuggestionInput!) { acceptLinkSuggestion(input: $i) { suggestion { status } } }`,
		bearer: tok, variables: map[string]any{"i": map[string]any{"id": id2}}}).code())

	// Only those who can edit the source may propose; unreadable targets are not found.
	stranger := pgtest.CreatePerson(t, b.pool)
	r = b.do(t, req{query: propose, bearer: pgtest.CreatePersonToken(t, b.pool, stranger.ID), variables: in})
	require.Equal(t, "NOT_FOUND", r.code())
}

func TestRelatedAndLinkGraph(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	on := b.create(t, tok, "", "onboarding", "[laptop](laptop-setup.md)")
	lap := b.create(t, tok, "", "laptop-setup", "[vpn](vpn-access.md) and back to [onboarding](onboarding.md)")
	vpn := b.create(t, tok, "", "vpn-access", "VPN.")
	b.drain(t)
	d := b.gql(t, tok, `query($id: ID!) { document(id: $id) { related(depth: 2) { depth document { id } via { id } } } }`, map[string]any{"id": on})
	rel := obj(d, "document", "related").([]any)
	require.Len(t, rel, 2, "never its own root, cycles are safe")
	byID := map[string]map[string]any{}
	for _, x := range rel {
		byID[obj(x, "document", "id").(string)] = x.(map[string]any)
	}
	require.EqualValues(t, 1, byID[lap]["depth"])
	require.EqualValues(t, 2, byID[vpn]["depth"])
	require.Len(t, byID[vpn]["via"].([]any), 3)
	r := b.do(t, req{query: `query($id: ID!) { document(id: $id) { related(depth: 4) { depth } } }`, bearer: tok, variables: map[string]any{"id": on}})
	require.Equal(t, "BAD_USER_INPUT", r.code())

	g := b.gql(t, tok, `query($id: ID!) { linkGraph(rootId: $id, depth: 2) { nodes { depth document { id } } edges { sourceId targetId state } } }`, map[string]any{"id": on})
	require.Len(t, obj(g, "linkGraph", "nodes").([]any), 3)
	require.Len(t, obj(g, "linkGraph", "edges").([]any), 3)
}

// documents(first: 50){ links backlinks } issues the same statements for 5
// documents as for 50.
func TestLinksOfAListDoNotGrowStatements(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	const q = `{ documents(first: 50) { edges { node { id links { state target { title } } backlinks { source { title } } } } } }`
	count := func() int64 {
		b.counter.Reset()
		b.gql(t, tok, q, nil)
		return b.counter.Count()
	}
	for i := range 5 {
		b.create(t, tok, "", fmt.Sprintf("a-%d", i), fmt.Sprintf("[next](a-%d.md)", i+1))
	}
	b.drain(t)
	count()
	five := count()
	for i := 5; i < 50; i++ {
		b.create(t, tok, "", fmt.Sprintf("a-%d", i), fmt.Sprintf("[next](a-%d.md) [first](a-0.md)", i+1))
	}
	b.drain(t)
	fifty := count()
	require.Equal(t, five, fifty)
}
