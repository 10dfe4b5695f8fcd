//go:build race

package schedule

// raceEnabled: the race detector's instrumentation allocates on its own, so
// tests that count allocations (testing.AllocsPerRun) skip that check.
const raceEnabled = true
