package server_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// TestTemplatesAndTagsOverGraphQL: Ada's page tagged template, read by
// Everyone, is offered to Ben, who creates a page from it with the
// placeholders filled; the tag index counts what each can read.
func TestTemplatesAndTagsOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ada, ben := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	adaTok, benTok := pgtest.CreatePersonToken(t, b.pool, ada.ID), pgtest.CreatePersonToken(t, b.pool, ben.ID)
	manage := pgtest.CreateManageToken(t, b.pool)

	const create = `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id title content tags } } }`
	d := b.gql(t, adaTok, create, map[string]any{"i": map[string]any{
		"space": "WIKI", "path": "templates", "slug": "meeting", "title": "Meeting notes", "access": "EVERYONE_READ",
		"content": "# {{title}}\n\n{{author}}, {{date}}\n", "tags": []string{"template", "meeting"},
	}})
	tpl := obj(d, "createDocument", "document", "id").(string)
	b.gql(t, adaTok, create, map[string]any{"i": map[string]any{"space": "WIKI", "slug": "secret", "title": "Secret", "tags": []string{"secret", "meeting"}}})

	d = b.gql(t, benTok, `{ templates { id title } }`, nil)
	require.Equal(t, []any{map[string]any{"id": tpl, "title": "Meeting notes"}}, d["templates"])

	d = b.gql(t, benTok, create, map[string]any{"i": map[string]any{
		"space": "WIKI", "path": "meetings", "slug": "weekly", "title": "Weekly", "templateId": tpl, "tags": []string{"team"},
	}})
	today := time.Now().UTC().Format(time.DateOnly)
	require.Equal(t, "# Weekly\n\n"+ben.Name+", "+today+"\n", obj(d, "createDocument", "document", "content"))
	require.Equal(t, []any{"meeting", "team"}, obj(d, "createDocument", "document", "tags"))

	for _, c := range []struct {
		in   map[string]any
		code string
	}{
		{map[string]any{"templateId": tpl, "content": "mine"}, "BAD_USER_INPUT"},
		{map[string]any{"templateId": "0193a3c4-0000-7000-8000-000000000000"}, "NOT_FOUND"},
		{map[string]any{"templateId": "not-an-id"}, "BAD_USER_INPUT"},
	} {
		in := map[string]any{"space": "WIKI", "slug": "refused", "title": "Refused"}
		for k, v := range c.in {
			in[k] = v
		}
		r := b.do(t, req{query: create, variables: map[string]any{"i": in}, bearer: benTok})
		require.Equal(t, c.code, r.code(), "%v", c.in)
	}

	// MCP write_document creates from a template too.
	cs := b.mcpSession(t, benTok)
	out := ok(t, cs, "write_document", map[string]any{"space": "wiki", "path": "meetings", "slug": "from-mcp", "title": "From MCP", "templateId": tpl})
	d = b.gql(t, benTok, `query($id: ID!) { document(id: $id) { content tags } }`, map[string]any{"id": out["id"]})
	require.Equal(t, map[string]any{"content": "# From MCP\n\n" + ben.Name + ", " + today + "\n", "tags": []any{"meeting"}}, d["document"])
	refused(t, cs, "write_document", map[string]any{"space": "wiki", "slug": "x", "title": "x", "templateId": tpl, "content": "mine"}, "BAD_USER_INPUT")

	const tags = `query($p: String, $n: Int) { tags(prefix: $p, first: $n) { tag count } }`
	d = b.gql(t, benTok, tags, map[string]any{"p": "MEE"})
	require.Equal(t, []any{map[string]any{"tag": "meeting", "count": float64(3)}}, d["tags"], "Ada's secret page is not counted")
	d = b.gql(t, adaTok, tags, nil)
	require.Equal(t, []any{
		map[string]any{"tag": "meeting", "count": float64(2)},
		map[string]any{"tag": "secret", "count": float64(1)},
		map[string]any{"tag": "template", "count": float64(1)},
	}, d["tags"], "Ada does not read Ben's page: her own two and the template")
	r := b.do(t, req{query: tags, variables: map[string]any{"n": 1001}, bearer: benTok})
	require.Equal(t, "BAD_USER_INPUT", r.code())
	d = b.gql(t, manage, tags, nil)
	require.Equal(t, []any{}, d["tags"], "management never sees content")
}
