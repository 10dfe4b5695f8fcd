package sandbox

import "github.com/fastschema/qjs"

// Runtime is a QuickJS runtime for the project's own code — the co-editing
// engine's yjs (internal/crdt) — which its owner keeps and calls again,
// unlike a script's runtime, which is thrown away after one run. It is made
// like a script's: no file system (its root does not exist), output
// discarded, memory bounded by the linear memory. It is not safe for
// concurrent use.
type Runtime struct{ e *engine }

// NewRuntime returns a fresh runtime whose linear memory is bounded by
// memory bytes (counted in Stats.Mapped while it lives). Errors: the
// sandbox's private directory cannot be made; ErrStopped after Stop; the
// engine failing to compile or to map its memory.
func (s *Sandbox) NewRuntime(memory int) (*Runtime, error) {
	e, err := s.newEngine(memory)
	if err != nil {
		return nil, err
	}
	return &Runtime{e: e}, nil
}

// Context is the runtime's JavaScript context.
func (r *Runtime) Context() *qjs.Context { return r.e.rt.Context() }

// Compile compiles source to bytecode without running it.
func (r *Runtime) Compile(name, source string) ([]byte, error) {
	return r.e.rt.Compile(name, qjs.Code(source))
}

// Load runs bytecode made by Compile (of any runtime of this process).
func (r *Runtime) Load(name string, bytecode []byte) error {
	v, err := r.e.rt.Eval(name, qjs.Bytecode(bytecode))
	if err != nil {
		return err
	}
	v.Free()
	return nil
}

// Interrupt stops whatever the runtime is running, from any goroutine: its
// module is closed, so the call in progress panics on its own goroutine
// (recover there) and the runtime can only be closed after.
func (r *Runtime) Interrupt() { r.e.cancel() }

// Close releases the runtime and its memory. Call it on the goroutine that
// last used it, once that call has returned.
func (r *Runtime) Close() { r.e.close() }

// Peak is the largest size in bytes its linear memory reached.
func (r *Runtime) Peak() int64 { return r.e.memory() }
