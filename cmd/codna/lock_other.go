//go:build !unix

package main

// lockDataDir is a no-op where the embedded database does not run.
func lockDataDir(string) (func(), error) { return func() {}, nil }
