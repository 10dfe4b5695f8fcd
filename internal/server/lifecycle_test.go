package server_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"codna/internal/app/apptest"
	"codna/internal/db"
	"codna/internal/outbox"
	"codna/internal/pgtest"
	"codna/internal/server"
)

// With the database refusing connections and the open ones cut, requests
// answer UNAVAILABLE (503 when the database is needed to authenticate),
// never INTERNAL; /readyz says not ready and /healthz (no liveness hook)
// stays up.
func TestDatabaseDownAnswersUnavailable(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	require.Empty(t, b.do(t, req{query: meQuery, bearer: token}).Errors)

	ctx := context.Background()
	cfg := b.pool.Config().ConnConfig.Copy()
	name := cfg.Database
	cfg.Database = "postgres"
	conn, err := pgx.ConnectConfig(ctx, cfg)
	require.NoError(t, err)
	_, err = conn.Exec(ctx, `ALTER DATABASE `+pgx.Identifier{name}.Sanitize()+` ALLOW_CONNECTIONS false`)
	require.NoError(t, err)
	_, err = conn.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, name)
	require.NoError(t, err)
	require.NoError(t, conn.Close(ctx))

	r := b.do(t, req{query: meQuery, bearer: token})
	require.Equal(t, http.StatusServiceUnavailable, r.Status)
	require.Equal(t, "UNAVAILABLE", r.code())
	for range 3 { // the pool's dead connections, then refused new ones
		r = b.do(t, req{
			query:     `mutation($i: LoginInput!) { login(input: $i) { user { id } } }`,
			variables: map[string]any{"i": map[string]any{"email": p.Email, "password": "whatever it is"}},
		})
		require.Equal(t, "UNAVAILABLE", r.code(), "%+v", r.Errors)
	}

	get := func(path string) int {
		resp, err := http.Get(b.http.URL + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, resp.Body)
		return resp.StatusCode
	}
	require.Equal(t, http.StatusServiceUnavailable, get("/readyz"))
	require.Equal(t, http.StatusOK, get("/healthz"))
}

// A consumer that ignores its context does not hold Stop past
// ShutdownTimeout; every concurrent Stop returns.
func TestStopIsBoundedWithStuckWork(t *testing.T) {
	t.Parallel()
	url := pgtest.NewURL(t)
	pool, err := db.Open(context.Background(), url, nil)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	cfg := server.DefaultConfig
	cfg.Listen = "127.0.0.1:0"
	cfg.ShutdownTimeout = time.Second
	a := apptest.New(t, pool)
	srv := server.New(a, cfg, slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError})))
	entered, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	a.Outbox.Register("stuck", func(context.Context, outbox.Stored) error {
		once.Do(func() { close(entered) })
		<-release // ignores its context
		return nil
	}, outbox.Lane{Budget: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	require.NoError(t, srv.Start(ctx))
	t.Cleanup(func() { close(release) }) // runs first: lets the consumer go before the pool closes
	_, err = outbox.WriteInTx(ctx, pool, outbox.Event{Type: "test.stuck", SubjectType: "test"})
	require.NoError(t, err)
	select {
	case <-entered:
	case <-time.After(30 * time.Second):
		t.Fatal("the consumer never ran")
	}

	start := time.Now()
	stopped := make(chan struct{})
	for range 2 {
		go func() {
			srv.Stop()
			stopped <- struct{}{}
		}()
	}
	for range 2 {
		select {
		case <-stopped:
		case <-time.After(10 * time.Second):
			t.Fatal("Stop did not return within 10 s")
		}
	}
	require.Less(t, time.Since(start), 5*time.Second)
	srv.Stop() // once more, after the fact
}

func TestHealthzAsksLiveness(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var sick atomic.Bool
	b.srv.Liveness = func() error {
		if sick.Load() {
			return errors.New("the embedded database could not be restarted")
		}
		return nil
	}
	get := func() int {
		resp, err := http.Get(b.http.URL + "/healthz")
		require.NoError(t, err)
		defer resp.Body.Close()
		return resp.StatusCode
	}
	require.Equal(t, http.StatusOK, get())
	sick.Store(true)
	require.Equal(t, http.StatusServiceUnavailable, get())
}
