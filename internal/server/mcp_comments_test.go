package server_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// An agent reads and writes comments on a page shared with it, anchored by
// a quote of the page's text; a page not shared with it answers NOT_FOUND
// to both tools, exactly like a page that does not exist.
func TestMCPComments(t *testing.T) {
	t.Parallel()
	w := newMCPWorld(t, "m")
	cs := w.mcpSession(t, w.bot.Token)
	check := outputChecker(t, cs)

	out := ok(t, cs, "comment", map[string]any{"documentId": w.deploy.ID.String(), "body": "Is this still the process?", "kind": "question", "quote": "Read notes and pay."})
	check("comment", out)
	threadID := out["threadId"].(string)
	refused(t, cs, "comment", map[string]any{"documentId": w.deploy.ID.String(), "body": "x", "quote": "not on the page"}, "BAD_USER_INPUT")
	refused(t, cs, "comment", map[string]any{"threadId": threadID, "documentId": w.deploy.ID.String(), "body": "x"}, "BAD_USER_INPUT")

	dana := w.mcpSession(t, w.danaToken)
	ok(t, dana, "comment", map[string]any{"threadId": threadID, "body": "Yes, still."})

	got := ok(t, cs, "list_threads", map[string]any{"documentId": w.deploy.ID.String()})
	check("list_threads", got)
	threads := list(got["threads"])
	require.Len(t, threads, 1)
	th := threads[0].(map[string]any)
	require.Equal(t, "question", th["kind"])
	require.Equal(t, "attached", th["anchorState"])
	require.Equal(t, "Read notes and pay.", th["quote"])
	comments := list(th["comments"])
	require.Len(t, comments, 2)
	require.Equal(t, "agent", comments[0].(map[string]any)["author"].(map[string]any)["kind"])
	require.Equal(t, "Yes, still.", comments[1].(map[string]any)["body"])

	missing := refused(t, cs, "list_threads", map[string]any{"documentId": "00000000-0000-7000-8000-000000000000"}, "NOT_FOUND")
	require.Equal(t, missing, refused(t, cs, "list_threads", map[string]any{"documentId": w.payroll.ID.String()}, "NOT_FOUND"))
	refused(t, cs, "comment", map[string]any{"documentId": w.payroll.ID.String(), "body": "x"}, "NOT_FOUND")
	require.Equal(t, 0, pgtest.Count(t, w.pool, `SELECT count(*) FROM threads WHERE document_id = $1`, w.payroll.ID))
}
