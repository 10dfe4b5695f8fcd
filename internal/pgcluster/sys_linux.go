//go:build linux

package pgcluster

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// procAttr puts the child in its own process group (a ctrl-C typed at the
// terminal reaches us, and we stop postgres), has the kernel SIGKILL it when
// we die, and runs it as a when a is not nil.
func procAttr(a *account) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL, Credential: credential(a)}
}

func isZombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// pid (comm) state ...; comm may contain spaces and parentheses.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && (s[i+2] == 'Z' || s[i+2] == 'X')
}

// processInDir reports whether live process pid has dir as its working
// directory, as a postmaster has its data directory. known is false when it
// cannot tell.
func processInDir(pid int, dir string) (ours, known bool) {
	cwd, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/cwd")
	if errors.Is(err, fs.ErrPermission) {
		// Another user's process: not a server this user (or root, who can
		// read everything) runs.
		return false, true
	}
	if err != nil {
		return false, false
	}
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		dir = d
	}
	return cwd == dir, true
}

// shmAttached reports whether processes are still attached to System V
// shared memory segment id, as the backends of a killed postmaster are until
// they notice and exit (the check postgres itself makes before it starts).
func shmAttached(id int) bool {
	if id < 0 {
		return false
	}
	var ds unix.SysvShmDesc
	if _, err := unix.SysvShmCtl(id, unix.IPC_STAT, &ds); err != nil {
		return false // gone (EINVAL, EIDRM) or not ours to look at: postgres will tell
	}
	return ds.Nattch > 0
}
