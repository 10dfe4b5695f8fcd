//go:build unix

package pgcluster

import (
	"io/fs"
	"os"
	"syscall"
)

func platformSupported() error { return nil }

// fileOwner returns the owner and group of fi.
func fileOwner(fi fs.FileInfo) (uid, gid int) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int(st.Uid), int(st.Gid)
	}
	return -1, -1
}

func credential(a *account) *syscall.Credential {
	if a == nil {
		return nil
	}
	groups := make([]uint32, 0, len(a.groups))
	for _, g := range a.groups {
		groups = append(groups, uint32(g))
	}
	return &syscall.Credential{Uid: uint32(a.uid), Gid: uint32(a.gid), Groups: groups}
}

// interrupt asks postgres for a fast shutdown.
func interrupt(p *os.Process) error { return p.Signal(syscall.SIGINT) }

// quit asks postgres for an immediate shutdown.
func quit(p *os.Process) error { return p.Signal(syscall.SIGQUIT) }

// processAlive reports whether pid names a live (not zombie) process.
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	if err != nil && err != syscall.EPERM {
		return false
	}
	return !isZombie(pid)
}

// processExists reports whether pid names a process, zombies included (a
// zombie's pid is still taken: postgres sees a live postmaster in it).
func processExists(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
