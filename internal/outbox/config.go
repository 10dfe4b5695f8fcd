package outbox

import (
	"fmt"
	"math/rand/v2"
	"os"
	"time"
)

// Defaults of Config, used for every zero (or negative) field.
const (
	DefaultLease           = 30 * time.Second
	DefaultBatchSize       = 100
	DefaultPollInterval    = 2 * time.Second
	DefaultBaseBackoff     = time.Second
	DefaultMaxBackoff      = 10 * time.Minute
	DefaultRetention       = 7 * 24 * time.Hour
	DefaultCleanupInterval = 10 * time.Minute
	DefaultMaxAttempts     = 10
	DefaultStopTimeout     = 10 * time.Second
	DefaultWorkers         = 1
)

// Config tunes a Worker. Zero fields take the defaults.
type Config struct {
	// WorkerID names the worker in claimed_by; it must be unique among the
	// workers draining one database. Default: hostname-pid-random.
	WorkerID string
	// Lease is how long a claim keeps other workers off a delivery. A
	// worker renews the lease of the batch it is handling every Lease/3, so
	// only a dead (or stuck-in-the-database) worker loses its deliveries to
	// another. The sweep of events left unsettled runs as often. Default
	// 30s.
	Lease time.Duration
	// BatchSize is the most events fanned out, and the most deliveries of
	// one lane claimed, at once. Default 100.
	BatchSize int
	// Workers is how many delivery loops each consumer's lane runs in a
	// started worker, each claiming and handling its own batches of the
	// lane (its claims are recorded as WorkerID/n when there is more than
	// one). Drain and RunOnce run in the calling goroutine whatever it is.
	// Default 1 (`codna serve` sets CODNA_OUTBOX_WORKERS).
	Workers int
	// PollInterval is how often the worker looks for work without being
	// woken by a notification (missed notifications, expired leases, retries
	// coming due). Default 2s.
	PollInterval time.Duration
	// BaseBackoff and MaxBackoff shape the retry delay after a failed
	// attempt: min(MaxBackoff, BaseBackoff·2^(attempts-1)), plus up to 10 %
	// jitter. Defaults 1s and 10m.
	BaseBackoff time.Duration
	MaxBackoff  time.Duration
	// Retention is how long processed events are kept (counted from
	// processed_at) before the cleanup deletes them. Default 7 days.
	Retention time.Duration
	// CleanupInterval is how often a started worker deletes processed events
	// older than Retention. Default 10m.
	CleanupInterval time.Duration
	// ConsumerTimeout, when positive, caps every consumer's time budget
	// (Lane.Budget, stated at registration). Default 0: the budgets as
	// registered.
	ConsumerTimeout time.Duration
	// MaxAttempts is how many failed attempts of one consumer on one event
	// park that pair (see Parked). Failures while the database does not
	// answer do not count. Default 10.
	MaxAttempts int
	// StopTimeout bounds Stop: after it, Stop returns without waiting for
	// work still in flight, which the lease gives back to the pool. Default
	// 10s.
	StopTimeout time.Duration
}

func (c Config) withDefaults() Config {
	if c.WorkerID == "" {
		c.WorkerID = defaultWorkerID()
	}
	if c.Lease <= 0 {
		c.Lease = DefaultLease
	}
	if c.BatchSize <= 0 {
		c.BatchSize = DefaultBatchSize
	}
	if c.Workers <= 0 {
		c.Workers = DefaultWorkers
	}
	if c.PollInterval <= 0 {
		c.PollInterval = DefaultPollInterval
	}
	if c.BaseBackoff <= 0 {
		c.BaseBackoff = DefaultBaseBackoff
	}
	if c.MaxBackoff <= 0 {
		c.MaxBackoff = DefaultMaxBackoff
	}
	if c.MaxBackoff < c.BaseBackoff {
		c.MaxBackoff = c.BaseBackoff
	}
	if c.Retention <= 0 {
		c.Retention = DefaultRetention
	}
	if c.CleanupInterval <= 0 {
		c.CleanupInterval = DefaultCleanupInterval
	}
	c.ConsumerTimeout = max(c.ConsumerTimeout, 0)
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = DefaultMaxAttempts
	}
	if c.StopTimeout <= 0 {
		c.StopTimeout = DefaultStopTimeout
	}
	return c
}

func defaultWorkerID() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "unknown"
	}
	return fmt.Sprintf("%s-%d-%08x", host, os.Getpid(), rand.Uint32())
}

// Config is the worker's configuration, defaults filled in.
func (w *Worker) Config() Config { return w.cfg }
