package server_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// obj walks a decoded GraphQL response: obj(r.Data, "a", "b") is data.a.b.
func obj(v any, path ...string) any {
	for _, p := range path {
		m, _ := v.(map[string]any)
		v = m[p]
	}
	return v
}

const docFields = `id space path slug title content markdown tags status version myPermission deletedAt owner { id kind } frontmatter`

func TestDocumentLifecycleOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	run := func(q string, vars map[string]any) gqlResponse {
		return b.do(t, req{query: q, variables: vars, bearer: token})
	}

	r := run(`mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { `+docFields+` } } }`, map[string]any{"i": map[string]any{
		"space": "WIKI", "path": "runbooks", "slug": "deploy", "title": "Deploy",
		"content": "---\nowner: ops\n---\nShip it.\n", "tags": []string{"Ops"},
	}})
	require.Empty(t, r.Errors)
	d := obj(r.Data, "createDocument", "document").(map[string]any)
	id := d["id"].(string)
	require.Equal(t, "WIKI", d["space"])
	require.Equal(t, "Ship it.\n", d["content"])
	require.Equal(t, []any{"ops"}, d["tags"])
	require.Equal(t, "ACTIVE", d["status"])
	require.EqualValues(t, 1, d["version"])
	require.Equal(t, "OWNER", d["myPermission"])
	require.Equal(t, map[string]any{"owner": "ops"}, d["frontmatter"])
	require.Equal(t, p.ID.String(), obj(d, "owner", "id"))
	require.Contains(t, d["markdown"], "owner: ops")

	r = run(`mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed } }`,
		map[string]any{"i": map[string]any{"id": id, "expectedVersion": 1, "content": "x", "changeSummary": strings.Repeat("s", 301)}})
	require.Equal(t, "BAD_USER_INPUT", r.code())
	require.Equal(t, "changeSummary", r.Errors[0].Extensions["field"])
	r = run(`mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed document { version content } } }`,
		map[string]any{"i": map[string]any{"id": id, "expectedVersion": 1, "content": "Ship it carefully.\n", "changeSummary": "Careful now"}})
	require.Empty(t, r.Errors)
	require.Equal(t, true, obj(r.Data, "updateDocument", "changed"))
	r = run(`query($id: ID!) { document(id: $id) { revisions(first: 2) { edges { node { version changeSummary } } } } }`, map[string]any{"id": id})
	require.Empty(t, r.Errors)
	require.Equal(t, []any{
		map[string]any{"node": map[string]any{"version": float64(2), "changeSummary": "Careful now"}},
		map[string]any{"node": map[string]any{"version": float64(1), "changeSummary": nil}},
	}, obj(r.Data, "document", "revisions", "edges"))
	r = run(`mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed } }`,
		map[string]any{"i": map[string]any{"id": id, "expectedVersion": 1, "content": "lost update"}})
	require.Equal(t, "CONFLICT", r.code())
	require.Equal(t, "expectedVersion", r.Errors[0].Extensions["field"])
	r = run(`mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed document { version } } }`,
		map[string]any{"i": map[string]any{"id": id, "expectedVersion": 2, "content": "Ship it carefully.\n"}})
	require.Empty(t, r.Errors)
	require.Equal(t, false, obj(r.Data, "updateDocument", "changed"))

	r = run(`mutation($i: MoveDocumentInput!) { moveDocument(input: $i) { document { path slug version pathHistory { path slug } } } }`,
		map[string]any{"i": map[string]any{"id": id, "path": "ops"}})
	require.Empty(t, r.Errors)
	require.Equal(t, "ops", obj(r.Data, "moveDocument", "document", "path"))
	require.Equal(t, []any{map[string]any{"path": "runbooks", "slug": "deploy"}}, obj(r.Data, "moveDocument", "document", "pathHistory"))

	r = run(`query($id: ID!) { document(id: $id) {
		revisions(first: 2) { totalCount pageInfo { hasNextPage endCursor } edges { node { version changeKind author { id } } } }
		revision(version: 1) { content changeKind }
		diff(from: 1, to: 2)
	} }`, map[string]any{"id": id})
	require.Empty(t, r.Errors)
	revs := obj(r.Data, "document", "revisions").(map[string]any)
	require.EqualValues(t, 3, revs["totalCount"])
	require.Equal(t, true, obj(revs, "pageInfo", "hasNextPage"))
	edges := revs["edges"].([]any)
	require.Len(t, edges, 2)
	require.Equal(t, "MOVE", obj(edges[0], "node", "changeKind"))
	require.Equal(t, "CONTENT", obj(edges[1], "node", "changeKind"))
	require.Equal(t, "CREATE", obj(r.Data, "document", "revision", "changeKind"))
	require.Contains(t, obj(r.Data, "document", "diff"), "+Ship it carefully.")
	r = run(`query($id: ID!, $after: String) { document(id: $id) { revisions(first: 2, after: $after) { edges { node { version } } } } }`,
		map[string]any{"id": id, "after": obj(revs, "pageInfo", "endCursor")})
	require.Empty(t, r.Errors)
	require.Len(t, obj(r.Data, "document", "revisions", "edges").([]any), 1)

	r = run(`{ documentByAddress(space: WIKI, path: "ops", slug: "deploy") { id } }`, nil)
	require.Empty(t, r.Errors)
	require.Equal(t, id, obj(r.Data, "documentByAddress", "id"))
	r = run(`{ documentByAddress(space: WIKI, path: "runbooks", slug: "deploy") { id } }`, nil)
	require.Equal(t, "NOT_FOUND", r.code(), "the old address is free")

	r = run(`{ folders(space: WIKI) { path documents hasChildren } folderTree(space: WIKI, path: "ops") { path folders { path } documents { slug document { title } } } }`, nil)
	require.Empty(t, r.Errors)
	require.Equal(t, []any{map[string]any{"path": "ops", "documents": float64(1), "hasChildren": false}}, r.Data["folders"])
	require.Equal(t, "Deploy", obj(r.Data["folderTree"].(map[string]any)["documents"].([]any)[0], "document", "title"))

	r = run(`mutation($i: DeleteDocumentInput!) { deleteDocument(input: $i) { document { deletedAt version } } }`, map[string]any{"i": map[string]any{"id": id}})
	require.Empty(t, r.Errors)
	require.NotNil(t, obj(r.Data, "deleteDocument", "document", "deletedAt"))
	r = run(`{ trash { edges { node { id deletedAt } } } documents { edges { node { id } } } }`, nil)
	require.Empty(t, r.Errors)
	require.Len(t, obj(r.Data, "trash", "edges").([]any), 1)
	require.Empty(t, obj(r.Data, "documents", "edges"), "tombstones are not listed")

	r = run(`mutation($i: RestoreDocumentInput!) { restoreDocument(input: $i) { document { deletedAt path } } }`, map[string]any{"i": map[string]any{"id": id}})
	require.Empty(t, r.Errors)
	require.Nil(t, obj(r.Data, "restoreDocument", "document", "deletedAt"))

	r = run(`mutation($i: RestoreRevisionInput!) { restoreRevision(input: $i) { changed document { content version } } }`,
		map[string]any{"i": map[string]any{"id": id, "version": 1}})
	require.Empty(t, r.Errors)
	require.Equal(t, "Ship it.\n", obj(r.Data, "restoreRevision", "document", "content"))

	r = run(`mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{
		"space": "WIKI", "slug": "Bad Slug", "title": "x"}})
	require.Equal(t, "BAD_USER_INPUT", r.code())
	require.Equal(t, "slug", r.Errors[0].Extensions["field"])
}

func TestUnreadableDocumentsAreNotFoundEverywhere(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := pgtest.CreatePerson(t, b.pool)
	other := pgtest.CreatePerson(t, b.pool)
	d := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Path: "secret", Slug: "plan"})
	otherToken := pgtest.CreatePersonToken(t, b.pool, other.ID)
	agent := pgtest.CreateAgent(t, b.pool, owner.ID)
	manage := pgtest.CreateManageToken(t, b.pool)
	missing := "00000000-0000-7000-8000-000000000000"

	for who, bearer := range map[string]string{"another person": otherToken, "an agent": agent.Token, "management": manage} {
		r := b.do(t, req{query: `query($id: ID!) { document(id: $id) { id title } }`, variables: map[string]any{"id": d.ID.String()}, bearer: bearer})
		require.Equal(t, "NOT_FOUND", r.code(), who)
		gone := b.do(t, req{query: `query($id: ID!) { document(id: $id) { id title } }`, variables: map[string]any{"id": missing}, bearer: bearer})
		require.Equal(t, r.Errors[0].Message, gone.Errors[0].Message, "%s: unreadable and missing look the same", who)

		r = b.do(t, req{query: `{ documentByAddress(space: WIKI, path: "secret", slug: "plan") { id } }`, bearer: bearer})
		require.Equal(t, "NOT_FOUND", r.code(), who)
		r = b.do(t, req{query: `{ documents { edges { node { id } } } folders(space: WIKI) { path } folderTree(space: WIKI) { folders { path } documents { id } } }`, bearer: bearer})
		require.Empty(t, r.Errors, who)
		require.Empty(t, obj(r.Data, "documents", "edges"), who)
		require.Empty(t, r.Data["folders"], who)
		require.Empty(t, obj(r.Data, "folderTree", "folders"), who)
	}
}

// The documents list issues a constant number of statements however many
// documents it returns: the list query, one batch of revision counts, one
// batch of users.
func TestDocumentListStatementsDoNotGrowWithPageSize(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	const q = `{ documents(first: 50) { edges { node { id title tags owner { name } revisions { totalCount } } } } }`
	count := func() (int64, int) {
		b.counter.Reset()
		r := b.do(t, req{query: q, bearer: token})
		require.Empty(t, r.Errors)
		return b.counter.Count(), len(obj(r.Data, "documents", "edges").([]any))
	}
	for i := range 5 {
		pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("a-%d", i)})
	}
	count() // the token's first use records it; later uses within a minute do not
	five, n := count()
	require.Equal(t, 5, n)
	for i := range 45 {
		pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("b-%d", i), Content: strings.Repeat("x", i)})
	}
	fifty, n := count()
	require.Equal(t, 50, n)
	require.Equal(t, five, fifty, "statements must not grow with the page")
	require.Equal(t, int64(4), fifty, "token lookup, list, owners, revision counts")
}

func TestDocumentCursorsAreTheSameWhicheverIsSelected(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	for i := range 3 {
		pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("c-%d", i)})
	}
	page := func(q string, vars map[string]any) any {
		r := b.do(t, req{query: q, variables: vars, bearer: token})
		require.Empty(t, r.Errors)
		return obj(r.Data, "documents")
	}
	// endCursor alone, without the edges' cursors, pages as well.
	first := page(`{ documents(first: 2) { pageInfo { hasNextPage endCursor } edges { node { id } } } }`, nil)
	end := obj(first, "pageInfo", "endCursor")
	require.NotEmpty(t, end)
	require.Equal(t, true, obj(first, "pageInfo", "hasNextPage"))
	rest := page(`query($a: String) { documents(first: 2, after: $a) { edges { node { id } } } }`, map[string]any{"a": end})
	require.Len(t, obj(rest, "edges").([]any), 1)
	// With the edges' cursors the last is the endCursor; by title too.
	for _, order := range []string{"", ", orderBy: TITLE"} {
		both := page(`{ documents(first: 2`+order+`) { pageInfo { endCursor } edges { cursor node { id } } } }`, nil)
		edges := obj(both, "edges").([]any)
		require.NotEmpty(t, obj(edges[0], "cursor"))
		require.Equal(t, obj(both, "pageInfo", "endCursor"), obj(edges[1], "cursor"), order)
	}
	require.Equal(t, end, obj(page(`{ documents(first: 2) { pageInfo { endCursor } edges { cursor } } }`, nil), "pageInfo", "endCursor"))
}
