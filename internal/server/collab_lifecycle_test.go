package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/crdt"
	"codna/internal/document"
	"codna/internal/pgtest"
)

// The lifecycle of co-editing sockets (docs/design.md "Co-editing"): losing
// access closes them at once, well before the 30 s recheck, through the
// page's notification or the per-person codna_access one.

// joinCollab opens the page's room as token's holder and syncs; it returns
// the socket and the document as the server sent it.
func (b *bundle) joinCollab(t *testing.T, id, token string) (*websocket.Conn, []byte) {
	t.Helper()
	c, _, err := b.dialCollab(t, id, token)
	require.NoError(t, err)
	readUntil(t, c, crdt.MsgSync, crdt.SyncStep1)
	require.NoError(t, c.WriteMessage(websocket.BinaryMessage, crdt.SyncMessage(crdt.SyncStep1, []byte{0})))
	return c, readUntil(t, c, crdt.MsgSync, crdt.SyncStep2).Payload
}

// closedSoon is the socket's close code, failing unless it closes within
// 5 s (the periodic recheck is every 30 s).
func closedSoon(t *testing.T, c *websocket.Conn) int {
	t.Helper()
	start := time.Now()
	code := collabClosed(t, c)
	require.Less(t, time.Since(start), 5*time.Second)
	return code
}

func collabBundle(t *testing.T) *bundle {
	t.Helper()
	b := setup(t)
	require.NoError(t, b.app.Collab.Start(context.Background()))
	t.Cleanup(b.app.Collab.Stop)
	return b
}

func TestCollabClosesWhenAGroupMembershipEnds(t *testing.T) {
	t.Parallel()
	b := collabBundle(t)
	ada, bob := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	g := pgtest.CreateGroup(t, b.pool, bob.ID)
	doc := pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Content: "Hello"})
	pgtest.Grant(t, b.pool, doc.ID, "group", g.ID, "write")
	c, _ := b.joinCollab(t, doc.ID.String(), pgtest.CreatePersonToken(t, b.pool, bob.ID))

	_, err := b.app.Manage.RemoveMember(auth.ManagementContext(context.Background()), g.ID, bob.ID)
	require.NoError(t, err)
	require.Equal(t, 4404, closedSoon(t, c), "out of the group, out of the room")
}

func TestCollabClosesOnRevoke(t *testing.T) {
	t.Parallel()
	b := collabBundle(t)
	ada, bob, cy := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	doc := pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Content: "Hello"})
	pgtest.Grant(t, b.pool, doc.ID, "user", bob.ID, "write")
	pgtest.Grant(t, b.pool, doc.ID, "user", cy.ID, "read")
	bobC, _ := b.joinCollab(t, doc.ID.String(), pgtest.CreatePersonToken(t, b.pool, bob.ID))
	cyC, _ := b.joinCollab(t, doc.ID.String(), pgtest.CreatePersonToken(t, b.pool, cy.ID))

	_, err := b.pool.Exec(context.Background(), `DELETE FROM document_access WHERE document_id = $1 AND principal_id = $2`, doc.ID, bob.ID)
	require.NoError(t, err)
	require.Equal(t, 4404, closedSoon(t, bobC), "the revoked person's socket closes")
	// Cy still follows: an update reaches her.
	adaC, state := b.joinCollab(t, doc.ID.String(), pgtest.CreatePersonToken(t, b.pool, ada.ID))
	up, err := yjs(t).Edit(context.Background(), [][]byte{state}, nil, "Hello", "Hello!", 91)
	require.NoError(t, err)
	require.NoError(t, adaC.WriteMessage(websocket.BinaryMessage, crdt.SyncMessage(crdt.SyncUpdate, up)))
	require.Equal(t, up, readUntil(t, cyC, crdt.MsgSync, crdt.SyncUpdate).Payload)
}

func TestCollabTellsADemotedWriterAtOnceAndLetsThemFollow(t *testing.T) {
	t.Parallel()
	b := collabBundle(t)
	ada, bob := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	doc := pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Content: "Hello"})
	pgtest.Grant(t, b.pool, doc.ID, "user", bob.ID, "write")
	bobToken := pgtest.CreatePersonToken(t, b.pool, bob.ID)
	bobC, _ := b.joinCollab(t, doc.ID.String(), bobToken)

	_, err := b.pool.Exec(context.Background(), `UPDATE document_access SET permission = 'read' WHERE document_id = $1 AND principal_id = $2`, doc.ID, bob.ID)
	require.NoError(t, err)
	require.Equal(t, 4403, closedSoon(t, bobC), "a writer made a reader is told before typing anything")
	// Joining again, Bob follows: Ada's typing reaches him.
	bobC, _ = b.joinCollab(t, doc.ID.String(), bobToken)
	adaC, state := b.joinCollab(t, doc.ID.String(), pgtest.CreatePersonToken(t, b.pool, ada.ID))
	up, err := yjs(t).Edit(context.Background(), [][]byte{state}, nil, "Hello", "Hello, Bob", 95)
	require.NoError(t, err)
	require.NoError(t, adaC.WriteMessage(websocket.BinaryMessage, crdt.SyncMessage(crdt.SyncUpdate, up)))
	require.Equal(t, up, readUntil(t, bobC, crdt.MsgSync, crdt.SyncUpdate).Payload)
}

func TestCollabTrashClosesAndPurgeDeletesTheRows(t *testing.T) {
	t.Parallel()
	b := collabBundle(t)
	ada := pgtest.CreatePerson(t, b.pool)
	doc := pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Content: "Hello"})
	token := pgtest.CreatePersonToken(t, b.pool, ada.ID)
	c, state := b.joinCollab(t, doc.ID.String(), token)
	ctx := context.Background()
	up, err := yjs(t).Edit(ctx, [][]byte{state}, nil, "Hello", "Hello there", 92)
	require.NoError(t, err)
	require.NoError(t, c.WriteMessage(websocket.BinaryMessage, crdt.SyncMessage(crdt.SyncUpdate, up)))
	readUntil(t, c, crdt.MsgPersisted, 0)

	actx := pgtest.ActingAs(ada)
	_, err = b.app.Document.Delete(actx, doc.ID)
	require.NoError(t, err)
	require.Equal(t, 4404, closedSoon(t, c), "a page in the trash has no room")
	again, _, err := b.dialCollab(t, doc.ID.String(), token)
	require.NoError(t, err)
	require.Equal(t, 4404, collabClosed(t, again), "nor does anyone join it")

	require.NoError(t, b.app.Document.Purge(actx, doc.ID))
	var rows int
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM document_crdt_state WHERE document_id = $1)
		+ (SELECT count(*) FROM document_crdt_updates WHERE document_id = $1)
		+ (SELECT count(*) FROM document_crdt_revisions WHERE document_id = $1)`, doc.ID).Scan(&rows))
	require.Zero(t, rows, "purge leaves nothing typed behind")
	require.Eventually(t, func() bool { return b.app.Collab.Rooms() == 0 }, 5*time.Second, 20*time.Millisecond)
}

func TestCollabAgentsTypeOnlyIntoOutputPages(t *testing.T) {
	t.Parallel()
	b := collabBundle(t)
	ada := pgtest.CreatePerson(t, b.pool)
	agent := pgtest.CreateAgent(t, b.pool, ada.ID)
	wiki := pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Content: "Hello"})
	pgtest.Grant(t, b.pool, wiki.ID, "user", agent.ID, "write")
	out := pgtest.CreateDocument(t, b.pool, agent.ID, pgtest.Doc{Space: document.SpaceOutput, Content: "Report"})
	ctx := context.Background()

	c, state := b.joinCollab(t, out.ID.String(), agent.Token)
	up, err := yjs(t).Edit(ctx, [][]byte{state}, nil, "Report", "Report: done", 93)
	require.NoError(t, err)
	require.NoError(t, c.WriteMessage(websocket.BinaryMessage, crdt.SyncMessage(crdt.SyncUpdate, up)))
	readUntil(t, c, crdt.MsgPersisted, 0)

	c, state = b.joinCollab(t, wiki.ID.String(), agent.Token)
	up, err = yjs(t).Edit(ctx, [][]byte{state}, nil, "Hello", "Hello, agent", 94)
	require.NoError(t, err)
	require.NoError(t, c.WriteMessage(websocket.BinaryMessage, crdt.SyncMessage(crdt.SyncUpdate, up)))
	require.Equal(t, 4403, collabClosed(t, c), "an agent follows a wiki page it may write but never types into it")
}
