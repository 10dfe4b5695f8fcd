package server_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// An agent's work is seen, end to end: the page it writes over MCP is read
// by the person who answers for it; it shares the page only with whom that
// person chose (setAgentShareTargets), and the recipient finds it in
// "shared with me"; the person revokes one of its tokens; paused when
// nobody answers for it, its token is 403 "agent paused" on /graphql and
// /mcp until the person resumes it.
func TestAgentWorkIsSeen(t *testing.T) {
	t.Parallel()
	w := newMCPWorld(t, "aw")
	erin := pgtest.CreatePerson(t, w.pool)
	erinToken := pgtest.CreatePersonToken(t, w.pool, erin.ID)
	start := time.Now().Add(-time.Minute)
	cs := w.mcpSession(t, w.bot.Token)

	wrote := ok(t, cs, "write_document", map[string]any{"space": "output", "path": "reports", "slug": "weekly", "title": "Weekly", "content": "# Weekly\n"})
	id := wrote["id"].(string)
	doc := w.gql(t, w.danaToken, `query($id: ID!) { document(id: $id) { id title } }`, map[string]any{"id": id})
	require.NotNil(t, doc["document"], "the person who answers for the agent reads its page")

	msg := refused(t, cs, "share_document", map[string]any{"documentId": id, "recipients": []string{erin.Email}}, "FORBIDDEN")
	require.Contains(t, msg, "nobody yet")
	vars := map[string]any{"a": w.bot.ID.String(), "p": []string{erin.Email}}
	set := w.gql(t, w.danaToken, `mutation($a: ID!, $p: [String!]!) { setAgentShareTargets(input: {agentId: $a, principals: $p}) { targets { recipient } } }`, vars)
	require.Len(t, set["setAgentShareTargets"].(map[string]any)["targets"], 1)
	shared := ok(t, cs, "share_document", map[string]any{"documentId": id, "recipients": []string{erin.Email}})
	require.Equal(t, "created", shared["grants"].([]any)[0].(map[string]any)["outcome"])
	recent := w.gql(t, erinToken, `query($s: Time!) { recentlyShared(since: $s) { document { id } recipient reason } }`, map[string]any{"s": start.Format(time.RFC3339Nano)})
	require.Len(t, recent["recentlyShared"], 1)
	require.Equal(t, erin.Email, recent["recentlyShared"].([]any)[0].(map[string]any)["recipient"])

	toks := w.gql(t, w.danaToken, `query($a: ID!) { agentTokens(agentId: $a) { id } }`, map[string]any{"a": w.bot.ID.String()})
	require.Len(t, toks["agentTokens"], 1)

	// Paused: Dana deactivated, the token is 403 "agent paused" everywhere.
	_, err := w.app.Manage.SetPersonActive(pgtest.ActingAsManagement(), w.dana.ID, false)
	require.NoError(t, err)
	r := w.do(t, req{query: `{ me { id } }`, bearer: w.bot.Token})
	require.Equal(t, http.StatusForbidden, r.Status)
	require.Equal(t, "FORBIDDEN", r.code())
	require.Contains(t, r.Errors[0].Message, "agent paused")
	hr, err := http.NewRequest(http.MethodPost, w.http.URL+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	require.NoError(t, err)
	hr.Header.Set("Authorization", "Bearer "+w.bot.Token)
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(hr)
	require.NoError(t, err)
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	_ = resp.Body.Close()
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
	require.Contains(t, string(body), "agent paused")

	_, err = w.app.Manage.SetPersonActive(pgtest.ActingAsManagement(), w.dana.ID, true)
	require.NoError(t, err)
	res := w.gql(t, w.danaToken, `mutation($a: ID!) { resumeAgent(input: {agentId: $a}) { agent { pausedAt } } }`, map[string]any{"a": w.bot.ID.String()})
	require.Nil(t, res["resumeAgent"].(map[string]any)["agent"].(map[string]any)["pausedAt"])
	require.Equal(t, http.StatusOK, w.do(t, req{query: `{ me { id } }`, bearer: w.bot.Token}).Status)

	tokID := toks["agentTokens"].([]any)[0].(map[string]any)["id"]
	w.gql(t, w.danaToken, `mutation($a: ID!, $t: ID!) { revokeAgentToken(input: {agentId: $a, tokenId: $t}) { accessToken { revokedAt } } }`, map[string]any{"a": w.bot.ID.String(), "t": tokID})
	require.Equal(t, http.StatusUnauthorized, w.do(t, req{query: `{ me { id } }`, bearer: w.bot.Token}).Status)
}
