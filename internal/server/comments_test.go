package server_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/comment"
	"codna/internal/pgtest"
)

const commentPage = "# Plan\n\nThe release is planned for the **second week** of March.\n"

const threadFields = `id documentId kind status anchorState anchor { exact prefix suffix start end }
	author { id } resolvedBy { id } comments { id body deleted author { id } }`

// Threads over GraphQL: a person opens an anchored thread, another replies,
// resolves, reopens; edit and delete; the document's threads and counts;
// and who is refused what.
func TestCommentsOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, reader, stranger := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	ownerTok, readerTok, strangerTok := pgtest.CreatePersonToken(t, b.pool, owner.ID), pgtest.CreatePersonToken(t, b.pool, reader.ID), pgtest.CreatePersonToken(t, b.pool, stranger.ID)
	d := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Content: commentPage})
	pgtest.Grant(t, b.pool, d.ID, "user", reader.ID, "read")
	as := func(tok, q string, vars map[string]any) gqlResponse {
		return b.do(t, req{query: q, variables: vars, bearer: tok})
	}

	text := comment.AnchorText(commentPage)
	require.Equal(t, "Plan The release is planned for the second week of March.", text)
	const create = `mutation($i: CreateThreadInput!) { createThread(input: $i) { thread { ` + threadFields + ` } } }`
	in := map[string]any{"documentId": d.ID.String(), "body": "Which **week**?", "kind": "QUESTION",
		"anchor": map[string]any{"exact": "second week", "prefix": "planned for the ", "suffix": " of March.", "start": 36, "end": 47, "version": 1}}
	r := as(readerTok, create, map[string]any{"i": in})
	require.Empty(t, r.Errors)
	th := obj(r.Data, "createThread", "thread").(map[string]any)
	require.Equal(t, "QUESTION", th["kind"])
	require.Equal(t, "OPEN", th["status"])
	require.Equal(t, "ATTACHED", th["anchorState"])
	require.EqualValues(t, 36, obj(th, "anchor", "start"))
	require.Equal(t, reader.ID.String(), obj(th, "author", "id"))
	threadID := th["id"].(string)
	firstID := th["comments"].([]any)[0].(map[string]any)["id"].(string)

	require.Equal(t, "NOT_FOUND", as(strangerTok, create, map[string]any{"i": in}).code())
	manage := pgtest.CreateManageToken(t, b.pool)
	require.Equal(t, "FORBIDDEN", as(manage, create, map[string]any{"i": in}).code())
	bad := map[string]any{"documentId": d.ID.String(), "body": "x", "anchor": map[string]any{"exact": "not there", "start": 0, "end": 9}}
	r = as(readerTok, create, map[string]any{"i": bad})
	require.Equal(t, "BAD_USER_INPUT", r.code())

	const reply = `mutation($i: ReplyToThreadInput!) { replyToThread(input: $i) { comment { id body author { id } } } }`
	r = as(ownerTok, reply, map[string]any{"i": map[string]any{"threadId": threadID, "body": "The second."}})
	require.Empty(t, r.Errors)
	replyID := obj(r.Data, "replyToThread", "comment", "id").(string)
	require.Equal(t, "NOT_FOUND", as(strangerTok, reply, map[string]any{"i": map[string]any{"threadId": threadID, "body": "x"}}).code())

	const resolve = `mutation($i: ThreadInput!) { resolveThread(input: $i) { thread { status resolvedBy { id } } } }`
	const reopen = `mutation($i: ThreadInput!) { reopenThread(input: $i) { thread { status resolvedBy { id } } } }`
	r = as(readerTok, resolve, map[string]any{"i": map[string]any{"threadId": threadID}})
	require.Empty(t, r.Errors)
	require.Equal(t, "RESOLVED", obj(r.Data, "resolveThread", "thread", "status"))
	require.Equal(t, reader.ID.String(), obj(r.Data, "resolveThread", "thread", "resolvedBy", "id"))
	r = as(ownerTok, reopen, map[string]any{"i": map[string]any{"threadId": threadID}})
	require.Empty(t, r.Errors)
	require.Equal(t, "OPEN", obj(r.Data, "reopenThread", "thread", "status"))
	require.Nil(t, obj(r.Data, "reopenThread", "thread", "resolvedBy"))
	require.Equal(t, "NOT_FOUND", as(strangerTok, resolve, map[string]any{"i": map[string]any{"threadId": threadID}}).code())

	const edit = `mutation($i: EditCommentInput!) { editComment(input: $i) { comment { body } } }`
	require.Equal(t, "FORBIDDEN", as(readerTok, edit, map[string]any{"i": map[string]any{"commentId": replyID, "body": "mine now"}}).code())
	r = as(ownerTok, edit, map[string]any{"i": map[string]any{"commentId": replyID, "body": "The second week."}})
	require.Empty(t, r.Errors)
	const del = `mutation($i: CommentInput!) { deleteComment(input: $i) { thread { comments { body deleted } } } }`
	r = as(readerTok, del, map[string]any{"i": map[string]any{"commentId": firstID}})
	require.Empty(t, r.Errors)
	require.Equal(t, []any{map[string]any{"body": "", "deleted": true}, map[string]any{"body": "The second week.", "deleted": false}},
		obj(r.Data, "deleteComment", "thread", "comments"))

	const page = `query($id: ID!) { document(id: $id) { threadCount openThreadCount threads { id anchorState comments { body } } } }`
	r = as(readerTok, page, map[string]any{"id": d.ID.String()})
	require.Empty(t, r.Errors)
	require.EqualValues(t, 1, obj(r.Data, "document", "threadCount"))
	require.EqualValues(t, 1, obj(r.Data, "document", "openThreadCount"))
	require.Len(t, obj(r.Data, "document", "threads"), 1)

	// An agent comments on a page shared with it, not on another.
	agent := pgtest.CreateAgent(t, b.pool, owner.ID)
	require.Equal(t, "NOT_FOUND", as(agent.Token, create, map[string]any{"i": map[string]any{"documentId": d.ID.String(), "body": "hi"}}).code())
	pgtest.Grant(t, b.pool, d.ID, "user", agent.ID, "read")
	r = as(agent.Token, create, map[string]any{"i": map[string]any{"documentId": d.ID.String(), "body": "hi"}})
	require.Empty(t, r.Errors)
	require.Equal(t, "NONE", obj(r.Data, "createThread", "thread", "anchorState"))
}

// threadCount on a documents page costs one statement whatever the page's size.
func TestThreadCountsDoNotGrowWithPageSize(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	const q = `{ documents(first: 50) { edges { node { id threadCount openThreadCount } } } }`
	count := func() (int64, int) {
		b.counter.Reset()
		r := b.do(t, req{query: q, bearer: token})
		require.Empty(t, r.Errors)
		return b.counter.Count(), len(obj(r.Data, "documents", "edges").([]any))
	}
	add := func(prefix string, n int) {
		for i := range n {
			d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("%s-%d", prefix, i)})
			if i%2 == 0 {
				_, err := b.app.Comment.CreateThread(pgtest.ActingAs(p), comment.CreateThreadInput{DocumentID: d.ID, Body: "x"})
				require.NoError(t, err)
			}
		}
	}
	add("a", 5)
	count() // the token's first use records it
	five, n := count()
	require.Equal(t, 5, n)
	add("b", 45)
	fifty, n := count()
	require.Equal(t, 50, n)
	require.Equal(t, five, fifty, "statements must not grow with the page")
}

// threadChanged pushes new and changed threads to a reader of the page,
// refuses a stranger, and ends when its subscriber can no longer read the
// page; documentChanged carries the counts.
func TestThreadChangedSubscription(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, reader, stranger := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	d := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Content: commentPage})
	pgtest.Grant(t, b.pool, d.ID, "user", reader.ID, "read")
	readerTok := pgtest.CreatePersonToken(t, b.pool, reader.ID)
	const q = `subscription($id: ID!) { threadChanged(documentId: $id) { id status comments { body } } }`

	s := b.subscribe(t, "graphql-transport-ws", readerTok, q, map[string]any{"id": d.ID.String()})
	dc := b.subscribe(t, "graphql-transport-ws", readerTok, `subscription($id: ID!) { documentChanged(id: $id) { threadCount openThreadCount } }`, map[string]any{"id": d.ID.String()})
	require.EqualValues(t, 0, obj(dc.next(5*time.Second), "documentChanged", "threadCount"))
	time.Sleep(100 * time.Millisecond) // the subscription is in place before the change
	th, err := b.app.Comment.CreateThread(pgtest.ActingAs(owner), comment.CreateThreadInput{DocumentID: d.ID, Body: "first"})
	require.NoError(t, err)
	got := s.next(5 * time.Second)
	require.Equal(t, th.ID.String(), obj(got, "threadChanged", "id"))
	require.EqualValues(t, 1, obj(dc.next(5*time.Second), "documentChanged", "openThreadCount"))
	_, err = b.app.Comment.Resolve(pgtest.ActingAs(owner), th.ID)
	require.NoError(t, err)
	require.Equal(t, "RESOLVED", obj(s.next(5*time.Second), "threadChanged", "status"))
	require.EqualValues(t, 0, obj(dc.next(5*time.Second), "documentChanged", "openThreadCount"))

	// A stranger is refused at once.
	c, _, err := b.dial(t, "graphql-transport-ws", nil)
	require.NoError(t, err)
	write(t, c, map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer " + pgtest.CreatePersonToken(t, b.pool, stranger.ID)}})
	require.Equal(t, "connection_ack", read(t, c).Type)
	write(t, c, map[string]any{"id": "1", "type": "subscribe", "payload": map[string]any{"query": q, "variables": map[string]any{"id": d.ID.String()}}})
	m := read(t, c, "ping")
	require.Contains(t, []string{"error", "next"}, m.Type)
	require.Contains(t, string(m.Payload), "NOT_FOUND")

	// The reader loses access: the next change ends the stream, unseen.
	pgtest.Exec(t, b.pool, `DELETE FROM document_access WHERE document_id = $1 AND principal_id = $2`, d.ID, reader.ID)
	_, err = b.app.Comment.Reply(pgtest.ActingAs(owner), th.ID, "secret reply")
	require.NoError(t, err)
	for {
		m := read(t, s.c, "ping")
		require.NotContains(t, string(m.Payload), "secret reply")
		if m.Type == "complete" {
			break
		}
	}
}
