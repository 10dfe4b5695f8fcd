//go:build !race

package schedule

// raceEnabled: see race_test.go.
const raceEnabled = false
