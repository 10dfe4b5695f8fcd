package transport

import (
	"runtime/debug"
	"sync"
	"time"
)

// Giving memory back after many websockets closed. Each open socket holds
// goroutine stacks and buffers; when thousands close at once (clients
// reconnecting elsewhere, a deploy draining a replica) the Go runtime only
// frees them at its next garbage collection — which an idle process may not
// run for two minutes — and then hands the pages back to the OS gradually.
// socketMemory shortens that to a few seconds: once the open sockets have
// fallen by at least releaseAfterDrop below their peak, it waits
// releaseQuiet (so one release covers the whole wave) and calls
// debug.FreeOSMemory, a garbage collection that returns every free page at
// once. At most one release is pending at a time.
const (
	releaseAfterDrop = 1000
	releaseQuiet     = 5 * time.Second
)

type socketMemory struct {
	mu      sync.Mutex
	open    int
	peak    int
	pending bool
	drop    int           // releaseAfterDrop, or a test's
	quiet   time.Duration // releaseQuiet, or a test's
	free    func()        // debug.FreeOSMemory, or a test's
}

func newSocketMemory() *socketMemory {
	return &socketMemory{drop: releaseAfterDrop, quiet: releaseQuiet, free: debug.FreeOSMemory}
}

func (m *socketMemory) opened() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.open++
	m.peak = max(m.peak, m.open)
}

func (m *socketMemory) closed() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.open--
	if m.pending || m.peak-m.open < m.drop {
		return
	}
	m.pending = true
	time.AfterFunc(m.quiet, func() {
		m.mu.Lock()
		m.pending = false
		m.peak = m.open
		m.mu.Unlock()
		m.free()
	})
}
