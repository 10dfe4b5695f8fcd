package pgtest

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"time"
)

// ProcessCPU reads /proc/<pid>/stat (Linux): the process's parent pid and
// the CPU time, user and system, it has used. Benchmarks charge their work
// the CPU of a Postgres backend or of the whole cluster with it. The command
// name is in parentheses and may hold spaces, so the fields are counted from
// the last ')'.
func ProcessCPU(pid string) (parent string, cpu time.Duration, err error) {
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return "", 0, err
	}
	i := strings.LastIndexByte(string(stat), ')')
	if i < 0 {
		return "", 0, errors.New("pgtest: malformed /proc stat line")
	}
	// After ')': state(3) ppid(4) … utime(14) stime(15).
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 13 {
		return "", 0, errors.New("pgtest: short /proc stat line")
	}
	u, err := strconv.ParseInt(f[11], 10, 64)
	if err != nil {
		return "", 0, err
	}
	s, err := strconv.ParseInt(f[12], 10, 64)
	if err != nil {
		return "", 0, err
	}
	return f[1], time.Duration(u+s) * time.Second / 100, nil // USER_HZ
}
