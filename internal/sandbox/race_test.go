//go:build race

package sandbox_test

// raceEnabled: the race detector slows the host side of a run several times
// over, so tests give scripts a longer wall time (testWallTime).
const raceEnabled = true
