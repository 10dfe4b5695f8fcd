package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
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
	c, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{protocol}, HTTPHeader: header})
	if c != nil {
		t.Cleanup(func() { _ = c.CloseNow() })
	}
	return c, resp, err
}

func read(t testing.TB, c *websocket.Conn, skip ...string) wsMsg {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		var m wsMsg
		require.NoError(t, wsjson.Read(ctx, c, &m))
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
	require.NoError(t, wsjson.Write(ctx, c, m))
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
			if err := wsjson.Read(ctx, c, &m); err != nil {
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
	err = wsjson.Read(ctx, c, &m)
	require.Error(t, err, "a connection that never sends connection_init is closed")
	require.NoError(t, ctx.Err())
}
