package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fastschema/qjs"
	"github.com/google/uuid"
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

func mergeLimits(base, over Limits) Limits {
	if over.WallTime > 0 {
		base.WallTime = over.WallTime
	}
	if over.Memory > 0 {
		base.Memory = over.Memory
	}
	if over.Proposals > 0 {
		base.Proposals = over.Proposals
	}
	if over.Reads > 0 {
		base.Reads = over.Reads
	}
	if over.LogBytes > 0 {
		base.LogBytes = over.LogBytes
	}
	return base
}

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

// bytesText writes n as MiB or KiB when it is a whole number of them.
func bytesText(n int) string {
	switch {
	case n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + " KiB"
	}
	return strconv.Itoa(n) + " bytes"
}

func limitMessage(l Limit, lim Limits) string {
	switch l {
	case LimitExecutionTime:
		return fmt.Sprintf("the script ran longer than %s", lim.WallTime)
	case LimitActions:
		return fmt.Sprintf("the script proposed more than %d actions", lim.Proposals)
	case LimitReads:
		return fmt.Sprintf("the script read more than %d times", lim.Reads)
	case LimitMemory:
		return fmt.Sprintf("the script needed more than %s of memory", bytesText(lim.Memory))
	}
	return string(l)
}

// host is the one Go function the prelude calls: host(op + "\n" +
// argsJSON) → envelope JSON (see prelude.js).
func (r *run) host(this *qjs.This) (*qjs.Value, error) {
	r.eng.mem.host = true
	defer func() { r.eng.mem.host = false }()
	args := this.Args()
	var msg string
	ok := len(args) == 1 && args[0].IsString()
	if ok {
		msg = args[0].String()
	}
	for _, a := range args {
		a.Free()
	}
	op, payload, found := strings.Cut(msg, "\n")
	out := `{"e":{"name":"TypeError","message":"not a host call"}}`
	if ok && found {
		out = r.dispatch(op, payload)
	}
	if len(out) > maxReply {
		out = errEnvelope(rangeErr("the answer has %d bytes; at most %d cross into the script", len(out), maxReply))
	}
	return this.Context().NewString(out), nil
}

func (r *run) dispatch(op, payload string) string {
	r.mu.Lock()
	if r.stopped {
		r.mu.Unlock()
		return stopEnvelope(r.limitOrStop())
	}
	r.mu.Unlock()
	switch op {
	case "pin":
		return `{"u":1}`
	case "init":
		return r.init()
	case "log":
		return r.log(payload)
	case "end":
		return r.end(payload)
	case "find", "get":
		return r.read(op, payload)
	case "share", "notify", "tag", "untag", "write":
		return r.propose(Kind(op), payload)
	}
	return errEnvelope(typeErr("unknown host call %q", truncate(op, 40)))
}

// init answers the prelude's first call: the source, the event's JSON and
// the log room. Only once.
func (r *run) init() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.initialized {
		return errEnvelope(typeErr("init: called twice"))
	}
	r.initialized = true
	src, _ := marshal(r.src)
	return `{"v":{"source":` + string(src) + `,"event":` + r.event + `,"room":` + strconv.Itoa(r.lim.LogBytes) + `}}`
}

func (r *run) limitOrStop() string {
	if r.limit != LimitNone {
		return string(r.limit)
	}
	return "stopped"
}

func value(v any) string {
	b, err := marshal(v)
	if err != nil {
		return errEnvelope(typeErr("the result could not be encoded"))
	}
	return `{"v":` + string(b) + `}`
}

// marshal is json.Marshal without HTML escaping (it would make <, > and &
// six bytes each in what crosses into the script).
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func errEnvelope(e *argError) string {
	b, _ := json.Marshal(map[string]any{"e": map[string]string{"name": e.name, "message": e.message}})
	return string(b)
}

func stopEnvelope(why string) string { return `{"stop":` + strconv.Quote(why) + `}` }

// propose records one proposal, or stops the run when it would be one more
// than the limit allows.
func (r *run) propose(kind Kind, payload string) string {
	p, aerr := proposal(kind, payload)
	if aerr != nil {
		return errEnvelope(aerr)
	}
	r.mu.Lock()
	if len(r.proposals) >= r.lim.Proposals {
		r.mu.Unlock()
		r.stop(LimitActions, nil)
		return stopEnvelope(string(LimitActions))
	}
	if n := p.size(); r.proposalBytes+n > MaxProposalBytes {
		r.mu.Unlock()
		return errEnvelope(rangeErr("codna.%s: the run's proposals would hold more than %d bytes", kind, MaxProposalBytes))
	} else {
		r.proposalBytes += n
	}
	r.proposals = append(r.proposals, p)
	r.mu.Unlock()
	return `{"u":1}`
}

// read answers codna.find or codna.get through the Capabilities, or stops
// the run when it would be one read more than the limit allows.
func (r *run) read(op, payload string) string {
	fn := "codna." + op
	args, aerr := decodeArgs(fn, payload, 1)
	if aerr != nil {
		return errEnvelope(aerr)
	}
	var q FindQuery
	var id uuid.UUID
	if op == "find" {
		q, aerr = findQuery(args[0], r.sb.cfg.Now())
	} else {
		id, aerr = docID(fn, args[0])
	}
	if aerr != nil {
		return errEnvelope(aerr)
	}
	r.mu.Lock()
	if r.reads >= r.lim.Reads {
		r.mu.Unlock()
		r.stop(LimitReads, nil)
		return stopEnvelope(string(LimitReads))
	}
	r.reads++
	r.mu.Unlock()

	var out any
	var err error
	if op == "find" {
		var docs []Document
		docs, err = r.caps.Find(r.capsCtx, q)
		if len(docs) > q.Limit {
			docs = docs[:q.Limit]
		}
		rows := make([]Document, len(docs))
		for i, d := range docs {
			d.Content = nil
			rows[i] = withTags(d)
		}
		out = rows
	} else {
		var d *Document
		if d, err = r.caps.Get(r.capsCtx, id); d != nil {
			dd := withTags(*d)
			out = &dd
		}
	}
	if err != nil {
		r.mu.Lock()
		stopped := r.stopped
		r.mu.Unlock()
		if !stopped {
			r.stop(LimitNone, fmt.Errorf("%s: %w", fn, err))
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		return stopEnvelope(r.limitOrStop())
	}
	return value(out)
}

// log appends one console line, cut to what is left of Limits.LogBytes,
// and answers how much is left.
func (r *run) log(payload string) string {
	var args [2]string
	var raw []json.RawMessage
	if json.Unmarshal([]byte(payload), &raw) != nil || len(raw) != 2 ||
		json.Unmarshal(raw[0], &args[0]) != nil || json.Unmarshal(raw[1], &args[1]) != nil {
		return errEnvelope(typeErr("console: bad call"))
	}
	level, text := args[0], args[1]
	line := text
	if level != "log" && level != "info" {
		line = level + ": " + text
	}
	line += "\n"
	r.mu.Lock()
	defer r.mu.Unlock()
	room := r.lim.LogBytes - r.logs.Len()
	if len(line) > room {
		line = truncate(line, room)
		r.truncated = true
	}
	r.logs.WriteString(line)
	return value(r.lim.LogBytes - r.logs.Len())
}

// thrown is how the prelude describes a value the script threw.
type thrown struct {
	Error   bool   `json:"error"`
	Type    string `json:"type"`
	Name    string `json:"name"`
	Message string `json:"message"`
	Stack   string `json:"stack"`
}

// end records how the script ended: 'done', 'thrown' (with the thrown
// value's description) or 'pending' (it returned a promise; a second end
// settles it).
func (r *run) end(payload string) string {
	var raw []json.RawMessage
	var state string
	if json.Unmarshal([]byte(payload), &raw) != nil || len(raw) != 2 || json.Unmarshal(raw[0], &state) != nil {
		return errEnvelope(typeErr("end: bad call"))
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ended && !r.pending {
		return `{"u":1}`
	}
	switch state {
	case "pending":
		r.pending = true
		r.ended = true
		return `{"u":1}`
	case "thrown":
		var t thrown
		_ = json.Unmarshal(raw[1], &t)
		r.err = thrownError(t)
		if r.err.Kind == ErrLimit {
			r.limit = LimitMemory
		}
	}
	r.pending = false
	r.ended = true
	return `{"u":1}`
}

func thrownError(t thrown) *ScriptError {
	if !t.Error {
		return &ScriptError{Kind: ErrThrown, Message: fmt.Sprintf("the script threw a non-Error value (%s): %s", t.Type, t.Message)}
	}
	if t.Name == "InternalError" && t.Message == "out of memory" {
		return &ScriptError{Kind: ErrLimit, Name: t.Name, Message: t.Message}
	}
	return &ScriptError{Kind: ErrThrown, Name: t.Name, Message: t.Message, Stack: scriptStack(t.Stack)}
}

// inputPos is a position in the evaluated text, which is the script with
// `"use strict";` in front of its first line.
var inputPos = regexp.MustCompile(`<input>:(\d+):(\d+)`)

const strictPrefix = len(`"use strict";`)

// scriptStack keeps the stack frames in the script, named script.js, with
// line 1's columns corrected for the strict prefix (and 1-based, as the
// other lines' are).
func scriptStack(stack string) string {
	var out []string
	for _, line := range strings.Split(stack, "\n") {
		if !strings.Contains(line, "<input>:") {
			continue
		}
		line = inputPos.ReplaceAllStringFunc(line, func(m string) string {
			p := inputPos.FindStringSubmatch(m)
			col, _ := strconv.Atoi(p[2])
			if p[1] == "1" && col >= strictPrefix {
				// QuickJS counts line 1's columns from 0 (the others from 1).
				col -= strictPrefix - 1
			}
			return "script.js:" + p[1] + ":" + strconv.Itoa(col)
		})
		out = append(out, strings.TrimSpace(line))
	}
	return strings.Join(out, "\n")
}

// syntaxError reads qjs's compile error: "SyntaxError: message" then frames
// such as "    at script.js:3:9".
func syntaxError(msg string) *ScriptError {
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	name, message, found := strings.Cut(lines[0], ": ")
	if !found {
		name, message = "SyntaxError", lines[0]
	}
	for _, l := range lines[1:] {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "at script.js:") {
			message += " (" + strings.TrimPrefix(l, "at ") + ")"
			break
		}
	}
	return &ScriptError{Kind: ErrSyntax, Name: name, Message: truncate(message, 1000)}
}
