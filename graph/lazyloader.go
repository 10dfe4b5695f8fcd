package graph

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/vikstrous/dataloadgen"
)

// lazyLoader is a dataloadgen.Loader built on its first use. An operation
// has a Loaders with some sixteen loaders and uses a few (a documents page
// none or one): each built up front cost half a dozen allocations, per
// request, for nothing.
type lazyLoader[K comparable, V any] struct {
	once   sync.Once
	loader *dataloadgen.Loader[K, V]
	// owner and build make the loader: build is a plain function (no
	// closure over a request), so a Loaders costs none per loader it
	// never uses.
	owner *Loaders
	build func(*Loaders) *dataloadgen.Loader[K, V]

	// built is set once loader is; until then PrimeLater keeps its
	// values in pending (under mu; primed says there are some), which the
	// loader's first use primes, in order, before anything else.
	built   atomic.Bool
	primed  atomic.Bool
	mu      sync.Mutex
	pending []primedValue[K, V]
}

type primedValue[K comparable, V any] struct {
	key   K
	value V
}

// init sets how z's loader is built, for l.
func (z *lazyLoader[K, V]) init(l *Loaders, build func(*Loaders) *dataloadgen.Loader[K, V]) {
	z.owner, z.build = l, build
}

func (z *lazyLoader[K, V]) get() *dataloadgen.Loader[K, V] {
	z.once.Do(func() {
		z.loader = z.build(z.owner)
		z.built.Store(true)
	})
	if z.primed.Load() {
		z.mu.Lock()
		for _, p := range z.pending {
			z.loader.Prime(p.key, p.value)
		}
		z.pending = nil
		z.primed.Store(false)
		z.mu.Unlock()
	}
	return z.loader
}

// PrimeLater is Prime without its answer: until the loader is first used
// the value is only kept, and primed (in the order given, before whatever
// uses the loader) when it is. A list primes every document it read in
// case a field loads one of them later; on most pages none does, and each
// Prime cost an allocation and a map entry.
func (z *lazyLoader[K, V]) PrimeLater(key K, value V) {
	z.mu.Lock()
	if !z.built.Load() {
		z.pending = append(z.pending, primedValue[K, V]{key, value})
		z.primed.Store(true)
		z.mu.Unlock()
		return
	}
	z.mu.Unlock()
	z.get().Prime(key, value)
}

// Load is dataloadgen.Loader.Load.
func (z *lazyLoader[K, V]) Load(ctx context.Context, key K) (V, error) {
	return z.get().Load(ctx, key)
}

// LoadThunk is dataloadgen.Loader.LoadThunk.
func (z *lazyLoader[K, V]) LoadThunk(ctx context.Context, key K) func() (V, error) {
	return z.get().LoadThunk(ctx, key)
}

// LoadAll is dataloadgen.Loader.LoadAll.
func (z *lazyLoader[K, V]) LoadAll(ctx context.Context, keys []K) ([]V, error) {
	return z.get().LoadAll(ctx, keys)
}

// LoadAllThunk is dataloadgen.Loader.LoadAllThunk.
func (z *lazyLoader[K, V]) LoadAllThunk(ctx context.Context, keys []K) func() ([]V, error) {
	return z.get().LoadAllThunk(ctx, keys)
}

// Prime is dataloadgen.Loader.Prime.
func (z *lazyLoader[K, V]) Prime(key K, value V) bool {
	return z.get().Prime(key, value)
}

// Clear is dataloadgen.Loader.Clear.
func (z *lazyLoader[K, V]) Clear(key K) {
	z.get().Clear(key)
}

// ClearAll is dataloadgen.Loader.ClearAll.
func (z *lazyLoader[K, V]) ClearAll() {
	z.get().ClearAll()
}
