package schedule

import (
	"bytes"
	"context"
	"sync"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// fieldsKey names one selection set collected for one list of object
// types: the generated code passes the same selection slices and the same
// package-level implementors slices for every object of a list, so their
// first elements' addresses and lengths identify them.
type fieldsKey struct {
	sel       *ast.Selection
	n         int
	satisfies *string
}

// CollectFields is graphql.CollectFields, cached for the operation by the
// identity of sel and satisfies. gqlgen's own cache hashes the
// implementors' names into a new key for every object (a sixteenth of a
// documents page's allocations); the result depends only on the operation
// (its variables decide @skip and @include), so a per-operation cache is
// exact. On a nil Op it is graphql.CollectFields. An empty satisfies (the
// resolvers' lookahead, graph/lookahead.go) is cached as one key.
//
// An operation collects a handful of selection sets, each for hundreds of
// objects: the first fieldsScanned are kept in a list read without a lock
// (its header replaced on each addition, appended to in place), the rest
// in a map under a lock.
func (op *Op) CollectFields(oc *graphql.OperationContext, sel ast.SelectionSet, satisfies []string) []graphql.CollectedField {
	if op == nil || len(sel) == 0 {
		return graphql.CollectFields(oc, sel, satisfies)
	}
	k := fieldsKey{sel: &sel[0], n: len(sel)}
	if len(satisfies) > 0 {
		k.satisfies = &satisfies[0]
	} // else nil: no type condition holds (the resolvers' lookahead asks so)
	if seen := op.fieldsSeen.Load(); seen != nil {
		for i := range *seen {
			if (*seen)[i].key == k {
				return (*seen)[i].fields
			}
		}
		if len(*seen) == fieldsScanned {
			op.fieldsMu.RLock()
			fields, ok := op.fields[k]
			op.fieldsMu.RUnlock()
			if ok {
				return fields
			}
		}
	}
	fields := collectShared(oc, sel, satisfies)
	op.fieldsMu.Lock()
	defer op.fieldsMu.Unlock()
	var seen []collectedFields
	if p := op.fieldsSeen.Load(); p != nil {
		seen = *p
	}
	for i := range seen {
		if seen[i].key == k { // another goroutine collected it meanwhile
			return seen[i].fields
		}
	}
	if len(seen) < fieldsScanned {
		if seen == nil {
			seen = make([]collectedFields, 0, fieldsScanned)
		}
		// Within the list's capacity: a reader of a shorter list (loaded
		// before the Store below) never reads past its own length.
		next := append(seen, collectedFields{key: k, fields: fields})
		op.fieldsSeen.Store(&next)
		return fields
	}
	if op.fields == nil {
		op.fields = map[fieldsKey][]graphql.CollectedField{}
	}
	op.fields[k] = fields
	return fields
}

// A parsed query is kept (the handler's query cache) and serves every
// request that sends its text, so its selection sets are the same slices
// for each of them. Where no directive and no fragment spread takes part,
// collecting one depends on nothing but the selection set and the types it
// is collected for (@skip, @include and @defer read the operation's
// variables; a spread, the operation's document), and is done once for
// all operations rather than once for each.
var (
	sharedFields sync.Map // sharedKey → *sharedEntry
	sharedCount  atomic.Int64
)

// sharedFieldsMost bounds sharedFields: past it, it is emptied and fills
// again with what is still asked.
const sharedFieldsMost = 4096

// MaxSharedQuery is the longest query text (bytes) whose selection sets
// sharedFields keeps: an entry keeps its selection set, and with it the
// whole parsed document and its text, reachable. Query texts may be
// megabytes (a request body padded with comments); bounded, the entries
// hold at most sharedFieldsMost times this. The same bound as the query
// caches' (transport.MaxCachedQuery): a longer text is collected per
// operation.
const MaxSharedQuery = 64 << 10

// sharedKey is fieldsKey with the length of satisfies: across operations
// the slices need not be the generated code's.
type sharedKey struct {
	fieldsKey
	m int
}

// sharedEntry keeps sel and satisfies reachable while their addresses are
// its key, so that no other selection set can be allocated at them.
type sharedEntry struct {
	sel       ast.SelectionSet
	satisfies []string
	fields    []graphql.CollectedField
}

// collectShared is graphql.CollectFields(oc, sel, satisfies), from
// sharedFields when sel's collection reads nothing of the operation.
func collectShared(oc *graphql.OperationContext, sel ast.SelectionSet, satisfies []string) []graphql.CollectedField {
	if len(sel) == 0 || !operationFree(sel) || !shortText(sel[0]) {
		return graphql.CollectFields(oc, sel, satisfies)
	}
	k := sharedKey{fieldsKey: fieldsKey{sel: &sel[0], n: len(sel)}, m: len(satisfies)}
	if len(satisfies) > 0 {
		k.satisfies = &satisfies[0]
	}
	if e, ok := sharedFields.Load(k); ok {
		return e.(*sharedEntry).fields
	}
	fields := graphql.CollectFields(oc, sel, satisfies)
	if sharedCount.Add(1) > sharedFieldsMost {
		sharedFields.Clear()
		sharedCount.Store(1)
	}
	sharedFields.Store(k, &sharedEntry{sel: sel, satisfies: satisfies, fields: fields})
	return fields
}

// shortText says whether the query text s was parsed from is known and at
// most MaxSharedQuery bytes.
func shortText(s ast.Selection) bool {
	p := s.GetPosition()
	return p != nil && p.Src != nil && len(p.Src.Input) <= MaxSharedQuery
}

// operationFree says whether collecting sel reads nothing of the
// operation: no directive on its fields and inline fragments, no fragment
// spread, at its level and in the inline fragments it collects through.
func operationFree(sel ast.SelectionSet) bool {
	for _, s := range sel {
		switch s := s.(type) {
		case *ast.Field:
			if len(s.Directives) > 0 {
				return false
			}
		case *ast.InlineFragment:
			if len(s.Directives) > 0 || !operationFree(s.SelectionSet) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// fieldsScanned is how many collected selection sets an Op keeps in its
// list before it keeps more in a map.
const fieldsScanned = 16

// collectedFields is one entry of Op's list of collected selection sets.
type collectedFields struct {
	key    fieldsKey
	fields []graphql.CollectedField
}

// responseBuffers holds the buffers the executor wrote responses into for
// one request, until its transport has written them out.
type responseBuffers struct {
	mu   sync.Mutex
	bufs []*bytes.Buffer
}

type responseBuffersKey struct{}

var bufferPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledBuffer is the largest buffer returned to the pool: a rare huge
// response should not stay allocated for the ones after it.
const maxPooledBuffer = 1 << 20

// WithResponseBuffers lets ResponseBuffer lend the operation under ctx a
// pooled buffer for its response. The caller calls release once it has
// written every response out, and uses none of their bytes after.
func WithResponseBuffers(ctx context.Context) (_ context.Context, release func()) {
	rb := &responseBuffers{}
	return context.WithValue(ctx, responseBuffersKey{}, rb), func() {
		rb.mu.Lock()
		defer rb.mu.Unlock()
		for _, b := range rb.bufs {
			if b.Cap() <= maxPooledBuffer {
				b.Reset()
				bufferPool.Put(b)
			}
		}
		rb.bufs = nil
	}
}

// ResponseBuffer returns the buffer a query's or mutation's response is
// written into: a pooled one under WithResponseBuffers, a new one otherwise
// (a websocket's operations, whose responses outlive the request).
func ResponseBuffer(ctx context.Context) *bytes.Buffer {
	rb, _ := ctx.Value(responseBuffersKey{}).(*responseBuffers)
	if rb == nil {
		return new(bytes.Buffer)
	}
	b := bufferPool.Get().(*bytes.Buffer)
	rb.mu.Lock()
	rb.bufs = append(rb.bufs, b)
	rb.mu.Unlock()
	return b
}
