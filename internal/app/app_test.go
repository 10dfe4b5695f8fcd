package app_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/app"
	"codna/internal/app/apptest"
	"codna/internal/auth"
	"codna/internal/mail"
	"codna/internal/mail/mailtest"
	"codna/internal/pgtest"
)

// New is cheap: over a pool whose database does not answer (no query), it
// starts no goroutine and makes no file — not even the automation
// sandbox's directory — so every CLI command can build an App. Not
// parallel: t.Setenv, and a goroutine count.
func TestNewStartsNothing(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	pool := nowhere(t)
	a := app.New(pool, app.DefaultConfig, nil)
	require.Empty(t, ownGoroutines(), "goroutines running this module's code after New")
	require.NotNil(t, a.Document)
	entries, err := os.ReadDir(tmp)
	require.NoError(t, err)
	require.Empty(t, entries)
	a.Stop() // never started: nothing to stop
	a.Stop()
}

// ownGoroutines is the stacks of the goroutines running this module's
// code, other than tests' (counting every goroutine would count the
// runtime's and pgxpool's too, which come and go on their own).
func ownGoroutines() []string {
	buf := make([]byte, 1<<20)
	stacks := strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n")
	var out []string
	for _, g := range stacks {
		if strings.Contains(g, "codna/") && !strings.Contains(g, "_test.") {
			out = append(out, g)
		}
	}
	return out
}

// nowhere is a pool over a database that does not answer: building it
// connects to nothing.
func nowhere(t *testing.T) *pgxpool.Pool {
	pool, err := pgxpool.New(context.Background(), "postgres://nobody@127.0.0.1:1/nowhere?connect_timeout=1")
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	return pool
}

// Every field of Services is set by New.
func TestNewBuildsEveryService(t *testing.T) {
	t.Parallel()
	a := app.New(nowhere(t), app.DefaultConfig, nil)
	v := reflect.ValueOf(a.Services)
	for i := range v.NumField() {
		require.False(t, v.Field(i).IsNil(), "Services.%s", v.Type().Field(i).Name)
	}
}

// Start starts once; Stop stops, any number of times, concurrently; a
// stopped App does not start again; Shutdown runs the requests it is given
// once, with the deadline's context.
func TestStartAndStop(t *testing.T) {
	t.Parallel()
	a, _ := apptest.Open(t)
	ctx := context.Background()
	require.NoError(t, a.Start(ctx))
	require.ErrorContains(t, a.Start(ctx), "started or stopped before")

	var requests atomic.Int32
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			a.Shutdown(5*time.Second, func(ctx context.Context) {
				requests.Add(1)
				_, ok := ctx.Deadline()
				require.True(t, ok)
			})
		})
	}
	wg.Wait()
	require.EqualValues(t, 1, requests.Load())
	a.Stop()
	require.Error(t, a.Start(ctx))
}

// Start fails, as `codna serve` did, when the automation sandbox cannot
// make its directory, and stops nothing it did not start. Not parallel:
// t.Setenv.
func TestStartFailsWhenTheSandboxCannot(t *testing.T) {
	d := pgtest.New(t)
	a := apptest.New(t, d.Pool)
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "absent"))
	err := a.Start(context.Background())
	require.ErrorContains(t, err, "start the automation sandbox")
	a.Stop()
}

// With mail configured, the App's mail sender runs from Start to Stop: an
// invitation management makes arrives at the SMTP server.
func TestTheAppMailsInvitations(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t)
	a, _ := apptest.Open(t, func(c *app.Config) {
		c.Mail = mail.Config{
			SMTPURL: srv.URL(), From: "codna@example.com", PublicURL: "https://codna.example.com",
			TLSConfig: srv.TLSConfig(), Poll: 20 * time.Millisecond,
		}
	})
	require.True(t, a.Mail.Enabled())
	ctx := context.Background()
	require.NoError(t, a.Start(ctx))
	defer a.Stop()
	_, token, err := a.Manage.Invite(auth.ManagementContext(ctx), "new@example.com", "New", 0)
	require.NoError(t, err)
	require.Empty(t, token, "mailed")
	msgs := srv.Wait(t, 1, 20*time.Second)
	require.Equal(t, []string{"new@example.com"}, msgs[0].To)
	require.Contains(t, string(msgs[0].Data), "https://codna.example.com/invite/")
}
