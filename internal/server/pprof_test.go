package server_test

import (
	"context"
	"net"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/server"
)

// TestProfilerIsOffUnlessSetAndLoopbackForABarePort: no address, no
// listener; a bare port listens on loopback and serves the pprof index;
// Stop closes it and may be called again.
func TestProfilerIsOffUnlessSetAndLoopbackForABarePort(t *testing.T) {
	t.Parallel()
	off := server.NewProfiler("", nil)
	require.NoError(t, off.Start(context.Background()))
	require.Empty(t, off.Addr())
	off.Stop()

	p := server.NewProfiler(":0", nil)
	require.NoError(t, p.Start(context.Background()))
	addr := p.Addr()
	host, _, err := net.SplitHostPort(addr)
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1", host)
	resp, err := http.Get("http://" + addr + "/debug/pprof/")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	p.Stop()
	p.Stop()
	_, err = http.Get("http://" + addr + "/debug/pprof/")
	require.Error(t, err, "closed after Stop")
}

func TestProfileAddress(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{":6060": "127.0.0.1:6060", "127.0.0.1:6060": "127.0.0.1:6060", "0.0.0.0:6060": "0.0.0.0:6060", "[::1]:6060": "[::1]:6060"} {
		got, err := server.ProfileAddress(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
	for _, bad := range []string{"6060", "localhost", "host:", ""} {
		_, err := server.ProfileAddress(bad)
		require.Error(t, err, bad)
	}
	require.Error(t, server.NewProfiler("nonsense", nil).Start(context.Background()))
}
