//go:build unix && !linux

package pgcluster

import "syscall"

// procAttr puts the child in its own process group (a ctrl-C typed at the
// terminal reaches us, and we stop postgres) and runs it as a when a is not
// nil. There is no parent-death signal outside Linux.
func procAttr(a *account) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Credential: credential(a)}
}

func isZombie(int) bool { return false }

// processInDir cannot tell outside Linux.
func processInDir(int, string) (ours, known bool) { return false, false }

// shmAttached cannot tell here; Start retries while postgres refuses.
func shmAttached(int) bool { return false }
