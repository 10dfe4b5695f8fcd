package outbox_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"codna/internal/outbox"
)

// listenerPID is the backend pid of a worker's LISTEN connection (0 if none).
func (e *env) listenerPID(workerID string) int {
	e.t.Helper()
	return e.count(`SELECT coalesce(max(pid), 0) FROM pg_stat_activity
		WHERE datname = current_database() AND application_name = $1`, outbox.ListenerApplicationName+workerID)
}

func TestNotificationWakesTheWorkerAndSurvivesAKilledListener(t *testing.T) {
	t.Parallel()
	e := setup(t)
	rec := newRecorder()
	w := e.worker(nil, outbox.Config{WorkerID: "listener", PollInterval: time.Minute}, func(w *outbox.Worker) {
		w.Register("rec", rec.consume, lane)
	})
	require.NoError(t, w.Start(e.ctx))
	pid := e.listenerPID("listener")
	require.NotZero(t, pid, "Start returns with the LISTEN connection open")
	time.Sleep(200 * time.Millisecond) // the drain at start is over: only a notification can wake it now

	id := e.write(1)[0]
	require.Eventually(t, func() bool { return rec.count(id) == 1 }, 2*time.Second, 10*time.Millisecond, "woken by the notification")

	require.Equal(t, 1, e.count(`SELECT count(*) FROM (SELECT pg_terminate_backend($1)) t`, pid))
	require.Eventually(t, func() bool {
		// Listening again, not merely connected: the connection's last
		// statement was its LISTEN.
		return e.count(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
			AND application_name = $1 AND pid <> $2 AND query LIKE 'LISTEN%'`, outbox.ListenerApplicationName+"listener", pid) == 1
	}, 10*time.Second, 10*time.Millisecond, "the listen connection is opened again")
	time.Sleep(200 * time.Millisecond) // the catch-up drain after reconnecting is over

	id = e.write(1)[0]
	require.Eventually(t, func() bool { return rec.count(id) == 1 }, 5*time.Second, 10*time.Millisecond, "woken by the notification after the reconnect")
}

func TestOneNotificationPerTransaction(t *testing.T) {
	t.Parallel()
	e := setup(t)
	conn, err := pgx.Connect(e.ctx, e.db.URL)
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	_, err = conn.Exec(e.ctx, "LISTEN "+outbox.Channel)
	require.NoError(t, err)

	// count waits for notifications until none comes for quiet.
	count := func(quiet time.Duration) int {
		n := 0
		for {
			ctx, cancel := context.WithTimeout(e.ctx, quiet)
			note, err := conn.WaitForNotification(ctx)
			cancel()
			if err != nil {
				require.ErrorIs(t, err, context.DeadlineExceeded)
				return n
			}
			require.Equal(t, outbox.Channel, note.Channel)
			require.Empty(t, note.Payload)
			n++
		}
	}

	e.write(100) // 100 INSERT statements in one transaction
	require.Equal(t, 1, count(500*time.Millisecond))
	bulk(t, e.ctx, e.pool, 1000) // one statement, 1000 rows
	require.Equal(t, 1, count(500*time.Millisecond))
	e.write(1)
	e.write(1)
	require.Equal(t, 2, count(500*time.Millisecond), "one per transaction")
	require.Equal(t, 1102, e.unprocessed())
}
