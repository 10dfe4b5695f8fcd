package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"sync"
	"time"
)

// Profiler serves Go's runtime profiles (net/http/pprof) on an address of
// its own, apart from the API, for operators: `go tool pprof
// http://127.0.0.1:6060/debug/pprof/profile?seconds=30`. It is off unless
// CODNA_PPROF_LISTEN is set. Profiles expose the process's memory and
// goroutine stacks, so an address given as a bare port (":6060") listens
// on loopback only; any other host must be written out.
type Profiler struct {
	addr string
	log  *slog.Logger

	mu  sync.Mutex
	srv *http.Server
	ln  net.Listener
}

// NewProfiler returns a profiler for addr ("" never starts). log may be nil.
func NewProfiler(addr string, log *slog.Logger) *Profiler {
	if log == nil {
		log = slog.Default()
	}
	return &Profiler{addr: addr, log: log}
}

// ProfileAddress is where a CODNA_PPROF_LISTEN value listens: a bare port
// binds loopback. Errors: the value is not host:port.
func ProfileAddress(v string) (string, error) {
	host, port, err := net.SplitHostPort(v)
	if err != nil || port == "" {
		return "", fmt.Errorf("want host:port or :port, not %q", v)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), nil
}

// Start listens and serves in the background. Starting a running profiler,
// or one with no address, does nothing. Errors: the address is malformed or
// cannot be listened on.
func (p *Profiler) Start(context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.addr == "" || p.srv != nil {
		return nil
	}
	addr, err := ProfileAddress(p.addr)
	if err != nil {
		return fmt.Errorf("profiler: %w", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("profiler: listen on %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	p.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	p.ln = ln
	srv := p.srv
	p.log.Info("profiles", "address", "http://"+ln.Addr().String()+"/debug/pprof/")
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			p.log.Error("profiler", "error", err)
		}
	}()
	return nil
}

// Addr is the address the profiler listens on, or "" when it is not running.
func (p *Profiler) Addr() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln == nil {
		return ""
	}
	return p.ln.Addr().String()
}

// Stop closes the listener and any profile in progress. Safe to call twice
// and before Start.
func (p *Profiler) Stop() {
	p.mu.Lock()
	srv := p.srv
	p.srv, p.ln = nil, nil
	p.mu.Unlock()
	if srv != nil {
		_ = srv.Close()
	}
}
