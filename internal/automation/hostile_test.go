package automation

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/pgtest"
	"codna/internal/sandbox"
)

// Hostile scripts run through the whole path — queued by the matcher,
// claimed, sandboxed, recorded — and each ends with the status, limit and
// error it should, applying nothing; afterwards the server still runs an
// ordinary script and has not grown threads or files.
func TestHostileScriptsEndWithTheirLimitOrError(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.person(t)
	doc := b.doc(t, owner, pgtest.Doc{Title: "Target"})
	id := doc.ID.String()
	secret := t.TempDir() + "/secret.txt"
	require.NoError(t, os.WriteFile(secret, []byte("server secret"), 0o600))

	cases := []struct {
		name, script string
		status       Status
		limit        sandbox.Limit
		errHas       string // in the run's error
		logsHas      string // in the run's logs
	}{
		{"infinite loop", `while (true) {}`, StatusTimeout, sandbox.LimitExecutionTime, "", ""},
		{"recursion bomb", `function f(n) { return f(n + 1) + 1 } f(0)`, StatusFailed, "", "", ""},
		{"memory bomb", `const a = [], mb = 'x'.repeat(1 << 20); while (true) a.push(mb + a.length)`, StatusFailed, sandbox.LimitMemory, "", ""},
		{"huge string", `let s = 'x'; while (true) s = s + s`, StatusFailed, sandbox.LimitMemory, "", ""},
		{"10,000 proposals", `for (let i = 0; i < 10000; i++) codna.tag('` + id + `', 't' + i)`, StatusFailed, sandbox.LimitActions, "", ""},
		{"1,000 reads", `for (let i = 0; i < 1000; i++) codna.get('` + id + `')`, StatusFailed, sandbox.LimitReads, "", ""},
		{"std is gone", `std.loadFile('` + secret + `')`, StatusFailed, "", "ReferenceError", ""},
		{"os is gone", `os.readdir('/')`, StatusFailed, "", "ReferenceError", ""},
		{"bjson is gone", `bjson.read(new ArrayBuffer(8), 0, 8)`, StatusFailed, "", "ReferenceError", ""},
		{"globals are gone", `console.log(typeof std, typeof os, typeof bjson, typeof require, typeof fetch, typeof XMLHttpRequest, typeof setTimeout, typeof process)`,
			StatusOK, "", "", "undefined undefined undefined undefined undefined undefined undefined undefined"},
		{"require", `require('fs')`, StatusFailed, "", "ReferenceError", ""},
		{"import", `import * as std from 'std'`, StatusFailed, "", "SyntaxError", ""},
		{"dynamic import", `import('std').then(m => m.loadFile('/etc/passwd'))`, StatusFailed, "", "import", ""},
		{"fetch", `fetch('http://127.0.0.1/')`, StatusFailed, "", "ReferenceError", ""},
		{"XMLHttpRequest", `new XMLHttpRequest()`, StatusFailed, "", "ReferenceError", ""},
		{"setTimeout", `setTimeout(() => {}, 10)`, StatusFailed, "", "ReferenceError", ""},
		{"eval", `eval('1 + 1')`, StatusFailed, "", "", ""},
		{"Function constructor", `(function(){}).constructor('return this')()`, StatusFailed, "", "", ""},
		{"prototype pollution of codna", `
			try { codna.share = () => {} } catch (e) {}
			try { Object.prototype.share = () => {} } catch (e) {}
			try { Object.setPrototypeOf(codna, {}) } catch (e) {}
			codna.tag('` + id + `', 'still-real')`, StatusOK, "", "", ""},
		{"throwing a number", `throw 42`, StatusFailed, "", "42", ""},
		{"throwing an object", `throw {toString() { return 'sneaky' }}`, StatusFailed, "", "", ""},
		{"syntax error", `this is not javascript`, StatusFailed, "", "SyntaxError", ""},
		{"sharing beyond the owner's permission", `codna.share('` + pgtest.Ptr(b.doc(t, b.person(t), pgtest.Doc{}).ID).String() + `', 'x@example.com', 'read')`,
			StatusRejected, "", "", ""},
		{"writing outside output", `codna.write({space: 'wiki', path: 'x', slug: 'y', title: 't', content: 'c'})`, StatusFailed, "", "", ""},
	}
	autos := make([]*Automation, len(cases))
	for i, c := range cases {
		autos[i] = b.create(t, owner, Input{Name: c.name, Kind: KindEvent, TriggerEvents: []string{"document.updated"}, Script: c.script})
	}
	threads := runtime.NumGoroutine()
	b.tag(t, owner, doc.ID, "go")
	b.drain(t)

	for i, c := range cases {
		runs := b.runs(t, owner, autos[i].ID)
		require.Len(t, runs, 1, c.name)
		r := runs[0]
		require.Equal(t, c.status, r.Status, "%s: %s", c.name, r.Error)
		require.Equal(t, c.limit, r.LimitHit, c.name)
		require.Contains(t, r.Error, c.errHas, c.name)
		require.Contains(t, r.Logs, c.logsHas, c.name)
		if c.status != StatusOK {
			for _, v := range r.Proposals {
				require.False(t, applied(v), "%s: %s applied", c.name, v.Kind)
			}
		}
		require.NotContains(t, r.Logs+r.Error, "server secret", c.name)
	}
	got, err := b.docs.Get(pgtest.ActingAs(owner), doc.ID)
	require.NoError(t, err)
	require.Equal(t, []string{"go", "still-real"}, got.Tags, "only the polluting script's real proposal was applied")
	_, err = b.docs.GetByAddress(pgtest.ActingAs(owner), document.SpaceWiki, "x", "y")
	require.Error(t, err)

	// The server is unharmed: an ordinary script still runs, and the
	// hostile runs left no goroutine behind.
	ok := b.create(t, owner, Input{Name: "ordinary", Kind: KindEvent, TriggerEvents: []string{"document.updated"}, Script: `console.log('fine')`})
	b.tag(t, owner, doc.ID, "again")
	b.drain(t)
	runs := b.runs(t, owner, ok.ID)
	require.Equal(t, StatusOK, runs[0].Status)
	require.Equal(t, "fine\n", runs[0].Logs)
	require.LessOrEqual(t, runtime.NumGoroutine(), threads+10, fmt.Sprintf("goroutines %d → %d", threads, runtime.NumGoroutine()))
	require.NoError(t, context.Background().Err())
}
