package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"codna/internal/crdt"
	"codna/internal/pgtest"
)

// An API write made while people type (as an agent over MCP or an
// integrator would) is merged into the room's text, and the room's next
// revision holds both: nothing typed is undone, nothing written is lost.
func TestCollabMergesAnAPIWriteIntoTheRoom(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.Collab.QuietRevision = 200 * time.Millisecond })
	require.NoError(t, b.app.Collab.Start(context.Background()))
	t.Cleanup(b.app.Collab.Stop)
	ada := pgtest.CreatePerson(t, b.pool)
	doc := pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Content: "Line one.\nLine two.\n"})
	token := pgtest.CreatePersonToken(t, b.pool, ada.ID)
	ctx := context.Background()

	a, state := b.joinCollab(t, doc.ID.String(), token)

	// Ada types at the start; the room stores it.
	typed, err := yjs(t).Edit(ctx, [][]byte{state}, nil, "Line one.\nLine two.\n", "TOP Line one.\nLine two.\n", 501)
	require.NoError(t, err)
	require.NoError(t, a.WriteMessage(websocket.BinaryMessage, crdt.SyncMessage(crdt.SyncUpdate, typed)))
	readUntil(t, a, crdt.MsgPersisted, 0)

	// An integrator, who read version 1, changes line two through the API.
	r := b.do(t, req{bearer: token, query: `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { document { version } } }`,
		variables: map[string]any{"i": map[string]any{"id": doc.ID.String(), "expectedVersion": 1, "content": "Line one.\nLine 2.\n"}}})
	require.Empty(t, r.Errors)

	// Ada's editor gets the merge as an update; the text holds both.
	merged := readUntil(t, a, crdt.MsgSync, crdt.SyncUpdate).Payload
	text, err := yjs(t).Text(ctx, [][]byte{state, typed, merged})
	require.NoError(t, err)
	require.Equal(t, "TOP Line one.\nLine 2.\n", text)

	// The room's next revision is that text.
	require.Eventually(t, func() bool {
		var content string
		require.NoError(t, b.pool.QueryRow(ctx, `SELECT content FROM documents WHERE id = $1`, doc.ID).Scan(&content))
		return content == "TOP Line one.\nLine 2.\n"
	}, 10*time.Second, 50*time.Millisecond)
}

// A socket whose token is revoked is closed at once (4401), on the
// credential notification every replica hears.
func TestCollabClosesASocketWhoseCredentialEnded(t *testing.T) {
	t.Parallel()
	b := setup(t)
	require.NoError(t, b.app.Collab.Start(context.Background()))
	t.Cleanup(b.app.Collab.Stop)
	ada := pgtest.CreatePerson(t, b.pool)
	doc := pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Content: "Hello"})
	token := pgtest.CreatePersonToken(t, b.pool, ada.ID)

	c, _, err := b.dialCollab(t, doc.ID.String(), token)
	require.NoError(t, err)
	readUntil(t, c, crdt.MsgSync, crdt.SyncStep1)
	pgtest.Exec(t, b.pool, `UPDATE access_tokens SET revoked_at = now() WHERE user_id = $1`, ada.ID)
	pgtest.Exec(t, b.pool, `SELECT pg_notify('codna_credential', $1::text)`, ada.ID)
	require.Equal(t, 4401, collabClosed(t, c))
}

// An agent writing over MCP while a person types: the person's editor gets
// the agent's change merged with their typing.
func TestCollabMergesAnAgentsMCPWrite(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.Collab.QuietRevision = 200 * time.Millisecond })
	require.NoError(t, b.app.Collab.Start(context.Background()))
	t.Cleanup(b.app.Collab.Stop)
	ada := pgtest.CreatePerson(t, b.pool)
	bot := pgtest.CreateAgent(t, b.pool, ada.ID)
	doc := pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Space: "output", Content: "Findings.\nNone yet.\n"})
	pgtest.Grant(t, b.pool, doc.ID, "user", bot.ID, "write")
	token := pgtest.CreatePersonToken(t, b.pool, ada.ID)
	ctx := context.Background()

	a, state := b.joinCollab(t, doc.ID.String(), token)
	typed, err := yjs(t).Edit(ctx, [][]byte{state}, nil, "Findings.\nNone yet.\n", "# Findings.\nNone yet.\n", 601)
	require.NoError(t, err)
	require.NoError(t, a.WriteMessage(websocket.BinaryMessage, crdt.SyncMessage(crdt.SyncUpdate, typed)))
	readUntil(t, a, crdt.MsgPersisted, 0)

	cs := b.mcpSession(t, bot.Token)
	ok(t, cs, "write_document", map[string]any{"id": doc.ID.String(), "expectedVersion": 1, "content": "Findings.\nTwo broken links.\n"})

	merged := readUntil(t, a, crdt.MsgSync, crdt.SyncUpdate).Payload
	text, err := yjs(t).Text(ctx, [][]byte{state, typed, merged})
	require.NoError(t, err)
	require.Equal(t, "# Findings.\nTwo broken links.\n", text)
}
