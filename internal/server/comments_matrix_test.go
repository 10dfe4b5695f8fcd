package server_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/comment"
	"codna/internal/pgtest"
)

// The comments' permission matrix over GraphQL: owner, writer, reader,
// stranger, an agent with and without a share, and management, over
// threads, comments, counts, every mutation and the subscription. Nothing
// about a page reaches someone who cannot read it.
func TestCommentsPermissionMatrix(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, writer, reader, stranger := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	agentWith, agentWithout := pgtest.CreateAgent(t, b.pool, owner.ID), pgtest.CreateAgent(t, b.pool, owner.ID)
	d := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Content: commentPage})
	pgtest.Grant(t, b.pool, d.ID, "user", writer.ID, "write")
	pgtest.Grant(t, b.pool, d.ID, "user", reader.ID, "read")
	pgtest.Grant(t, b.pool, d.ID, "user", agentWith.ID, "read")
	const secret = "Matrix secret comment"
	th, err := b.app.Comment.CreateThread(pgtest.ActingAs(owner), comment.CreateThreadInput{DocumentID: d.ID, Body: secret,
		Anchor: &comment.AnchorInput{Exact: "second week", Start: 36, End: 47}})
	require.NoError(t, err)

	type want struct{ read, comment, resolve string } // "" is allowed, else the code
	actors := []struct {
		name, token string
		want        want
	}{
		{"owner", pgtest.CreatePersonToken(t, b.pool, owner.ID), want{"", "", ""}},
		{"writer", pgtest.CreatePersonToken(t, b.pool, writer.ID), want{"", "", ""}},
		{"reader", pgtest.CreatePersonToken(t, b.pool, reader.ID), want{"", "", "FORBIDDEN"}},
		{"stranger", pgtest.CreatePersonToken(t, b.pool, stranger.ID), want{"NOT_FOUND", "NOT_FOUND", "NOT_FOUND"}},
		{"agent with a share", agentWith.Token, want{"", "", "FORBIDDEN"}},
		{"agent without", agentWithout.Token, want{"NOT_FOUND", "NOT_FOUND", "NOT_FOUND"}},
		{"management", pgtest.CreateManageToken(t, b.pool), want{"NOT_FOUND", "FORBIDDEN", "FORBIDDEN"}},
	}
	const readQ = `query($id: ID!) { document(id: $id) { threadCount openThreadCount threads { id comments { body } } } }`
	for _, a := range actors {
		t.Run(a.name, func(t *testing.T) {
			leaks := func(r gqlResponse) {
				t.Helper()
				if a.want.read != "" {
					for _, s := range []string{secret, th.ID.String(), "second week"} {
						require.NotContains(t, rawOf(t, r), s, "%s must learn nothing of the page", a.name)
					}
				}
			}
			r := b.do(t, req{query: readQ, variables: map[string]any{"id": d.ID.String()}, bearer: a.token})
			leaks(r)
			if a.want.read == "" {
				require.Empty(t, r.Errors)
				require.GreaterOrEqual(t, obj(r.Data, "document", "threadCount"), float64(1))
				require.Contains(t, rawOf(t, r), secret)
			} else {
				require.Nil(t, obj(r.Data, "document"), "%s reads no document", a.name)
			}

			r = b.do(t, req{query: `mutation($i: CreateThreadInput!) { createThread(input: $i) { thread { id } } }`, bearer: a.token,
				variables: map[string]any{"i": map[string]any{"documentId": d.ID.String(), "body": "from " + a.name}}})
			leaks(r)
			require.Equal(t, a.want.comment, r.code(), "createThread")
			r = b.do(t, req{query: `mutation($i: ReplyToThreadInput!) { replyToThread(input: $i) { comment { id } } }`, bearer: a.token,
				variables: map[string]any{"i": map[string]any{"threadId": th.ID.String(), "body": "reply from " + a.name}}})
			leaks(r)
			require.Equal(t, a.want.comment, r.code(), "replyToThread")
			r = b.do(t, req{query: `mutation($i: ThreadInput!) { resolveThread(input: $i) { thread { status } } }`, bearer: a.token,
				variables: map[string]any{"i": map[string]any{"threadId": th.ID.String()}}})
			leaks(r)
			require.Equal(t, a.want.resolve, r.code(), "resolveThread")
			r = b.do(t, req{query: `mutation($i: EditCommentInput!) { editComment(input: $i) { comment { body } } }`, bearer: a.token,
				variables: map[string]any{"i": map[string]any{"commentId": th.Comments[0].ID.String(), "body": secret}}})
			leaks(r)
			switch {
			case a.name == "owner":
				require.Empty(t, r.Errors)
			case a.want.read != "" && a.name != "management":
				require.Equal(t, "NOT_FOUND", r.code(), "editComment")
			default:
				require.Equal(t, "FORBIDDEN", r.code(), "editComment: another's comment")
			}

			c, _, err := b.dial(t, "graphql-transport-ws", nil)
			require.NoError(t, err)
			write(t, c, map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer " + a.token}})
			require.Equal(t, "connection_ack", read(t, c).Type)
			write(t, c, map[string]any{"id": "1", "type": "subscribe", "payload": map[string]any{
				"query": `subscription($id: ID!) { threadChanged(documentId: $id) { id comments { body } } }`, "variables": map[string]any{"id": d.ID.String()}}})
			if a.want.read != "" {
				m := read(t, c, "ping")
				require.True(t, strings.Contains(string(m.Payload), "NOT_FOUND"), "%s: %s %s", a.name, m.Type, m.Payload)
				require.NotContains(t, string(m.Payload), secret)
			}
			_ = c.Close()
		})
	}
}

// rawOf is a response's data and errors as JSON, to look for leaks in.
func rawOf(t testing.TB, r gqlResponse) string {
	t.Helper()
	raw, err := json.Marshal(map[string]any{"data": r.Data, "errors": r.Errors})
	require.NoError(t, err)
	return string(raw)
}
