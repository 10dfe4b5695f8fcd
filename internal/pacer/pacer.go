// Package pacer keeps the Go collector from running while the heap is
// small. The runtime collects when the heap has grown GOGC percent past
// what survived the last collection; a replica serving reads keeps only a
// few MiB live, so at GOGC=100 it collected every few MiB allocated (some
// 25 times a second under load on the documents page, a sixth of its CPU).
// A Pacer raises the percentage after each collection so that the next one
// comes no sooner than at Floor bytes of heap, and gives GOGC back as soon
// as the live heap is large enough to reach the floor on its own: a
// replica holding many websockets (a large live heap) is paced exactly as
// before. GOMEMLIMIT keeps bounding the whole. See docs/operations.md,
// "Memory".
package pacer

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// Pacer adjusts the collector's percentage after every collection.
type Pacer struct {
	floor uint64

	mu      sync.Mutex
	running bool
	base    int // the GOGC the process started with
	percent int // the percentage last set
	sample  []metrics.Sample
}

// New returns a pacer keeping the heap target at least floor bytes; 0
// makes Start a no-op.
func New(floor uint64) *Pacer {
	return &Pacer{floor: floor, sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}}
}

// Start begins pacing. It does nothing when the floor is 0 or the
// collector is off (GOGC=off); the GOGC the process runs with is the
// least percentage it sets. It never fails.
func (p *Pacer) Start() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.running || p.floor == 0 {
		return nil
	}
	base := debug.SetGCPercent(100)
	debug.SetGCPercent(base)
	if base <= 0 {
		return nil
	}
	p.base, p.percent, p.running = base, base, true
	p.arm()
	return nil
}

// Stop ends pacing and gives the collector back the GOGC the process
// started with. It is idempotent.
func (p *Pacer) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.running {
		return
	}
	p.running = false
	debug.SetGCPercent(p.base)
}

// sentinel is an object allocated only to be collected: its cleanup runs
// after the collection that found it unreachable.
type sentinel struct{ _ [32]byte } // larger than the tiny allocator's blocks

// arm allocates the sentinel of the next collection. Called with mu held.
func (p *Pacer) arm() {
	runtime.AddCleanup(new(sentinel), func(p *Pacer) { p.collected() }, p)
}

// collected sets the percentage for the live heap the last collection left.
func (p *Pacer) collected() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.running {
		return
	}
	metrics.Read(p.sample)
	if p.sample[0].Value.Kind() == metrics.KindUint64 {
		if want := Percent(p.sample[0].Value.Uint64(), p.floor, p.base); want != p.percent {
			debug.SetGCPercent(want)
			p.percent = want
		}
	}
	p.arm()
}

// Percent is the collector percentage that puts the next collection at
// floor bytes of heap for live bytes surviving the last, never below base:
// base when live*(1+base/100) reaches the floor already. It is rounded
// down to a multiple of 10 (base excepted), so that small changes of the
// live heap do not reset the collector each time.
func Percent(live, floor uint64, base int) int {
	if live == 0 {
		live = 1
	}
	if live*uint64(100+base)/100 >= floor {
		return base
	}
	want := floor*100/live - 100
	const most = 1_000_000 // a heap of a few bytes: no meaningful percentage beyond
	if want > most {
		want = most
	}
	w := int(want) / 10 * 10
	if w <= base {
		return base
	}
	return w
}
