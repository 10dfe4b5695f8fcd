package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/fastschema/qjs"
)

// Input is one run: the script, the event it reacts to (nil for a scheduled
// run: `event` is null) and the capabilities that answer its reads as the
// owner.
type Input struct {
	Script string
	Event  *Event
	Caps   Capabilities
	// Limits override the Sandbox's (Config.Limits) field by field; zero
	// fields keep them.
	Limits Limits
}

// Run runs in.Script once in a fresh runtime and returns what it did. A
// script's failure — a syntax error, an uncaught throw, a limit, the engine
// trapping — is in the Result (Err, LimitHit), with a nil error.
//
// The error is the host's: ErrStopped; in.Caps nil; an Event whose Payload
// is not a JSON object; a runtime that could not be created; a Capabilities
// method failing (the run stopped where it was; the partial Result comes
// with the error); ctx ending before the script did (ctx's error). The
// caller may retry a run that failed so.
//
// Run returns by the wall time plus a short grace whatever the engine does:
// a runtime that has not stopped by then (only a host call that ignores
// cancellation could hold it) is abandoned to its goroutine, counted in
// Stats().Abandoned, and the run ends with LimitExecutionTime.
func (s *Sandbox) Run(ctx context.Context, in Input) (*Result, error) {
	if s.isStopped() {
		return nil, ErrStopped
	}
	if in.Caps == nil {
		return nil, errors.New("sandbox: Run needs Capabilities")
	}
	lim := mergeLimits(s.limits, in.Limits)
	if serr := checkSource(in.Script); serr != nil {
		return &Result{Err: serr}, nil
	}
	event, err := encodeEvent(in.Event)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	eng, err := s.take(lim.Memory)
	if err != nil {
		return nil, err
	}
	s.runs.Add(1)

	capsCtx, cancelCaps := context.WithCancel(ctx)
	defer cancelCaps()
	r := &run{sb: s, lim: lim, src: in.Script, event: event, caps: in.Caps, capsCtx: capsCtx, cancelCaps: cancelCaps, eng: eng}
	eng.mem.refused = func() { r.stop(LimitMemory, nil) }
	if testHookRun != nil {
		testHookRun(r)
	}
	start := time.Now()
	wall := time.AfterFunc(lim.WallTime, func() { r.stop(LimitExecutionTime, nil) })
	defer wall.Stop()
	unwatch := context.AfterFunc(ctx, func() { r.stop(LimitNone, context.Cause(ctx)) })
	defer unwatch()

	done := make(chan struct{})
	go func() {
		defer close(done)
		r.exec()
	}()
	grace := time.NewTimer(lim.WallTime + abandonGrace)
	defer grace.Stop()
	select {
	case <-done:
	case <-grace.C:
		s.abandoned.Add(1)
		r.stop(LimitExecutionTime, nil)
	}
	return r.result(time.Since(start))
}

var testHookRun func(*run)

// encodeEvent is the JSON of the script's `event` (null for none).
func encodeEvent(ev *Event) (string, error) {
	if ev == nil {
		return "null", nil
	}
	e := *ev
	if len(e.Payload) == 0 {
		e.Payload = json.RawMessage("{}")
	} else if !bytes.HasPrefix(bytes.TrimSpace(e.Payload), []byte("{")) || !json.Valid(e.Payload) {
		return "", errors.New("sandbox: the event's payload must be a JSON object")
	}
	if e.Document != nil {
		d := withTags(*e.Document)
		e.Document = &d
	}
	b, err := marshal(e)
	if err != nil {
		return "", fmt.Errorf("sandbox: event: %w", err)
	}
	return string(b), nil
}

func withTags(d Document) Document {
	if d.Tags == nil {
		d.Tags = []string{}
	}
	return d
}

// run is the state of one Run, shared by the goroutine running the engine
// (exec and the host calls it makes) and the ones that stop it (wall time,
// caller). mu guards every field below it.
type run struct {
	sb         *Sandbox
	lim        Limits
	src, event string
	caps       Capabilities
	capsCtx    context.Context
	cancelCaps context.CancelFunc
	eng        *engine

	mu            sync.Mutex
	initialized   bool
	stopped       bool
	limit         Limit
	hostErr       error // a Capabilities failure or the caller's cancellation
	proposals     []Proposal
	proposalBytes int
	reads         int
	logs          strings.Builder
	truncated     bool
	ended         bool // the script ran to its end ('done' or 'thrown')
	pending       bool // the script returned a promise not yet settled
	err           *ScriptError
}

// stop ends the run: it records why (the first reason wins), cancels the
// capabilities' context and closes the engine's module, which stops the
// script wherever it is. limit is LimitNone when err says why.
func (r *run) stop(limit Limit, err error) {
	r.mu.Lock()
	if r.stopped {
		r.mu.Unlock()
		return
	}
	r.stopped = true
	r.limit, r.hostErr = limit, err
	r.mu.Unlock()
	r.cancelCaps()
	r.eng.cancel()
}

// exec runs the prelude, which runs the script, on this goroutine. qjs
// panics when its module is closed under it (a stop) and when the wasm
// traps; both are recovered here, and the runtime is thrown away either way.
func (r *run) exec() {
	defer r.eng.close()
	defer func() {
		if p := recover(); p != nil {
			r.crashed(fmt.Sprint(p))
		}
	}()
	c := r.eng.rt.Context()
	c.Global().SetPropertyStr("__codna_host", c.Function(r.host))
	if _, err := r.eng.rt.Compile("script.js", qjs.Code(r.src)); err != nil {
		r.mu.Lock()
		if !r.stopped {
			r.err = syntaxError(err.Error())
			r.ended = true
		}
		r.mu.Unlock()
		return
	}
	code, err := preludeCode(r.eng)
	if err != nil {
		r.escaped(err.Error())
		return
	}
	v, err := r.eng.rt.Eval("prelude.js", qjs.Bytecode(code))
	if err != nil {
		r.escaped(err.Error())
		return
	}
	v.Free()
}

// preludeBytecode is the prelude compiled once per process: compiling its
// source costs about 5 ms of a run, loading its bytecode about 1 ms. It is
// this package's own constant source, compiled by the engine every runtime
// shares; scripts never get a way to load bytecode (bjson is removed).
var preludeBytecode struct {
	sync.Mutex
	code []byte
}

// preludeCode returns the prelude's bytecode, compiling it in eng the
// first time (compiling runs nothing).
func preludeCode(eng *engine) ([]byte, error) {
	preludeBytecode.Lock()
	defer preludeBytecode.Unlock()
	if preludeBytecode.code == nil {
		code, err := eng.rt.Compile("prelude.js", qjs.Code(prelude))
		if err != nil {
			return nil, fmt.Errorf("prelude: %w", err)
		}
		preludeBytecode.code = code
	}
	return preludeBytecode.code, nil
}

// crashed records a panic of qjs: expected after a stop; otherwise the
// engine trapped.
func (r *run) crashed(p string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped || r.ended && !r.pending {
		return
	}
	msg := "the engine failed"
	if i := strings.Index(p, "wasm error: "); i >= 0 {
		line, _, _ := strings.Cut(p[i+len("wasm error: "):], "\n")
		msg += ": " + line + " (a recursion deeper than a few hundred calls overflows the engine's stack)"
	}
	r.err = &ScriptError{Kind: ErrEngine, Message: msg}
	r.ended = true
}

// escaped records an exception that left the prelude: the script's own
// are caught there, so this is the engine running out of memory while the
// prelude reported, or a stop.
func (r *run) escaped(msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped || r.ended && !r.pending {
		return
	}
	if strings.Contains(msg, "out of memory") {
		r.limit = LimitMemory
		r.err = &ScriptError{Kind: ErrLimit, Name: "InternalError", Message: "out of memory"}
	} else {
		first, _, _ := strings.Cut(msg, "\n")
		r.err = &ScriptError{Kind: ErrEngine, Message: "the run failed: " + truncate(first, 500)}
	}
	r.ended = true
}

// result assembles the Result once the run is over (or abandoned).
func (r *run) result(d time.Duration) (*Result, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	res := &Result{
		Proposals:     append([]Proposal(nil), r.proposals...),
		Reads:         r.reads,
		Logs:          r.logs.String(),
		LogsTruncated: r.truncated,
		LimitHit:      r.limit,
		Err:           r.err,
		Duration:      d,
		MemoryPeak:    r.eng.memory(),
	}
	switch {
	case r.hostErr != nil:
		res.Err = nil
		return res, fmt.Errorf("sandbox: run stopped: %w", r.hostErr)
	case r.limit != LimitNone && (res.Err == nil || res.Err.Kind != ErrLimit):
		res.Err = &ScriptError{Kind: ErrLimit, Message: limitMessage(r.limit, r.lim)}
	case res.Err == nil && r.pending:
		res.Err = &ScriptError{Kind: ErrUnsettled, Message: "the promise the script returned never settled"}
	}
	return res, nil
}
