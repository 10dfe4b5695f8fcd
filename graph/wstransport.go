package graph

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
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/coder/websocket"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// socketTransport serves GraphQL over websockets — graphql-transport-ws and
// the legacy graphql-ws — itself rather than through gqlgen's
// transport.Websocket, so that an open socket holds as little as possible:
//
//   - One goroutine per socket, which reads its frames. It is started afresh
//     after the upgrade and the HTTP handler returns, so neither net/http's
//     connection state and 4 KiB buffers nor the handler chain's stack stay
//     behind; coder/websocket gets small buffers of its own (smallBuffers).
//     Each frame is handled on a goroutine of its own, so the reading
//     goroutine's stack stays as shallow as reading needs.
//   - No goroutine per subscription whose source pushes (pushedBySource, as
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
	accept      websocket.AcceptOptions
	init        socketInitFunc
	sockets     context.Context // its end closes every socket (shutdown); nil: none
	keepAlive   time.Duration   // graphql-ws "ka" interval; 0: none
	readLimit   int64
	maxOps      int // operations in flight on one socket
	counts      *socketCounts
	memory      *socketMemory
	log         *slog.Logger
	initTimeout time.Duration
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

// The buffer sizes coder/websocket reads and writes each socket through:
// frames are small JSON messages, and larger reads and writes bypass a
// bufio buffer anyway.
const (
	wsReadBuffer  = 256
	wsWriteBuffer = 512
)

// socketProtocols are the subprotocols served, the legacy one (the default
// when the client names none) first as in gqlgen.
var socketProtocols = []string{"graphql-ws", "graphql-transport-ws"}

var _ graphql.Transport = (*socketTransport)(nil)

// Supports says whether r is a websocket upgrade.
func (t *socketTransport) Supports(r *http.Request) bool {
	return r.Header.Get("Upgrade") != ""
}

// Do upgrades the request and serves the socket on a goroutine of its own:
// it returns as soon as the socket is open.
func (t *socketTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	opts := t.accept
	opts.Subprotocols = socketProtocols
	c, err := websocket.Accept(smallBuffers{w}, r, &opts)
	if err != nil {
		t.log.DebugContext(r.Context(), "websocket upgrade refused", "error", err)
		return // Accept answered the request
	}
	c.SetReadLimit(t.readLimit)
	s := &socket{
		log: t.log, counts: t.counts, initTimeout: t.initTimeout, keepAlive: t.keepAlive,
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

// smallBuffers hands coder/websocket the hijacked connection with small
// bufio buffers of its own instead of net/http's 4 KiB ones.
type smallBuffers struct{ http.ResponseWriter }

func (w smallBuffers) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// Bytes the client sent after the upgrade request are already in
	// net/http's reader: the new reader starts with them buffered.
	n := brw.Reader.Buffered()
	var src io.Reader = conn
	if n > 0 {
		b, _ := brw.Reader.Peek(n)
		src = io.MultiReader(bytes.NewReader(bytes.Clone(b)), conn)
	}
	br := bufio.NewReaderSize(src, max(wsReadBuffer, n))
	if n > 0 {
		if _, err := br.Peek(n); err != nil {
			return nil, nil, err
		}
	}
	return conn, bufio.NewReadWriter(br, bufio.NewWriterSize(conn, wsWriteBuffer)), nil
}

// serve reads and handles the socket's frames until it closes. Each frame
// is handled on a goroutine of its own while the reading one waits: the
// reading goroutine, the one a socket keeps while idle, then never grows
// its stack past what reading needs.
func (s *socket) serve(init socketInitFunc) {
	done := make(chan bool)
	for {
		typ, data, err := s.conn.Read(context.Background())
		if err != nil {
			s.close(closeNormal, "terminated")
			return
		}
		go func() { done <- s.handle(init, typ, data) }()
		if !<-done {
			return
		}
	}
}

// handle acts on one client frame; false when the socket is to close.
func (s *socket) handle(init socketInitFunc, typ websocket.MessageType, data []byte) bool {
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
// pushes (pushedBySource) is left to its wake-ups once set up; any other
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

// pushedBySource tells the websocket transport that the subscription
// running in ctx is fed by a source that calls the returned function after
// each value it puts in the subscription's channel, and that pending says
// whether the channel holds a value: the transport then keeps no goroutine
// waiting on the channel. Nil (over other transports): the channel is read
// as usual.
func pushedBySource(ctx context.Context, pending func() bool) (wake func()) {
	op, _ := ctx.Value(wsOpKey{}).(*wsOp)
	if op == nil {
		return nil
	}
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
