package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// clockTicks is USER_HZ, the unit of the CPU times in /proc/<pid>/stat: 100
// on every Linux architecture Go supports (the kernel fixes it for the ABI).
const clockTicks = 100

// procStat is what the load program reads from /proc/<pid>/stat.
type procStat struct {
	Comm                         string
	PPID                         int
	UTime, STime, CUTime, CSTime int64 // clock ticks
}

// readProcStat parses /proc/<pid>/stat. The command name is in parentheses
// and may hold spaces and parentheses itself, so the fields are counted from
// the last ')'.
func readProcStat(pid int) (procStat, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return procStat{}, err
	}
	return parseProcStat(b)
}

func parseProcStat(b []byte) (procStat, error) {
	open, closing := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if open < 0 || closing < open {
		return procStat{}, errors.New("malformed /proc stat line")
	}
	// After ')': state(3) ppid(4) … utime(14) stime(15) cutime(16) cstime(17).
	f := strings.Fields(string(b[closing+1:]))
	if len(f) < 15 {
		return procStat{}, errors.New("short /proc stat line")
	}
	var s procStat
	s.Comm = string(b[open+1 : closing])
	var err error
	if s.PPID, err = strconv.Atoi(f[1]); err != nil {
		return procStat{}, fmt.Errorf("ppid: %w", err)
	}
	for i, dst := range []*int64{&s.UTime, &s.STime, &s.CUTime, &s.CSTime} {
		if *dst, err = strconv.ParseInt(f[11+i], 10, 64); err != nil {
			return procStat{}, fmt.Errorf("cpu field %d: %w", 14+i, err)
		}
	}
	return s, nil
}

func ticks(t int64) time.Duration { return time.Duration(t) * time.Second / clockTicks }

// processCPU is the user plus system CPU a live process (all its threads) has
// used.
func processCPU(pid int) (time.Duration, error) {
	s, err := readProcStat(pid)
	if err != nil {
		return 0, err
	}
	return ticks(s.UTime + s.STime), nil
}

// clusterCPU is the CPU of a Postgres cluster: the postmaster's own, every
// live child's (backends, the checkpointer, WAL writer, autovacuum …), and the
// postmaster's cutime+cstime, where the kernel adds each child it reaps — so a
// backend that exits between two readings is still counted, once.
func clusterCPU(postmaster int) (time.Duration, error) {
	pm, err := readProcStat(postmaster)
	if err != nil {
		return 0, fmt.Errorf("postmaster %d: %w", postmaster, err)
	}
	total := pm.UTime + pm.STime + pm.CUTime + pm.CSTime
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0, err
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == postmaster {
			continue
		}
		s, err := readProcStat(pid)
		if err != nil || s.PPID != postmaster {
			continue // gone, or not a child
		}
		total += s.UTime + s.STime
	}
	return ticks(total), nil
}

// listenerPID finds the process listening on 127.0.0.1:port (or [::]:port,
// 0.0.0.0:port): the socket's inode from /proc/net/tcp{,6}, then the process
// holding a descriptor to it.
func listenerPID(port int) (int, error) {
	inodes := map[string]bool{}
	for _, f := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		if err := listeningInodes(f, port, inodes); err != nil && !errors.Is(err, os.ErrNotExist) {
			return 0, err
		}
	}
	if len(inodes) == 0 {
		return 0, fmt.Errorf("nothing listens on port %d", port)
	}
	procs, _ := filepath.Glob("/proc/[0-9]*/fd/*")
	for _, fd := range procs {
		link, err := os.Readlink(fd)
		if err != nil || !strings.HasPrefix(link, "socket:[") {
			continue
		}
		if inodes[strings.TrimSuffix(strings.TrimPrefix(link, "socket:["), "]")] {
			pid, err := strconv.Atoi(strings.Split(fd, "/")[2])
			if err == nil {
				return pid, nil
			}
		}
	}
	return 0, fmt.Errorf("port %d listens, but no process visible to this user holds it (run as the same user, or pass --serve-pid)", port)
}

func listeningInodes(file string, port int, into map[string]bool) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	want := fmt.Sprintf(":%04X", port)
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		// sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
		fs := strings.Fields(sc.Text())
		if len(fs) < 10 || fs[3] != "0A" || !strings.HasSuffix(fs[1], want) {
			continue
		}
		into[fs[9]] = true
	}
	return sc.Err()
}
