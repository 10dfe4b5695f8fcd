package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/document"
	"codna/internal/pgtest"
)

var mcpTools = []string{"search", "read_document", "list_documents", "write_document", "related", "propose_link", "recent_shares", "inbox", "mark_read", "share_document", "list_threads", "comment"}

// mcpWorld is Dana's wiki and her agent: ops/deploy is shared with the
// agent for reading, ops/notes for writing; ops/payroll and everything in
// hr/ are not shared. deploy links to notes and payroll; payroll links to
// deploy.
type mcpWorld struct {
	*bundle
	dana                           pgtest.Person
	danaToken                      string
	bot                            pgtest.Agent
	deploy, notes, payroll, salary *document.Doc
}

func newMCPWorld(t *testing.T, marker string) *mcpWorld {
	t.Helper()
	b := setup(t)
	w := &mcpWorld{bundle: b, dana: pgtest.CreatePerson(t, b.pool)}
	w.danaToken = pgtest.CreatePersonToken(t, b.pool, w.dana.ID)
	w.bot = pgtest.CreateAgent(t, b.pool, w.dana.ID)
	w.notes = pgtest.CreateDocument(t, b.pool, w.dana.ID, pgtest.Doc{Path: "ops", Slug: "notes", Title: "Ops notes", Content: "Notes.\n"})
	w.payroll = pgtest.CreateDocument(t, b.pool, w.dana.ID, pgtest.Doc{Path: "ops", Slug: "payroll", Title: "Payroll " + marker,
		Content: "Salaries " + marker + ". See [deploy](deploy.md).\n", Tags: []string{"tag-" + marker}})
	w.deploy = pgtest.CreateDocument(t, b.pool, w.dana.ID, pgtest.Doc{Path: "ops", Slug: "deploy", Title: "Deploy",
		Content: "---\nowner: ops\n---\nShip it. Read [notes](notes.md) and [pay](payroll.md).\n", Tags: []string{"runbook"}})
	w.salary = pgtest.CreateDocument(t, b.pool, w.dana.ID, pgtest.Doc{Path: "hr/" + marker, Slug: "salaries", Title: "Salaries " + marker, Content: marker})
	b.share(t, w.dana, access.PermissionRead, "agent:"+w.bot.Slug, w.deploy.ID)
	b.share(t, w.dana, access.PermissionWrite, "agent:"+w.bot.Slug, w.notes.ID)
	b.drain(t)
	return w
}

func TestMCPToolsAreListedWithSchemas(t *testing.T) {
	t.Parallel()
	w := newMCPWorld(t, "m")
	cs := w.mcpSession(t, w.bot.Token)
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
		require.NotEmpty(t, tl.Description, tl.Name)
		require.Greater(t, len(tl.Description), 60, "%s: a description a model can choose by", tl.Name)
		in := schemaOf(t, tl.InputSchema)
		require.Equal(t, "object", in.Type, tl.Name)
		require.NotNil(t, tl.OutputSchema, "%s: structured output has a schema", tl.Name)
		require.Equal(t, "object", schemaOf(t, tl.OutputSchema).Type, tl.Name)
		require.NotNil(t, tl.Annotations, tl.Name)
	}
	require.ElementsMatch(t, mcpTools, names)
	init := cs.InitializeResult()
	require.NotNil(t, init.Capabilities.Tools)
	require.NotNil(t, init.Capabilities.Resources)
	require.Contains(t, init.Instructions, "output")

	tmpl, err := cs.ListResourceTemplates(context.Background(), nil)
	require.NoError(t, err)
	require.Len(t, tmpl.ResourceTemplates, 1)
	require.Equal(t, "codna://documents/{id}", tmpl.ResourceTemplates[0].URITemplate)
	require.Equal(t, "text/markdown", tmpl.ResourceTemplates[0].MIMEType)
}

func schemaOf(t testing.TB, v any) *jsonschema.Schema {
	t.Helper()
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	var s jsonschema.Schema
	require.NoError(t, json.Unmarshal(raw, &s))
	return &s
}

// outputChecker validates each tool's structured output against the
// output schema the server lists for it.
func outputChecker(t *testing.T, cs *mcp.ClientSession) func(name string, out map[string]any) {
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	schemas := map[string]*jsonschema.Resolved{}
	for _, tl := range res.Tools {
		r, err := schemaOf(t, tl.OutputSchema).Resolve(nil)
		require.NoError(t, err, tl.Name)
		schemas[tl.Name] = r
	}
	return func(name string, out map[string]any) {
		t.Helper()
		require.NoError(t, schemas[name].Validate(out), "%s's output fits its schema: %v", name, out)
	}
}

// TestMCPEveryToolSucceeds calls each tool as the agent over real HTTP and
// checks what it answers, and that it fits the tool's output schema.
func TestMCPEveryToolSucceeds(t *testing.T) {
	t.Parallel()
	w := newMCPWorld(t, "m")
	cs := w.mcpSession(t, w.bot.Token)
	check := outputChecker(t, cs)
	call := func(name string, args map[string]any) map[string]any {
		t.Helper()
		out := ok(t, cs, name, args)
		check(name, out)
		return out
	}

	// read_document, by id and by address (every form).
	doc := call("read_document", map[string]any{"id": w.deploy.ID.String()})
	require.Equal(t, "wiki/ops/deploy", doc["address"])
	require.Equal(t, "codna://documents/"+w.deploy.ID.String(), doc["uri"])
	require.Equal(t, "Ship it. Read [notes](notes.md) and [pay](payroll.md).\n", doc["content"])
	require.Equal(t, map[string]any{"owner": "ops"}, doc["frontmatter"])
	require.Equal(t, "read", doc["permission"])
	require.EqualValues(t, 1, doc["version"])
	require.Equal(t, []any{"runbook"}, doc["tags"])
	links := map[string]map[string]any{}
	for _, l := range list(doc["links"]) {
		links[l.(map[string]any)["href"].(string)] = l.(map[string]any)
	}
	require.Equal(t, "resolved", links["notes.md"]["state"])
	require.Equal(t, w.notes.ID.String(), links["notes.md"]["target"].(map[string]any)["id"])
	for _, addr := range []string{"wiki/ops/deploy", "wiki:ops/deploy", "/wiki/ops/deploy.md"} {
		require.Equal(t, w.deploy.ID.String(), call("read_document", map[string]any{"address": addr})["id"], addr)
	}

	// list_documents: one level, and recursive.
	root := call("list_documents", map[string]any{"space": "wiki"})
	require.Equal(t, []any{map[string]any{"path": "ops", "documents": float64(2), "hasSubfolders": false}}, root["folders"])
	ops := call("list_documents", map[string]any{"space": "wiki", "path": "ops"})
	var titles []string
	for _, d := range list(ops["documents"]) {
		titles = append(titles, d.(map[string]any)["title"].(string))
	}
	require.ElementsMatch(t, []string{"Deploy", "Ops notes"}, titles)
	page1 := call("list_documents", map[string]any{"space": "wiki", "recursive": true, "limit": 1})
	require.Len(t, list(page1["documents"]), 1)
	require.NotEmpty(t, page1["nextCursor"])
	page2 := call("list_documents", map[string]any{"space": "wiki", "recursive": true, "limit": 1, "cursor": page1["nextCursor"]})
	require.Len(t, list(page2["documents"]), 1)
	require.Empty(t, page2["nextCursor"])
	require.NotEqual(t, page1["documents"], page2["documents"])

	// related: notes, one link away; not payroll.
	rel := call("related", map[string]any{"id": w.deploy.ID.String(), "depth": 2})
	require.Len(t, list(rel["neighbours"]), 1)
	require.Equal(t, w.notes.ID.String(), list(rel["neighbours"])[0].(map[string]any)["id"])
	require.EqualValues(t, 1, list(rel["neighbours"])[0].(map[string]any)["depth"])

	// recent_shares: both shares, by Dana.
	shares := list(call("recent_shares", map[string]any{})["shares"])
	require.Len(t, shares, 2)
	perms := map[string]string{}
	for _, s := range shares {
		m := s.(map[string]any)
		perms[m["document"].(map[string]any)["title"].(string)] = m["permission"].(string)
		require.Equal(t, w.dana.Email, m["sharedBy"].(map[string]any)["email"])
		require.Equal(t, "direct", m["reason"])
		require.NotEmpty(t, m["batchId"])
	}
	require.Equal(t, map[string]string{"Deploy": "read", "Ops notes": "write"}, perms)

	// write_document: a page of its own in output, then an update; an
	// edit of the page shared for writing.
	created := call("write_document", map[string]any{"space": "output", "path": "reports", "slug": "weekly", "title": "Weekly", "content": "All quiet.\n", "tags": []string{"report"}})
	require.Equal(t, true, created["created"])
	require.Equal(t, "output/reports/weekly", created["address"])
	updated := call("write_document", map[string]any{"id": created["id"], "expectedVersion": 1, "content": "All quiet, again.\n", "changeSummary": "  Said it again.  "})
	require.EqualValues(t, 2, updated["version"])
	require.Equal(t, true, updated["changed"])
	var summary string
	require.NoError(t, w.pool.QueryRow(context.Background(), `SELECT change_summary FROM document_revisions WHERE document_id = $1 AND version = 2`, created["id"]).Scan(&summary))
	require.Equal(t, "Said it again.", summary, "the summary is kept on the revision, trimmed")
	same := call("write_document", map[string]any{"id": created["id"], "expectedVersion": 2, "content": "All quiet, again.\n"})
	require.Equal(t, false, same["changed"])
	edited := call("write_document", map[string]any{"id": w.notes.ID.String(), "expectedVersion": 1, "content": "Notes, by the agent.\n"})
	require.EqualValues(t, 2, edited["version"])
	mine := call("read_document", map[string]any{"id": created["id"]})
	require.Equal(t, "owner", mine["permission"])
	require.Equal(t, "All quiet, again.\n", mine["content"])

	// propose_link: a link from the page it may edit, for Dana to decide.
	prop := call("propose_link", map[string]any{"sourceId": w.notes.ID.String(), "targetId": w.deploy.ID.String(), "reason": "Notes mention deploys."})
	require.Equal(t, true, prop["created"])
	require.Equal(t, "pending", prop["status"])
	again := call("propose_link", map[string]any{"sourceId": w.notes.ID.String(), "targetId": w.deploy.ID.String(), "reason": "Again."})
	require.Equal(t, false, again["created"])
	require.Equal(t, prop["suggestionId"], again["suggestionId"])
	dana := w.mcpSession(t, w.danaToken)
	danaInbox := ok(t, dana, "inbox", map[string]any{})
	require.EqualValues(t, 1, danaInbox["counts"].(map[string]any)["decisions"], "Dana decides the proposed link")

	// inbox and mark_read: the two shares arrived as information.
	box := call("inbox", map[string]any{})
	ns := list(box["notifications"])
	require.NotEmpty(t, ns)
	var ids []string
	for _, n := range ns {
		m := n.(map[string]any)
		require.Equal(t, "unread", m["status"])
		ids = append(ids, m["id"].(string))
	}
	require.EqualValues(t, len(ns), box["counts"].(map[string]any)["unread"])
	marked := call("mark_read", map[string]any{"ids": ids})
	require.EqualValues(t, len(ids), marked["marked"])
	require.EqualValues(t, 0, marked["counts"].(map[string]any)["unread"])
	require.Empty(t, list(call("inbox", map[string]any{})["notifications"]), "nothing open is left")
	require.Len(t, list(call("inbox", map[string]any{"include": "all"})["notifications"]), len(ids))

	// search: what it may read, with a snippet; filtered by space and tags.
	hits := list(call("search", map[string]any{"query": "ship"})["hits"])
	require.Len(t, hits, 1)
	hit := hits[0].(map[string]any)
	require.Equal(t, w.deploy.ID.String(), hit["id"])
	require.Equal(t, "wiki/ops/deploy", hit["address"])
	require.Contains(t, hit["snippet"], "Ship it")
	require.Len(t, list(call("search", map[string]any{"query": "ship", "space": "wiki", "pathPrefix": "ops", "tags": []string{"runbook"}, "limit": 5})["hits"]), 1)
	require.Empty(t, list(call("search", map[string]any{"query": "ship", "space": "output"})["hits"]))

	// Resources: the readable pages, each as markdown.
	rl, err := cs.ListResources(context.Background(), nil)
	require.NoError(t, err)
	var uris []string
	for _, r := range rl.Resources {
		uris = append(uris, r.URI)
		require.Equal(t, "text/markdown", r.MIMEType)
	}
	require.ElementsMatch(t, []string{"codna://documents/" + w.deploy.ID.String(), "codna://documents/" + w.notes.ID.String(), "codna://documents/" + created["id"].(string)}, uris)
	rr, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "codna://documents/" + w.deploy.ID.String()})
	require.NoError(t, err)
	require.Equal(t, "text/markdown", rr.Contents[0].MIMEType)
	require.Contains(t, rr.Contents[0].Text, "title: Deploy")
	require.Contains(t, rr.Contents[0].Text, "Ship it.")
	// Per-person answers are never marked for shared caches.
	require.Equal(t, "private", rl.CacheScope)
	require.Equal(t, "private", rr.CacheScope)
	require.Zero(t, rr.TTLMs)
}

// TestMCPAgentSeesOnlyWhatIsShared: an unshared page does not exist for the
// agent — not by id or address, not in a folder, not as a link target or a
// neighbour, not as a resource — and it writes only in output and where it
// was granted write.
func TestMCPAgentSeesOnlyWhatIsShared(t *testing.T) {
	t.Parallel()
	w := newMCPWorld(t, "m")
	cs := w.mcpSession(t, w.bot.Token)
	missing := uuid.Must(uuid.NewV7()).String()

	// By id: the same refusal as for a page that does not exist.
	hidden := refused(t, cs, "read_document", map[string]any{"id": w.payroll.ID.String()}, "NOT_FOUND")
	require.Equal(t, refused(t, cs, "read_document", map[string]any{"id": missing}, "NOT_FOUND"), hidden)
	require.Equal(t, "NOT_FOUND: No document lives at wiki:ops/payroll.", refused(t, cs, "read_document", map[string]any{"address": "wiki/ops/payroll"}, "NOT_FOUND"))
	require.Equal(t, "NOT_FOUND: No document lives at wiki:ops/nothing.", refused(t, cs, "read_document", map[string]any{"address": "wiki/ops/nothing"}, "NOT_FOUND"))

	// In folders: hr holds nothing it can read, and looks like no folder.
	hr := ok(t, cs, "list_documents", map[string]any{"space": "wiki", "path": "hr"})
	none := ok(t, cs, "list_documents", map[string]any{"space": "wiki", "path": "nowhere"})
	require.Empty(t, list(hr["documents"]))
	require.Empty(t, list(hr["folders"]))
	require.Equal(t, list(none["folders"]), list(hr["folders"]))
	for _, d := range list(ok(t, cs, "list_documents", map[string]any{"space": "wiki", "recursive": true})["documents"]) {
		require.NotEqual(t, w.payroll.ID.String(), d.(map[string]any)["id"])
	}

	// As a link target: pending, no target.
	doc := ok(t, cs, "read_document", map[string]any{"id": w.deploy.ID.String()})
	for _, l := range list(doc["links"]) {
		m := l.(map[string]any)
		if m["href"] == "payroll.md" {
			require.Equal(t, "pending", m["state"])
			require.Nil(t, m["target"])
		}
	}
	// As a neighbour, either way (payroll links to deploy).
	for _, n := range list(ok(t, cs, "related", map[string]any{"id": w.deploy.ID.String(), "depth": 3, "direction": "both"})["neighbours"]) {
		require.NotEqual(t, w.payroll.ID.String(), n.(map[string]any)["id"])
	}
	require.Equal(t, hidden, refused(t, cs, "related", map[string]any{"id": w.payroll.ID.String()}, "NOT_FOUND"))
	refused(t, cs, "propose_link", map[string]any{"sourceId": w.notes.ID.String(), "targetId": w.payroll.ID.String(), "reason": "x"}, "NOT_FOUND")
	refused(t, cs, "propose_link", map[string]any{"sourceId": w.deploy.ID.String(), "targetId": w.notes.ID.String(), "reason": "x"}, "FORBIDDEN")

	// Writing: only in output, and only where granted write.
	forbidden := refused(t, cs, "write_document", map[string]any{"space": "wiki", "slug": "mine", "content": "x"}, "FORBIDDEN")
	require.Contains(t, forbidden, "FORBIDDEN on space")
	refused(t, cs, "write_document", map[string]any{"id": w.deploy.ID.String(), "expectedVersion": 1, "content": "x"}, "FORBIDDEN")
	require.Equal(t, hidden, refused(t, cs, "write_document", map[string]any{"id": w.payroll.ID.String(), "expectedVersion": 1, "content": "x"}, "NOT_FOUND"))
	refused(t, cs, "write_document", map[string]any{"id": w.notes.ID.String(), "expectedVersion": 7, "content": "x"}, "CONFLICT")
	require.Equal(t, 1, pgtest.Count(t, w.pool, `SELECT version FROM documents WHERE id = $1`, w.deploy.ID), "nothing changed")

	// In search: not by the words of its title or body.
	for _, q := range []string{"payroll", "salaries", "deploy"} {
		for _, h := range list(ok(t, cs, "search", map[string]any{"query": q})["hits"]) {
			require.NotEqual(t, w.payroll.ID.String(), h.(map[string]any)["id"], q)
			require.NotEqual(t, w.salary.ID.String(), h.(map[string]any)["id"], q)
		}
	}
	dana := w.mcpSession(t, w.danaToken)
	require.NotEmpty(t, list(ok(t, dana, "search", map[string]any{"query": "salaries"})["hits"]), "the probe is sound: Dana finds them")

	// As a resource.
	_, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "codna://documents/" + w.payroll.ID.String()})
	require.ErrorContains(t, err, "not found")
	rl, err := cs.ListResources(context.Background(), nil)
	require.NoError(t, err)
	for _, r := range rl.Resources {
		require.NotEqual(t, "codna://documents/"+w.payroll.ID.String(), r.URI)
	}
}

// TestMCPMarkerNeverLeaks plants a unique marker in the title, body, tags
// and folder of pages the agent may not read, calls every tool (and the
// resources) the ways an agent would, and requires the marker in no answer.
func TestMCPMarkerNeverLeaks(t *testing.T) {
	t.Parallel()
	marker := "zq" + strings.ReplaceAll(uuid.NewString(), "-", "")[:16]
	w := newMCPWorld(t, marker)
	cs := w.mcpSession(t, w.bot.Token)
	var answers []string
	add := func(name string, args map[string]any) {
		answers = append(answers, tool(t, cs, name, args).RawJSON)
	}
	for _, id := range []string{w.deploy.ID.String(), w.notes.ID.String(), w.payroll.ID.String(), w.salary.ID.String()} {
		add("read_document", map[string]any{"id": id})
		for _, dir := range []string{"outgoing", "incoming", "both"} {
			add("related", map[string]any{"id": id, "depth": 3, "direction": dir})
		}
		add("propose_link", map[string]any{"sourceId": w.notes.ID.String(), "targetId": id, "reason": "r"})
		add("write_document", map[string]any{"id": id, "expectedVersion": 1, "title": "t"})
	}
	// Arguments never hold the marker (an echo of the caller's own words
	// is no leak), except the search, which answers no words back.
	for _, addr := range []string{"wiki/ops/payroll", "wiki/hr/salaries"} {
		add("read_document", map[string]any{"address": addr})
	}
	for _, path := range []string{"", "ops", "hr"} {
		add("list_documents", map[string]any{"space": "wiki", "path": path})
		add("list_documents", map[string]any{"space": "wiki", "path": path, "recursive": true})
	}
	add("recent_shares", map[string]any{"since": "2000-01-01T00:00:00Z"})
	add("inbox", map[string]any{"include": "all"})
	add("search", map[string]any{"query": marker})
	add("search", map[string]any{"query": "salaries"})
	add("search", map[string]any{"query": "deploy"})
	add("search", map[string]any{"query": "", "tags": []string{"tag-" + marker}})
	add("write_document", map[string]any{"space": "output", "slug": "probe", "content": "[x](/wiki/ops/payroll.md)"})
	rl, err := cs.ListResources(context.Background(), nil)
	require.NoError(t, err)
	raw, _ := json.Marshal(rl)
	answers = append(answers, string(raw))
	for _, id := range []uuid.UUID{w.payroll.ID, w.salary.ID, w.deploy.ID} {
		rr, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "codna://documents/" + id.String()})
		raw, _ := json.Marshal(rr)
		answers = append(answers, string(raw), fmt.Sprint(err))
	}
	require.Greater(t, len(answers), 30)
	for i, a := range answers {
		require.NotContains(t, a, marker, "answer %d leaks the marker: %s", i, a)
	}
	// The marker is there for Dana, who may read them: the probe is sound.
	dana := w.mcpSession(t, w.danaToken)
	require.Contains(t, tool(t, dana, "read_document", map[string]any{"id": w.payroll.ID.String()}).RawJSON, marker)
}

// TestMCPCountsCallsAndReads: each call adds to usage_daily by tool and
// outcome (ok, refused, error; an unknown tool as "(unknown)"), each page
// an agent reads to agent_reads, and nothing of the arguments is kept.
func TestMCPCountsCallsAndReads(t *testing.T) {
	t.Parallel()
	w := newMCPWorld(t, "m")
	cs := w.mcpSession(t, w.bot.Token)
	ok(t, cs, "read_document", map[string]any{"id": w.deploy.ID.String()})
	ok(t, cs, "read_document", map[string]any{"address": "wiki/ops/deploy"})
	refused(t, cs, "read_document", map[string]any{"id": w.payroll.ID.String()}, "NOT_FOUND")
	refused(t, cs, "read_document", map[string]any{"id": "not-an-id"}, "BAD_USER_INPUT")
	ok(t, cs, "list_documents", map[string]any{"space": "wiki"})
	refused(t, cs, "no_such_tool", map[string]any{}, "BAD_USER_INPUT")
	_, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "codna://documents/" + w.notes.ID.String()})
	require.NoError(t, err)

	w.flushCounts(t)
	type row struct {
		Tool, Outcome string
		Count         int
	}
	rows, err := w.pool.Query(context.Background(), `SELECT tool, outcome, count FROM usage_daily WHERE user_id = $1 AND activity = 'mcp' ORDER BY tool, outcome`, w.bot.ID)
	require.NoError(t, err)
	var got []row
	for rows.Next() {
		var r row
		require.NoError(t, rows.Scan(&r.Tool, &r.Outcome, &r.Count))
		got = append(got, r)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []row{
		{"(unknown)", "refused", 1}, {"list_documents", "ok", 1},
		{"read_document", "ok", 2}, {"read_document", "refused", 2}, {"resources/read", "ok", 1},
	}, got)
	require.Equal(t, 2, pgtest.Count(t, w.pool, `SELECT count FROM agent_reads WHERE agent_id = $1 AND document_id = $2`, w.bot.ID, w.deploy.ID))
	require.Equal(t, 1, pgtest.Count(t, w.pool, `SELECT count FROM agent_reads WHERE agent_id = $1 AND document_id = $2`, w.bot.ID, w.notes.ID))
	require.Zero(t, pgtest.Count(t, w.pool, `SELECT count(*) FROM agent_reads WHERE document_id = $1`, w.payroll.ID), "a refused read is no read")

	// A person with a personal token is counted as themself, and reads no agent_reads.
	dana := w.mcpSession(t, w.danaToken)
	ok(t, dana, "read_document", map[string]any{"id": w.payroll.ID.String()})
	w.flushCounts(t)
	require.Equal(t, 1, pgtest.Count(t, w.pool, `SELECT count FROM usage_daily WHERE user_id = $1 AND tool = 'read_document'`, w.dana.ID))
	require.Zero(t, pgtest.Count(t, w.pool, `SELECT count(*) FROM agent_reads WHERE document_id = $1`, w.payroll.ID))
}

// TestMCPRefusesBadInputWithCodes: arguments that do not fit the schema,
// huge arguments, an unknown tool and malformed ids are tool errors with
// BAD_USER_INPUT and the field, never protocol errors.
func TestMCPRefusesBadInputWithCodes(t *testing.T) {
	t.Parallel()
	w := newMCPWorld(t, "m")
	cs := w.mcpSession(t, w.bot.Token)
	for _, c := range []struct {
		tool  string
		args  any
		field string
	}{
		{"read_document", map[string]any{"id": "nope"}, "id"},
		{"read_document", map[string]any{}, "id"},
		{"read_document", map[string]any{"id": w.deploy.ID.String(), "address": "wiki/ops/deploy"}, "id"},
		{"read_document", map[string]any{"id": 42}, "id"},
		{"read_document", map[string]any{"address": "nowhere"}, "address"},
		{"read_document", map[string]any{"address": "wiki/Bad Slug"}, "address"},
		{"read_document", map[string]any{"id": w.deploy.ID.String(), "verbose": true}, "arguments"},
		{"list_documents", map[string]any{"space": "moon"}, "space"},
		{"list_documents", map[string]any{}, "space"},
		{"list_documents", map[string]any{"space": "wiki", "limit": 1000}, "limit"},
		{"list_documents", map[string]any{"space": "wiki", "limit": 1.5}, "limit"},
		{"list_documents", map[string]any{"space": "wiki", "path": "../etc"}, "path"},
		{"list_documents", map[string]any{"space": "wiki", "recursive": true, "path": "A B"}, "path"},
		{"list_documents", map[string]any{"space": "wiki", "cursor": "garbage!"}, "cursor"},
		{"related", map[string]any{"id": w.deploy.ID.String(), "depth": 4}, "depth"},
		{"related", map[string]any{"id": w.deploy.ID.String(), "direction": "sideways"}, "direction"},
		{"recent_shares", map[string]any{"since": "last week"}, "since"},
		{"inbox", map[string]any{"limit": 0}, "limit"},
		{"mark_read", map[string]any{"ids": []string{}}, "ids"},
		{"mark_read", map[string]any{"ids": []string{"x"}}, "ids"},
		{"write_document", map[string]any{"space": "output", "slug": "Not A Slug", "content": "x"}, "slug"},
		{"write_document", map[string]any{"space": "output", "slug": "huge", "content": strings.Repeat("a", 2<<20)}, "content"},
		{"write_document", map[string]any{"space": "output", "slug": "nul", "content": "a\x00b"}, "content"},
		{"write_document", map[string]any{"id": w.notes.ID.String(), "content": "x"}, "expectedVersion"},
		{"write_document", map[string]any{"id": w.notes.ID.String(), "expectedVersion": 1, "slug": "moved"}, "space"},
		{"write_document", map[string]any{"content": "x"}, "space"},
		{"write_document", map[string]any{"id": w.notes.ID.String(), "expectedVersion": 1, "content": "x", "changeSummary": "two\nlines"}, "changeSummary"},
		{"write_document", map[string]any{"id": w.notes.ID.String(), "expectedVersion": 1, "content": "x", "changeSummary": strings.Repeat("s", 301)}, "changeSummary"},
		{"write_document", map[string]any{"space": "output", "slug": "fresh", "content": "x", "changeSummary": "first"}, "changeSummary"},
		{"propose_link", map[string]any{"sourceId": w.notes.ID.String(), "targetId": w.notes.ID.String(), "reason": "self"}, "targetId"},
		{"propose_link", map[string]any{"sourceId": w.notes.ID.String(), "targetId": w.deploy.ID.String(), "reason": strings.Repeat("r", 2001)}, "reason"},
		{"search", map[string]any{"query": strings.Repeat("q", 10_000)}, "query"},
		{"search", map[string]any{}, "query"},
		{"no_such_tool", map[string]any{}, "name"},
		{strings.Repeat("x", 5000), map[string]any{}, "name"},
	} {
		r := tool(t, cs, c.tool, c.args)
		require.True(t, r.Raw.IsError, "%s %v: %s", truncateForLog(c.tool), c.args, truncateForLog(r.Text))
		require.Equal(t, "BAD_USER_INPUT", r.code(), "%s: %s", truncateForLog(c.tool), truncateForLog(r.Err))
		require.True(t, strings.HasPrefix(r.Err, "BAD_USER_INPUT on "+c.field+": "), "%s %v: %s", truncateForLog(c.tool), truncateForLog(fmt.Sprint(c.args)), truncateForLog(r.Err))
		require.Less(t, len(r.Err), 2000, "an error stays short whatever the input")
	}
	// Arguments that are not an object.
	r := tool(t, cs, "read_document", []int{1, 2})
	require.Equal(t, "BAD_USER_INPUT", r.code(), r.Err)
	// The server still answers.
	ok(t, cs, "read_document", map[string]any{"id": w.deploy.ID.String()})
	require.True(t, slices.Contains(mcpTools, "mark_read"))
}

func truncateForLog(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}
