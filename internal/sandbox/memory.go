package sandbox

import (
	"sync/atomic"

	"github.com/tetratelabs/wazero/experimental"
)

// hostReserve is how far past the memory limit the linear memory may grow
// while the host itself allocates in it (copying a call's argument out,
// writing its answer in), so that an answer never lands in a full memory:
// qjs writes a string whose allocation failed at address 0. maxReply keeps
// answers below it.
const (
	hostReserve = 8 << 20
	maxReply    = 6 << 20
)

// linearMemory backs one runtime's wasm linear memory and is where the
// memory limit is enforced. QuickJS's own limit (qjs's MemoryLimit) does not
// hold in this build: it counts a few bytes per allocation whatever its size
// (measured: a loop of 1 MB buffers passed 900 MiB under an 8 MiB limit), so
// the limit is put on the linear memory instead, which holds the engine's
// heap, static data and stack. A grow past it is refused (QuickJS throws
// "out of memory") and ends the run (refused is called, once).
//
// The whole size is reserved up front (mapped, untouched pages cost
// nothing), so growing never copies; the memory lives outside the Go heap
// and is released by free once the runtime is closed.
type linearMemory struct {
	buf     []byte
	mapped  *atomic.Int64 // the Sandbox's count of mapped bytes
	limit   int
	host    bool // set by the engine's goroutine around the host's own allocations
	peak    atomic.Int64
	refused func() // set before the run starts; called on the engine's goroutine
	once    bool
}

func newLinearMemory(limit int, mapped *atomic.Int64) (*linearMemory, error) {
	buf, err := mapMemory(limit + hostReserve)
	if err != nil {
		return nil, err
	}
	mapped.Add(int64(len(buf)))
	return &linearMemory{buf: buf, mapped: mapped, limit: limit}, nil
}

// Allocate implements experimental.MemoryAllocator: wazero calls it once,
// for the engine module's memory.
func (m *linearMemory) Allocate(_, _ uint64) experimental.LinearMemory { return m }

// Reallocate implements experimental.LinearMemory.
func (m *linearMemory) Reallocate(size uint64) []byte {
	allowed := uint64(m.limit)
	if m.host {
		allowed = uint64(len(m.buf))
	}
	if size > allowed || m.buf == nil {
		if !m.once && m.refused != nil {
			m.once = true
			m.refused()
		}
		return nil
	}
	if int64(size) > m.peak.Load() {
		m.peak.Store(int64(size))
	}
	return m.buf[:size:size]
}

// Free implements experimental.LinearMemory. wazero v1.9 never calls it;
// free is called by engine.close.
func (m *linearMemory) Free() {}

// free unmaps the memory. Only once nothing can run in the runtime any
// more: its wazero runtime closed and its goroutine out of the engine.
func (m *linearMemory) free() {
	if m.buf == nil {
		return
	}
	m.mapped.Add(-int64(len(m.buf)))
	unmapMemory(m.buf)
	m.buf = nil
}
