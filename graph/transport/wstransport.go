package transport

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/google/uuid"
	"github.com/gorilla/websocket"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// socketTransport serves GraphQL over websockets — graphql-transport-ws and
// the legacy graphql-ws — itself rather than through gqlgen's
// transport.Websocket, on gorilla/websocket, so that an open socket holds as
// little as possible:
//
//   - One goroutine per socket, which reads its frames. It is started afresh
//     after the upgrade and the HTTP handler returns, so neither net/http's
//     connection state and 4 KiB buffers nor the handler chain's stack stay
//     behind; gorilla reads through a small buffer of its own
//     (wsReadBuffer) and writes through buffers taken from a pool only while
//     a message is written (WriteBufferPool), so an idle socket holds none.
//     Each frame is handled on a goroutine of its own, so the reading
//     goroutine's stack stays as shallow as reading needs. Writes come from
//     the goroutines that produce them (the pushes, the answers to frames,
//     the keep-alive), one at a time (socket.write): no writing goroutine.
//   - No goroutine per subscription whose source pushes (graph.Pusher, as
//     inboxCounts does): the source wakes the operation after each value,
//     and a goroutine runs gqlgen's executor over the subscription's
//     selection only while there is a value to send. Other operations run on
//     a goroutine each, as under gqlgen.
//   - The keep-alive, the init timeout and the end of the socket's context
//     are timers and context.AfterFunc, not goroutines.
//
// Every client frame goes through socket.check (the protocol's rules and
// close codes) first; the messages sent are the ones gqlgen's transport
// sends, in the same shapes.
type socketTransport struct {
	upgrader    websocket.Upgrader
	init        socketInitFunc
	sockets     context.Context // its end closes every socket (shutdown); nil: none
	keepAlive   time.Duration   // graphql-ws "ka" interval; 0: none
	readLimit   int64
	maxOps      int // operations in flight on one socket
	counts      *socketCounts
	anonymous   *socketCounts
	memory      *socketMemory
	log         *slog.Logger
	initTimeout time.Duration
}

// newSocketTransport is the socket transport the options describe.
func newSocketTransport(o Options, init socketInitFunc, log *slog.Logger) *socketTransport {
	return &socketTransport{
		upgrader: websocket.Upgrader{
			ReadBufferSize:  wsReadBuffer,
			WriteBufferSize: wsWriteBuffer,
			WriteBufferPool: &sync.Pool{},
			Subprotocols:    socketProtocols,
			CheckOrigin:     originCheck(o.OriginPatterns),
		},
		init:      init,
		sockets:   o.Sockets,
		keepAlive: o.WSKeepAlive,
		readLimit: wsReadLimit(o.WSPayloadLimit),
		// Room for every subscription, plus queries, mutations and
		// completed operations winding down.
		maxOps:      max(o.WSMaxSubscriptions, 1) + 16,
		counts:      &socketCounts{n: map[uuid.UUID]int{}, max: o.WSMaxSocketsPerUser},
		anonymous:   &socketCounts{n: map[uuid.UUID]int{}, max: o.WSMaxAnonymous},
		memory:      newSocketMemory(),
		log:         log,
		initTimeout: o.WSInitTimeout,
	}
}

// socketInitFunc authenticates a socket from its connection_init payload
// and returns the connection's context; a *socketRefusal error says how to
// close the socket.
type socketInitFunc func(ctx context.Context, payload map[string]any) (context.Context, error)

// socketRefusal is an init error with its close code and reason.
type socketRefusal struct {
	code   int
	reason string
	err    error
}

func (e *socketRefusal) Error() string { return e.err.Error() }
func (e *socketRefusal) Unwrap() error { return e.err }

// The buffer sizes gorilla reads and writes each socket through: frames are
// small JSON messages, and larger ones are read past the read buffer and
// written from the write buffer and the message together (one writev). The
// read buffer stays with the socket; a write buffer only while a message is
// written.
const (
	wsReadBuffer  = 256
	wsWriteBuffer = 1024
)

// socketProtocols are the subprotocols served, the legacy one (the default
// when the client names none) first as in gqlgen.
var socketProtocols = []string{"graphql-ws", "graphql-transport-ws"}

// originCheck accepts an upgrade without an Origin (not a browser), from
// the request's own host, or from a host matching one of patterns
// (path.Match, case-insensitive); anything else is refused with 403.
func originCheck(patterns []string) func(*http.Request) bool {
	return func(r *http.Request) bool {
		origin := r.Header.Get("Origin")
		if origin == "" {
			return true
		}
		u, err := url.Parse(origin)
		if err != nil {
			return false
		}
		if strings.EqualFold(r.Host, u.Host) {
			return true
		}
		for _, p := range patterns {
			ok, err := path.Match(strings.ToLower(p), strings.ToLower(u.Host))
			if err != nil {
				return false
			}
			if ok {
				return true
			}
		}
		return false
	}
}

var _ graphql.Transport = (*socketTransport)(nil)

// Supports says whether r is a websocket upgrade.
func (t *socketTransport) Supports(r *http.Request) bool {
	return r.Header.Get("Upgrade") != ""
}

// Do upgrades the request and serves the socket on a goroutine of its own:
// it returns as soon as the socket is open.
func (t *socketTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	c, err := t.upgrader.Upgrade(hijacker{w}, r, nil)
	if err != nil {
		t.log.DebugContext(r.Context(), "websocket upgrade refused", "error", err)
		return // Upgrade answered the request
	}
	c.SetReadLimit(t.readLimit)
	s := &socket{
		log: t.log, counts: t.counts, anonymous: t.anonymous, initTimeout: t.initTimeout, keepAlive: t.keepAlive,
		maxOps: t.maxOps, exec: exec,
		byClient: map[string]*wsOp{}, ops: map[*wsOp]struct{}{},
	}
	// The request's context ends when the handler returns; the socket's
	// keeps its values and ends with the socket (socket.end) or at
	// shutdown, which closes the socket as gqlgen did: 1000.
	ctx, cancel := context.WithCancel(context.WithValue(context.WithoutCancel(r.Context()), socketKey{}, s))
	s.ctx = ctx
	s.end = func() {
		s.mu.Lock()
		stop := s.stopShutdown
		s.mu.Unlock()
		if stop != nil {
			stop()
		}
		cancel()
	}
	s.accepted(c)
	if t.sockets != nil {
		stop := context.AfterFunc(t.sockets, func() { s.close(closeNormal, "terminated") })
		s.mu.Lock()
		s.stopShutdown = stop
		s.mu.Unlock()
	}
	t.memory.opened()
	go func() {
		defer t.memory.closed()
		defer s.release()
		s.serve(t.init)
	}()
}

// hijacker hands gorilla the connection through http.ResponseController
// (the server's middleware wraps the ResponseWriter; gorilla asks for
// http.Hijacker itself). Bytes the client sent after the upgrade request are
// already in net/http's reader, and gorilla refuses a hijacked reader that
// holds any: they are moved in front of the connection instead, where
// gorilla's own reader finds them first. net/http's 4 KiB buffers are not
// kept: gorilla reads through its own and writes from its pool.
type hijacker struct{ http.ResponseWriter }

// Hijackable wraps w so that gorilla's upgrader can take the connection
// through the server's middleware (see hijacker): for the server's other
// websockets (/collab).
func Hijackable(w http.ResponseWriter) http.ResponseWriter { return hijacker{w} }

func (w hijacker) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w hijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	if n := brw.Reader.Buffered(); n > 0 {
		b, _ := brw.Reader.Peek(n)
		conn = &prefixedConn{Conn: conn, r: io.MultiReader(bytes.NewReader(bytes.Clone(b)), conn)}
		_, _ = brw.Reader.Discard(n)
	}
	return conn, brw, nil
}

// prefixedConn is a connection whose reads start with bytes read before.
type prefixedConn struct {
	net.Conn
	r io.Reader
}

func (c *prefixedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// serve reads and handles the socket's frames until it closes, then ends
// the connection. Each frame is handled on a goroutine of its own while the
// reading one waits: the reading goroutine, the one a socket keeps while
// idle, then never grows its stack past what reading needs.
func (s *socket) serve(init socketInitFunc) {
	defer func() { _ = s.conn.Close() }()
	done := make(chan bool)
	for {
		typ, data, err := s.conn.ReadMessage()
		if err != nil {
			s.readEnded(err)
			return
		}
		go func() { done <- s.handle(init, typ, data) }()
		if !<-done {
			break
		}
	}
	// handle closed the socket: the handshake waits for the peer's close
	// frame (sendClose bounds the wait), and drops anything before it.
	for {
		if _, _, err := s.conn.NextReader(); err != nil {
			s.readEnded(err)
			return
		}
	}
}

// readEnded ends the socket after its reading failed with err. The peer's
// close frame (answered by gorilla), the end of the connection and the
// close handshake's deadline need nothing more. A frame that broke the
// protocol or the read limit was answered by gorilla with its close frame
// (1002, 1009): the peer's answer, and whatever it still sends, is read
// and dropped until it closes the connection or wsCloseTimeout passes, so
// closing with bytes unread does not reset the connection before the peer
// has read the close frame.
func (s *socket) readEnded(err error) {
	s.mu.Lock()
	closing := s.closing
	s.closing = true
	if s.timer != nil {
		s.timer.Stop()
	}
	if s.kaTimer != nil {
		s.kaTimer.Stop()
	}
	s.mu.Unlock()
	s.end()
	var closeErr *websocket.CloseError
	var netErr net.Error
	if closing || errors.As(err, &closeErr) || errors.As(err, &netErr) || errors.Is(err, io.EOF) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) {
		return
	}
	nc := s.conn.NetConn()
	_ = nc.SetReadDeadline(time.Now().Add(wsCloseTimeout))
	_, _ = io.Copy(io.Discard, nc)
}

// handle acts on one client frame; false when the socket is to close.
func (s *socket) handle(init socketInitFunc, typ int, data []byte) bool {
	start := graphql.Now()
	f, err := s.check(typ, data)
	if err != nil {
		return false // check closed the socket
	}
	switch f.kind {
	case frameNone:
	case frameInit:
		return s.initialise(init, f.payload)
	case frameTerminate:
		s.close(closeNormal, "terminated")
		return false
	case framePing:
		_ = s.write(outMsg{Type: "pong", Payload: f.payload})
	case frameStart:
		go s.run(f.op, f.payload, start)
	case frameStop:
		f.op.cancel()
	}
	return true
}

// initialise runs init for a connection_init and answers it. False when
// the socket was refused.
func (s *socket) initialise(init socketInitFunc, raw json.RawMessage) bool {
	var payload map[string]any
	if len(bytes.TrimSpace(raw)) > 0 {
		_ = json.Unmarshal(raw, &payload) // check accepted an object or null
	}
	ctx, err := init(s.ctx, payload)
	if err != nil {
		if s.protocol == "graphql-ws" {
			_ = s.write(outMsg{Type: "connection_error", Payload: mustJSON(&gqlerror.Error{Message: err.Error()})})
		}
		code, reason := closeNormal, "terminated"
		var refusal *socketRefusal
		if errors.As(err, &refusal) {
			code, reason = refusal.code, refusal.reason
		}
		s.close(code, reason)
		return false
	}
	s.mu.Lock()
	s.opCtx = ctx
	s.mu.Unlock()
	_ = s.write(outMsg{Type: "connection_ack"})
	if s.protocol == "graphql-ws" {
		_ = s.write(outMsg{Type: "ka"})
		if s.keepAlive > 0 {
			s.mu.Lock()
			if !s.closing {
				s.kaTimer = time.AfterFunc(s.keepAlive, s.keepAliveTick)
			}
			s.mu.Unlock()
		}
	}
	return true
}

// keepAliveTick sends graphql-ws's "ka" and sets the next.
func (s *socket) keepAliveTick() {
	if s.isClosing() {
		return
	}
	_ = s.write(outMsg{Type: "ka"})
	s.mu.Lock()
	if !s.closing {
		s.kaTimer.Reset(s.keepAlive)
	}
	s.mu.Unlock()
}

// run executes one operation (start, subscribe). An operation whose source
// pushes (graph.Pusher) is left to its wake-ups once set up; any other
// sends each of its results from here, then complete.
func (s *socket) run(op *wsOp, payload json.RawMessage, start time.Time) {
	ctx := graphql.StartOperationTrace(op.ctx)
	params := &graphql.RawParams{}
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.UseNumber()
	if err := dec.Decode(params); err != nil {
		s.sendErrors(op, &gqlerror.Error{Message: "invalid json"})
		return
	}
	// Headers stay nil: nothing reads them, and an idle socket would keep
	// its upgrade request's for them.
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	rc, errs := s.exec.CreateOperationContext(ctx, params)
	if errs != nil {
		resp := s.exec.DispatchError(graphql.WithOperationContext(ctx, rc), errs)
		if errcode.GetErrorKind(errs) == errcode.KindProtocol {
			s.sendErrors(op, resp.Errors...)
			return
		}
		s.sendResponse(op, &graphql.Response{Errors: errs})
		s.finish(op)
		return
	}
	ctx = context.WithValue(graphql.WithOperationContext(ctx, rc), wsOpKey{}, op)
	defer func() {
		if r := recover(); r != nil {
			s.sendErrors(op, recovered(ctx, rc, r))
		}
	}()
	responses, ctx := s.exec.DispatchOperation(ctx, rc)
	if op.arm(responses, ctx) {
		// Ends with its context: the client's complete, or the socket's end.
		context.AfterFunc(op.ctx, func() { s.finish(op) })
		op.wake() // what the source gave while it was set up
		return
	}
	for {
		resp := responses(ctx)
		if resp == nil {
			break
		}
		s.sendResponse(op, resp)
	}
	s.finish(op)
}

// pump sends a pushed subscription's results while its source holds one,
// then ends: no goroutine waits between pushes.
func (s *socket) pump(op *wsOp) {
	defer func() {
		if r := recover(); r != nil {
			op.mu.Lock()
			op.pumping = false
			op.mu.Unlock()
			s.sendErrors(op, recovered(op.rctx, graphql.GetOperationContext(op.rctx), r))
		}
	}()
	for {
		op.mu.Lock()
		if !op.pending() {
			op.pumping = false
			op.mu.Unlock()
			return
		}
		op.mu.Unlock()
		resp := op.responses(op.rctx)
		if resp == nil {
			op.mu.Lock()
			op.pumping = false
			op.mu.Unlock()
			s.finish(op)
			return
		}
		s.sendResponse(op, resp)
	}
}

func recovered(ctx context.Context, rc *graphql.OperationContext, r any) *gqlerror.Error {
	var err error
	if rc != nil && rc.RecoverFunc != nil {
		err = rc.Recover(ctx, r)
	} else {
		err = fmt.Errorf("panic: %v", r)
	}
	var gqlerr *gqlerror.Error
	if !errors.As(err, &gqlerr) {
		gqlerr = &gqlerror.Error{}
		if err != nil {
			gqlerr.Message = err.Error()
		}
	}
	return gqlerr
}

// outMsg is one server message, in either protocol.
type outMsg struct {
	Payload json.RawMessage `json:"payload,omitempty"`
	ID      string          `json:"id,omitempty"`
	Type    string          `json:"type"`
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// sendResponse sends one result of op (graphql-transport-ws "next",
// graphql-ws "data").
func (s *socket) sendResponse(op *wsOp, resp *graphql.Response) {
	t := "next"
	if s.protocol == "graphql-ws" {
		t = "data"
	}
	s.send(op, t, mustJSON(resp), false)
}

// sendErrors ends op with an "error" message.
func (s *socket) sendErrors(op *wsOp, errs ...*gqlerror.Error) {
	list := make([]error, len(errs))
	for i, e := range errs {
		list[i] = e
	}
	s.send(op, "error", mustJSON(list), true)
}

// finish ends op, with "complete" unless the client completed it or the
// socket is closing. Later calls do nothing.
func (s *socket) finish(op *wsOp) {
	s.send(op, "complete", nil, true)
}

// send writes one message of op; last ends op (its slot is given back and
// its context ends). Nothing is sent after op's last message, for an
// operation the client completed, or on a closing socket.
func (s *socket) send(op *wsOp, typ string, payload json.RawMessage, last bool) {
	s.mu.Lock()
	skip := op.over || op.stopped || s.closing || (last && typ == "complete" && s.opCtx != nil && s.opCtx.Err() != nil)
	if last && !op.over {
		op.over = true
		delete(s.ops, op)
		if s.byClient[op.client] == op {
			delete(s.byClient, op.client)
		}
	}
	s.mu.Unlock()
	if last {
		op.cancel()
	}
	if !skip {
		_ = s.write(outMsg{ID: op.client, Type: typ, Payload: payload})
	}
}

type wsOpKey struct{}

// opFrom returns the socket operation ctx runs in, or nil.
func opFrom(ctx context.Context) *wsOp {
	op, _ := ctx.Value(wsOpKey{}).(*wsOp)
	return op
}

// pushedBySource records that op, a subscription, is fed by a source that
// calls the returned function after each value it puts in the
// subscription's channel, and that pending says whether the channel holds
// a value: the transport then keeps no goroutine waiting on the channel
// (graph.Pusher). A nil pending: the channel is read as usual.
func (op *wsOp) pushedBySource(pending func() bool) (wake func()) {
	op.mu.Lock()
	defer op.mu.Unlock()
	op.pending = pending
	return op.wake
}

// arm records the executor's results of a pushed subscription; false for
// any other operation.
func (op *wsOp) arm(responses graphql.ResponseHandler, ctx context.Context) bool {
	op.mu.Lock()
	defer op.mu.Unlock()
	if op.pending == nil {
		return false
	}
	op.responses, op.rctx, op.armed = responses, ctx, true
	return true
}

// wake starts a pump for op unless one runs or op is not armed yet. It is
// called by the source, which may hold its own lock: it only starts a
// goroutine.
func (op *wsOp) wake() {
	op.mu.Lock()
	if !op.armed || op.pumping {
		op.mu.Unlock()
		return
	}
	op.pumping = true
	op.mu.Unlock()
	go op.s.pump(op)
}
