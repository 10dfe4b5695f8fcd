package crdt

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"sync"
	"time"

	"codna/internal/sandbox"

	"github.com/fastschema/qjs"
)

// engineSource is yjs with the engine's functions (frontend/engine/crdt.js),
// bundled into one script by `make generate` from the versions
// frontend/package-lock.json pins.
//
//go:embed engine.gen.js
var engineSource string

// ErrBusy is returned when no runtime of the engine came free within the
// wait a call allowed: the caller does without (sync step 1 answers with
// the stored state and log instead).
var ErrBusy = errors.New("crdt: engine busy")

// ErrEngine is returned when a call failed inside the engine: past its wall
// time or memory, or yjs threw. The runtime is thrown away.
var ErrEngine = errors.New("crdt: engine failed")

// EngineConfig bounds the engine. Zero fields take the defaults.
type EngineConfig struct {
	// Runtimes is how many runtimes may exist at once (default 2).
	Runtimes int
	// Memory bounds each runtime's linear memory (default 256 MiB: a 1 MiB
	// page's document with its history decodes to tens of MiB in QuickJS).
	Memory int
	// Wall bounds each call (default 2 s).
	Wall time.Duration
}

func (c EngineConfig) withDefaults() EngineConfig {
	if c.Runtimes <= 0 {
		c.Runtimes = 2
	}
	if c.Memory <= 0 {
		c.Memory = 256 << 20
	}
	if c.Wall <= 0 {
		c.Wall = 2 * time.Second
	}
	return c
}

// Engine runs yjs in pooled QuickJS runtimes of the automation sandbox for
// what needs to understand a document: answering sync step 1 exactly,
// compacting, reading the text, applying an API write, starting from a
// text (docs/design.md "Co-editing: the engine"). Runtimes hold no document
// between calls; they are kept for reuse and discarded after any failure.
// Safe for concurrent use.
type Engine struct {
	sb    *sandbox.Sandbox
	cfg   EngineConfig
	slots chan struct{}
	idle  chan *sandbox.Runtime

	codeMu sync.Mutex
	code   []byte // engineSource compiled once per process
}

// NewEngine returns an engine over sb's runtimes. It makes nothing until
// the first call.
func NewEngine(sb *sandbox.Sandbox, cfg EngineConfig) *Engine {
	cfg = cfg.withDefaults()
	return &Engine{sb: sb, cfg: cfg, slots: make(chan struct{}, cfg.Runtimes), idle: make(chan *sandbox.Runtime, cfg.Runtimes)}
}

// Close releases the idle runtimes. Calls in progress finish and release
// theirs. Idempotent.
func (e *Engine) Close() {
	for {
		select {
		case rt := <-e.idle:
			rt.Close()
		default:
			return
		}
	}
}

// call runs fn on a runtime, waiting up to wait for one to come free
// (ErrBusy after), within the wall time.
func (e *Engine) call(ctx context.Context, wait time.Duration, fn func(c *qjs.Context) error) error {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case e.slots <- struct{}{}:
	case <-timer.C:
		return ErrBusy
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-e.slots }()
	var rt *sandbox.Runtime
	select {
	case rt = <-e.idle:
	default:
		var err error
		if rt, err = e.newRuntime(); err != nil {
			return err
		}
	}
	done := make(chan error, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- fmt.Errorf("%w: %v", ErrEngine, p)
			}
		}()
		done <- fn(rt.Context())
	}()
	wall := time.NewTimer(e.cfg.Wall)
	defer wall.Stop()
	var err error
	select {
	case err = <-done:
	case <-wall.C:
		rt.Interrupt()
		<-done
		err = fmt.Errorf("%w: past %s", ErrEngine, e.cfg.Wall)
	case <-ctx.Done():
		rt.Interrupt()
		<-done
		err = ctx.Err()
	}
	if err != nil {
		rt.Close()
		return err
	}
	e.idle <- rt // a slot is held, so there is room
	return nil
}

func (e *Engine) newRuntime() (*sandbox.Runtime, error) {
	rt, err := e.sb.NewRuntime(e.cfg.Memory)
	if err != nil {
		return nil, err
	}
	e.codeMu.Lock()
	if e.code == nil {
		code, err := rt.Compile("crdt.js", engineSource)
		if err != nil {
			e.codeMu.Unlock()
			rt.Close()
			return nil, fmt.Errorf("crdt: compile the engine: %w", err)
		}
		e.code = code
	}
	code := e.code
	e.codeMu.Unlock()
	// The text codec the engine's shim gives lib0 (frontend/engine/shim.js).
	c := rt.Context()
	c.SetFunc("__crdtUtf8Encode", func(this *qjs.This) (*qjs.Value, error) {
		args := this.Args()
		if len(args) != 1 {
			return nil, errors.New("__crdtUtf8Encode takes one string")
		}
		return this.Context().NewArrayBuffer([]byte(args[0].String())), nil
	})
	c.SetFunc("__crdtUtf8Decode", func(this *qjs.This) (*qjs.Value, error) {
		args := this.Args()
		if len(args) != 1 {
			return nil, errors.New("__crdtUtf8Decode takes one ArrayBuffer")
		}
		return this.Context().NewString(string(args[0].ToByteArray())), nil
	})
	if err := rt.Load("crdt.js", code); err != nil {
		rt.Close()
		return nil, fmt.Errorf("crdt: load the engine: %w", err)
	}
	return rt, nil
}

// invoke calls a global function of the engine; a thrown exception is
// ErrEngine.
func invoke(c *qjs.Context, name string, args ...*qjs.Value) (*qjs.Value, error) {
	v, err := c.Global().InvokeJS(name, args...)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrEngine, name, err)
	}
	return v, nil
}

// Pack writes a list of updates as the engine reads it.
func Pack(updates [][]byte) []byte {
	n := 8
	for _, u := range updates {
		n += len(u) + 5
	}
	w := &writer{b: make([]byte, 0, n)}
	w.uint(uint64(len(updates)))
	for _, u := range updates {
		w.bytes(u)
	}
	return w.b
}

// Compacted is a document as one state.
type Compacted struct {
	State    []byte // the whole document as one update
	Vector   []byte // its state vector
	Snapshot []byte // its snapshot (state vector and delete set): what a revision written from it records
	Text     string
}

// Compact merges updates (a stored state first, then the log) into one
// state, with its vector, snapshot and text.
func (e *Engine) Compact(ctx context.Context, updates [][]byte) (Compacted, error) {
	return result(e, ctx, e.cfg.Wall, "crdtCompact", func(c *qjs.Context) []*qjs.Value {
		return []*qjs.Value{c.NewArrayBuffer(Pack(updates))}
	}, func(v *qjs.Value) Compacted {
		return Compacted{
			State: property(v, "state").ToByteArray(), Vector: property(v, "vector").ToByteArray(),
			Snapshot: property(v, "snapshot").ToByteArray(), Text: property(v, "text").String(),
		}
	})
}

func property(v *qjs.Value, name string) *qjs.Value { return v.GetPropertyStr(name) }

// result calls the engine's function name with the arguments args makes
// and reads its result with read, within the wall time, waiting at most
// wait for a runtime.
func result[T any](e *Engine, ctx context.Context, wait time.Duration, name string, args func(c *qjs.Context) []*qjs.Value, read func(v *qjs.Value) T) (T, error) {
	var out T
	err := e.call(ctx, wait, func(c *qjs.Context) error {
		v, err := invoke(c, name, args(c)...)
		if err != nil {
			return err
		}
		defer v.Free()
		out = read(v)
		return nil
	})
	return out, err
}

func bytesOf(v *qjs.Value) []byte  { return v.ToByteArray() }
func stringOf(v *qjs.Value) string { return v.String() }

// Diff answers sync step 1: what a client at state vector sv lacks of the
// document made of updates. It waits at most wait for a runtime (ErrBusy).
func (e *Engine) Diff(ctx context.Context, wait time.Duration, updates [][]byte, sv []byte) ([]byte, error) {
	return result(e, ctx, wait, "crdtDiff", func(c *qjs.Context) []*qjs.Value {
		return []*qjs.Value{c.NewArrayBuffer(Pack(updates)), c.NewArrayBuffer(sv)}
	}, bytesOf)
}

// Text reads the page's text from the document made of updates.
func (e *Engine) Text(ctx context.Context, updates [][]byte) (string, error) {
	return result(e, ctx, e.cfg.Wall, "crdtText", func(c *qjs.Context) []*qjs.Value {
		return []*qjs.Value{c.NewArrayBuffer(Pack(updates))}
	}, stringOf)
}

// FromText returns a new document holding text, written as client.
func (e *Engine) FromText(ctx context.Context, text string, client uint32) ([]byte, error) {
	return result(e, ctx, e.cfg.Wall, "crdtFromText", func(c *qjs.Context) []*qjs.Value {
		return []*qjs.Value{c.NewString(text), c.NewUint32(client)}
	}, bytesOf)
}

// Edit returns the update, written as client, that applies the change from
// base to next into the document made of updates. snapshot is the one
// recorded with the revision the change was based on (its text must be
// base); positions are taken there and carried to today's text, so what
// people typed since stays. With no snapshot, or one whose text is not
// base, positions are carried from base to today's text through a text
// diff (a three-way merge).
func (e *Engine) Edit(ctx context.Context, updates [][]byte, snapshot []byte, base, next string, client uint32) ([]byte, error) {
	return result(e, ctx, e.cfg.Wall, "crdtEdit", func(c *qjs.Context) []*qjs.Value {
		return []*qjs.Value{c.NewArrayBuffer(Pack(updates)), c.NewArrayBuffer(snapshot), c.NewString(base), c.NewString(next), c.NewUint32(client)}
	}, bytesOf)
}
