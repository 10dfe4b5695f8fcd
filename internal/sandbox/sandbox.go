// Package sandbox runs one automation script in a fresh QuickJS runtime
// (github.com/fastschema/qjs, QuickJS compiled to WebAssembly and run by
// wazero, no cgo) under the limits of docs/design.md, "The script sandbox":
// wall time, memory, proposals, reads and log size. A script reaches the
// outside only through the `codna` capability API; reads are answered by
// the caller's Capabilities, proposals are recorded in the Result and never
// applied here. No file system, network, modules, timers, process or
// environment.
//
// Every run gets a runtime that has never run anything and is thrown away
// after it: nothing a script leaves behind (a changed prototype, a global, a
// corrupted engine) can reach another run. What is shared is what holds no
// script state: the compiled engine (in memory, and in Config.CacheDir on
// disk). Runtimes are created ahead of time (Config.Warm) so that creating
// one is off a run's path.
package sandbox

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/fastschema/qjs"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"
)

//go:embed prelude.js
var prelude string

// Config configures a Sandbox. The zero value is usable.
type Config struct {
	// CacheDir holds wazero's compiled engine across restarts (created 0700):
	// the first runtime of a process compiles the engine once (about a
	// second) unless it is there. "" keeps the compiled engine in memory only.
	// qjs compiles once per process, so every Sandbox of a process must give
	// the same CacheDir (Start fails otherwise).
	CacheDir string
	// Warm is how many fresh runtimes are kept ready (each never used before
	// it is taken, never used again after). 0 means DefaultWarm; negative
	// means none (each run creates its own).
	Warm int
	// Limits are the defaults of every run; a zero field means
	// DefaultLimits'. A run's Input.Limits override them field by field.
	Limits Limits
	// Now resolves codna.find's relative dates; nil means time.Now.
	Now func() time.Time
}

// DefaultWarm is Config.Warm's default: the run worker's default concurrency.
const DefaultWarm = 2

// abandonGrace is how long past its wall time Run waits for a runtime to
// stop before it gives up on it (see Run).
const abandonGrace = 500 * time.Millisecond

// ErrStopped is returned by Run after Stop.
var ErrStopped = errors.New("sandbox: stopped")

// Sandbox runs scripts. It is safe for concurrent use; each Run has its own
// runtime.
type Sandbox struct {
	cfg    Config
	limits Limits

	dirMu sync.Mutex
	base  string // private directory, made by Prepare; root below it never exists
	root  string // what qjs mounts as the script's '/': absent, so every file operation fails

	warm    chan *engine
	stopCh  chan struct{}
	wg      sync.WaitGroup
	mu      sync.Mutex
	started bool
	stopped bool

	runs, fresh, abandoned, mapped atomic.Int64
}

// Stats counts what a Sandbox did since New.
type Stats struct {
	Runs      int64 // Run calls that ran a script
	Fresh     int64 // runs that had to create their runtime (no warm one ready)
	Abandoned int64 // runtimes that did not stop by their wall time plus a grace (see Run)
	// Mapped is the linear memory, in bytes, of this Sandbox's runtimes that
	// exist now (warm, running or abandoned).
	Mapped int64
}

// New returns a Sandbox. It makes nothing yet — no directory, no
// goroutine, no engine — so building one costs nothing (internal/app builds
// one for every command): Prepare, Start or the first Run makes the private
// directory the script's absent root lies in. No Config is refused today;
// the error is there for one that could be.
func New(cfg Config) (*Sandbox, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Warm == 0 {
		cfg.Warm = DefaultWarm
	}
	s := &Sandbox{
		cfg:    cfg,
		limits: cfg.Limits.withDefaults(),
		stopCh: make(chan struct{}),
	}
	if cfg.Warm > 0 {
		s.warm = make(chan *engine, cfg.Warm)
	}
	return s, nil
}

// Prepare makes the sandbox's private directory (0700, under the system's
// temporary directory), where the script's root is a path that does not
// exist; Stop removes it. Start and Run prepare the sandbox themselves:
// Prepare is for a caller that wants the error now rather than at the first
// run. Idempotent. Errors: the directory cannot be made; ErrStopped after
// Stop.
func (s *Sandbox) Prepare() error {
	_, err := s.rootDir()
	return err
}

// rootDir returns the script's root, making the private directory it lies
// in the first time.
func (s *Sandbox) rootDir() (string, error) {
	s.dirMu.Lock()
	defer s.dirMu.Unlock()
	if s.isStopped() {
		// Stop removes the directory after closing stopCh, under dirMu:
		// nothing makes it again behind Stop's back.
		return "", ErrStopped
	}
	if s.base == "" {
		base, err := os.MkdirTemp("", "codna-sandbox-")
		if err != nil {
			return "", fmt.Errorf("sandbox: %w", err)
		}
		s.base, s.root = base, filepath.Join(base, "absent", "root")
	}
	return s.root, nil
}

// engineConfig is the process-wide engine setting qjs fixes at its first
// runtime (the compiled module, its cache directory, CloseOnContextDone).
var engineConfig struct {
	sync.Mutex
	set      bool
	cacheDir string
}

// Start prepares the sandbox (Prepare), compiles the engine (or loads it
// from CacheDir) and starts keeping Config.Warm runtimes ready. Run works
// without Start (its first call then compiles). Errors: Prepare's; a
// CacheDir other than the one the process's engine was compiled with; the
// engine failing to compile.
func (s *Sandbox) Start(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return ErrStopped
	}
	if s.started {
		return nil
	}
	e, err := s.newEngine(s.limits.Memory)
	if err != nil {
		return err
	}
	e.close()
	s.started = true
	if s.warm != nil {
		s.wg.Add(1)
		go s.keepWarm()
	}
	return nil
}

// Stop stops keeping runtimes ready, throws away the ready ones and removes
// the private directory. Runs in progress finish; later ones fail with
// ErrStopped. Idempotent.
func (s *Sandbox) Stop() {
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		return
	}
	s.stopped = true
	close(s.stopCh)
	s.mu.Unlock()
	s.wg.Wait()
	if s.warm != nil {
		for {
			select {
			case e := <-s.warm:
				e.close()
				continue
			default:
			}
			break
		}
	}
	s.dirMu.Lock()
	if s.base != "" {
		_ = os.RemoveAll(s.base)
	}
	s.dirMu.Unlock()
}

// Stats returns the counters.
func (s *Sandbox) Stats() Stats {
	return Stats{Runs: s.runs.Load(), Fresh: s.fresh.Load(), Abandoned: s.abandoned.Load(), Mapped: s.mapped.Load()}
}

func (s *Sandbox) isStopped() bool {
	select {
	case <-s.stopCh:
		return true
	default:
		return false
	}
}

// keepWarm keeps the warm channel full with runtimes made for the default
// memory limit.
func (s *Sandbox) keepWarm() {
	defer s.wg.Done()
	for {
		e, err := s.newEngine(s.limits.Memory)
		if err != nil {
			// The engine compiled in Start, so this is unexpected (out of
			// memory); runs create their own meanwhile.
			select {
			case <-s.stopCh:
				return
			case <-time.After(time.Second):
				continue
			}
		}
		select {
		case s.warm <- e:
		case <-s.stopCh:
			e.close()
			return
		}
	}
}

// take returns a runtime that has never run anything: a warm one when one
// is ready and made for this memory limit, else a new one.
func (s *Sandbox) take(memory int) (*engine, error) {
	if s.warm != nil && memory == s.limits.Memory {
		select {
		case e := <-s.warm:
			return e, nil
		default:
		}
	}
	s.fresh.Add(1)
	return s.newEngine(memory)
}

// engine is one QuickJS runtime and the context whose cancellation closes
// its wasm module (qjs's CloseOnContextDone): cancelling it is how a run is
// stopped, whatever the script is doing. wrt is the runtime's own wazero
// runtime, which qjs never closes (see close).
type engine struct {
	rt     *qjs.Runtime
	wrt    wazero.Runtime
	mem    *linearMemory
	cancel context.CancelFunc
}

// wazeroRuntime reads qjs.Runtime's unexported wazero runtime (field wrt in
// qjs v0.0.6), or nil when the field is not there as expected.
func wazeroRuntime(rt *qjs.Runtime) wazero.Runtime {
	f := reflect.ValueOf(rt).Elem().FieldByName("wrt")
	if !f.IsValid() || f.Type() != reflect.TypeFor[wazero.Runtime]() {
		return nil
	}
	return *(*wazero.Runtime)(unsafe.Pointer(f.UnsafeAddr()))
}

func (s *Sandbox) newEngine(memory int) (*engine, error) {
	engineConfig.Lock()
	if engineConfig.set && engineConfig.cacheDir != s.cfg.CacheDir {
		dir := engineConfig.cacheDir
		engineConfig.Unlock()
		return nil, fmt.Errorf("sandbox: the engine of this process was compiled with CacheDir %q, not %q", dir, s.cfg.CacheDir)
	}
	if !engineConfig.set && s.cfg.CacheDir != "" {
		if err := os.MkdirAll(s.cfg.CacheDir, 0o700); err != nil {
			engineConfig.Unlock()
			return nil, fmt.Errorf("sandbox: cache dir: %w", err)
		}
	}
	engineConfig.set = true
	engineConfig.cacheDir = s.cfg.CacheDir
	engineConfig.Unlock()

	// The root the script sees must not exist: wazero mounts it lazily, so
	// every open, readdir, mkdir and write under '/' fails with ENOENT (an
	// empty directory would let a script create files in it). Its parent
	// does not exist either, so nothing can create it from inside.
	root, err := s.rootDir()
	if err != nil {
		return nil, err
	}
	if _, err := os.Lstat(filepath.Dir(root)); !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("sandbox: the script root's parent %s must not exist", filepath.Dir(root))
	}
	mem, err := newLinearMemory(memory, &s.mapped)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	// qjs instantiates the engine's module with this context: wazero takes
	// the memory allocator from it.
	rt, err := qjs.New(qjs.Option{
		CWD:                root,
		Context:            experimental.WithMemoryAllocator(ctx, mem),
		CloseOnContextDone: true,
		CacheDir:           s.cfg.CacheDir,
		MemoryLimit:        memory,
		Stdout:             io.Discard,
		Stderr:             io.Discard,
	})
	if err != nil {
		cancel()
		mem.free()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	wrt := wazeroRuntime(rt)
	if wrt == nil {
		cancel()
		mem.free()
		return nil, errors.New("sandbox: qjs.Runtime has no wazero runtime field wrt: a runtime could not be released (qjs changed; see engine.close)")
	}
	return &engine{rt: rt, wrt: wrt, mem: mem, cancel: cancel}, nil
}

// close throws the runtime away by closing its wazero runtime, which
// closes its modules: the engine's, and the two host modules qjs
// instantiates in it (WASI and the Go function proxy). qjs's own Close
// closes only the first, so each runtime would leave its host modules
// compiled in the engine every runtime shares (about 23 KiB a runtime), and
// a runtime whose Close fails half way — every one stopped at a limit —
// would stay reachable whole through the proxy's registry, linear memory
// and all (TestQJSFactCloseAloneKeepsTheRuntime, TestRuntimesAreReleased).
// Nothing is freed inside the engine first (no QJS_Free): the memory goes
// at once. The context is cancelled first, so a runtime stopped mid-run or
// still running is closed all the same. Then its linear memory is
// unmapped: close runs on the goroutine that ran the engine (or, for a warm
// one, on one that never did), after it left it.
func (e *engine) close() {
	e.cancel()
	_ = e.wrt.Close(context.Background())
	e.mem.free()
}

// memory is the largest size in bytes the runtime's linear memory reached.
func (e *engine) memory() int64 { return e.mem.peak.Load() }
