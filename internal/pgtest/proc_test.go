package pgtest

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestProcessCPUReadsThisProcess: this process's parent, a CPU time that
// grows while it computes, and an error for a pid that does not exist.
func TestProcessCPUReadsThisProcess(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	parent, cpu, err := ProcessCPU(strconv.Itoa(os.Getpid()))
	require.NoError(t, err)
	require.Equal(t, strconv.Itoa(os.Getppid()), parent)
	deadline := time.Now().Add(2 * time.Second)
	later := cpu
	for later == cpu && time.Now().Before(deadline) {
		for i := 0; i < 1_000_000; i++ {
			sink += i
		}
		_, later, err = ProcessCPU(strconv.Itoa(os.Getpid()))
		require.NoError(t, err)
	}
	require.Greater(t, later, cpu, "the CPU time grows while this process computes")
	_, _, err = ProcessCPU("0")
	require.Error(t, err)
}

// sink keeps the busy loop from being optimised away.
var sink int
