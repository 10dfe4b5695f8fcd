package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Not parallel: t.Setenv.
func TestHeapFloorIsReadFromTheEnvironment(t *testing.T) {
	c, err := envConfig()
	require.NoError(t, err)
	require.Equal(t, 64, c.HeapFloorMiB, "the default")

	t.Setenv("CODNA_HEAP_FLOOR_MIB", "0")
	c, err = envConfig()
	require.NoError(t, err)
	require.Equal(t, 0, c.HeapFloorMiB, "0 turns pacing off")

	t.Setenv("CODNA_HEAP_FLOOR_MIB", "-5")
	_, err = envConfig()
	require.ErrorContains(t, err, "CODNA_HEAP_FLOOR_MIB")

	t.Setenv("CODNA_HEAP_FLOOR_MIB", "lots")
	_, err = envConfig()
	require.ErrorContains(t, err, "CODNA_HEAP_FLOOR_MIB")
}
