//go:build linux

package pgtest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// releaseSharedMemory removes the System V shared memory segment a killed
// postgres left (recorded in postmaster.pid as "key shmid"). Nothing else
// would: the next server on that data directory would have, but the directory
// is about to go. The segment is only removed if the key still maps to the
// recorded id.
func releaseSharedMemory(dataDir string) {
	b, err := os.ReadFile(filepath.Join(dataDir, "postmaster.pid"))
	if err != nil {
		return
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) < 7 {
		return
	}
	f := strings.Fields(lines[6])
	if len(f) != 2 {
		return
	}
	key, err1 := strconv.Atoi(f[0])
	id, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || key == 0 {
		return
	}
	if got, err := unix.SysvShmGet(key, 0, 0); err == nil && got == id {
		_, _ = unix.SysvShmCtl(id, unix.IPC_RMID, nil)
	}
}

// roomyMemFS reports whether dir is a tmpfs with at least 1 GiB available.
func roomyMemFS(dir string) bool {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return false
	}
	return st.Type == unix.TMPFS_MAGIC && uint64(st.Bavail)*uint64(st.Bsize) >= 1<<30
}
