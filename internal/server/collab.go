package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/websocket"

	"codna/graph/transport"
	"codna/internal/auth"
	"codna/internal/collab"
	"codna/internal/fault"
)

// collabSocket serves /collab/{document}: the y-websocket protocol of one
// page's co-editing room (docs/api.md "Co-editing"). The upgrade needs the
// Origin rule of /graphql's websockets and a signed-in person or agent
// (session cookie or bearer token); management is refused. Everything
// after the upgrade is the room's: internal/collab.
func (s *Server) collabSocket(w http.ResponseWriter, r *http.Request) {
	if !s.app.Collab.Enabled() {
		notFound(w)
		return
	}
	id, err := uuid.Parse(r.PathValue("document"))
	if err != nil {
		notFound(w)
		return
	}
	if !websocket.IsWebSocketUpgrade(r) {
		writeError(w, http.StatusBadRequest, fault.BadInput, "This address takes a websocket (the y-websocket protocol).")
		return
	}
	if !s.originAllowed(r) {
		writeError(w, http.StatusForbidden, fault.Forbidden, "This origin may not open websockets here.")
		return
	}
	var generation int64
	if g := r.URL.Query().Get("generation"); g != "" {
		if generation, err = strconv.ParseInt(g, 10, 64); err != nil || generation < 0 {
			writeError(w, http.StatusBadRequest, fault.BadInput, "generation must be a whole number, 0 or more.")
			return
		}
	}
	ctx, ok := s.fileActor(w, r)
	if !ok {
		return
	}
	if auth.ActorFrom(ctx).IsManagement() {
		writeError(w, http.StatusForbidden, fault.Forbidden, "Management never joins a page's room.")
		return
	}
	up := websocket.Upgrader{ReadBufferSize: 4 << 10, WriteBufferSize: 16 << 10, WriteBufferPool: &sync.Pool{}, CheckOrigin: s.originAllowed}
	ws, err := up.Upgrade(transport.Hijackable(w), r, nil)
	if err != nil {
		return // the upgrader answered
	}
	c := newCollabConn(ws, s.collabQueue())
	go c.write(s.sockets, s.cfg.WSKeepAlive)
	// However the socket ends (refused, closed by the room, left by the
	// client), this goroutine reads it to the closing handshake (linger).
	defer c.linger()
	// The socket outlives the upgrade request: its actor stays.
	ctx = context.WithoutCancel(ctx)
	sess, err := s.app.Collab.Join(ctx, id, generation, c)
	if err != nil {
		code, reason := collabRefusal(err)
		if code == collab.CodeGoingAway {
			s.log.ErrorContext(ctx, "collab: join", "document", id, "error", err)
		}
		c.Close(code, reason)
		return
	}
	defer sess.Leave()
	// The limit is enforced here, not by gorilla's SetReadLimit: that one
	// answers 1009 itself before the room's 4413 could go out.
	limit := int64(s.app.Collab.MaxMessage())
	deadline := 2*s.keepAlive() + 5*time.Second
	_ = ws.SetReadDeadline(time.Now().Add(deadline))
	ws.SetPongHandler(func(string) error { return ws.SetReadDeadline(time.Now().Add(deadline)) })
	for {
		mt, msg, err := readLimited(ws, limit)
		if errors.Is(err, errCollabTooLarge) {
			c.Close(collab.CodeTooLarge, "message over its limit")
			return
		}
		if err != nil {
			c.Close(websocket.CloseNormalClosure, "")
			return
		}
		if c.isClosed() {
			// The room (or the server) closed the socket while this read
			// waited: what the client sent since is dropped, unread by the
			// room; linger reads on to the client's answer.
			return
		}
		_ = ws.SetReadDeadline(time.Now().Add(deadline))
		if mt != websocket.BinaryMessage {
			c.Close(collab.CodeProtocol, "messages are binary")
			return
		}
		if err := sess.Receive(msg); err != nil {
			code, reason := collabRefusal(err)
			if code == collab.CodeGoingAway {
				s.log.ErrorContext(ctx, "collab: message", "document", id, "error", err)
			}
			c.Close(code, reason)
			return
		}
	}
}

var errCollabTooLarge = errors.New("collab: message over its limit")

// readLimited reads the next message, refusing one over limit bytes
// (errCollabTooLarge) without reading more than limit+1 of it.
func readLimited(ws *websocket.Conn, limit int64) (int, []byte, error) {
	mt, r, err := ws.NextReader()
	if err != nil {
		return 0, nil, err
	}
	msg, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return 0, nil, err
	}
	if int64(len(msg)) > limit {
		return 0, nil, errCollabTooLarge
	}
	return mt, msg, nil
}

func (s *Server) keepAlive() time.Duration {
	if s.cfg.WSKeepAlive > 0 {
		return s.cfg.WSKeepAlive
	}
	return 25 * time.Second
}

func (s *Server) collabQueue() int { return 256 }

// collabRefusal maps a room's refusal to a close code and reason.
func collabRefusal(err error) (int, string) {
	var ce *collab.CloseError
	if errors.As(err, &ce) {
		return ce.Code, ce.Reason
	}
	switch fault.CodeOf(err) {
	case fault.NotFound:
		return collab.CodeNotFound, "document not found"
	case fault.Forbidden:
		return collab.CodeForbidden, "you may not join this page's room"
	case fault.Unauthenticated:
		return collab.CodeUnauthorized, "sign in first"
	}
	return collab.CodeGoingAway, "the room is not available now: reconnect"
}

// closeLinger bounds how long a socket the server closed waits for the
// client's answering close frame before the connection is dropped.
const closeLinger = 2 * time.Second

// collabConn is a socket as a room sees it (collab.Conn): sends are queued
// for one writer goroutine, which also pings and writes the close frame.
//
// A socket the server closes ends with RFC 6455's closing handshake: the
// close frame goes out, the handler's goroutine reads on (and drops) what
// the client still sends until the client's own close frame (linger), and
// only then is the connection closed. Closed at once, with the client's
// messages unread in the kernel's buffer (a browser sends its sync step 1
// and presence the moment the socket opens, before a refused Join could
// read them), the connection is reset (RST) instead of ended (FIN), and a
// browser that gets the reset before it read the server's last frames
// loses them and sees 1006: a MsgReset and its 4409 lost that way left the
// editor thinking the room unreachable (it fell back to the save flow,
// out of the room).
type collabConn struct {
	ws       *websocket.Conn
	out      chan []byte
	once     sync.Once
	closed   chan struct{}
	readDone chan struct{} // closed by linger: nothing reads the socket any more
	code     int
	reason   string
}

func newCollabConn(ws *websocket.Conn, queue int) *collabConn {
	return &collabConn{ws: ws, out: make(chan []byte, queue), closed: make(chan struct{}), readDone: make(chan struct{})}
}

func (c *collabConn) isClosed() bool {
	select {
	case <-c.closed:
		return true
	default:
		return false
	}
}

// linger is the reading side of the closing handshake, run by the
// handler's goroutine (the socket's only reader) when it is done with the
// socket: it closes the socket if nothing did, then reads and drops
// messages until the client's close frame, the connection's end or
// closeLinger, and lets the writer close the connection.
func (c *collabConn) linger() {
	defer close(c.readDone)
	c.Close(websocket.CloseNormalClosure, "")
	_ = c.ws.SetReadDeadline(time.Now().Add(closeLinger))
	c.ws.SetPongHandler(func(string) error { return nil })
	for {
		// A read that failed before (the client left) fails again at once.
		if _, _, err := c.ws.NextReader(); err != nil {
			return
		}
	}
}

// Send implements collab.Conn.
func (c *collabConn) Send(msg []byte) bool {
	select {
	case <-c.closed:
		return true // closing: nothing more goes out
	default:
	}
	select {
	case c.out <- msg:
		return true
	default:
		return false
	}
}

// Close implements collab.Conn: the first code wins.
func (c *collabConn) Close(code int, reason string) {
	c.once.Do(func() {
		c.code, c.reason = code, reason
		close(c.closed)
	})
}

// write sends queued messages and pings until the socket is closed (by the
// room, the reader or the server stopping), then the close frame.
func (c *collabConn) write(stop context.Context, keepAlive time.Duration) {
	if keepAlive <= 0 {
		keepAlive = 25 * time.Second
	}
	ping := time.NewTicker(keepAlive)
	defer ping.Stop()
	defer c.ws.Close()
	for {
		select {
		case msg := <-c.out:
			_ = c.ws.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if err := c.ws.WriteMessage(websocket.BinaryMessage, msg); err != nil {
				c.Close(websocket.CloseAbnormalClosure, "")
				return
			}
		case <-ping.C:
			if err := c.ws.WriteControl(websocket.PingMessage, nil, time.Now().Add(10*time.Second)); err != nil {
				c.Close(websocket.CloseAbnormalClosure, "")
				return
			}
		case <-stop.Done():
			c.Close(collab.CodeGoingAway, "the server is stopping")
		case <-c.closed:
			// What the room queued before closing goes first (a reset's
			// message before its close).
			for {
				select {
				case msg := <-c.out:
					_ = c.ws.SetWriteDeadline(time.Now().Add(time.Second))
					_ = c.ws.WriteMessage(websocket.BinaryMessage, msg)
					continue
				default:
				}
				break
			}
			_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(c.code, c.reason), time.Now().Add(time.Second))
			// The connection is closed once the reader has the client's
			// answer (or gave up waiting): see collabConn.
			select {
			case <-c.readDone:
			case <-time.After(closeLinger + time.Second):
			}
			return
		}
	}
}
