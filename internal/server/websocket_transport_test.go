package server_test

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/binary"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"codna/internal/app/apptest"
	"codna/internal/db"
	"codna/internal/inbox"
	"codna/internal/pgtest"
	"codna/internal/server"
)

// clientFrame is one masked text frame, as a client sends it (RFC 6455 5.2).
func clientFrame(payload string) []byte {
	p := []byte(payload)
	out := []byte{0x81}
	switch {
	case len(p) < 126:
		out = append(out, 0x80|byte(len(p)))
	default:
		out = append(out, 0x80|126)
		out = binary.BigEndian.AppendUint16(out, uint16(len(p)))
	}
	mask := [4]byte{1, 2, 3, 4}
	out = append(out, mask[:]...)
	for i, c := range p {
		out = append(out, c^mask[i%4])
	}
	return out
}

// A client may send its first frames in the same packet as the upgrade
// request: the transport's own small read buffer starts with what net/http
// had already read past the request.
func TestWebsocketReadsFramesSentWithTheUpgrade(t *testing.T) {
	t.Parallel()
	b := setup(t)
	agent := pgtest.CreateAgent(t, b.pool)
	conn, err := net.Dial("tcp", strings.TrimPrefix(b.http.URL, "http://"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	require.NoError(t, conn.SetDeadline(time.Now().Add(10*time.Second)))

	key := base64.StdEncoding.EncodeToString([]byte("0123456789abcdef"))
	upgrade := "GET /graphql HTTP/1.1\r\nHost: " + strings.TrimPrefix(b.http.URL, "http://") + "\r\n" +
		"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n" +
		"Sec-WebSocket-Key: " + key + "\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n"
	init := `{"type":"connection_init","payload":{"authorization":"Bearer ` + agent.Token + `"}}`
	sub := `{"id":"1","type":"subscribe","payload":{"query":"` + meQuery + `"}}`
	packet := append([]byte(upgrade), clientFrame(init)...)
	packet = append(packet, clientFrame(sub)...)
	_, err = conn.Write(packet) // one write: the frames ride with the request
	require.NoError(t, err)

	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	require.NoError(t, err)
	require.Equal(t, http.StatusSwitchingProtocols, resp.StatusCode)
	readFrame := func() string {
		t.Helper()
		var h [2]byte
		_, err := io.ReadFull(br, h[:])
		require.NoError(t, err)
		n := int(h[1] & 0x7f)
		if n == 126 {
			var l [2]byte
			_, err = io.ReadFull(br, l[:])
			require.NoError(t, err)
			n = int(binary.BigEndian.Uint16(l[:]))
		}
		p := make([]byte, n)
		_, err = io.ReadFull(br, p)
		require.NoError(t, err)
		return string(p)
	}
	require.Contains(t, readFrame(), `"connection_ack"`)
	next := readFrame()
	require.Contains(t, next, `"next"`)
	require.Contains(t, next, agent.ID.String())
}

// Websockets outlive the requests that opened them, so the server's Stop
// closes them itself (1000), subscriptions and all.
func TestStopClosesWebsockets(t *testing.T) {
	t.Parallel()
	url := pgtest.NewURL(t)
	pool, err := db.Open(context.Background(), url, nil)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	cfg := server.DefaultConfig
	cfg.Listen = addr
	cfg.ShutdownTimeout = 2 * time.Second
	srv := server.New(apptest.New(t, pool), cfg, slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError})))
	require.NoError(t, srv.Start(context.Background()))
	t.Cleanup(srv.Stop)
	me := pgtest.CreatePerson(t, pool)
	token := pgtest.CreatePersonToken(t, pool, me.ID)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	d := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}}
	c, _, err := d.DialContext(ctx, "ws://"+addr+"/graphql", nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	write(t, c, map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer " + token}})
	require.Equal(t, "connection_ack", read(t, c).Type)
	write(t, c, map[string]any{"id": "1", "type": "subscribe", "payload": map[string]any{"query": countsSub}})
	require.Equal(t, "next", read(t, c, "ping").Type)

	stopped := make(chan struct{})
	go func() {
		srv.Stop()
		close(stopped)
	}()
	for {
		var m wsMsg
		err := readJSON(ctx, c, &m)
		if err != nil {
			require.NoError(t, ctx.Err(), "the socket must be closed by Stop")
			require.Equal(t, websocket.CloseNormalClosure, closeStatus(err))
			break
		}
	}
	select {
	case <-stopped:
	case <-time.After(10 * time.Second):
		t.Fatal("Stop did not return")
	}
}

// An inboxCounts subscription holds no goroutine between pushes (its source
// wakes it): a socket holding one keeps only its reading goroutine. Other
// tests run alongside, so the bound on operation goroutines is loose; with
// one goroutine per subscription there would be at least sockets of them.
func TestPushedSubscriptionsHoldNoGoroutine(t *testing.T) {
	t.Parallel()
	const sockets = 40
	b := setup(t, func(c *config) { c.WSMaxSockets = 0 })
	me := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, me.ID)
	subs := make([]*subscription, sockets)
	for i := range subs {
		subs[i] = b.subscribe(t, "graphql-transport-ws", token, countsSub, nil)
		subs[i].next(5 * time.Second)
	}
	count := func(frame string) int {
		buf := make([]byte, 64<<20)
		return strings.Count(string(buf[:runtime.Stack(buf, true)]), frame)
	}
	require.Less(t, count("codna/graph/transport.(*socket).run("), sockets/2, "operation goroutines")
	require.GreaterOrEqual(t, count("codna/graph/transport.(*socket).serve("), sockets, "one reading goroutine a socket")

	// They still push, each once.
	notify(t, b, me.ID, inbox.TypeAccessGranted)
	for _, s := range subs {
		s.next(5 * time.Second)
	}
}
