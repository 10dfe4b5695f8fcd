package sandbox_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/sandbox"
)

// hostile is one escape or abuse attempt and what its run must end with.
type hostile struct {
	name   string
	script string
	limits sandbox.Limits
	caps   sandbox.Capabilities
	check  func(t *testing.T, res *sandbox.Result)
}

// run runs the attempt and checks its result (which is garbage once run
// returns, so that the harm check does not count it).
func (c *hostile) run(t *testing.T, s *sandbox.Sandbox) {
	t.Helper()
	caps := c.caps
	if caps == nil {
		caps = &memCaps{}
	}
	res, err := s.Run(context.Background(), sandbox.Input{Script: c.script, Caps: caps, Limits: c.limits})
	require.NoError(t, err)
	c.check(t, res)
}

// threw requires the run to end with an uncaught error of that name whose
// message contains msg.
func threw(name, msg string) func(*testing.T, *sandbox.Result) {
	return func(t *testing.T, res *sandbox.Result) {
		t.Helper()
		require.NotNil(t, res.Err)
		require.Equal(t, sandbox.ErrThrown, res.Err.Kind, res.Err.Error())
		require.Equal(t, name, res.Err.Name, res.Err.Error())
		require.Contains(t, res.Err.Message, msg)
		require.Equal(t, sandbox.LimitNone, res.LimitHit)
		require.Empty(t, res.Proposals)
	}
}

func limited(limit sandbox.Limit) func(*testing.T, *sandbox.Result) {
	return func(t *testing.T, res *sandbox.Result) {
		t.Helper()
		require.Equal(t, limit, res.LimitHit, "%+v", res.Err)
		require.NotNil(t, res.Err)
		require.Equal(t, sandbox.ErrLimit, res.Err.Kind)
	}
}

func syntax(t *testing.T, res *sandbox.Result) {
	t.Helper()
	require.NotNil(t, res.Err)
	require.Equal(t, sandbox.ErrSyntax, res.Err.Kind, res.Err.Error())
}

// logged requires the run to end well with exactly these console lines.
func logged(lines ...string) func(*testing.T, *sandbox.Result) {
	return func(t *testing.T, res *sandbox.Result) {
		t.Helper()
		requireOK(t, res)
		require.Equal(t, strings.Join(lines, "\n")+"\n", res.Logs)
	}
}

// slowCaps ignores cancellation: each call takes d however the run ends.
type slowCaps struct {
	d     time.Duration
	calls atomic.Int32
}

func (c *slowCaps) Find(context.Context, sandbox.FindQuery) ([]sandbox.Document, error) {
	c.calls.Add(1)
	time.Sleep(c.d)
	return nil, nil
}

func (c *slowCaps) Get(context.Context, uuid.UUID) (*sandbox.Document, error) {
	time.Sleep(c.d)
	return nil, nil
}

// TestHostileScripts is the escape and abuse suite: every attempt ends with
// the limit or error named, and the process is unharmed — its goroutines
// and live heap back to where they were before the script. It does not run
// in parallel, so that those counts are its own.
func TestHostileScripts(t *testing.T) {
	s := newSandbox(t, sandbox.Config{})
	id := uuid.Must(uuid.NewV7()).String()
	short := sandbox.Limits{WallTime: 300 * time.Millisecond}
	many := &memCaps{docs: []sandbox.Document{doc("Any", "wiki", "", nil, testNow, "x")}}
	cases := []hostile{
		// The file system: the globals are gone, and the root would be absent anyway.
		{name: "read a file with std", script: `std.loadFile('/etc/passwd')`, check: threw("ReferenceError", "std is not defined")},
		{name: "write a file with std", script: `const f = std.open('/x', 'w'); f.puts('x')`, check: threw("ReferenceError", "std is not defined")},
		{name: "list / with os", script: `os.readdir('/')`, check: threw("ReferenceError", "os is not defined")},
		{name: "globals by computed name", script: `
			for (const n of ['std', 'os', 'bjson', 'print', 'gc', 'scriptArgs', 'navigator', 'QJS_PROXY_VALUE', '__codna_host', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'])
				console.log(n, typeof globalThis['' + n], n in globalThis)`,
			check: logged("std undefined false", "os undefined false", "bjson undefined false", "print undefined false", "gc undefined false",
				"scriptArgs undefined false", "navigator undefined false", "QJS_PROXY_VALUE undefined false", "__codna_host undefined false",
				"setTimeout undefined false", "setInterval undefined false", "clearTimeout undefined false", "clearInterval undefined false")},
		{name: "bjson", script: `bjson.read(new ArrayBuffer(8), 0, 8)`, check: threw("ReferenceError", "bjson is not defined")},
		{name: "require", script: `require('fs').readFileSync('/etc/passwd')`, check: threw("ReferenceError", "require is not defined")},
		{name: "static import", script: `import * as std from 'qjs:std'; std.loadFile('/etc/passwd')`, check: syntax},
		{name: "dynamic import", script: `import('qjs:std').then((m) => m.loadFile('/etc/passwd'))`, check: syntax},
		{name: "dynamic import behind a comment", script: "import /* x */ ('qjs:os')", check: syntax},
		{name: "import.meta", script: `import.meta.url`, check: syntax},
		{name: "import assembled by eval", script: `eval('imp' + 'ort("qjs:std")')`, check: threw("TypeError", "eval is not available")},
		{name: "import assembled by Function", script: `Function('return imp' + 'ort("qjs:std")')()`, check: threw("TypeError", "Function is not available")},
		{name: "Function reached through a function", script: `(function () {}).constructor('return 1')()`, check: threw("TypeError", "Function is not available")},
		{name: "AsyncFunction", script: `Object.getPrototypeOf(async function () {}).constructor('return 1')`, check: threw("TypeError", "Function is not available")},
		{name: "GeneratorFunction", script: `Object.getPrototypeOf(function* () {}).constructor('yield 1')`, check: threw("TypeError", "Function is not available")},
		{name: "AsyncGeneratorFunction", script: `Object.getPrototypeOf(async function* () {}).constructor('yield 1')`, check: threw("TypeError", "Function is not available")},
		{name: "constructors cannot be put back", script: `
			try { Object.defineProperty(Object.getPrototypeOf(function () {}), 'constructor', {value: 1}) } catch (e) { console.log(e.name) }
			try { globalThis.eval = 1 } catch (e) { console.log(e.name) }
			console.log(typeof Function, (() => 1) instanceof Function)`,
			check: logged("TypeError", "TypeError", "function true")},
		{name: "code from a string through stack-trace call sites", script: `
			if (globalThis.reentered) throw new Error('the script ran again');
			globalThis.reentered = true;
			const seen = [];
			try { Error.prepareStackTrace = (e, sites) => {
				for (const c of sites) {
					for (const get of ['getFunction', 'getThis', 'getEvalOrigin', 'getTypeName']) {
						try { const v = c[get] && c[get](); if (typeof v === 'function') seen.push(v) } catch (x) { /* refused */ }
					}
				}
				return '';
			} } catch (x) { console.log(x.name) }
			try { Object.defineProperty(Error, 'prepareStackTrace', { get() { return () => '' } }) } catch (x) { console.log(x.name) }
			function inner() { return new Error('x').stack }
			inner();
			let escaped = 0;
			for (const fn of seen.slice()) {
				try { fn('globalThis.escapedByString = 1'); } catch (x) { /* refused, or the script itself again */ }
				if (globalThis.escapedByString === 1) escaped++;
			}
			console.log('escaped', escaped, seen.length);`,
			check: logged("TypeError", "TypeError", "escaped 0 0")},
		// The network.
		{name: "fetch", script: `fetch('http://127.0.0.1/')`, check: threw("ReferenceError", "fetch is not defined")},
		{name: "XMLHttpRequest", script: `new XMLHttpRequest()`, check: threw("ReferenceError", "XMLHttpRequest is not defined")},
		{name: "WebSocket", script: `new WebSocket('ws://127.0.0.1/')`, check: threw("ReferenceError", "WebSocket is not defined")},
		// Timers, process, environment.
		{name: "setTimeout", script: `setTimeout(() => codna.tag('` + id + `', 'later'), 10)`, check: threw("ReferenceError", "setTimeout is not defined")},
		{name: "setInterval", script: `setInterval(() => {}, 10)`, check: threw("ReferenceError", "setInterval is not defined")},
		{name: "process", script: `process.env.HOME`, check: threw("ReferenceError", "process is not defined")},
		{name: "environment through std", script: `std.getenviron()`, check: threw("ReferenceError", "std is not defined")},
		{name: "exit through std", script: `std.exit(0)`, check: threw("ReferenceError", "std is not defined")},
		// Time.
		{name: "while(true){}", limits: sandbox.Limits{WallTime: sandbox.DefaultLimits.WallTime}, script: `while (true) {}`, check: func(t *testing.T, res *sandbox.Result) {
			limited(sandbox.LimitExecutionTime)(t, res)
			require.GreaterOrEqual(t, res.Duration, sandbox.DefaultLimits.WallTime)
			require.Less(t, res.Duration, sandbox.DefaultLimits.WallTime+time.Second)
		}},
		{name: "finally after the deadline does not run", limits: short, script: `try { for (;;) {} } finally { codna.tag('` + id + `', 'finally') }`,
			check: func(t *testing.T, res *sandbox.Result) {
				limited(sandbox.LimitExecutionTime)(t, res)
				require.Empty(t, res.Proposals)
			}},
		{name: "endless microtasks", limits: short, script: `(function f() { Promise.resolve().then(f) })()`, check: limited(sandbox.LimitExecutionTime)},
		{name: "catastrophic regexp", limits: short, script: `/(a+)+b/.test('a'.repeat(40))`, check: limited(sandbox.LimitExecutionTime)},
		{name: "a read that outlives the deadline", limits: short, caps: &memCaps{block: true}, script: `codna.find({})`, check: limited(sandbox.LimitExecutionTime)},
		{name: "a host that ignores the deadline is abandoned", limits: short, caps: &slowCaps{d: 1500 * time.Millisecond}, script: `codna.find({})`,
			check: func(t *testing.T, res *sandbox.Result) {
				limited(sandbox.LimitExecutionTime)(t, res)
				require.Less(t, res.Duration, short.WallTime+time.Second)
			}},
		// Stack and memory.
		{name: "recursion bomb", script: `function f() { return f() + 1 } f()`, check: func(t *testing.T, res *sandbox.Result) {
			require.NotNil(t, res.Err)
			require.Contains(t, []sandbox.ErrorKind{sandbox.ErrEngine, sandbox.ErrThrown}, res.Err.Kind, res.Err.Error())
			require.Equal(t, sandbox.LimitNone, res.LimitHit)
		}},
		{name: "deep JSON", script: `JSON.parse('['.repeat(100000) + ']'.repeat(100000))`, check: func(t *testing.T, res *sandbox.Result) {
			require.NotNil(t, res.Err)
			require.Contains(t, []sandbox.ErrorKind{sandbox.ErrEngine, sandbox.ErrThrown}, res.Err.Kind, res.Err.Error())
		}},
		{name: "memory bomb", script: `const a = []; for (;;) a.push(new Array(100000).fill(a.length))`, check: func(t *testing.T, res *sandbox.Result) {
			limited(sandbox.LimitMemory)(t, res)
			require.LessOrEqual(t, res.MemoryPeak, int64(sandbox.DefaultLimits.Memory))
		}},
		{name: "doubling string", script: `let s = 'x'; for (;;) s += s`, check: limited(sandbox.LimitMemory)},
		{name: "huge string", script: `'x'.repeat(2 ** 30)`, check: threw("RangeError", "invalid string length")},
		{name: "huge buffer", script: `new ArrayBuffer(2 ** 31)`, check: threw("RangeError", "invalid array buffer length")},
		{name: "huge log line", script: `console.log('x'.repeat(20 * 1024 * 1024))`, check: func(t *testing.T, res *sandbox.Result) {
			requireOK(t, res)
			require.True(t, res.LogsTruncated)
			require.Len(t, res.Logs, sandbox.DefaultLimits.LogBytes)
		}},
		{name: "a caught out-of-memory still ends the run", script: `
			const keep = [];
			try { for (;;) keep.push(new Uint8Array(1 << 20)) } catch (e) { for (;;) {} }`,
			check: func(t *testing.T, res *sandbox.Result) {
				limited(sandbox.LimitMemory)(t, res)
				require.LessOrEqual(t, res.MemoryPeak, int64(sandbox.DefaultLimits.Memory))
			}},
		{name: "many small objects", limits: sandbox.Limits{Memory: 8 << 20}, script: `const a = []; for (;;) a.push({n: a.length, s: 'x' + a.length})`, check: limited(sandbox.LimitMemory)},
		{name: "large buffers", script: `const a = []; for (;;) a.push(new Uint8Array(1e6))`, check: func(t *testing.T, res *sandbox.Result) {
			limited(sandbox.LimitMemory)(t, res)
			require.LessOrEqual(t, res.MemoryPeak, int64(sandbox.DefaultLimits.Memory))
		}},
		// Proposals and reads.
		{name: "10,000 proposals", script: `for (let i = 0; i < 10000; i++) codna.tag('` + id + `', 't' + i)`, check: func(t *testing.T, res *sandbox.Result) {
			limited(sandbox.LimitActions)(t, res)
			require.Len(t, res.Proposals, sandbox.DefaultLimits.Proposals)
			require.Equal(t, "t49", res.Proposals[49].Tag)
		}},
		{name: "proposals after the limit, caught", script: `for (let i = 0; i < 10000; i++) try { codna.notify('a@example.com', 'n' + i) } catch (e) {}`,
			check: func(t *testing.T, res *sandbox.Result) {
				limited(sandbox.LimitActions)(t, res)
				require.Len(t, res.Proposals, sandbox.DefaultLimits.Proposals)
			}},
		{name: "1,000 reads", caps: many, script: `for (let i = 0; i < 1000; i++) codna.find({})`, check: func(t *testing.T, res *sandbox.Result) {
			limited(sandbox.LimitReads)(t, res)
			require.Equal(t, sandbox.DefaultLimits.Reads, res.Reads)
			require.Len(t, many.finds, sandbox.DefaultLimits.Reads)
		}},
		{name: "proposals too large together", limits: sandbox.Limits{WallTime: 20 * time.Second}, script: `
			const big = 'x'.repeat(1024 * 1024 - 100);
			for (let i = 0; i < 5; i++) try { codna.write({slug: 's' + i, title: 't', content: big}) } catch (e) { console.log(e.name) }`,
			check: func(t *testing.T, res *sandbox.Result) {
				requireOK(t, res)
				require.Len(t, res.Proposals, 4)
				require.Equal(t, "RangeError\n", res.Logs)
			}},
		// Pollution and identity.
		{name: "prototype pollution of codna", script: `
			Object.prototype.share = () => 'polluted';
			Object.prototype.admin = true;
			const tries = [
				() => { codna.share = () => 'replaced' },
				() => { codna.tag = null },
				() => { delete codna.notify },
				() => { codna.extra = 1 },
				() => { Object.setPrototypeOf(codna, {find: () => []}) },
				() => { Object.defineProperty(codna, 'get', {value: () => null}) },
				() => { codna.share.call = () => 'x' },
				() => { codna = {} },
				() => { event = {} },
			];
			for (const f of tries) { try { f(); console.log('changed') } catch (e) { console.log(e.name) } }
			console.log(Object.getPrototypeOf(codna) === null, Object.isFrozen(codna), Object.isFrozen(codna.share), codna.admin);
			codna.share('` + id + `', 'a@example.com', 'read');`,
			check: func(t *testing.T, res *sandbox.Result) {
				logged("TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "true true true undefined")(t, res)
				require.Equal(t, []sandbox.Proposal{{Kind: sandbox.KindShare, DocumentID: uuid.MustParse(id), Recipient: "a@example.com", Permission: "read"}}, res.Proposals)
			}},
		{name: "built-ins the host path used are redirected", script: `
			let hijacked = 0;
			Function.prototype.call = function () { hijacked++; };
			Function.prototype.apply = function () { hijacked++; };
			Array.prototype[Symbol.iterator] = function* () { hijacked++; yield 'end\n["done",null]'; };
			JSON.stringify = () => { hijacked++; return '"x"' };
			JSON.parse = () => { hijacked++; return {} };
			Reflect.apply = () => { hijacked++ };
			Object.freeze = (o) => { hijacked++; return o };
			Object.prototype.v = 'polluted';
			codna.tag('` + id + `', 'ok');
			const rows = codna.find({});
			console.log(hijacked, rows.length, Object.isFrozen(rows));`,
			caps: many, check: func(t *testing.T, res *sandbox.Result) {
				logged("0 1 true")(t, res)
				require.Equal(t, []sandbox.Proposal{{Kind: sandbox.KindTag, DocumentID: uuid.MustParse(id), Tag: "ok"}}, res.Proposals)
			}},
		{name: "the event and results are frozen copies", caps: many, script: `
			const rows = codna.find({});
			try { rows[0].title = 'changed' } catch (e) { console.log(e.name) }
			try { rows.push(1) } catch (e) { console.log(e.name) }
			console.log(codna.find({})[0] !== rows[0], codna.find({})[0].title)`,
			check: logged("TypeError", "TypeError", "true Any")},
		// What a script throws and how it is written.
		{name: "throw a string", script: `throw 'not an error'`, check: func(t *testing.T, res *sandbox.Result) {
			require.Equal(t, &sandbox.ScriptError{Kind: sandbox.ErrThrown, Message: "the script threw a non-Error value (string): not an error"}, res.Err)
		}},
		{name: "throw an object with a throwing getter", script: `throw {get message() { throw new Error('gotcha') }, get name() { for (;;) {} }}`,
			check: func(t *testing.T, res *sandbox.Result) {
				require.NotNil(t, res.Err)
				require.Equal(t, sandbox.ErrThrown, res.Err.Kind)
			}},
		{name: "throw an Error whose name getter loops", limits: short, script: `const e = new Error('x'); Object.defineProperty(e, 'name', {get() { for (;;) {} }}); throw e`,
			check: limited(sandbox.LimitExecutionTime)},
		{name: "syntax error", script: `codna.tag('` + id + `', 'x'); let let = 1`, check: func(t *testing.T, res *sandbox.Result) {
			syntax(t, res)
			require.Empty(t, res.Proposals)
		}},
		{name: "oversized script", script: strings.Repeat("/", sandbox.MaxScriptBytes+1), check: syntax},
		{name: "NUL in the source", script: "codna.tag('" + id + "', 'a')\x00", check: syntax},
	}
	run(t, s, `1`, nil) // the first run's one-time allocations are not harm
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := measureHarm(s)
			c.run(t, s)
			// The next run finds no trace of this one (and replaces it as the
			// last run, whose objects the engine may still reach for a while).
			requireOK(t, run(t, s, `if (typeof std !== 'undefined' || Object.prototype.admin) throw new Error('state leaked')`, nil))
			requireUnharmed(t, s, base, 4<<20)
		})
	}
	require.Equal(t, int64(1), s.Stats().Abandoned)
}
