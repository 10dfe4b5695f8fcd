package pgcluster

// postmaster.pid: the server another process runs on a data directory
// (Running), and what a previous server left there before a start.

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Running reports whether a postgres server, started by another process (say
// a running `codna serve`), is up on dataDir and accepts connections. It reads
// the server's postmaster.pid (written by postgres while it runs: pid, socket
// directory, port) and opens a connection to make sure. ok is false, and dsn
// nil, when no server is running or it does not accept connections (yet);
// Running never starts anything. dsn builds a URL like Cluster.DSN for the
// running server. ctx bounds the connection attempt.
func Running(ctx context.Context, dataDir string) (dsn func(dbname string) string, ok bool) {
	abs, err := filepath.Abs(dataDir)
	if err != nil {
		return nil, false
	}
	dir, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, false
	}
	pf, err := readPidFile(dir)
	if err != nil || pf.socketDir == "" || !processAlive(pf.pid) {
		return nil, false
	}
	user := readSuperuser(dir, "")
	f := func(dbname string) string { return buildDSN(pf.socketDir, pf.port, user, dbname) }
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	conn, err := pgconn.Connect(ctx, f("postgres"))
	if err != nil {
		return nil, false
	}
	_ = conn.Close(context.Background())
	return f, true
}

// pidFile is the part of postmaster.pid this package uses. Its lines are:
// pid, data directory, start time, port, first socket directory, first listen
// address, shared memory key, status.
type pidFile struct {
	pid       int
	port      int
	socketDir string
	shmID     int // -1 when unknown
}

func readPidFile(dataDir string) (pidFile, error) {
	b, err := os.ReadFile(filepath.Join(dataDir, "postmaster.pid"))
	if err != nil {
		return pidFile{}, err
	}
	lines := strings.Split(string(b), "\n")
	pf := pidFile{shmID: -1}
	if len(lines) > 0 {
		pf.pid, err = strconv.Atoi(strings.TrimSpace(lines[0]))
		if err != nil || pf.pid <= 0 {
			return pidFile{}, fmt.Errorf("malformed postmaster.pid: %q", lines[0])
		}
	}
	pf.port = Port
	if len(lines) > 3 {
		if p, err := strconv.Atoi(strings.TrimSpace(lines[3])); err == nil {
			pf.port = p
		}
	}
	if len(lines) > 4 {
		pf.socketDir = strings.TrimSpace(lines[4])
	}
	if len(lines) > 6 { // "<key> <id>" of the System V segment
		if f := strings.Fields(lines[6]); len(f) == 2 {
			if id, err := strconv.Atoi(f[1]); err == nil {
				pf.shmID = id
			}
		}
	}
	return pf, nil
}

// pidFileStatus returns the status line of postmaster.pid ("starting",
// "ready", "stopping", "standby"), or "" when there is none.
func pidFileStatus(dataDir string) string {
	b, err := os.ReadFile(filepath.Join(dataDir, "postmaster.pid"))
	if err != nil {
		return ""
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) < 8 {
		return ""
	}
	return strings.TrimSpace(lines[7])
}

// settlePidFile deals with the postmaster.pid of a previous server before
// a start, and returns once postgres can be started (or with an error):
//
//   - a pid that belongs to an unrelated live process (pid reuse after a
//     crash) would be taken for a running postmaster: the file is removed;
//   - a live postgres on this data directory is ErrAlreadyRunning, unless it
//     turns out to be dying (a server killed with its parent exits within
//     moments of it);
//   - a dead or zombie postmaster may leave backends that are still attached
//     to its shared memory: Start waits until none is; then a zombie's file
//     is removed (postgres would take the zombie for a live server; the
//     process an init that does not reap leaves behind) and a dead one's is
//     left to postgres, which removes it itself.
//
// ctx bounds the waits.
func settlePidFile(ctx context.Context, dataDir string, log *slog.Logger) error {
	path := filepath.Join(dataDir, "postmaster.pid")
	var dyingSince time.Time
	logged := false
	for {
		pf, err := readPidFile(dataDir)
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if err != nil { // unreadable or garbage: postgres would refuse it too
			log.Warn("removing malformed postmaster.pid", "path", path, "err", err)
			return removeFile(path)
		}
		wait := false
		switch {
		case processAlive(pf.pid):
			ours, known := processInDir(pf.pid, dataDir)
			if known && !ours {
				log.Warn("removing stale postmaster.pid: its pid now belongs to another process", "path", path, "pid", pf.pid)
				return removeFile(path)
			}
			// A live postgres. One killed a moment ago (with the process
			// that started it) is gone within a second; a running one is not.
			if dyingSince.IsZero() {
				dyingSince = time.Now()
			}
			if time.Since(dyingSince) > time.Second {
				return fmt.Errorf("pgcluster: %w: %s (pid %d in %s); connect to it (pgcluster.Running) or stop it", ErrAlreadyRunning, dataDir, pf.pid, path)
			}
			wait = true
		case shmAttached(pf.shmID):
			wait = true
		case processExists(pf.pid): // a zombie, its shared memory free
			log.Info("removing postmaster.pid of a killed postgres (an unreaped zombie)", "path", path, "pid", pf.pid)
			return removeFile(path)
		default:
			return nil
		}
		if wait && !logged {
			log.Info("waiting for the previous postgres on this data directory to exit", "pid", pf.pid)
			logged = true
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("pgcluster: waiting for the previous postgres (pid %d) on %s to exit: %w", pf.pid, dataDir, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func removeFile(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("pgcluster: %w", err)
	}
	return nil
}
