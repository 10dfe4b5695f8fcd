package server_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

// runCollaborationConsumers hands every event not yet given to them to
// the watch fan-out and the activity recorder, as the outbox would.
func runCollaborationConsumers(t *testing.T, b *bundle, seen map[uuid.UUID]bool) {
	t.Helper()
	rows, err := b.pool.Query(context.Background(), `SELECT id, event_type, subject_type, subject_id, document_id, actor_id, payload, created_at FROM events ORDER BY created_at, id`)
	require.NoError(t, err)
	var events []outbox.Stored
	for rows.Next() {
		var s outbox.Stored
		var payload []byte
		require.NoError(t, rows.Scan(&s.ID, &s.Type, &s.SubjectType, &s.SubjectID, &s.DocumentID, &s.ActorID, &payload, &s.CreatedAt))
		s.Payload = payload
		if !seen[s.ID] {
			seen[s.ID] = true
			events = append(events, s)
		}
	}
	rows.Close()
	require.NoError(t, rows.Err())
	if len(events) == 0 {
		return
	}
	require.NoError(t, b.app.Watch.FanOut().HandleBatch(context.Background(), events))
	require.NoError(t, b.app.Activity.Recorder().HandleBatch(context.Background(), events))
}

// The permission matrix over watches and activity, end to end: owner,
// reader, writer, stranger, an agent with and one without a share, and
// management. Nothing about a page reaches anyone who cannot read it, and
// a watcher hears of another person's edit.
func TestWatchesAndActivityPermissionMatrix(t *testing.T) {
	t.Parallel()
	b := setup(t)
	seen := map[uuid.UUID]bool{}
	owner, reader, writer, stranger := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	shared, unshared := pgtest.CreateAgent(t, b.pool, owner.ID), pgtest.CreateAgent(t, b.pool, owner.ID)
	tokens := map[string]string{
		"owner": pgtest.CreatePersonToken(t, b.pool, owner.ID), "reader": pgtest.CreatePersonToken(t, b.pool, reader.ID),
		"writer": pgtest.CreatePersonToken(t, b.pool, writer.ID), "stranger": pgtest.CreatePersonToken(t, b.pool, stranger.ID),
		"agent": shared.Token, "unshared agent": unshared.Token, "management": pgtest.CreateManageToken(t, b.pool),
	}
	doc := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Slug: "runbook", Path: "ops", Content: "one"})
	pgtest.Grant(t, b.pool, doc.ID, "user", reader.ID, "read")
	pgtest.Grant(t, b.pool, doc.ID, "user", writer.ID, "write")
	pgtest.Grant(t, b.pool, doc.ID, "user", shared.ID, "read")
	runCollaborationConsumers(t, b, seen)
	vars := map[string]any{"i": map[string]any{"documentId": doc.ID.String()}}
	as := func(who, q string, vars map[string]any) gqlResponse {
		return b.do(t, req{query: q, variables: vars, bearer: tokens[who]})
	}

	const watch = `mutation($i: DocumentRefInput!) { watchDocument(input: $i) { watch { id source document { id } } document { id watching watcherCount } } }`
	for who, code := range map[string]string{"stranger": "NOT_FOUND", "agent": "FORBIDDEN", "unshared agent": "FORBIDDEN", "management": "FORBIDDEN"} {
		require.Equal(t, code, as(who, watch, vars).code(), who)
	}
	r := as("reader", watch, vars)
	require.Empty(t, r.Errors)
	require.Equal(t, "MANUAL", obj(r.Data, "watchDocument", "watch", "source"))
	require.Equal(t, true, obj(r.Data, "watchDocument", "document", "watching"))
	require.EqualValues(t, 2, obj(r.Data, "watchDocument", "document", "watcherCount"), "the reader and the author")
	r = as("owner", `{ watches { source document { id } } }`, nil)
	require.Empty(t, r.Errors)
	require.Equal(t, []any{map[string]any{"source": "AUTHOR", "document": map[string]any{"id": doc.ID.String()}}}, r.Data["watches"], "the author watches their page")
	r = as("stranger", `mutation { watchFolder(input: {space: WIKI, path: "ops"}) { watch { space path } } }`, nil)
	require.Empty(t, r.Errors)
	require.Equal(t, "ops", obj(r.Data, "watchFolder", "watch", "path"))
	for _, who := range []string{"agent", "management"} {
		r = as(who, `{ watches { id } }`, nil)
		require.Empty(t, r.Errors, who)
		require.Empty(t, r.Data["watches"], who)
	}

	// The writer edits; the watchers who read the page hear of it, the
	// stranger watching its folder does not.
	_, _, err := b.app.Document.Update(pgtest.ActingAs(writer), document.UpdateInput{ID: doc.ID, ExpectedVersion: 1, Content: pgtest.Ptr("two"), ChangeSummary: pgtest.Ptr("port")})
	require.NoError(t, err)
	runCollaborationConsumers(t, b, seen)
	const inbox = `{ inbox(filter: {type: "watch.updated"}) { edges { node { type payload actor { id } } } } }`
	for who, n := range map[string]int{"reader": 1, "owner": 1, "writer": 0, "stranger": 0} {
		r = as(who, inbox, nil)
		require.Empty(t, r.Errors)
		edges := obj(r.Data, "inbox", "edges").([]any)
		require.Len(t, edges, n, who)
		if n > 0 {
			require.Equal(t, writer.ID.String(), obj(edges[0], "node", "actor", "id"))
		}
	}

	// Two more edits within the window: no new notification; the one there
	// says 3 changes, counted from the activity log when read.
	for v := 2; v <= 3; v++ {
		_, _, err := b.app.Document.Update(pgtest.ActingAs(writer), document.UpdateInput{ID: doc.ID, ExpectedVersion: v, Content: pgtest.Ptr(fmt.Sprint("v", v))})
		require.NoError(t, err)
	}
	runCollaborationConsumers(t, b, seen)
	r = as("reader", `{ inbox(filter: {type: "watch.updated"}) { edges { node { watchEvents } } } }`, nil)
	require.Empty(t, r.Errors)
	require.Equal(t, []any{map[string]any{"node": map[string]any{"watchEvents": float64(3)}}}, obj(r.Data, "inbox", "edges"))
	r = as("reader", `{ inbox(filter: {type: "access.granted"}) { edges { node { watchEvents } } } }`, nil)
	require.Empty(t, r.Errors)

	const activity = `query($f: ActivityFilter) { activity(filter: $f) { edges { node { action count changeSummary actor { id } document { id watcherCount } } } } }`
	for who, want := range map[string][]any{
		"owner": {"edited", "created"}, "reader": {"edited", "created"}, "writer": {"edited", "created"}, "agent": {"edited", "created"},
		"stranger": nil, "unshared agent": nil, "management": nil,
	} {
		r = as(who, activity, nil)
		require.Empty(t, r.Errors, who)
		var got []any
		for _, e := range obj(r.Data, "activity", "edges").([]any) {
			got = append(got, obj(e, "node", "action"))
		}
		require.Equal(t, want, got, who)
		r = as(who, activity, map[string]any{"f": map[string]any{"documentId": doc.ID.String()}})
		if want == nil {
			require.Equal(t, "NOT_FOUND", r.code(), who)
		} else {
			require.Empty(t, r.Errors, who)
			require.Equal(t, "port", obj(obj(r.Data, "activity", "edges").([]any)[0], "node", "changeSummary"))
		}
	}

	// Usage: management's alone, counts only.
	r = as("management", `{ manageUsage(from: "2000-01-01", to: "2000-01-02") { activity count } }`, nil)
	require.Empty(t, r.Errors)
	for _, who := range []string{"owner", "agent"} {
		require.Equal(t, "FORBIDDEN", as(who, `{ manageUsage(from: "2000-01-01", to: "2000-01-02") { count } }`, nil).code(), who)
	}

	// Unwatching answers the page not watched; the inbox item stays.
	r = as("reader", `mutation($i: DocumentRefInput!) { unwatchDocument(input: $i) { watch { id } document { watching } } }`, vars)
	require.Empty(t, r.Errors)
	require.Nil(t, obj(r.Data, "unwatchDocument", "watch"))
	require.Equal(t, false, obj(r.Data, "unwatchDocument", "document", "watching"))
}

// watching and watcherCount on a documents page cost one statement
// whatever the page's size.
func TestWatchStatesStatementsDoNotGrowWithPageSize(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	const q = `{ documents(first: 50) { edges { node { id watching watcherCount } } } }`
	count := func() (int64, int) {
		b.counter.Reset()
		r := b.do(t, req{query: q, bearer: token})
		require.Empty(t, r.Errors)
		return b.counter.Count(), len(obj(r.Data, "documents", "edges").([]any))
	}
	for i := range 5 {
		pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("a-%d", i)})
	}
	count()
	five, _ := count()
	for i := range 45 {
		pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("b-%d", i)})
	}
	fifty, n := count()
	require.Equal(t, 50, n)
	require.Equal(t, five, fifty, "statements must not grow with the page")
	require.Equal(t, int64(3), fifty, "token lookup, list, watch states")
}

// A page of activity costs the same statements whatever its size: the
// entries in one, their pages in one, their actors in one.
func TestActivityStatementsDoNotGrowWithPageSize(t *testing.T) {
	t.Parallel()
	b := setup(t)
	seen := map[uuid.UUID]bool{}
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	const q = `{ activity(first: 50) { edges { node { id action actor { id name } document { id title watching } } } } }`
	count := func() (int64, int) {
		b.counter.Reset()
		r := b.do(t, req{query: q, bearer: token})
		require.Empty(t, r.Errors)
		return b.counter.Count(), len(obj(r.Data, "activity", "edges").([]any))
	}
	for i := range 5 {
		pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("a-%d", i)})
	}
	runCollaborationConsumers(t, b, seen)
	count()
	five, n := count()
	require.Equal(t, 5, n)
	for i := range 45 {
		pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("b-%d", i)})
	}
	runCollaborationConsumers(t, b, seen)
	fifty, n := count()
	require.Equal(t, 50, n)
	require.Equal(t, five, fifty, "statements must not grow with the page")
}
