//go:build unix

package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgcluster"
)

// serveEnv points serve at a fresh embedded database and a free port, and
// returns the data directory and the server's base URL.
func serveEnv(t *testing.T) (dataDir, base string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	dataDir = t.TempDir()
	t.Setenv("CODNA_DATABASE_URL", "")
	t.Setenv("CODNA_DATA_DIR", dataDir)
	t.Setenv("CODNA_LISTEN", addr)
	t.Setenv("CODNA_LOG_LEVEL", "error")
	t.Setenv("CODNA_SHUTDOWN_TIMEOUT", "5s")
	return dataDir, "http://" + addr
}

// running is a `codna serve` run by a test.
type running struct {
	ch     chan error
	cancel context.CancelFunc
	err    error
	exited bool
}

// wait waits at most d for serve to return: exited says whether it did,
// err is its result.
func (r *running) wait(d time.Duration) (exited bool, err error) {
	if r.exited {
		return true, r.err
	}
	select {
	case r.err = <-r.ch:
		r.exited = true
		return true, r.err
	case <-time.After(d):
		return false, nil
	}
}

// startServe runs `codna serve` until the test ends (or stop) and waits
// until it answers /readyz.
func startServe(t *testing.T, base string) *running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{ch: make(chan error, 1), cancel: cancel}
	go func() { r.ch <- run(ctx, []string{"serve"}, strings.NewReader(""), io.Discard, io.Discard) }()
	t.Cleanup(func() {
		cancel()
		_, _ = r.wait(time.Minute)
	})
	require.Eventually(t, func() bool {
		if exited, _ := r.wait(0); exited {
			return true
		}
		return status(base+"/readyz") == http.StatusOK
	}, 2*time.Minute, 50*time.Millisecond)
	exited, err := r.wait(0)
	require.False(t, exited, "serve exited at start: %v", err)
	return r
}

func status(url string) int {
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode
}

// postmasterPid is the pid in the embedded cluster's postmaster.pid, or 0.
func postmasterPid(dataDir string) int {
	b, err := os.ReadFile(filepath.Join(dataDir, "pg", "postmaster.pid"))
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(strings.SplitN(string(b), "\n", 2)[0])
	return pid
}

func killPostmaster(t *testing.T, dataDir string) (pid int) {
	t.Helper()
	pid = postmasterPid(dataDir)
	require.NotZero(t, pid)
	require.NoError(t, syscall.Kill(pid, syscall.SIGKILL))
	return pid
}

// A second serve on the same data directory is refused at once (it used to
// attach to the first one's cluster and lose its database when the first
// exited); manage still attaches; the first stops when asked.
func TestSecondServeOnADataDirIsRefused(t *testing.T) {
	dataDir, base := serveEnv(t)
	first := startServe(t, base)

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err := run(ctx, []string{"serve", "--listen", "127.0.0.1:0"}, strings.NewReader(""), io.Discard, io.Discard)
	require.ErrorContains(t, err, "another codna serve (pid "+strconv.Itoa(os.Getpid())+") is running on the data directory")
	require.NoError(t, ctx.Err(), "refused, not run until the deadline")

	_, _, err = runCLI(t, "", "manage", "user", "list")
	require.NoError(t, err, "manage attaches to serve's database")
	require.Equal(t, http.StatusOK, status(base+"/readyz"), "the first serve still has its database")

	first.cancel() // as SIGTERM does
	exited, err := first.wait(time.Minute)
	require.True(t, exited, "serve did not stop")
	require.NoError(t, err)
	_, ok := pgcluster.Running(context.Background(), filepath.Join(dataDir, "pg"))
	require.False(t, ok, "serve stopped its database")

	// The lock went with it: serve starts again.
	again := startServe(t, base)
	again.cancel()
	exited, err = again.wait(time.Minute)
	require.True(t, exited)
	require.NoError(t, err)
}

// serve restarts an embedded database that dies; when it cannot, /healthz
// turns 503 and serve exits with an error.
func TestServeRestartsItsDatabaseOrExits(t *testing.T) {
	giveUp := embeddedGiveUp
	// Long enough for a crash recovery on a loaded machine (3 s was not),
	// short enough that the refused configuration below ends serve soon.
	embeddedGiveUp = 20 * time.Second
	t.Cleanup(func() { embeddedGiveUp = giveUp })
	dataDir, base := serveEnv(t)
	srv := startServe(t, base)

	old := killPostmaster(t, dataDir)
	require.Eventually(t, func() bool {
		pid := postmasterPid(dataDir)
		return pid != 0 && pid != old && status(base+"/readyz") == http.StatusOK
	}, time.Minute, 50*time.Millisecond, "the database comes back")
	require.Equal(t, http.StatusOK, status(base+"/healthz"))
	_, _, err := runCLI(t, "", "manage", "user", "list")
	require.NoError(t, err)

	// Now a configuration postgres refuses: it cannot come back.
	f, err := os.OpenFile(filepath.Join(dataDir, "pg", "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("\nshared_buffers = 'lots'\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	killPostmaster(t, dataDir)
	require.Eventually(t, func() bool { return status(base+"/healthz") == http.StatusServiceUnavailable }, time.Minute, 20*time.Millisecond)
	exited, err := srv.wait(time.Minute)
	require.True(t, exited, "serve did not exit")
	require.ErrorContains(t, err, "could not be restarted")
}
