package sandbox_test

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/sandbox"
)

// The script contract of docs/api.md, "Automation scripts": `event`, the
// capability calls, their typed proposals, reads, logs and how a run ends.

func TestEventReachesTheScriptAndProposalsAreRecordedInOrder(t *testing.T) {
	t.Parallel()
	s := newSandbox(t, sandbox.Config{})
	d := doc("Laptop setup", "wiki", "it", []string{"onboarding"}, testNow, "# Laptop\n")
	docID, actor := d.ID, uuid.Must(uuid.NewV7())
	ev := &sandbox.Event{ID: uuid.Must(uuid.NewV7()), Type: "document.tagged", DocumentID: &docID, ActorID: &actor,
		Payload: json.RawMessage(`{"tag":"onboarding"}`), CreatedAt: testNow, Document: &d}
	script := `
		if (event.type !== 'document.tagged' || event.payload.tag !== 'onboarding') throw new Error('bad event');
		if (event.document.content !== '# Laptop\n' || event.document.address !== 'wiki:it/laptop-setup') throw new Error('bad document');
		codna.share(event.documentId, 'group:new-hires', 'read');
		codna.notify(event.actorId ? 'lead@example.com' : 'x@example.com', 'Shared ' + event.document.title);
		codna.tag(event.documentId, 'shared');
		codna.untag(event.documentId, 'draft');
		const r = codna.write({space: 'output', path: 'reports', slug: 'shared-today', title: 'Shared today', content: '- ' + event.document.title});
		console.log('done', r === undefined, {n: 1});
	`
	res, err := s.Run(context.Background(), sandbox.Input{Script: script, Event: ev, Caps: &memCaps{}})
	require.NoError(t, err)
	requireOK(t, res)
	require.Equal(t, []sandbox.Proposal{
		{Kind: sandbox.KindShare, DocumentID: docID, Recipient: "group:new-hires", Permission: "read"},
		{Kind: sandbox.KindNotify, Recipient: "lead@example.com", Message: "Shared Laptop setup"},
		{Kind: sandbox.KindTag, DocumentID: docID, Tag: "shared"},
		{Kind: sandbox.KindUntag, DocumentID: docID, Tag: "draft"},
		{Kind: sandbox.KindWrite, Write: &sandbox.Write{Space: "output", Path: "reports", Slug: "shared-today", Title: "Shared today", Content: "- Laptop setup"}},
	}, res.Proposals)
	require.Equal(t, "done true {\"n\":1}\n", res.Logs)
	require.Zero(t, res.Reads)
	require.Positive(t, res.Duration)
	require.Positive(t, res.MemoryPeak)
}

func TestScheduledRunHasNullEvent(t *testing.T) {
	t.Parallel()
	s := newSandbox(t, sandbox.Config{})
	res := run(t, s, `if (event !== null) throw new Error('event is ' + typeof event); console.log('scheduled')`, nil)
	requireOK(t, res)
	require.Equal(t, "scheduled\n", res.Logs)
}

func TestFindAndGetAnswerAsTheCapabilitiesDoCountedAndFrozen(t *testing.T) {
	t.Parallel()
	s := newSandbox(t, sandbox.Config{})
	old := doc("Old runbook", "wiki", "ops", []string{"runbook"}, testNow.AddDate(0, -8, 0), "old body")
	fresh := doc("Fresh runbook", "wiki", "ops/db", []string{"runbook", "db"}, testNow.AddDate(0, 0, -2), "fresh body")
	other := doc("Notes", "output", "", nil, testNow, "notes")
	caps := &memCaps{docs: []sandbox.Document{old, fresh, other}}
	script := `
		const stale = codna.find({space: 'wiki', pathPrefix: 'ops', tags: ['runbook'], updatedBefore: '-180d', limit: 5});
		if (stale.length !== 1 || stale[0].title !== 'Old runbook') throw new Error('stale: ' + JSON.stringify(stale));
		if ('content' in stale[0]) throw new Error('find returned content');
		if (!Object.isFrozen(stale) || !Object.isFrozen(stale[0]) || !Object.isFrozen(stale[0].tags)) throw new Error('not frozen');
		const all = codna.find();
		if (all.length !== 3 || all[0].updatedAt < all[2].updatedAt) throw new Error('all: ' + all.length);
		const d = codna.get(stale[0].id);
		if (d.content !== 'old body' || !Object.isFrozen(d)) throw new Error('get: ' + JSON.stringify(d));
		if (codna.get('` + uuid.Must(uuid.NewV7()).String() + `') !== null) throw new Error('unknown id not null');
		const notes = codna.find({space: 'output'});
		if (notes[0].tags.length !== 0) throw new Error('tags not []');
		for (const x of codna.find({text: 'runbook', updatedAfter: '2025-05-01'})) codna.tag(x.id, 'fresh');
	`
	res := run(t, s, script, caps)
	requireOK(t, res)
	require.Equal(t, 6, res.Reads)
	require.Equal(t, []sandbox.Proposal{{Kind: sandbox.KindTag, DocumentID: fresh.ID, Tag: "fresh"}}, res.Proposals)

	before := testNow.AddDate(0, 0, -180)
	after := time.Date(2025, 5, 1, 0, 0, 0, 0, time.UTC)
	require.Equal(t, sandbox.FindQuery{Space: "wiki", PathPrefix: "ops", Tags: []string{"runbook"}, UpdatedBefore: &before, Limit: 5}, caps.finds[0])
	require.Equal(t, sandbox.FindQuery{Limit: sandbox.DefaultFindLimit}, caps.finds[1])
	require.Equal(t, sandbox.FindQuery{Text: "runbook", UpdatedAfter: &after, Limit: sandbox.DefaultFindLimit}, caps.finds[3])
	require.Len(t, caps.gets, 2)
}

func TestBadArgumentsThrowAndCountForNothing(t *testing.T) {
	t.Parallel()
	s := newSandbox(t, sandbox.Config{})
	calls := map[string]string{
		`codna.share('not-an-id', 'a@example.com', 'read')`:                          "TypeError: codna.share: \"not-an-id\" is not a document id",
		`codna.share({id: 1}, 'a@example.com', 'read')`:                              "TypeError: codna.share: the first argument must be a document id (a string like event.documentId)",
		`codna.share(ID, 'nobody', 'read')`:                                          "TypeError: codna.share: \"nobody\" is not a recipient: name a person by email, a group as group:<slug> or an agent as agent:<slug>",
		`codna.share(ID, 'group:', 'read')`:                                          "TypeError: codna.share: \"group:\" is not a recipient: name a person by email, a group as group:<slug> or an agent as agent:<slug>",
		`codna.share(ID, 'a@example.com', 'admin')`:                                  "TypeError: codna.share: the permission must be 'read' or 'write'",
		`codna.share(ID, 'a@example.com')`:                                           "TypeError: codna.share: the permission must be 'read' or 'write'",
		`codna.notify('a@example.com')`:                                              "TypeError: codna.notify: the message is missing",
		`codna.notify('a@example.com', 'x'.repeat(5000))`:                            "RangeError: codna.notify: the message has 5000 bytes; at most 4096 are allowed",
		`codna.tag(ID, '  ')`:                                                        "TypeError: codna.tag: the tag is empty",
		`codna.untag(ID, 7)`:                                                         "TypeError: codna.untag: the tag must be a string",
		`codna.write({space: 'wiki', slug: 's', title: 't', content: ''})`:           "TypeError: codna.write: scripts write to the output space only",
		`codna.write({slug: 's', title: 't'})`:                                       "TypeError: codna.write: content is missing",
		`codna.write({slug: 's', title: 't', content: '', owner: 'me'})`:             "TypeError: codna.write: unknown field \"owner\" (known: space, path, slug, title, content)",
		`codna.write('doc')`:                                                         "TypeError: codna.write: the argument must be an object like {space: 'output', path, slug, title, content}",
		`codna.find({space: 'private'})`:                                             "TypeError: codna.find: space must be raw, wiki or output",
		`codna.find({limit: 201})`:                                                   "RangeError: codna.find: limit must be between 1 and 200",
		`codna.find({limit: 1.5})`:                                                   "TypeError: codna.find: limit must be a whole number",
		`codna.find({updatedBefore: 'last year'})`:                                   "TypeError: codna.find: updatedBefore \"last year\" is not a date ('-180d', '2025-01-31' or an ISO time)",
		`codna.find({owner: 'me'})`:                                                  "TypeError: codna.find: unknown option \"owner\" (known: space, pathPrefix, tags, text, updatedBefore, updatedAfter, limit)",
		`codna.find('wiki')`:                                                         "TypeError: codna.find: the argument must be an object like {space: 'wiki', tags: ['x']}",
		`codna.get(42)`:                                                              "TypeError: codna.get: the first argument must be a document id (a string like event.documentId)",
		`codna.find({tags: [1]})`:                                                    "TypeError: codna.find: tags must be a string or an array of strings",
		`codna.write({slug: 's', title: 't', content: 'x'.repeat(1024 * 1024 + 1)})`: "RangeError: codna.write: content has 1048577 bytes; at most 1048576 are allowed",
	}
	var script strings.Builder
	script.WriteString("const ID = '" + uuid.Must(uuid.NewV7()).String() + "';\n")
	for call := range calls {
		script.WriteString("try { " + call + "; console.log('no throw') } catch (e) { console.log(e instanceof TypeError || e instanceof RangeError ? String(e) : 'other: ' + e) }\n")
	}
	res := run(t, s, script.String(), nil)
	requireOK(t, res)
	require.Empty(t, res.Proposals)
	require.Zero(t, res.Reads)
	var want []string
	for call := range calls {
		want = append(want, calls[call])
	}
	require.ElementsMatch(t, want, strings.Split(strings.TrimSuffix(res.Logs, "\n"), "\n"))
}

func TestConsoleOutputIsCappedNotAnError(t *testing.T) {
	t.Parallel()
	s := newSandbox(t, sandbox.Config{})
	res := run(t, s, `
		console.warn('careful', 1, true, null, undefined, [1, 'a'], new TypeError('bad'));
		for (let i = 0; i < 10000; i++) console.log('line ' + i + ' ' + 'x'.repeat(100));
		codna.tag('`+uuid.Must(uuid.NewV7()).String()+`', 'after-logs');
	`, nil)
	requireOK(t, res)
	require.True(t, res.LogsTruncated)
	require.Len(t, res.Logs, sandbox.DefaultLimits.LogBytes)
	require.True(t, strings.HasPrefix(res.Logs, "warn: careful 1 true null undefined [1,\"a\"] TypeError: bad\nline 0 "))
	require.Len(t, res.Proposals, 1, "the script went on after the cap")
}

func TestAReturnedPromiseIsAwaited(t *testing.T) {
	t.Parallel()
	s := newSandbox(t, sandbox.Config{})
	id := uuid.Must(uuid.NewV7()).String()

	res := run(t, s, `(async () => { await null; codna.tag('`+id+`', 'async'); })()`, nil)
	requireOK(t, res)
	require.Len(t, res.Proposals, 1)

	res = run(t, s, `(async () => { await null; throw new RangeError('later') })()`, nil)
	require.Equal(t, &sandbox.ScriptError{Kind: sandbox.ErrThrown, Name: "RangeError", Message: "later", Stack: res.Err.Stack}, res.Err)

	res = run(t, s, `new Promise(() => {})`, nil)
	require.Equal(t, sandbox.ErrUnsettled, res.Err.Kind)
	require.Equal(t, sandbox.LimitNone, res.LimitHit)
}

func TestThrownValuesAreReportedWithTheirMessage(t *testing.T) {
	t.Parallel()
	s := newSandbox(t, sandbox.Config{})
	cases := map[string]sandbox.ScriptError{
		"function f() {\n  null.x;\n}\nf();": {Kind: sandbox.ErrThrown, Name: "TypeError", Message: "cannot read property 'x' of null",
			Stack: "at f (script.js:2:3)\nat <eval> (script.js:4:1)"},
		"throw new Error('boom')": {Kind: sandbox.ErrThrown, Name: "Error", Message: "boom", Stack: "at <eval> (script.js:1:11)"},
		"throw 'a string'":        {Kind: sandbox.ErrThrown, Message: "the script threw a non-Error value (string): a string"},
		"throw 42":                {Kind: sandbox.ErrThrown, Message: "the script threw a non-Error value (number): 42"},
		"throw {code: 7}":         {Kind: sandbox.ErrThrown, Message: "the script threw a non-Error value (object): {\"code\":7}"},
		"throw null":              {Kind: sandbox.ErrThrown, Message: "the script threw a non-Error value (object): null"},
		"throw undefined":         {Kind: sandbox.ErrThrown, Message: "the script threw a non-Error value (undefined): undefined"},
		"throw Symbol('s')":       {Kind: sandbox.ErrThrown, Message: "the script threw a non-Error value (symbol): Symbol(s)"},
		"throw 10n":               {Kind: sandbox.ErrThrown, Message: "the script threw a non-Error value (bigint): 10"},
		"throw {toString() { throw 1 }, get x() { throw 2 }}": {Kind: sandbox.ErrThrown, Message: "the script threw a non-Error value (object): [unprintable]"},
		"const e = new Error('m'); Object.defineProperty(e, 'message', {get() { throw 1 }}); throw e": {Kind: sandbox.ErrThrown, Name: "Error", Message: "",
			Stack: "at <eval> (script.js:1:15)"},
		"x = 1": {Kind: sandbox.ErrThrown, Name: "ReferenceError", Message: "x is not defined", Stack: "at <eval> (script.js:1:1)"},
	}
	for script, want := range cases {
		res := run(t, s, script, nil)
		require.NotNil(t, res.Err, script)
		require.Equal(t, want, *res.Err, script)
		require.Equal(t, sandbox.LimitNone, res.LimitHit)
	}
}

func TestSyntaxErrorsRunNothing(t *testing.T) {
	t.Parallel()
	s := newSandbox(t, sandbox.Config{})
	for script, want := range map[string]string{
		"codna.tag(1, 'x');\nlet = ;":         "SyntaxError: ",
		"with (codna) { tag('a', 'b') }":      "SyntaxError: ",
		"import fs from 'fs'":                 "SyntaxError: ",
		"import.meta":                         "SyntaxError: import is not available in automation scripts (no modules), at script.js:1",
		"// ok\nimport('qjs:std').then(m=>0)": "SyntaxError: import is not available in automation scripts (no modules), at script.js:2",
		"codna.tag(1, 'x'); function (":       "SyntaxError: ",
	} {
		res := run(t, s, script, nil)
		require.NotNil(t, res.Err, script)
		require.Equal(t, sandbox.ErrSyntax, res.Err.Kind, script)
		require.True(t, strings.HasPrefix(res.Err.Error(), want), "%s: %s", script, res.Err.Error())
		require.Empty(t, res.Proposals)
	}
	res := run(t, s, "codna.notify('a@example.com', 'please import the file')", nil)
	requireOK(t, res)
}

func TestCapabilityFailureStopsTheRunAndIsTheHostsError(t *testing.T) {
	t.Parallel()
	s := newSandbox(t, sandbox.Config{})
	boom := errors.New("database down")
	id := uuid.Must(uuid.NewV7()).String()
	res, err := s.Run(context.Background(), sandbox.Input{Caps: &memCaps{err: boom},
		Script: `codna.tag('` + id + `', 'before'); try { codna.find({}) } catch (e) {} codna.tag('` + id + `', 'after')`})
	require.ErrorIs(t, err, boom)
	require.Len(t, res.Proposals, 1, "what was recorded before the failure")
	require.Nil(t, res.Err)
}

func TestCallerCancellationStopsTheRun(t *testing.T) {
	t.Parallel()
	s := newSandbox(t, sandbox.Config{})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := s.Run(ctx, sandbox.Input{Script: `while (true) {}`, Caps: &memCaps{}})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Less(t, time.Since(start), 2*time.Second)

	ctx, cancel = context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err = s.Run(ctx, sandbox.Input{Script: `codna.find({})`, Caps: &memCaps{block: true}})
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestRunAfterStopFails(t *testing.T) {
	t.Parallel()
	s := newSandbox(t, sandbox.Config{})
	s.Stop()
	s.Stop()
	_, err := s.Run(context.Background(), sandbox.Input{Script: `1`, Caps: &memCaps{}})
	require.ErrorIs(t, err, sandbox.ErrStopped)
}

func TestBadEventPayloadIsTheHostsError(t *testing.T) {
	t.Parallel()
	s := newSandbox(t, sandbox.Config{})
	_, err := s.Run(context.Background(), sandbox.Input{Script: `1`, Caps: &memCaps{}, Event: &sandbox.Event{Type: "x", Payload: json.RawMessage(`[1]`)}})
	require.Error(t, err)
	_, err = s.Run(context.Background(), sandbox.Input{Script: `1`})
	require.Error(t, err)
}

// TestRuntimesAreReleased: a run leaves nothing behind — qjs's Close alone
// would keep each runtime (and its linear memory) reachable from the engine
// every runtime shares (see engine.close in sandbox.go). Not parallel: it
// counts the heap.
func TestRuntimesAreReleased(t *testing.T) {
	s := newSandbox(t, sandbox.Config{})
	run(t, s, `1`, nil)
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	for range 20 {
		res, err := s.Run(context.Background(), sandbox.Input{Caps: &memCaps{}, Limits: sandbox.Limits{WallTime: 20 * time.Second}, Script: `
			const c = 'x'.repeat((1 << 20) - 100);
			for (let i = 0; i < 3; i++) codna.write({slug: 's' + i, title: 't', content: c});
			const a = []; for (;;) a.push(new Uint8Array(1 << 20))`})
		require.NoError(t, err)
		require.Equal(t, sandbox.LimitMemory, res.LimitHit)
		require.Len(t, res.Proposals, 3)
	}
	require.Zero(t, s.Stats().Mapped, "every runtime's linear memory unmapped")
	runtime.GC()
	runtime.ReadMemStats(&ms)
	// The engine may still reach the last run's objects (a few MiB here);
	// 20 runs' worth would be 60 MiB of proposals alone.
	require.Less(t, ms.HeapAlloc, before+16<<20, "20 runs left %d MiB on the heap", (ms.HeapAlloc-before)>>20)
}
