package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/coder/websocket"
	"github.com/google/uuid"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/live"
)

// The close codes a websocket ends with. They are graphql-transport-ws's
// (github.com/enisdenjo/graphql-ws PROTOCOL.md); the legacy graphql-ws
// protocol defines none, so it gets the same ones.
const (
	closeBadRequest   = 4400 // a malformed, binary, unknown or misplaced message
	closeUnauthorized = 4401 // an operation before connection_init
	closeForbidden    = 4403 // the credential is invalid or ended
	closeInitTimeout  = 4408 // no connection_init in time
	closeDuplicateID  = 4409 // an operation id that is already running
	closeTooMany      = 4429 // a second connection_init, or too many sockets for one user
	closeInternal     = 4500 // the credential could not be re-checked
)

// maxOperationID bounds a client's operation id, in bytes.
const maxOperationID = 128

// wsWriteTimeout bounds one write to a socket: a client that stops reading
// is dropped rather than holding the server's goroutines.
const wsWriteTimeout = 10 * time.Second

// The client message types each protocol allows.
var clientTypes = map[string]map[string]bool{
	"graphql-transport-ws": {"connection_init": true, "ping": true, "pong": true, "subscribe": true, "complete": true},
	"graphql-ws":           {"connection_init": true, "connection_terminate": true, "start": true, "stop": true},
}

// socketTransport is gqlgen's websocket transport with CoDNA's rules in
// front of it: every client frame is checked (and operation ids renamed, so
// gqlgen never sees one twice) by socketConn before gqlgen reads it, the init
// timeout closes with 4408, and each connection is a *socket in its
// context for the init function and the operation middleware.
type socketTransport struct {
	transport.Websocket
	maxOps      int // operations in flight on one socket
	counts      *socketCounts
	memory      *socketMemory
	log         *slog.Logger
	initTimeout time.Duration
}

type socketKey struct{}

// socketFrom returns the websocket ctx belongs to, or nil over HTTP.
func socketFrom(ctx context.Context) *socket {
	s, _ := ctx.Value(socketKey{}).(*socket)
	return s
}

// Do serves one websocket.
func (t socketTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	s := &socket{
		log: t.log, counts: t.counts, initTimeout: t.initTimeout,
		maxOps:   t.maxOps,
		byClient: map[string]string{}, ops: map[string]*wsOp{},
	}
	defer s.release()
	t.memory.opened()
	defer t.memory.closed()
	t.Websocket.Do(w, r.WithContext(context.WithValue(r.Context(), socketKey{}, s)), exec)
}

// socketAccept upgrades the request and hands gqlgen a socketConn.
type socketAccept struct {
	opts websocket.AcceptOptions
}

func (a socketAccept) Accept(w http.ResponseWriter, r *http.Request, o transport.WebsocketAcceptOptions) (transport.WebsocketConn, error) {
	s := socketFrom(r.Context())
	if s == nil {
		return nil, errors.New("websocket: no socket state in the request context")
	}
	for k, vs := range o.ResponseHeader {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	opts := a.opts
	opts.Subprotocols = o.Subprotocols
	c, err := websocket.Accept(w, r, &opts)
	if err != nil {
		return nil, err
	}
	s.accepted(c)
	return &socketConn{s: s}, nil
}

// socket is one websocket's state.
type socket struct {
	log         *slog.Logger
	counts      *socketCounts
	initTimeout time.Duration
	maxOps      int // operations in flight at once, subscriptions included

	conn     *websocket.Conn
	protocol string

	mu       sync.Mutex
	closing  bool
	inited   bool
	timer    *time.Timer
	cancel   context.CancelFunc // ends the connection's context once it is initialised
	user     uuid.UUID          // counted against the user's sockets
	counted  bool
	nextOp   uint64
	byClient map[string]string // the client's id → ours, for operations the client has not completed
	ops      map[string]*wsOp  // ours → the operation, until the server sends its last message

	rechecking   bool // credentialSignal's re-check runs
	recheckAgain bool // and another signal came meanwhile
}

type wsOp struct {
	client  string
	stopped bool // the client completed it: send it nothing more
}

func (s *socket) accepted(c *websocket.Conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conn, s.protocol = c, c.Subprotocol()
	if s.protocol == "" {
		s.protocol = "graphql-ws" // gqlgen's default when the client names none
	}
	if s.initTimeout > 0 {
		s.timer = time.AfterFunc(s.initTimeout, func() {
			s.mu.Lock()
			inited := s.inited
			s.mu.Unlock()
			if !inited {
				s.close(closeInitTimeout, "Connection initialisation timeout")
			}
		})
	}
}

// close starts the close handshake with code (once; later calls do
// nothing) and ends the connection's context, which stops its operations.
func (s *socket) close(code int, reason string) {
	s.mu.Lock()
	if s.closing || s.conn == nil {
		s.mu.Unlock()
		return
	}
	s.closing = true
	if s.timer != nil {
		s.timer.Stop()
	}
	cancel, c := s.cancel, s.conn
	s.mu.Unlock()
	// The handshake waits up to 5 s for the peer's close frame; gqlgen's
	// teardown must not.
	go func() { _ = c.Close(websocket.StatusCode(code), reason) }()
	if cancel != nil {
		cancel()
	}
}

func (s *socket) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// release gives back the socket's place in its user's count.
func (s *socket) release() {
	s.mu.Lock()
	counted, user := s.counted, s.user
	s.counted = false
	if s.timer != nil {
		s.timer.Stop()
	}
	cancel := s.cancel
	s.mu.Unlock()
	if counted {
		s.counts.give(user)
	}
	if cancel != nil {
		cancel()
	}
}

// errSocketClosing ends gqlgen's read loop after socket.close.
var errSocketClosing = errors.New("websocket: closing")

// inbound is one client frame's envelope.
type inbound struct {
	Type    *string         `json:"type"`
	ID      *string         `json:"id"`
	Payload json.RawMessage `json:"payload"`
}

// check applies the protocol to one client frame. It returns the frame gqlgen
// is to read, nil to read the next frame instead, or an error after closing
// the socket.
func (s *socket) check(typ websocket.MessageType, data []byte) ([]byte, error) {
	fail := func(code int, reason string) ([]byte, error) {
		s.close(code, reason)
		return nil, errSocketClosing
	}
	if typ != websocket.MessageText {
		return fail(closeBadRequest, "Binary frames are not accepted")
	}
	var m inbound
	if err := json.Unmarshal(data, &m); err != nil || m.Type == nil {
		return fail(closeBadRequest, "Invalid message")
	}
	t := *m.Type
	if !clientTypes[s.protocol][t] {
		return fail(closeBadRequest, "Unknown message type")
	}
	s.mu.Lock()
	inited := s.inited
	s.mu.Unlock()
	switch t {
	case "connection_init":
		if inited {
			return fail(closeTooMany, "Too many initialisation requests")
		}
		if !isObjectOrNull(m.Payload) {
			return fail(closeBadRequest, "The connection_init payload must be an object")
		}
		s.mu.Lock()
		s.inited = true
		if s.timer != nil {
			s.timer.Stop()
		}
		s.mu.Unlock()
		return data, nil
	case "ping", "pong":
		if inited {
			return data, nil
		}
		if t == "ping" {
			// gqlgen answers pings only after init; the protocol allows them before.
			_ = s.write(map[string]any{"type": "pong"})
		}
		return nil, nil
	case "connection_terminate":
		return data, nil
	}
	// subscribe, start, complete, stop: they name an operation.
	if !inited {
		return fail(closeUnauthorized, "Unauthorized")
	}
	if m.ID == nil || *m.ID == "" || len(*m.ID) > maxOperationID {
		return fail(closeBadRequest, fmt.Sprintf("An operation id of 1 to %d bytes is required", maxOperationID))
	}
	id := *m.ID
	if t == "complete" || t == "stop" {
		s.mu.Lock()
		ours, ok := s.byClient[id]
		if ok {
			delete(s.byClient, id)
			s.ops[ours].stopped = true
		}
		s.mu.Unlock()
		if !ok {
			return nil, nil // already over: nothing to end
		}
		return rename(t, ours, nil)
	}
	if !isObject(m.Payload) {
		return fail(closeBadRequest, "The "+t+" payload must be an object")
	}
	s.mu.Lock()
	if _, dup := s.byClient[id]; dup {
		s.mu.Unlock()
		return fail(closeDuplicateID, "Subscriber for this id already exists")
	}
	if len(s.ops) >= s.maxOps {
		s.mu.Unlock()
		_ = s.write(map[string]any{"id": id, "type": "error", "payload": []*gqlerror.Error{{
			Message:    fmt.Sprintf("This connection already runs %d operations; wait for one to end.", s.maxOps),
			Extensions: map[string]any{"code": string(fault.RateLimited)},
		}}})
		return nil, nil
	}
	s.nextOp++
	ours := strconv.FormatUint(s.nextOp, 10)
	s.byClient[id] = ours
	s.ops[ours] = &wsOp{client: id}
	s.mu.Unlock()
	return rename(t, ours, m.Payload)
}

// rename re-encodes an operation message under our id for it.
func rename(t, id string, payload json.RawMessage) ([]byte, error) {
	out := struct {
		Type    string          `json:"type"`
		ID      string          `json:"id"`
		Payload json.RawMessage `json:"payload,omitempty"`
	}{t, id, payload}
	return json.Marshal(out)
}

func isObject(p json.RawMessage) bool {
	p = bytes.TrimSpace(p)
	return len(p) > 0 && p[0] == '{'
}

func isObjectOrNull(p json.RawMessage) bool {
	p = bytes.TrimSpace(p)
	return len(p) == 0 || string(p) == "null" || p[0] == '{'
}

// outbound maps a message gqlgen sends back to the client's id. It says
// false for messages the client must not get: those of an operation the
// client completed, and any after an operation's last.
func (s *socket) outbound(v any) bool {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct {
		return true
	}
	idField, typeField := rv.Elem().FieldByName("ID"), rv.Elem().FieldByName("Type")
	if !idField.IsValid() || idField.Kind() != reflect.String || !idField.CanSet() ||
		!typeField.IsValid() || typeField.Kind() != reflect.String {
		return true
	}
	ours := idField.String()
	if ours == "" {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	op := s.ops[ours]
	if op == nil {
		return false
	}
	if t := typeField.String(); t == "complete" || t == "error" {
		delete(s.ops, ours)
		if s.byClient[op.client] == ours {
			delete(s.byClient, op.client)
		}
	}
	if op.stopped {
		return false
	}
	idField.SetString(op.client)
	return true
}

// write sends one JSON message, bounded by wsWriteTimeout.
func (s *socket) write(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), wsWriteTimeout)
	defer cancel()
	return s.conn.Write(ctx, websocket.MessageText, data)
}

// socketConn is what gqlgen's transport reads from and writes to.
type socketConn struct{ s *socket }

var (
	_ transport.WebsocketConn        = (*socketConn)(nil)
	_ transport.WebsocketReadLimiter = (*socketConn)(nil)
)

func (c *socketConn) NextReader() (int, io.Reader, error) {
	for {
		typ, data, err := c.s.conn.Read(context.Background())
		if err != nil {
			switch websocket.CloseStatus(err) {
			case websocket.StatusNormalClosure, websocket.StatusNoStatusRcvd:
				return int(typ), nil, transport.ErrWebsocketClosed
			}
			return int(typ), nil, err
		}
		out, err := c.s.check(typ, data)
		if err != nil {
			return int(typ), nil, err
		}
		if out != nil {
			return int(websocket.MessageText), bytes.NewReader(out), nil
		}
	}
}

func (c *socketConn) WriteJSON(v any) error {
	if c.s.isClosing() || !c.s.outbound(v) {
		return nil
	}
	return c.s.write(v)
}

func (c *socketConn) WriteClose(code int, reason string) error {
	c.s.close(code, reason)
	return nil
}

func (c *socketConn) Close() error {
	if c.s.isClosing() {
		return nil // the handshake closes the connection
	}
	return c.s.conn.CloseNow()
}

func (c *socketConn) Subprotocol() string { return c.s.conn.Subprotocol() }

func (c *socketConn) SetReadLimit(n int64) { c.s.conn.SetReadLimit(n) }

// socketCounts counts each user's open websockets on this replica.
type socketCounts struct {
	mu  sync.Mutex
	n   map[uuid.UUID]int
	max int
}

// take counts one more socket for user; false when the user is at max.
func (c *socketCounts) take(user uuid.UUID) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.max > 0 && c.n[user] >= c.max {
		return false
	}
	c.n[user]++
	return true
}

func (c *socketCounts) give(user uuid.UUID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[user]--; c.n[user] <= 0 {
		delete(c.n, user)
	}
}

// admit runs once connection_init authenticated the socket as a (nil is
// nobody): it counts the socket against a's user and starts watching for the
// end of a's credential. It returns the connection's context, or an error
// (with its close code in the context) when the user has too many sockets.
func (s *socket) admit(ctx context.Context, a *auth.Actor, svc *auth.Service, hub *live.Hub) (context.Context, error) {
	ctx, cancel := context.WithCancel(ctx)
	s.mu.Lock()
	s.cancel = cancel
	closing := s.closing
	s.mu.Unlock()
	if closing {
		cancel()
	}
	if a == nil {
		return ctx, nil
	}
	if !s.counts.take(a.UserID) {
		cancel()
		ctx = transport.WithWebsocketCloseCode(ctx, closeTooMany)
		return transport.AppendCloseReason(ctx, "Too many open websockets"), fault.New(fault.RateLimited,
			"You already have %d websockets open; close one first.", s.counts.max)
	}
	s.mu.Lock()
	s.user, s.counted = a.UserID, true
	s.mu.Unlock()
	if hub != nil {
		// No goroutine waits for the signal: the hub calls credentialSignal.
		hub.SubscribeFunc(ctx, live.CredentialChannel, a.UserID.String(), func() { s.credentialSignal(ctx, a, svc) })
	}
	return ctx, nil
}

// credentialSignal re-checks a's credential after a notification for a's
// user (or the hub reconnecting), on a goroutine of its own while it runs,
// and closes the socket with 4403 once the credential ended. A signal that
// arrives during a re-check runs one more after it, so a change committed
// after the running one read is not missed. It is called by the hub, which
// must not wait.
func (s *socket) credentialSignal(ctx context.Context, a *auth.Actor, svc *auth.Service) {
	s.mu.Lock()
	if s.rechecking {
		s.recheckAgain = true
		s.mu.Unlock()
		return
	}
	s.rechecking = true
	s.mu.Unlock()
	go func() {
		for {
			if ctx.Err() != nil {
				return // the socket is over; nothing will signal it again
			}
			err := svc.Recheck(ctx, a)
			switch {
			case err == nil:
			case fault.As(err) != nil:
				s.close(closeForbidden, "Forbidden")
				return
			case ctx.Err() == nil:
				// The operations re-check too; a later signal retries.
				s.log.WarnContext(ctx, "re-check a websocket's credential", "error", err)
			}
			s.mu.Lock()
			if !s.recheckAgain {
				s.rechecking = false
				s.mu.Unlock()
				return
			}
			s.recheckAgain = false
			s.mu.Unlock()
		}
	}()
}

// recheck is the operation middleware's half: an operation on a socket acts
// only while the socket's credential holds. On an ended credential the socket
// closes with 4403 and the error is UNAUTHENTICATED; other errors are the
// database's.
func (s *socket) recheck(ctx context.Context, svc *auth.Service) error {
	err := svc.Recheck(ctx, auth.ActorFrom(ctx))
	if err != nil && fault.As(err) != nil {
		s.close(closeForbidden, "Forbidden")
	}
	return err
}

// pushGuard is one subscription's half of guardPushes.
type pushGuard struct {
	bySource atomic.Bool // the subscription's source re-checks the credential before each push
}

type pushGuardKey struct{}

// checkedAtSource tells guardPushes that the subscription running in ctx
// re-checks its credential itself before each push (inboxCounts does, for a
// whole burst at once: inbox.LiveCounts), so it need not re-check again.
func checkedAtSource(ctx context.Context) {
	if g, ok := ctx.Value(pushGuardKey{}).(*pushGuard); ok {
		g.bySource.Store(true)
	}
}

// guardPushes re-checks the credential before each result of a
// subscription after its first, so nothing reaches a socket whose credential
// ended even before the notification closes it. A subscription whose source
// re-checks (checkedAtSource) is let through: its source refused the push
// already (refusePush) when the credential ended.
func (s *socket) guardPushes(svc *auth.Service, g *pushGuard, next graphql.ResponseHandler) graphql.ResponseHandler {
	first := true
	return func(ctx context.Context) *graphql.Response {
		resp := next(ctx)
		if resp == nil {
			return nil
		}
		if first || g.bySource.Load() {
			first = false
			return resp
		}
		if err := s.recheck(ctx, svc); err != nil {
			if fault.As(err) == nil && ctx.Err() == nil {
				s.log.ErrorContext(ctx, "re-check a websocket's credential", "error", err)
				s.close(closeInternal, "Internal server error")
			}
			return nil
		}
		return resp
	}
}

// refusePush closes the socket for a push whose credential re-check, made
// by the subscription's source, failed: 4403 when the credential ended,
// 4500 when it could not be checked. Nil (not a websocket) does nothing.
func (s *socket) refusePush(ctx context.Context, err error) {
	if s == nil {
		return
	}
	if fault.As(err) != nil {
		s.close(closeForbidden, "Forbidden")
		return
	}
	if ctx.Err() == nil {
		s.log.ErrorContext(ctx, "re-check a websocket's credential", "error", err)
		s.close(closeInternal, "Internal server error")
	}
}
