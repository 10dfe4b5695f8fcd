package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/gorilla/websocket"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"codna/graph"
	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/live"
)

// The close codes a websocket ends with. They are graphql-transport-ws's
// (github.com/enisdenjo/graphql-ws PROTOCOL.md); the legacy graphql-ws
// protocol defines none, so it gets the same ones.
const (
	closeNormal       = 1000 // the end of the socket, by either side
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

// wsCloseTimeout bounds each half of the close handshake: sending the close
// frame, then waiting for the peer's.
const wsCloseTimeout = 5 * time.Second

// The client message types each protocol allows.
var clientTypes = map[string]map[string]bool{
	"graphql-transport-ws": {"connection_init": true, "ping": true, "pong": true, "subscribe": true, "complete": true},
	"graphql-ws":           {"connection_init": true, "connection_terminate": true, "start": true, "stop": true},
}

type socketKey struct{}

// socketFrom returns the websocket ctx belongs to, or nil over HTTP.
func socketFrom(ctx context.Context) *socket {
	s, _ := ctx.Value(socketKey{}).(*socket)
	return s
}

// socket is one websocket's state.
type socket struct {
	log         *slog.Logger
	counts      *socketCounts
	anonymous   *socketCounts // the replica's signed-out sockets, under uuid.Nil
	initTimeout time.Duration
	keepAlive   time.Duration
	maxOps      int // operations in flight at once, subscriptions included
	exec        graphql.GraphExecutor

	conn     *websocket.Conn
	protocol string
	ctx      context.Context // the socket's: ends with it, or at shutdown
	end      func()          // ends ctx
	writing  sync.Mutex      // one writer at a time (gorilla allows no more)

	mu           sync.Mutex
	stopShutdown func() bool // unregisters the shutdown's close
	closing      bool
	inited       bool
	timer        *time.Timer     // the init timeout
	kaTimer      *time.Timer     // graphql-ws keep-alive
	opCtx        context.Context // the connection's once initialised: the operations run in it
	user         uuid.UUID       // counted against the user's sockets
	counted      bool
	signedOut    bool               // counted among the anonymous sockets instead
	idleTimer    *time.Timer        // closes a signed-out socket (socket.admit)
	byClient     map[string]*wsOp   // by the client's id, the operations the client has not completed
	ops          map[*wsOp]struct{} // the operations until the server sends their last message

	rechecking   bool // credentialSignal's re-check runs
	recheckAgain bool // and another signal came meanwhile
}

// wsOp is one operation of a socket.
type wsOp struct {
	s       *socket
	client  string // the client's id for it
	ctx     context.Context
	cancel  context.CancelFunc
	stopped bool // the client completed it: send it nothing more (socket.mu)
	over    bool // its last message was sent (socket.mu)

	// A subscription whose source pushes (graph.Pusher).
	mu        sync.Mutex
	pending   func() bool // the source holds a value
	responses graphql.ResponseHandler
	rctx      context.Context
	armed     bool // responses is set
	pumping   bool // a pump runs
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
	if s.kaTimer != nil {
		s.kaTimer.Stop()
	}
	c := s.conn
	s.mu.Unlock()
	// Sending may wait up to wsCloseTimeout for a peer that does not read;
	// the caller (the hub, a timer, the shares' pushing goroutine) must not.
	go sendClose(c, code, reason)
	s.end()
}

// sendClose starts the close handshake: it sends the close frame, then
// gives the peer wsCloseTimeout to answer with its own, which the socket's
// reading goroutine waits for (serve). A frame that cannot be sent drops
// the connection at once.
func sendClose(c *websocket.Conn, code int, reason string) {
	err := c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(wsCloseTimeout))
	if err != nil && !errors.Is(err, websocket.ErrCloseSent) {
		_ = c.Close()
		return
	}
	_ = c.SetReadDeadline(time.Now().Add(wsCloseTimeout))
}

func (s *socket) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// release gives back the socket's place in its user's count and ends its
// contexts (and so its operations), once its reading ended.
func (s *socket) release() {
	s.mu.Lock()
	counted, user, signedOut := s.counted, s.user, s.signedOut
	s.counted = false
	if s.timer != nil {
		s.timer.Stop()
	}
	if s.idleTimer != nil {
		s.idleTimer.Stop()
	}
	if s.kaTimer != nil {
		s.kaTimer.Stop()
	}
	s.mu.Unlock()
	switch {
	case counted && signedOut:
		s.anonymous.give(uuid.Nil)
	case counted:
		s.counts.give(user)
	}
	s.end()
}

// errSocketClosing ends the read loop after socket.close.
var errSocketClosing = errors.New("websocket: closing")

// The kinds of client frame the read loop acts on.
type frameKind int

const (
	frameNone      frameKind = iota // nothing to do (check did it)
	frameInit                       // connection_init
	frameTerminate                  // connection_terminate
	framePing                       // ping after init: answer pong
	frameStart                      // subscribe, start: run op
	frameStop                       // complete, stop: end op
)

// checkedFrame is what check made of one client frame.
type checkedFrame struct {
	kind    frameKind
	op      *wsOp
	payload json.RawMessage
}

// inbound is one client frame's envelope.
type inbound struct {
	Type    *string         `json:"type"`
	ID      *string         `json:"id"`
	Payload json.RawMessage `json:"payload"`
}

// check applies the protocol to one client frame: it says what the read
// loop is to do, or returns an error after closing the socket.
func (s *socket) check(typ int, data []byte) (checkedFrame, error) {
	fail := func(code int, reason string) (checkedFrame, error) {
		s.close(code, reason)
		return checkedFrame{}, errSocketClosing
	}
	if typ != websocket.TextMessage {
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
		return checkedFrame{kind: frameInit, payload: m.Payload}, nil
	case "ping":
		if !inited {
			// The protocol allows pings before init.
			_ = s.write(outMsg{Type: "pong"})
			return checkedFrame{}, nil
		}
		return checkedFrame{kind: framePing, payload: m.Payload}, nil
	case "pong":
		return checkedFrame{}, nil
	case "connection_terminate":
		return checkedFrame{kind: frameTerminate}, nil
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
		op, ok := s.byClient[id]
		if ok {
			delete(s.byClient, id)
			op.stopped = true
		}
		s.mu.Unlock()
		if !ok {
			return checkedFrame{}, nil // already over: nothing to end
		}
		return checkedFrame{kind: frameStop, op: op}, nil
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
		_ = s.write(outMsg{ID: id, Type: "error", Payload: mustJSON([]*gqlerror.Error{{
			Message:    fmt.Sprintf("This connection already runs %d operations; wait for one to end.", s.maxOps),
			Extensions: map[string]any{"code": string(fault.RateLimited)},
		}})})
		return checkedFrame{}, nil
	}
	op := &wsOp{s: s, client: id}
	op.ctx, op.cancel = context.WithCancel(s.opCtx)
	s.byClient[id] = op
	s.ops[op] = struct{}{}
	s.mu.Unlock()
	return checkedFrame{kind: frameStart, op: op, payload: m.Payload}, nil
}

func isObject(p json.RawMessage) bool {
	p = bytes.TrimSpace(p)
	return len(p) > 0 && p[0] == '{'
}

func isObjectOrNull(p json.RawMessage) bool {
	p = bytes.TrimSpace(p)
	return len(p) == 0 || string(p) == "null" || p[0] == '{'
}

// write sends one JSON message, bounded by wsWriteTimeout; a write that
// fails (the peer stopped reading, or left) drops the connection, which
// ends the socket. Writes take turns: the pushes, the answers to the
// client's frames and the keep-alive come from different goroutines.
func (s *socket) write(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	s.writing.Lock()
	defer s.writing.Unlock()
	_ = s.conn.SetWriteDeadline(time.Now().Add(wsWriteTimeout))
	err = s.conn.WriteMessage(websocket.TextMessage, data)
	if err != nil && !errors.Is(err, websocket.ErrCloseSent) {
		_ = s.conn.Close()
	}
	return err
}

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
// end of a's credential. It returns the connection's context, or a
// *socketRefusal when the user has too many sockets.
func (s *socket) admit(ctx context.Context, a *auth.Actor, svc *auth.Service, hub *live.Hub) (context.Context, error) {
	// ctx ends with the socket (socket.end, which close calls): no
	// context of its own is needed.
	if a == nil {
		// No subscription serves anyone signed out (docs/api.md): such a
		// socket counts against the replica's cap on them, and is closed
		// once the init timeout passes again.
		if s.anonymous == nil {
			return ctx, nil
		}
		if !s.anonymous.take(uuid.Nil) {
			return ctx, &socketRefusal{code: closeTooMany, reason: "Too many open websockets", err: fault.New(fault.RateLimited,
				"Too many websockets are open without signing in; sign in first.")}
		}
		s.mu.Lock()
		s.counted, s.signedOut = true, true
		if s.initTimeout > 0 {
			s.idleTimer = time.AfterFunc(s.initTimeout, func() { s.close(closeUnauthorized, "Sign in first") })
		}
		s.mu.Unlock()
		return ctx, nil
	}
	if !s.counts.take(a.UserID) {
		return ctx, &socketRefusal{code: closeTooMany, reason: "Too many open websockets", err: fault.New(fault.RateLimited,
			"You already have %d websockets open; close one first.", s.counts.max)}
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

// pushGuard is one websocket subscription's graph.Pusher: its source's
// hooks into the transport, and guardPushes' state.
type pushGuard struct {
	s        *socket
	op       *wsOp       // nil only if the operation was not started by socket.run
	bySource atomic.Bool // the subscription's source re-checks the credential before each push
}

var _ graph.Pusher = (*pushGuard)(nil)

// PushedBySource hands the subscription's pushes to its source
// (wsOp.pushedBySource).
func (g *pushGuard) PushedBySource(pending func() bool) (wake func()) {
	if g.op == nil {
		return nil
	}
	return g.op.pushedBySource(pending)
}

// CheckedAtSource tells guardPushes that the subscription's source
// re-checks its credential itself before each push (inboxCounts does, for a
// whole burst at once: inbox.LiveCounts), so it need not re-check again.
func (g *pushGuard) CheckedAtSource() { g.bySource.Store(true) }

// RefusePush closes the socket for a push whose credential re-check, made
// by the subscription's source, failed (socket.refusePush).
func (g *pushGuard) RefusePush(ctx context.Context, err error) { g.s.refusePush(ctx, err) }

// guardPushes re-checks the credential before each result of a
// subscription after its first, so nothing reaches a socket whose credential
// ended even before the notification closes it. A subscription whose source
// re-checks (CheckedAtSource) is let through: its source refused the push
// already (RefusePush) when the credential ended.
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
