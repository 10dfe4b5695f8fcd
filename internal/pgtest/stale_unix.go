//go:build unix

package pgtest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

const ownerLockName = "owner.lock"

// lockOwner creates dir's lock file and locks it; the lock lasts as long as
// the returned file stays open, that is as long as the process lives.
func lockOwner(dir string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, ownerLockName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ownerGone reports whether the process that made cluster directory d has
// ended: its lock file is not locked. A directory without a lock file is
// only taken for abandoned once it is old (its owner may be creating it).
func ownerGone(d string) bool {
	f, err := os.OpenFile(filepath.Join(d, ownerLockName), os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		fi, err := os.Stat(d)
		return err == nil && time.Since(fi.ModTime()) > 10*time.Minute
	}
	if err != nil {
		return false
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
