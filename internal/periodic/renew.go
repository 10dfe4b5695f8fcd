package periodic

import (
	"context"
	"log/slog"
	"time"
)

// DefaultLease is how long a claimed piece of queued work (an import, an
// export, an ingestion) is its worker's before another may take it over,
// and RenewEvery how often the worker holding it renews it while the work
// runs (docs/operations.md, "Leases"): a worker that dies leaves a lease
// that runs out within DefaultLease, and another replica's poll, or the
// restarted one's, resumes the work.
const (
	DefaultLease = 20 * time.Second
	RenewEvery   = 5 * time.Second
)

// Renew renews a lease every `every` until the returned stop is called:
// renew extends it and reports whether the worker still held it. The
// returned context, derived from ctx, is cancelled when the lease was lost
// (the work then stops at its next database call); a renewal that fails
// is logged and tried again at the next tick. stop waits for a renewal in
// flight.
func Renew(ctx context.Context, every time.Duration, renew func(context.Context) (bool, error), log *slog.Logger) (context.Context, func()) {
	if log == nil {
		log = slog.Default()
	}
	work, cancel := context.WithCancelCause(ctx)
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-work.Done():
				return
			case <-t.C:
			}
			held, err := renew(work)
			switch {
			case err != nil && work.Err() == nil:
				log.Warn("renew a lease", "error", err)
			case err == nil && !held:
				cancel(ErrLeaseLost)
				return
			}
		}
	}()
	return work, func() {
		close(quit)
		<-done
		cancel(nil)
	}
}

// ErrLeaseLost is the cause of a Renew context cancelled because another
// worker took the lease.
var ErrLeaseLost = leaseLost{}

type leaseLost struct{}

func (leaseLost) Error() string { return "periodic: the lease was lost to another worker" }
