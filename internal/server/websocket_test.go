package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
)

type wsMsg struct {
	ID      string          `json:"id,omitempty"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

func (b *bundle) dial(t testing.TB, protocol string, header http.Header) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	t.Cleanup(cancel)
	url := "ws" + strings.TrimPrefix(b.http.URL, "http") + "/graphql"
	d := websocket.Dialer{Subprotocols: []string{protocol}}
	c, resp, err := d.DialContext(ctx, url, header)
	if c != nil {
		t.Cleanup(func() { _ = c.Close() })
	}
	return c, resp, err
}

// readMessage reads c's next message by ctx's deadline. A read that times
// out returns ctx's error, and leaves c unusable (as any failed read does).
func readMessage(ctx context.Context, c *websocket.Conn) (int, []byte, error) {
	deadline, _ := ctx.Deadline()
	_ = c.SetReadDeadline(deadline)
	typ, data, err := c.ReadMessage()
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() && !deadline.IsZero() {
		<-ctx.Done() // the read's deadline is ctx's
		return typ, data, ctx.Err()
	}
	return typ, data, err
}

// readJSON reads c's next message into v by ctx's deadline (readMessage).
func readJSON(ctx context.Context, c *websocket.Conn, v any) error {
	_, data, err := readMessage(ctx, c)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

// writeMessage writes one message of type typ by ctx's deadline.
func writeMessage(ctx context.Context, c *websocket.Conn, typ int, data []byte) error {
	deadline, _ := ctx.Deadline()
	_ = c.SetWriteDeadline(deadline)
	return c.WriteMessage(typ, data)
}

// closeStatus is the close code the peer ended c with, as err (a failed
// read) carries it; -1 when err is not a close.
func closeStatus(err error) int {
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		return ce.Code
	}
	return -1
}

// closeWith closes c with code and waits (up to 5 s) for the server's
// answer before dropping the connection: the close handshake.
func closeWith(c *websocket.Conn, code int) error {
	err := c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, ""), time.Now().Add(5*time.Second))
	if err == nil {
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
		for {
			if _, _, rerr := c.NextReader(); rerr != nil {
				break
			}
		}
	}
	if cerr := c.Close(); err == nil {
		err = cerr
	}
	return err
}

func read(t testing.TB, c *websocket.Conn, skip ...string) wsMsg {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		var m wsMsg
		require.NoError(t, readJSON(ctx, c, &m))
		if len(skip) > 0 && (m.Type == skip[0]) {
			continue
		}
		return m
	}
}

func write(t testing.TB, c *websocket.Conn, m any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	data, err := json.Marshal(m)
	require.NoError(t, err)
	require.NoError(t, writeMessage(ctx, c, websocket.TextMessage, data))
}

func TestWebsocketRefusesCrossOriginUpgrade(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, resp, err := b.dial(t, "graphql-transport-ws", http.Header{"Origin": {"https://evil.example"}})
	require.Error(t, err)
	require.NotNil(t, resp)
	require.Equal(t, http.StatusForbidden, resp.StatusCode)

	// The server's own origin is fine.
	_, _, err = b.dial(t, "graphql-transport-ws", http.Header{"Origin": {b.http.URL}})
	require.NoError(t, err)
}

func TestWebsocketAllowsConfiguredOrigins(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.AllowedOrigins = []string{"https://app.example.com"} })
	c, _, err := b.dial(t, "graphql-transport-ws", http.Header{"Origin": {"https://app.example.com"}})
	require.NoError(t, err)
	write(t, c, wsMsg{Type: "connection_init"})
	require.Equal(t, "connection_ack", read(t, c).Type)
}

func TestWebsocketAuthenticatesFromConnectionInit(t *testing.T) {
	t.Parallel()
	b := setup(t)
	agent := pgtest.CreateAgent(t, b.pool)

	t.Run("graphql-transport-ws", func(t *testing.T) {
		c, _, err := b.dial(t, "graphql-transport-ws", nil)
		require.NoError(t, err)
		write(t, c, map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer " + agent.Token}})
		require.Equal(t, "connection_ack", read(t, c).Type)
		write(t, c, map[string]any{"id": "1", "type": "subscribe", "payload": map[string]any{"query": meQuery}})
		m := read(t, c, "ping")
		require.Equal(t, "next", m.Type, string(m.Payload))
		require.Contains(t, string(m.Payload), agent.ID.String())
		require.Contains(t, string(m.Payload), `"AGENT"`)
	})
	t.Run("legacy graphql-ws", func(t *testing.T) {
		c, _, err := b.dial(t, "graphql-ws", nil)
		require.NoError(t, err)
		write(t, c, map[string]any{"type": "connection_init", "payload": map[string]any{"token": agent.Token}})
		require.Equal(t, "connection_ack", read(t, c).Type)
		write(t, c, map[string]any{"id": "1", "type": "start", "payload": map[string]any{"query": meQuery}})
		m := read(t, c, "ka")
		require.Equal(t, "data", m.Type, string(m.Payload))
		require.Contains(t, string(m.Payload), agent.ID.String())
	})
	t.Run("a bad token closes the connection", func(t *testing.T) {
		c, _, err := b.dial(t, "graphql-transport-ws", nil)
		require.NoError(t, err)
		write(t, c, map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer coda_forged"}})
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		for {
			var m wsMsg
			if err := readJSON(ctx, c, &m); err != nil {
				require.NotEqual(t, context.DeadlineExceeded, ctx.Err(), "the connection must be closed")
				return
			}
			require.NotEqual(t, "connection_ack", m.Type)
		}
	})
	t.Run("the upgrade's session cookie is used without a token", func(t *testing.T) {
		p := pgtest.CreatePerson(t, b.pool)
		_, cookie := b.login(t, p.Email, pgtest.Password)
		c, _, err := b.dial(t, "graphql-transport-ws", http.Header{"Cookie": {auth.SessionCookie + "=" + cookie}, "Origin": {b.http.URL}})
		require.NoError(t, err)
		write(t, c, map[string]any{"type": "connection_init"})
		require.Equal(t, "connection_ack", read(t, c).Type)
		write(t, c, map[string]any{"id": "1", "type": "subscribe", "payload": map[string]any{"query": meQuery}})
		m := read(t, c, "ping")
		require.Contains(t, string(m.Payload), p.ID.String())
	})
}

func TestWebsocketConnectionInitTimeout(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.WSInitTimeout = 200 * time.Millisecond })
	c, _, err := b.dial(t, "graphql-transport-ws", nil)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var m wsMsg
	err = readJSON(ctx, c, &m)
	require.Error(t, err, "a connection that never sends connection_init is closed")
	require.NoError(t, ctx.Err())
}
