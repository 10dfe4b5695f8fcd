package server_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"codna/internal/crdt"
	"codna/internal/pgtest"
)

// A browser whose copy is of an older generation is told so (MsgReset,
// then 4409) and the connection ends after the closing handshake, however
// late the browser reads. It sent its sync step 1 and its presence the
// moment the socket opened; the server refuses it before reading them. A
// socket closed with them unread is reset by the kernel (RST, not FIN),
// and a browser that gets the reset with the server's last frames not yet
// read loses them: it saw 1006 with no MsgReset, took it for a network
// failure and fell back to the save flow, out of the room, so the next
// typing never reached it (the e2e test "a copy of an older generation is
// reset, not merged", flaky under load).
func TestCollabResetEndsWithTheClosingHandshake(t *testing.T) {
	t.Parallel()
	b := collabBundle(t)
	ada := pgtest.CreatePerson(t, b.pool)
	doc := pgtest.CreateDocument(t, b.pool, ada.ID, pgtest.Doc{Content: "Old text.\n"})
	token := pgtest.CreatePersonToken(t, b.pool, ada.ID)
	ctx := context.Background()

	// Ada's browser keeps a copy of the room's generation, then leaves.
	c, _ := b.joinCollab(t, doc.ID.String(), token)
	var gen int64
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT generation FROM document_crdt_state WHERE document_id = $1`, doc.ID).Scan(&gen))
	require.NoError(t, c.Close())
	require.Eventually(t, func() bool { return b.app.Collab.Rooms() == 0 }, 5*time.Second, 10*time.Millisecond)

	// Nobody in the room: the page changes through the API, so the next room starts a new generation.
	r := b.do(t, req{bearer: token, query: `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { document { version } } }`,
		variables: map[string]any{"i": map[string]any{"id": doc.ID.String(), "expectedVersion": 1, "content": "Replaced through the API.\n"}}})
	require.Empty(t, r.Errors)

	url := "ws" + strings.TrimPrefix(b.http.URL, "http") + "/collab/" + doc.ID.String() + fmt.Sprintf("?generation=%d", gen)
	for i := range 3 {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			old, _, err := websocket.DefaultDialer.Dial(url, map[string][]string{"Authorization": {"Bearer " + token}})
			require.NoError(t, err)
			defer old.Close()
			// What a browser sends the moment its socket opens.
			require.NoError(t, old.WriteMessage(websocket.BinaryMessage, crdt.SyncMessage(crdt.SyncStep1, []byte{0})))
			require.NoError(t, old.WriteMessage(websocket.BinaryMessage, crdt.AwarenessMessage(crdt.EncodeAwareness([]crdt.AwarenessState{{Client: 7, Clock: 1, State: []byte(`{}`)}}))))
			// A busy browser reads a while later. Its answer to the close is
			// written by the test itself, so that how the connection ended
			// shows (gorilla's own answer would swallow a reset).
			old.SetCloseHandler(func(int, string) error { return nil })
			time.Sleep(300 * time.Millisecond)
			m := readCollab(t, old)
			require.EqualValues(t, crdt.MsgReset, m.Type, "told of the new generation")
			require.Equal(t, []byte{byte(gen + 1)}, m.Payload, "the room's generation")
			require.Equal(t, 4409, collabClosed(t, old), "closed with 4409")
			nc := old.UnderlyingConn()
			require.NoError(t, nc.SetDeadline(time.Now().Add(5*time.Second)))
			// The browser answers the close, as RFC 6455 has it; then the
			// server ends the connection cleanly.
			clientClose(t, nc, 4409)
			_, err = nc.Read(make([]byte, 16))
			require.ErrorIs(t, err, io.EOF, "the connection ends with FIN after the handshake, not a reset")
		})
	}
}

// clientClose writes a client's close frame (masked, as a client's are).
func clientClose(t *testing.T, nc net.Conn, code int) {
	t.Helper()
	mask := [4]byte{1, 2, 3, 4}
	payload := binary.BigEndian.AppendUint16(nil, uint16(code))
	frame := []byte{0x80 | websocket.CloseMessage, 0x80 | byte(len(payload))}
	frame = append(frame, mask[:]...)
	for i, c := range payload {
		frame = append(frame, c^mask[i%4])
	}
	_, err := nc.Write(frame)
	require.NoError(t, err)
}
