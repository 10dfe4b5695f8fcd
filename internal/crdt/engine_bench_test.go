package crdt

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/sandbox"
)

// BenchmarkEngine times the engine's calls on pages of 10 KB, 100 KB and
// 1 MB (bench/RESULTS.md "Issue 37: co-editing"): load (a document from a
// revision's text), diff (sync step 2 for a client holding the stored
// state), compaction (the state and an edit folded) and text (read from
// the state and an edit). One runtime, warm.
//
//	go test -run '^$' -bench BenchmarkEngine -benchtime 5x ./internal/crdt/
func BenchmarkEngine(b *testing.B) {
	sb, err := sandbox.New(sandbox.Config{Warm: -1})
	require.NoError(b, err)
	e := NewEngine(sb, EngineConfig{Runtimes: 1, Wall: time.Minute})
	b.Cleanup(e.Close)
	ctx := context.Background()
	line := "A line of a page people write together, with some words.\n" // 58 bytes
	for _, size := range []int{10 << 10, 100 << 10, 1 << 20} {
		text := strings.Repeat(line, size/len(line))
		state, err := e.FromText(ctx, text, 7)
		require.NoError(b, err)
		edited := text[:len(text)/2] + "typed here " + text[len(text)/2:]
		edit, err := e.Edit(ctx, [][]byte{state}, nil, text, edited, 8)
		require.NoError(b, err)
		u, err := ReadUpdate(state)
		require.NoError(b, err)
		sv := StateVector(u.Ends).Encode()
		name := strconv.Itoa(size>>10) + "KiB"
		b.Run("load/"+name, func(b *testing.B) {
			for b.Loop() {
				_, err := e.FromText(ctx, text, 9)
				require.NoError(b, err)
			}
		})
		b.Run("diff/"+name, func(b *testing.B) {
			for b.Loop() {
				_, err := e.Diff(ctx, time.Minute, [][]byte{state, edit}, sv)
				require.NoError(b, err)
			}
		})
		b.Run("compaction/"+name, func(b *testing.B) {
			for b.Loop() {
				_, err := e.Compact(ctx, [][]byte{state, edit})
				require.NoError(b, err)
			}
		})
		b.Run("text/"+name, func(b *testing.B) {
			for b.Loop() {
				_, err := e.Text(ctx, [][]byte{state, edit})
				require.NoError(b, err)
			}
		})
		b.Logf("%s: state %d bytes", name, len(state))
	}
}
