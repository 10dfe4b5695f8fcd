package server_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// TestSpaceDefaultsOverGraphQLAndMCP: management sets the wiki to
// EVERYONE_READ; a person's createDocument and MCP write_document then give
// Everyone read (space_default), the form's choice overrides it, and a
// colleague's whyCanISee explains it.
func TestSpaceDefaultsOverGraphQLAndMCP(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ada, ben := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	adaTok, benTok := pgtest.CreatePersonToken(t, b.pool, ada.ID), pgtest.CreatePersonToken(t, b.pool, ben.ID)
	manage := pgtest.CreateManageToken(t, b.pool)

	const set = `mutation($i: SetSpaceDefaultInput!) { setSpaceDefault(input: $i) { spaceDefault { space access updatedAt } } }`
	r := b.do(t, req{query: set, variables: map[string]any{"i": map[string]any{"space": "WIKI", "access": "EVERYONE_READ"}}, bearer: adaTok})
	require.Equal(t, "FORBIDDEN", r.code(), "a person does not set it")
	d := b.gql(t, manage, set, map[string]any{"i": map[string]any{"space": "WIKI", "access": "EVERYONE_READ"}})
	require.Equal(t, "EVERYONE_READ", obj(d, "setSpaceDefault", "spaceDefault", "access"))
	require.NotNil(t, obj(d, "setSpaceDefault", "spaceDefault", "updatedAt"))
	for _, tok := range []string{manage, benTok} {
		d = b.gql(t, tok, `{ spaceDefaults { space access } }`, nil)
		require.Equal(t, []any{
			map[string]any{"space": "WIKI", "access": "EVERYONE_READ"},
			map[string]any{"space": "RAW", "access": "PRIVATE"},
			map[string]any{"space": "OUTPUT", "access": "PRIVATE"},
		}, d["spaceDefaults"])
	}

	d = b.gql(t, adaTok, `{ newPageAudience(space: WIKI, path: "team") { space path default folders { path } } }`, nil)
	require.Equal(t, map[string]any{"space": "WIKI", "path": "team", "default": "EVERYONE_READ", "folders": []any{}}, d["newPageAudience"])

	const create = `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`
	page := func(slug string, extra map[string]any) string {
		in := map[string]any{"space": "WIKI", "path": "team", "slug": slug, "title": slug}
		for k, v := range extra {
			in[k] = v
		}
		return obj(b.gql(t, adaTok, create, map[string]any{"i": in}), "createDocument", "document", "id").(string)
	}
	const why = `query($id: ID!) { document(id: $id) { whyCanISee { owner grants { recipient reason explanation grantedBy { id } } } } }`
	welcome := page("welcome", nil)
	d = b.gql(t, benTok, why, map[string]any{"id": welcome})
	require.Equal(t, map[string]any{"owner": false, "grants": []any{map[string]any{
		"recipient": "group:everyone", "reason": "SPACE_DEFAULT", "grantedBy": map[string]any{"id": ada.ID.String()},
		"explanation": "Everyone can read new pages in the wiki by default; " + ada.Name + " can revoke it.",
	}}}, obj(d, "document", "whyCanISee"))

	// The author's choice: private, or private and shared with Ben.
	private := page("private", map[string]any{"access": "PRIVATE"})
	r = b.do(t, req{query: why, variables: map[string]any{"id": private}, bearer: benTok})
	require.Equal(t, "NOT_FOUND", r.code())
	withBen := page("with-ben", map[string]any{"access": "PRIVATE", "shareWith": []string{ben.Email}})
	d = b.gql(t, benTok, why, map[string]any{"id": withBen})
	require.Equal(t, "DIRECT", obj(d, "document", "whyCanISee", "grants").([]any)[0].(map[string]any)["reason"])
	r = b.do(t, req{query: create, variables: map[string]any{"i": map[string]any{"space": "WIKI", "slug": "x", "title": "x", "shareWith": []string{"group:nope"}}}, bearer: adaTok})
	require.Equal(t, "BAD_USER_INPUT", r.code())

	// A person's MCP write follows the default too.
	cs := b.mcpSession(t, adaTok)
	out := ok(t, cs, "write_document", map[string]any{"space": "wiki", "path": "team", "slug": "from-mcp", "title": "From MCP", "content": "Hello.\n"})
	require.Equal(t, true, out["created"])
	d = b.gql(t, benTok, why, map[string]any{"id": out["id"]})
	require.Equal(t, "SPACE_DEFAULT", obj(d, "document", "whyCanISee", "grants").([]any)[0].(map[string]any)["reason"])
}
