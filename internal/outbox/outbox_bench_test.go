package outbox_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

// BenchmarkDrain measures delivery throughput: each iteration writes
// benchEvents events up front (timer stopped), then times `workers` workers,
// each with its own pool, draining them concurrently with `consumers` no-op
// consumers (five: as many as serve registers). events/s is the figure to
// read.
func BenchmarkDrain(b *testing.B) {
	const benchEvents = 10_000
	for _, c := range []struct{ workers, batch, consumers int }{
		{1, 100, 2}, {2, 100, 2}, {1, 100, 5}, {2, 100, 5}, {1, 500, 5},
	} {
		b.Run(fmt.Sprintf("workers=%d/batch=%d/consumers=%d", c.workers, c.batch, c.consumers), func(b *testing.B) {
			d := pgtest.New(b)
			ctx := context.Background()
			noop := func(context.Context, outbox.Stored) error { return nil }
			var ws []*outbox.Worker
			for i := range c.workers {
				cfg, err := pgxpool.ParseConfig(d.URL)
				require.NoError(b, err)
				db.Configure(cfg)
				pool, err := pgxpool.NewWithConfig(ctx, cfg)
				require.NoError(b, err)
				b.Cleanup(pool.Close)
				w := outbox.New(pool, outbox.Config{WorkerID: fmt.Sprintf("bench%d", i), BatchSize: c.batch},
					slog.New(slog.NewTextHandler(io.Discard, nil)))
				for n := range c.consumers {
					w.Register(fmt.Sprintf("noop%d", n), noop, lane)
				}
				b.Cleanup(w.Stop)
				ws = append(ws, w)
			}
			var elapsed time.Duration
			total := 0
			for b.Loop() {
				b.StopTimer()
				_, err := d.Pool.Exec(ctx, `TRUNCATE events, outbox_deliveries CASCADE`)
				require.NoError(b, err)
				bulk(b, ctx, d.Pool, benchEvents)
				_, err = d.Pool.Exec(ctx, `ANALYZE events`)
				require.NoError(b, err)
				b.StartTimer()

				start := time.Now()
				var wg sync.WaitGroup
				for _, w := range ws {
					wg.Go(func() {
						if err := w.Drain(ctx); err != nil {
							b.Error(err)
						}
					})
				}
				wg.Wait()
				elapsed += time.Since(start)
				total += benchEvents
			}
			b.StopTimer()
			var left int
			require.NoError(b, d.Pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE processed_at IS NULL`).Scan(&left))
			require.Zero(b, left)
			b.ReportMetric(float64(total)/elapsed.Seconds(), "events/s")
		})
	}
}
