package main

import (
	"net"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestProcStatOfThisProcess(t *testing.T) {
	t.Parallel()
	s, err := readProcStat(os.Getpid())
	require.NoError(t, err)
	require.Equal(t, os.Getppid(), s.PPID)
	require.GreaterOrEqual(t, s.UTime+s.STime, int64(0))
}

func TestParseProcStatWithParenthesesInTheName(t *testing.T) {
	t.Parallel()
	line := "42 (a (b) c) S 7 42 42 0 -1 4194560 100 0 0 0 250 31 12 3 20 0 1 0 1 1 1\n"
	s, err := parseProcStat([]byte(line))
	require.NoError(t, err)
	require.Equal(t, procStat{Comm: "a (b) c", PPID: 7, UTime: 250, STime: 31, CUTime: 12, CSTime: 3}, s)
	_, err = parseProcStat([]byte("42 (x) S 7"))
	require.Error(t, err)
}

func TestListenerPIDFindsThisProcess(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	_, port, _ := net.SplitHostPort(l.Addr().String())
	p, _ := strconv.Atoi(port)
	pid, err := listenerPID(p)
	require.NoError(t, err)
	require.Equal(t, os.Getpid(), pid)
}
