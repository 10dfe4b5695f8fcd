package pacer_test

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pacer"
)

func TestPercentPutsTheNextCollectionAtTheFloor(t *testing.T) {
	t.Parallel()
	const mib = 1 << 20
	require.Equal(t, 1500, pacer.Percent(4*mib, 64*mib, 100), "4 MiB live: collect at 64 MiB")
	require.Equal(t, 100, pacer.Percent(32*mib, 64*mib, 100), "32 MiB live reaches the floor at GOGC=100")
	require.Equal(t, 100, pacer.Percent(300*mib, 64*mib, 100), "a large live heap is paced by GOGC alone")
	require.Equal(t, 200, pacer.Percent(50*mib, 64*mib, 200), "the process's GOGC is the least")
	require.Equal(t, 110, pacer.Percent(30*mib, 64*mib, 100), "rounded down to a multiple of 10")
	require.Equal(t, 1_000_000, pacer.Percent(0, 64*mib, 100), "bounded for an empty heap")
}

// Not parallel: it sets the process's collector percentage.
func TestPacerRaisesThePercentageAndGivesItBack(t *testing.T) {
	base := debug.SetGCPercent(100)
	defer debug.SetGCPercent(base)
	p := pacer.New(1 << 40) // far above any live heap of this test
	require.NoError(t, p.Start())
	require.NoError(t, p.Start(), "a second Start is harmless")
	runtime.GC()
	require.Eventually(t, func() bool {
		runtime.GC()
		now := debug.SetGCPercent(100)
		debug.SetGCPercent(now)
		return now > 100
	}, 5*time.Second, 10*time.Millisecond, "raised after a collection")
	p.Stop()
	p.Stop()
	now := debug.SetGCPercent(100)
	require.Equal(t, 100, now, "Stop gives the starting GOGC back")

	require.NoError(t, pacer.New(0).Start(), "a zero floor does nothing")
}
