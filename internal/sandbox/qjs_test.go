package sandbox

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/fastschema/qjs"
	"github.com/stretchr/testify/require"
)

// What qjs v0.0.6 does on its own, each fact a reason for something the
// sandbox does (docs/design.md, "The script sandbox"). They run qjs
// directly; when an upgrade changes one, the defence it motivates is to be
// looked at again.

// rawRuntime is a qjs runtime as qjs makes it (with the process's
// CloseOnContextDone), thrown away at cleanup.
func rawRuntime(t *testing.T, opt qjs.Option) *qjs.Runtime {
	t.Helper()
	if opt.Context == nil {
		opt.Context = context.Background()
	}
	if opt.CWD == "" {
		opt.CWD = t.TempDir()
	}
	opt.CloseOnContextDone = true
	opt.Stdout, opt.Stderr = io.Discard, io.Discard
	rt, err := qjs.New(opt)
	require.NoError(t, err)
	t.Cleanup(func() {
		defer func() { _ = recover() }()
		if w := wazeroRuntime(rt); w != nil {
			defer w.Close(context.Background())
		}
		rt.Close()
	})
	return rt
}

func evalString(t *testing.T, rt *qjs.Runtime, code string) string {
	t.Helper()
	v, err := rt.Eval("fact.js", qjs.Code(code))
	require.NoError(t, err)
	defer v.Free()
	return v.String()
}

// Its working directory is mounted read-write at '/', and std is a global:
// a script reads (and writes) the files there. Hence the absent root and
// the deleted globals.
func TestQJSFactScriptsReadTheMountedDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("s3cret"), 0o600))
	rt := rawRuntime(t, qjs.Option{CWD: dir})
	require.Equal(t, "s3cret", evalString(t, rt, `std.loadFile('/secret.txt')`))
	evalString(t, rt, `const f = std.open('/written.txt', 'w'); f.puts('x'); f.close(); 'ok'`)
	require.FileExists(t, filepath.Join(dir, "written.txt"))
}

// Deleting the globals is not enough: a dynamic import in a classic script
// still reaches the native modules. Hence the source check and the removed
// eval and Function constructors.
func TestQJSFactDynamicImportReachesStdAfterTheGlobalsAreGone(t *testing.T) {
	t.Parallel()
	rt := rawRuntime(t, qjs.Option{})
	evalString(t, rt, `
		delete globalThis.std; delete globalThis.os; delete globalThis.bjson;
		let kind = 'none';
		import('qjs:std').then((m) => { kind = typeof m.loadFile });
		Promise.resolve().then(() => 0).then(() => 0).then(() => 0).then(() => { globalThis.kind = kind });
		0`)
	require.Equal(t, "function", evalString(t, rt, `globalThis.kind`))
}

// A timer's sleep is a WASI poll that no context interrupts: the deadline
// is missed by as long as the timer asks. Hence no timers at all.
func TestQJSFactTimersSleepPastTheDeadline(t *testing.T) {
	// A wall-clock observation of qjs, not of our code (the sandbox removes
	// timers whatever they do): on CI's clean clone the sleep ended with the
	// cancel (103 ms), so the fact does not hold everywhere. Kept as a record.
	t.Skip("timing observation of qjs internals; not reliable across machines")
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rt := rawRuntime(t, qjs.Option{Context: ctx})
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	func() {
		defer func() { _ = recover() }()
		_, _ = rt.Eval("fact.js", qjs.Code(`setTimeout(() => {}, 1000); 0`))
	}()
	require.Greater(t, time.Since(start), 900*time.Millisecond)
}

// MemoryLimit counts a few bytes per allocation whatever its size: large
// allocations pass it by far. Hence the sandbox's own cap on the linear
// memory (linearMemory).
func TestQJSFactMemoryLimitDoesNotBoundLargeAllocations(t *testing.T) {
	t.Parallel()
	rt := rawRuntime(t, qjs.Option{MemoryLimit: 8 << 20})
	require.Equal(t, "40", evalString(t, rt, `const a = []; for (let i = 0; i < 40; i++) a.push(new Uint8Array(1e6)); String(a.length)`))
	require.Greater(t, rt.Mem().Size(), uint32(40e6))
}

// The engine's C stack is 64 KiB below the heap, with no overflow check in
// this build (MaxStackSize changes nothing): a few hundred nested calls
// overwrite the engine's static data. Hence a runtime is never used after a
// run, and a wasm trap is reported as an engine error.
func TestQJSFactDeepRecursionCorruptsTheEngine(t *testing.T) {
	t.Parallel()
	rt := rawRuntime(t, qjs.Option{MaxStackSize: 32 << 10})
	require.Equal(t, "200", evalString(t, rt, `function f(n) { return n === 0 ? 0 : f(n - 1) + 1 } String(f(200))`))
	rt = rawRuntime(t, qjs.Option{MaxStackSize: 32 << 10})
	var err error
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = p.(error)
			}
		}()
		_, err = rt.Eval("fact.js", qjs.Code(`function f(n) { return n === 0 ? 0 : f(n - 1) + 1 } String(f(1000))`))
	}()
	require.Error(t, err, "no RangeError: the overflow went unnoticed or trapped")
	require.NotContains(t, err.Error(), "Maximum call stack")
}

// A runtime keeps everything a script did for the next script: built-ins
// it replaced, globals it left. Reusing one across owners would let one
// script run inside another's run, with that owner's capabilities. Hence
// a fresh runtime per run.
func TestQJSFactAReusedRuntimeKeepsTheLastScriptsState(t *testing.T) {
	t.Parallel()
	rt := rawRuntime(t, qjs.Option{})
	evalString(t, rt, `Array.prototype.map = function () { globalThis.seen = this; return [] }; globalThis.left = 'x'; 0`)
	require.Equal(t, "true x 0", evalString(t, rt, `const r = [1, 2].map((x) => x); String(Array.isArray(globalThis.seen)) + ' ' + left + ' ' + r.length`))
}

// qjs's Close leaves something of each runtime reachable from the engine
// every runtime shares: the two host modules it instantiates in the
// runtime's own wazero runtime, which it never closes. A runtime stopped
// at its deadline, whose Close fails half way, with a Go function set
// stays reachable whole, linear memory and all (the function proxy holds
// the registry, which holds the context). Hence engine.close closes the wazero runtime.
// Not parallel: it counts the heap.
func TestQJSFactCloseAloneKeepsTheRuntime(t *testing.T) {
	rawRuntime(t, qjs.Option{}) // the engine compiled before counting
	heap := func() uint64 {
		var ms runtime.MemStats
		for range 4 {
			runtime.GC()
			time.Sleep(10 * time.Millisecond) // finalizers
		}
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	cycle := func(stop bool) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		rt, err := qjs.New(qjs.Option{CWD: t.TempDir(), Context: ctx, CloseOnContextDone: true, Stdout: io.Discard, Stderr: io.Discard})
		require.NoError(t, err)
		rt.Context().SetFunc("hostFn", func(*qjs.This) (*qjs.Value, error) { return nil, nil })
		v, err := rt.Eval("fact.js", qjs.Code(`const a = []; for (let i = 0; i < 4; i++) a.push(new Uint8Array(1e6)); hostFn(); 0`))
		require.NoError(t, err)
		v.Free()
		if stop {
			cancel()
		}
		defer func() { _ = recover() }()
		rt.Close()
	}
	before := heap()
	for range 100 {
		cycle(false)
	}
	closed := heap()
	for range 5 {
		cycle(true)
	}
	stopped := heap()
	t.Logf("heap per closed runtime: %d bytes; per stopped one: %d KiB", (closed-before)/100, (stopped-closed)/5>>10)
	require.Greater(t, closed, before+100*1024, "closed runtimes leave host modules behind")
	require.Greater(t, stopped, closed+5*4e6, "stopped runtimes stay whole")
}
