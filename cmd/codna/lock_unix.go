//go:build unix

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// serveLockFile is the file in the data directory a running `codna serve`
// holds an exclusive flock on, and writes its pid into.
const serveLockFile = "serve.lock"

// lockDataDir takes the serve lock of dataDir (created if missing), so a
// second `codna serve` on the same embedded database is refused instead of
// attaching to a cluster that goes away with the first. The lock is an
// flock: the kernel drops it when the process dies, so a killed serve never
// leaves it behind. release unlocks. `manage` and `migrate` do not take it.
func lockDataDir(dataDir string) (release func(), err error) {
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	path := filepath.Join(dataDir, serveLockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("data directory lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			holder := "another process"
			if b, rerr := os.ReadFile(path); rerr == nil {
				if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil {
					holder = "pid " + strconv.Itoa(pid)
				}
			}
			return nil, fmt.Errorf("another codna serve (%s) is running on the data directory %s; stop it first, "+
				"or give this one its own CODNA_DATA_DIR (codna manage and migrate may run alongside it)", holder, dataDir)
		}
		return nil, fmt.Errorf("data directory lock %s: %w", path, err)
	}
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return func() { _ = f.Close() }, nil
}
