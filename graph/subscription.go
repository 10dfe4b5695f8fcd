package graph

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/google/uuid"

	"codna/internal/comment"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/linkgraph"
	"codna/internal/live"
)

// Live subscription tuning.
var (
	// debounce gathers a burst of changes for one subscriber into one push.
	debounce = 20 * time.Millisecond
	// slowClient is how long a push may wait for a client to take the
	// previous one before the subscription is ended rather than buffered.
	slowClient = 10 * time.Second
)

// push sends v to out unless ctx ends or the client has not taken the
// previous value within slowClient; false means the subscription is over.
func push[T any](ctx context.Context, out chan<- T, v T) bool {
	t := time.NewTimer(slowClient)
	defer t.Stop()
	select {
	case out <- v:
		return true
	case <-ctx.Done():
		return false
	case <-t.C:
		return false
	}
}

// settle waits out the debounce window after a signal and swallows the
// signals that arrived meanwhile. False when ctx ended.
func settle(ctx context.Context, sub *live.Sub) bool {
	t := time.NewTimer(debounce)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
	}
	select {
	case <-sub.C:
	default:
	}
	return true
}

// watch is a subscription's loop: it pushes first, then after each
// (debounced) signal re-reads and pushes what changed, until ctx ends, the
// client is too slow, or read says the value is gone (NOT_FOUND). The caller
// subscribed before reading first, so no change in between is lost. Without
// pushFirst, first is only what later reads are compared with (the client
// already has it).
func watch[T any](ctx context.Context, r *Resolver, name string, sub *live.Sub, first T, pushFirst bool, read func() (T, error), same func(a, b T) bool) <-chan T {
	out := make(chan T, 1)
	go func() {
		defer close(out)
		defer sub.Close()
		last := first
		if pushFirst && !push(ctx, out, first) {
			return
		}
		for {
			select {
			case <-ctx.Done():
				return
			case <-sub.C:
			}
			if !settle(ctx, sub) {
				return
			}
			v, err := read()
			if fault.CodeOf(err) == fault.NotFound {
				return
			} else if err != nil {
				if ctx.Err() == nil {
					r.Log.ErrorContext(ctx, "re-read for a subscriber", "subscription", name, "error", err)
				}
				continue
			}
			if same(v, last) {
				continue
			}
			if !push(ctx, out, v) {
				r.Log.InfoContext(ctx, "ending a slow subscription", "subscription", name)
				return
			}
			last = v
		}
	}()
	return out
}

// linkEnds is a digest of a document's links and backlinks as the actor
// sees them (each edge's id, state, target and update time), for a
// subscription to tell link resolution's changes from nothing; "" when they
// cannot be read (then they count as unchanged, as a failed read is not a
// change).
func linkEnds(ctx context.Context, r *Resolver, d *document.Doc) string {
	out, in, err := r.svc.Linkgraph.Ends(ctx, []*document.Doc{d}, []*document.Doc{d})
	if err != nil {
		return ""
	}
	h := sha256.New()
	for _, es := range [][]linkgraph.Edge{out[d], in[d]} {
		for _, e := range es {
			target := ""
			if e.TargetID != nil {
				target = e.TargetID.String()
			}
			fmt.Fprintf(h, "%s %s %s %d\n", e.ID, e.State, target, e.UpdatedAt.UnixNano())
		}
		h.Write([]byte{0})
	}
	return string(h.Sum(nil))
}

// liveDigest is a digest of what an open page shows that may change without
// the reader: the version, the actor's access, the thread counts and the
// link ends (linkEnds). Document.liveDigest and documentChanged(since:)
// compare it, so a change made between a client's read and its
// subscription's start is pushed (docs/design.md, "Live pages").
func liveDigest(ctx context.Context, r *Resolver, d *document.Doc) string {
	counts := comment.Counts{Threads: -1}
	if c, err := r.svc.Comment.Counts(ctx, []uuid.UUID{d.ID}); err == nil {
		counts = c[d.ID]
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s %d %d %d %d\n", d.ID, d.Version, d.Access, counts.Threads, counts.Open)
	h.Write([]byte(linkEnds(ctx, r, d)))
	return hex.EncodeToString(h.Sum(nil)[:16])
}
