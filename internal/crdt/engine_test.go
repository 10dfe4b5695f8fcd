package crdt

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"codna/internal/sandbox"

	"github.com/stretchr/testify/require"
)

var (
	engineOnce sync.Once
	testEngine *Engine
)

// sharedEngine is one engine for the package's tests: a runtime costs a
// second to make on a cold process.
func sharedEngine(t *testing.T) *Engine {
	t.Helper()
	engineOnce.Do(func() {
		sb, err := sandbox.New(sandbox.Config{Warm: -1})
		require.NoError(t, err)
		testEngine = NewEngine(sb, EngineConfig{Runtimes: 2})
	})
	return testEngine
}

func TestEngineReadsWritesAndMergesAPIChanges(t *testing.T) {
	t.Parallel()
	e := sharedEngine(t)
	ctx := context.Background()

	start, err := e.FromText(ctx, "Line one.\nLine two.\nLine three.\n", 1)
	require.NoError(t, err)
	u, err := ReadUpdate(start)
	require.NoError(t, err, "the engine writes what the Go reader accepts")
	require.Equal(t, 32, u.Inserted)

	v, err := e.Compact(ctx, [][]byte{start})
	require.NoError(t, err)
	require.Equal(t, "Line one.\nLine two.\nLine three.\n", v.Text)
	sv, err := ReadStateVector(v.Vector)
	require.NoError(t, err)
	require.Equal(t, StateVector{1: 32}, sv)

	// People type after the revision: at the start and in line two, and
	// delete "three" (each as its own client, with no snapshot: today's
	// text is the base).
	log := [][]byte{start}
	for i, change := range []struct{ from, to string }{
		{"Line one.\nLine two.\nLine three.\n", "TOP Line one.\nLine two.\nLine three.\n"},
		{"TOP Line one.\nLine two.\nLine three.\n", "TOP Line one.\nLine second two.\nLine three.\n"},
		{"TOP Line one.\nLine second two.\nLine three.\n", "TOP Line one.\nLine second two.\nLine .\n"},
	} {
		up, err := e.Edit(ctx, log, nil, change.from, change.to, uint32(10+i))
		require.NoError(t, err)
		log = append(log, up)
	}
	text, err := e.Text(ctx, log)
	require.NoError(t, err)
	require.Equal(t, "TOP Line one.\nLine second two.\nLine .\n", text)

	// An API write based on the revision changes "one" and adds a line: it
	// merges with the typing instead of undoing it.
	up, err := e.Edit(ctx, log, v.Snapshot, v.Text, "Line 1.\nLine two.\nLine three.\nLine four.\n", 99)
	require.NoError(t, err)
	text, err = e.Text(ctx, append(log, up))
	require.NoError(t, err)
	require.Equal(t, "TOP Line 1.\nLine second two.\nLine .\nLine four.\n", text)

	// Sync step 1 from a client that has the start: it gets the rest.
	diff, err := e.Diff(ctx, time.Second, append(log, up), v.Vector)
	require.NoError(t, err)
	text, err = e.Text(ctx, [][]byte{start, diff})
	require.NoError(t, err)
	require.Equal(t, "TOP Line 1.\nLine second two.\nLine .\nLine four.\n", text)
}

func TestEngineBoundsEachCall(t *testing.T) {
	t.Parallel()
	sb, err := sandbox.New(sandbox.Config{Warm: -1})
	require.NoError(t, err)
	e := NewEngine(sb, EngineConfig{Runtimes: 1, Wall: 20 * time.Millisecond})
	defer e.Close()
	ctx := context.Background()
	// Warm the one runtime so the wall time measures the call.
	_, err = e.FromText(ctx, "x", 1)
	require.NoError(t, err)

	big := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 100000)
	_, err = e.FromText(ctx, big, 1)
	require.ErrorIs(t, err, ErrEngine, "a call past its wall time is stopped")
	_, err = e.Compact(ctx, [][]byte{{1, 2, 3}})
	require.ErrorIs(t, err, ErrEngine, "yjs throwing on bytes that are not an update")

	e.slots <- struct{}{} // the one runtime is taken
	_, err = e.Diff(ctx, 10*time.Millisecond, nil, []byte{0})
	require.ErrorIs(t, err, ErrBusy)
	<-e.slots
	_, err = e.FromText(ctx, "after", 1)
	require.NoError(t, err, "a runtime thrown away is replaced")
}

func TestEngineKeepsEveryCharacterOfLongAndShortTexts(t *testing.T) {
	t.Parallel()
	e := sharedEngine(t)
	ctx := context.Background()
	// Long strings cross to Go to be encoded and decoded; short ones stay in
	// JavaScript (frontend/engine/shim.js): both must keep every character.
	for _, text := range []string{
		"é",
		"😀 naïve café — ☃",
		strings.Repeat("Grüße, 世界! 😀 — ", 200),
		strings.Repeat("plain ascii words ", 5000),
	} {
		state, err := e.FromText(ctx, text, 9)
		require.NoError(t, err)
		got, err := e.Text(ctx, [][]byte{state})
		require.NoError(t, err)
		require.Equal(t, text, got)
		u, err := ReadUpdate(state)
		require.NoError(t, err)
		require.Equal(t, len(text), u.InsertedBytes, "the Go reader measures the same bytes")
	}
}
