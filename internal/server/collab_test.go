package server_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"codna/internal/crdt"
	"codna/internal/pgtest"
	"codna/internal/sandbox"
)

var (
	testEngineOnce sync.Once
	testEngine     *crdt.Engine
)

// yjs is an engine of the test's own, to write updates and read texts as
// a client would.
func yjs(t *testing.T) *crdt.Engine {
	t.Helper()
	testEngineOnce.Do(func() {
		sb, err := sandbox.New(sandbox.Config{Warm: -1})
		require.NoError(t, err)
		testEngine = crdt.NewEngine(sb, crdt.EngineConfig{Runtimes: 2})
	})
	return testEngine
}

// dialCollab opens /collab/<id> as the holder of token.
func (b *bundle) dialCollab(t *testing.T, id, token string) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	h := http.Header{}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	c, resp, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(b.http.URL, "http")+"/collab/"+id, h)
	if err != nil && resp != nil {
		body, _ := io.ReadAll(resp.Body)
		t.Logf("handshake: %d %s", resp.StatusCode, body)
	}
	if err == nil {
		t.Cleanup(func() { c.Close() })
	}
	return c, resp, err
}

// readCollab reads the next message, failing after a few seconds.
func readCollab(t *testing.T, c *websocket.Conn) crdt.Message {
	t.Helper()
	require.NoError(t, c.SetReadDeadline(time.Now().Add(5*time.Second)))
	mt, data, err := c.ReadMessage()
	require.NoError(t, err)
	require.Equal(t, websocket.BinaryMessage, mt)
	m, err := readAny(data)
	require.NoError(t, err)
	return m
}

// readAny reads a message of the protocol or one of CoDNA's own.
func readAny(data []byte) (crdt.Message, error) {
	if len(data) > 0 && (data[0] == crdt.MsgPersisted || data[0] == crdt.MsgReset || data[0] == crdt.MsgRoom) {
		return crdt.Message{Type: uint64(data[0]), Payload: data[1:]}, nil
	}
	return crdt.ReadMessage(data)
}

// readUntil reads until a message of typ (and, for sync, kind) arrives.
func readUntil(t *testing.T, c *websocket.Conn, typ, kind uint64) crdt.Message {
	t.Helper()
	for {
		m := readCollab(t, c)
		if m.Type == typ && (typ != crdt.MsgSync || m.Sync == kind) {
			return m
		}
	}
}

func collabClosed(t *testing.T, c *websocket.Conn) int {
	t.Helper()
	require.NoError(t, c.SetReadDeadline(time.Now().Add(5*time.Second)))
	for {
		if _, _, err := c.ReadMessage(); err != nil {
			var ce *websocket.CloseError
			require.ErrorAs(t, err, &ce)
			return ce.Code
		}
	}
}

func TestCollabRoomRelaysStoresAndWritesTheRevision(t *testing.T) {
	t.Parallel()
	b := setup(t)
	require.NoError(t, b.app.Collab.Start(context.Background()))
	t.Cleanup(b.app.Collab.Stop)
	ada, bob := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	doc := pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Content: "Hello"})
	pgtest.Grant(t, b.pool, doc.ID, "user", bob.ID, "read")
	adaToken, bobToken := pgtest.CreatePersonToken(t, b.pool, ada.ID), pgtest.CreatePersonToken(t, b.pool, bob.ID)
	ctx := context.Background()

	a, _, err := b.dialCollab(t, doc.ID.String(), adaToken)
	require.NoError(t, err)
	room := readCollab(t, a)
	require.EqualValues(t, crdt.MsgRoom, room.Type, "the server opens with the room's generation")
	require.Equal(t, []byte{1}, room.Payload)
	first := readCollab(t, a)
	require.EqualValues(t, crdt.SyncStep1, first.Sync, "then its state vector")
	require.NoError(t, a.WriteMessage(websocket.BinaryMessage, crdt.SyncMessage(crdt.SyncStep1, []byte{0})))
	step2 := readUntil(t, a, crdt.MsgSync, crdt.SyncStep2)
	text, err := yjs(t).Text(ctx, [][]byte{step2.Payload})
	require.NoError(t, err)
	require.Equal(t, "Hello", text, "the room starts from the latest revision")

	r, _, err := b.dialCollab(t, doc.ID.String(), bobToken)
	require.NoError(t, err)
	readUntil(t, r, crdt.MsgSync, crdt.SyncStep1)

	// Ada types: Bob gets the update, Ada hears it is stored.
	up, err := yjs(t).Edit(ctx, [][]byte{step2.Payload}, nil, "Hello", "Hello world", 77)
	require.NoError(t, err)
	require.NoError(t, a.WriteMessage(websocket.BinaryMessage, crdt.SyncMessage(crdt.SyncUpdate, up)))
	got := readUntil(t, r, crdt.MsgSync, crdt.SyncUpdate)
	require.Equal(t, up, got.Payload)
	persisted := readUntil(t, a, crdt.MsgPersisted, 0)
	require.NotEmpty(t, persisted.Payload)

	// Bob may only read: his update closes his socket.
	up2, err := yjs(t).Edit(ctx, [][]byte{step2.Payload, up}, nil, "Hello world", "Hello world!", 88)
	require.NoError(t, err)
	require.NoError(t, r.WriteMessage(websocket.BinaryMessage, crdt.SyncMessage(crdt.SyncUpdate, up2)))
	require.Equal(t, 4403, collabClosed(t, r))

	// Ada leaves: the room writes her text as a revision.
	require.NoError(t, a.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, "")))
	a.Close()
	require.Eventually(t, func() bool {
		var content string
		var version int
		require.NoError(t, b.pool.QueryRow(ctx, `SELECT content, version FROM documents WHERE id = $1`, doc.ID).Scan(&content, &version))
		return content == "Hello world" && version == 2
	}, 10*time.Second, 50*time.Millisecond)
	var contributors int
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT cardinality(contributors) FROM document_revisions WHERE document_id = $1 AND version = 2`, doc.ID).Scan(&contributors))
	require.Equal(t, 1, contributors)
}

func TestCollabRefusesHostileFrames(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ada := pgtest.CreatePerson(t, b.pool)
	doc := pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Content: "Hello"})
	token := pgtest.CreatePersonToken(t, b.pool, ada.ID)

	for name, frame := range map[string][]byte{
		"malformed varint": {0, 2, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
		"unknown type":     {42},
		"foreign root":     crdt.SyncMessage(crdt.SyncUpdate, []byte{1, 1, 5, 0, 4, 1, 5, 'o', 't', 'h', 'e', 'r', 2, 'h', 'i', 0}),
	} {
		c, _, err := b.dialCollab(t, doc.ID.String(), token)
		require.NoError(t, err, name)
		readCollab(t, c)
		require.NoError(t, c.WriteMessage(websocket.BinaryMessage, frame))
		require.Equal(t, 4400, collabClosed(t, c), name)
	}
	_, resp, err := b.dialCollab(t, doc.ID.String(), "")
	require.Error(t, err)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode, "no credentials, no room")
	_, resp, err = b.dialCollab(t, doc.ID.String(), pgtest.CreateManageToken(t, b.pool))
	require.Error(t, err)
	require.Equal(t, http.StatusForbidden, resp.StatusCode, "management never joins")
}
