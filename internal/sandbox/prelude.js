// The prelude: evaluated first in every fresh runtime, before any of the
// script runs (docs/design.md, "The script sandbox"). It captures what it
// needs while the built-ins are pristine, removes what a script must not
// reach, builds the frozen `codna`, `console` and `event`, runs the script
// and reports how it ended. Everything the script can reach afterwards is
// either frozen, a closure over captured built-ins, or the script's own.
//
// The host is one Go function, host(op + '\n' + json) → json, reached
// only through this closure: op names the call, json is the JSON
// array of its arguments (one string argument: every argument crossing costs
// calls into the engine), and the answer is an envelope: {v: value} (the result), {u: 1}
// (undefined), {e: {name, message}} (throw that error) or {stop: limit} (the run is
// over). Every check and count is in Go; nothing here is trusted for them.
(function () {
  'use strict';
  const g = globalThis;
  const O = Object, R = Reflect;
  const defineProperty = O.defineProperty, freeze = O.freeze, create = O.create,
    getPrototypeOf = O.getPrototypeOf, hasOwn = O.hasOwn,
    objectToString = O.prototype.toString, apply = R.apply,
    stringify = JSON.stringify, parse = JSON.parse, toStr = String,
    strSlice = String.prototype.slice, realEval = g.eval,
    promiseThen = Promise.prototype.then, PromiseCtor = Promise,
    TypeErrorCtor = TypeError, RangeErrorCtor = RangeError, ErrorCtor = Error,
    FunctionProto = Function.prototype, realCall = FunctionProto.call;

  // qjs wraps the native function behind a Go function in JS that calls
  // `proxy.call(this, fnId, ctxId, isAsync, promise, ...args)`: a lookup of
  // Function.prototype.call and an array iteration, both of which a script
  // could redirect. Catch the native function and its ids once, while the
  // built-ins are still pristine, and call it directly from then on.
  let raw = null, ids = null;
  FunctionProto.call = function (self, fnId, ctxId, isAsync) { raw = this; ids = [fnId, ctxId, isAsync]; };
  g.__codna_host('pin');
  FunctionProto.call = realCall;
  if (typeof raw !== 'function') throw new ErrorCtor('prelude: could not reach the host');
  const host = (msg) => apply(raw, undefined, [ids[0], ids[1], ids[2], undefined, msg]);

  // What a script must not reach: qjs's std/os/bjson (files, timers that
  // sleep past any deadline, bytecode), their timer aliases, print (the
  // process's stdout), gc, the Go proxy class, and every way to turn a
  // string into code (eval and the four Function constructors), which
  // would let code assemble `import(` after the source check.
  for (const name of ['__codna_host', 'std', 'os', 'bjson', 'setTimeout', 'setInterval',
    'clearTimeout', 'clearInterval', 'print', 'gc', 'scriptArgs', 'navigator',
    'QJS_PROXY_VALUE', 'console']) {
    delete g[name];
  }
  const refuse = (what) => function () { throw new TypeErrorCtor(what + ' is not available in automation scripts'); };
  const noEval = refuse('eval');
  defineProperty(g, 'eval', { value: noEval, writable: false, configurable: false, enumerable: false });
  const noFunction = refuse('Function');
  noFunction.prototype = FunctionProto;
  defineProperty(g, 'Function', { value: noFunction, writable: false, configurable: false, enumerable: false });
  for (const sample of [function () {}, function* () {}, async function () {}, async function* () {}]) {
    defineProperty(getPrototypeOf(sample), 'constructor', { value: noFunction, writable: false, configurable: false, enumerable: false });
  }

  // Error.prepareStackTrace (QuickJS-ng follows V8) would hand a script the
  // call sites of its stack, whose getFunction() reaches the functions of
  // the frames below it: the realEval running the script among them, which
  // turns any string into code (and so `import(` into a module). Fixed to
  // nothing, so stacks are only ever strings.
  defineProperty(ErrorCtor, 'prepareStackTrace', { value: undefined, writable: false, configurable: false, enumerable: false });

  const cut = (s, n) => (s.length > n ? apply(strSlice, s, [0, n]) : s);
  const deepFreeze = function (k, v) { if (typeof v === 'object' && v !== null) freeze(v); return v; };
  const call = function (op, args) {
    const env = parse(host(op + '\n' + stringify(args)), deepFreeze);
    if (hasOwn(env, 'v')) return env.v;
    if (hasOwn(env, 'u')) return undefined;
    if (hasOwn(env, 'e')) {
      const Ctor = env.e.name === 'RangeError' ? RangeErrorCtor : TypeErrorCtor;
      throw new Ctor(env.e.message);
    }
    throw new ErrorCtor('the run was stopped: ' + env.stop);
  };

  const codna = create(null);
  const method = function (name, fn) {
    defineProperty(codna, name, { value: freeze(fn), enumerable: true, writable: false, configurable: false });
  };
  method('find', function find(query) { return call('find', [query]); });
  method('get', function get(id) { return call('get', [id]); });
  method('share', function share(documentId, recipient, permission) { return call('share', [documentId, recipient, permission]); });
  method('notify', function notify(recipient, message) { return call('notify', [recipient, message]); });
  method('tag', function tag(documentId, name) { return call('tag', [documentId, name]); });
  method('untag', function untag(documentId, name) { return call('untag', [documentId, name]); });
  method('write', function write(doc) { return call('write', [doc]); });
  freeze(codna);

  const isError = (v) => apply(objectToString, v, []) === '[object Error]';
  const show = function (v) {
    try {
      switch (typeof v) {
        case 'string': return v;
        case 'undefined': return 'undefined';
        case 'function': return '[function]';
        case 'object':
          if (v === null) return 'null';
          if (isError(v)) return toStr(v.name) + ': ' + toStr(v.message);
          try { const s = stringify(v); if (typeof s === 'string') return s; } catch (e) { /* cycles, BigInt */ }
      }
      return toStr(v);
    } catch (e) {
      return '[unprintable]';
    }
  };
  const init = call('init', []);
  let logRoom = init.room;
  const logger = function (level) {
    return freeze(function () {
      if (logRoom <= 0) return;
      let line = '';
      for (let i = 0; i < arguments.length && line.length < logRoom; i++) {
        line += (i ? ' ' : '') + cut(show(arguments[i]), logRoom - line.length);
      }
      logRoom = call('log', [level, cut(line, logRoom)]);
    });
  };
  const con = create(null);
  for (const level of ['log', 'info', 'debug', 'warn', 'error']) {
    defineProperty(con, level, { value: logger(level), enumerable: true });
  }
  freeze(con);

  defineProperty(g, 'codna', { value: codna, writable: false, configurable: false, enumerable: false });
  defineProperty(g, 'event', { value: init.event, writable: false, configurable: false, enumerable: false });
  defineProperty(g, 'console', { value: con, writable: false, configurable: false, enumerable: false });

  // How the script ended, described without trusting the thrown value: each
  // read may run the script's getters, so each is guarded and cut.
  const describe = function (e) {
    const d = { error: false, type: typeof e, name: '', message: '', stack: '' };
    try {
      if (e !== null && (typeof e === 'object' || typeof e === 'function')) {
        d.error = isError(e);
        if (d.error) {
          try { d.name = cut(toStr(e.name), 200); } catch (x) { /* a throwing getter */ }
          try { d.message = cut(toStr(e.message), 4096); } catch (x) { /* idem */ }
          try { d.stack = cut(toStr(e.stack), 8192); } catch (x) { /* idem */ }
        } else {
          try { d.message = cut(show(e), 4096); } catch (x) { d.message = '[unprintable]'; }
        }
      } else {
        d.message = cut(show(e), 4096);
      }
    } catch (x) {
      d.message = '[unprintable]';
    }
    return d;
  };
  const end = (state) => { call('end', [state, null]); };
  const endThrown = (e) => { call('end', ['thrown', describe(e)]); };

  let completion;
  try {
    // Indirect eval: a classic script in the global scope, strict, on the
    // script's own first line (the host corrects line 1's columns).
    completion = realEval('"use strict";' + init.source);
  } catch (e) {
    endThrown(e);
    return;
  }
  if (completion instanceof PromiseCtor) {
    end('pending');
    try {
      apply(promiseThen, completion, [() => end('done'), endThrown]);
    } catch (e) {
      endThrown(e);
    }
    return;
  }
  end('done');
})();
