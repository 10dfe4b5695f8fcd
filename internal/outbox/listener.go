package outbox

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// ListenerApplicationName prefixes the application_name of a worker's listen
// connection (followed by its WorkerID, cut to 63 bytes), to find it in
// pg_stat_activity.
const ListenerApplicationName = "codna-outbox "

// connectListener opens the dedicated LISTEN connection, outside the pool.
func (w *Worker) connectListener(ctx context.Context) (*pgx.Conn, error) {
	cfg := w.pool.Config().ConnConfig.Copy()
	if cfg.RuntimeParams == nil {
		cfg.RuntimeParams = map[string]string{}
	}
	name := ListenerApplicationName + w.cfg.WorkerID
	if len(name) > 63 {
		name = name[:63]
	}
	cfg.RuntimeParams["application_name"] = name
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, err := pgx.ConnectConfig(cctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("outbox: listen connection: %w", err)
	}
	if _, err := conn.Exec(cctx, "LISTEN "+Channel); err != nil {
		closeConn(conn)
		return nil, fmt.Errorf("outbox: listen: %w", err)
	}
	return conn, nil
}

func closeConn(conn *pgx.Conn) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = conn.Close(ctx)
}

// listen holds the LISTEN connection (conn, which may be nil when the first
// attempt failed) and turns notifications into wake-ups, reconnecting with a
// capped, doubling delay when the connection drops.
func (w *Worker) listen(ctx context.Context, conn *pgx.Conn) {
	delay := listenRetryMin
	first := true
	for {
		if conn != nil {
			if !first {
				w.log.Info("outbox: listen connection restored")
				w.signal() // notifications sent while it was down are lost
			}
			since := time.Now()
			for {
				if _, err := conn.WaitForNotification(ctx); err != nil {
					if ctx.Err() == nil {
						w.log.Warn("outbox: listen connection lost", "err", err)
					}
					break
				}
				w.signal()
			}
			closeConn(conn)
			conn = nil
			if time.Since(since) >= listenStable {
				delay = listenRetryMin
			}
		}
		first = false
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		delay = min(2*delay, listenRetryMax)
		var err error
		if conn, err = w.connectListener(ctx); err != nil && ctx.Err() == nil {
			w.log.Warn("outbox: listen connection failed; polling meanwhile", "err", err, "retry_in", delay)
		}
	}
}
