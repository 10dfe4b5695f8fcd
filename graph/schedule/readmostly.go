package schedule

import (
	"sync"
	"sync/atomic"
)

// readMostly is a map read without a lock and replaced whole on each
// addition: for a small set whose keys are each added once and then read
// for every field of every response (an RWMutex's read lock is an atomic
// write to a cache line both cores share). The zero value is ready to use.
type readMostly[K comparable, V any] struct {
	mu   sync.Mutex // serialises additions
	m    atomic.Pointer[map[K]V]
	most int // the most keys kept (0: no bound); past it, values are made and not kept
}

// load returns k's value, if it was added.
func (r *readMostly[K, V]) load(k K) (V, bool) {
	if p := r.m.Load(); p != nil {
		v, ok := (*p)[k]
		return v, ok
	}
	var zero V
	return zero, false
}

// add returns k's value, made by newValue and kept unless k was added
// meanwhile (then the kept one) or the map holds most keys.
func (r *readMostly[K, V]) add(k K, newValue func() V) V {
	r.mu.Lock()
	defer r.mu.Unlock()
	var old map[K]V
	if p := r.m.Load(); p != nil {
		old = *p
		if v, ok := old[k]; ok {
			return v
		}
	}
	v := newValue()
	if r.most > 0 && len(old) >= r.most {
		return v
	}
	next := map[K]V{k: v}
	for kk, vv := range old {
		next[kk] = vv
	}
	r.m.Store(&next)
	return v
}
