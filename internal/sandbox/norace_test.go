//go:build !race

package sandbox_test

const raceEnabled = false
