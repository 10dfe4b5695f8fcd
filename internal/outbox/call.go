package outbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime/debug"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Error classes of a parked (event, consumer) pair: what management sees of
// the failure, never its text (which may quote content).
const (
	ClassTimeout = "timeout" // the consumer outran its time budget
	ClassPanic   = "panic"
	ClassError   = "error"
)

// callResult is the outcome of one consumer call.
type callResult struct {
	err   error
	class string // of a failure: ClassTimeout, ClassPanic or ClassError
	// abandoned: the consumer had not returned abandonAfter after its
	// context ended; it runs on, its result unused.
	abandoned bool
}

// call runs one call of consumer c (fn; attrs name the events for the
// logs) with c's time budget, turning a panic into an error.
// The call runs in its own goroutine so that the worker can stop waiting
// for it: abandonAfter after its context ended (budget spent or worker
// stopping), the call returns without it.
func (w *Worker) call(ctx context.Context, c *registered, attrs []any, fn func(context.Context) error) callResult {
	name := c.name
	cctx, cancel := context.WithTimeout(ctx, c.budget)
	defer cancel()
	done := make(chan callResult, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				w.log.Error("outbox: consumer panicked", append([]any{"consumer", name}, append(attrs, "panic", p, "stack", string(debug.Stack()))...)...)
				done <- callResult{err: fmt.Errorf("panic: %v", p), class: ClassPanic}
			}
		}()
		err := fn(cctx)
		done <- callResult{err: err, class: ClassError}
	}()
	timedOut := func(r callResult) callResult {
		if r.err != nil && r.class == ClassError && ctx.Err() == nil && errors.Is(cctx.Err(), context.DeadlineExceeded) {
			r.class = ClassTimeout
		}
		return r
	}
	select {
	case r := <-done:
		return timedOut(r)
	case <-cctx.Done():
	}
	t := time.NewTimer(abandonAfter)
	defer t.Stop()
	select {
	case r := <-done:
		return timedOut(r)
	case <-t.C:
		w.log.Error("outbox: consumer did not return after its context ended; abandoned", append([]any{"consumer", name}, append(attrs, "budget", c.budget)...)...)
		return callResult{err: fmt.Errorf("abandoned %v after its context ended: %w", abandonAfter, context.Cause(cctx)), class: ClassTimeout, abandoned: true}
	}
}

// unreachable reports whether a consumer's failure is the database's: the
// error says a connection failed, or the database does not answer a ping
// now. Such failures do not count towards parking.
func (w *Worker) unreachable(ctx context.Context, err error) bool {
	var ce *pgconn.ConnectError
	var ne *net.OpError
	if errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), pingTimeout)
	defer cancel()
	return w.pool.Ping(pctx) != nil
}
