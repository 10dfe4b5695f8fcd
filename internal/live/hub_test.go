package live_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/live"
	"codna/internal/pgtest"
)

func received(c <-chan struct{}, within time.Duration) bool {
	select {
	case <-c:
		return true
	case <-time.After(within):
		return false
	}
}

func TestHubFansOutByTopic(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	ctx := context.Background()
	h := live.New(d.Pool, nil)
	require.NoError(t, h.Start(ctx))
	t.Cleanup(h.Stop)

	alice := h.Subscribe(ctx, live.InboxChannel, "alice")
	alice2 := h.Subscribe(ctx, live.InboxChannel, "alice")
	bob := h.Subscribe(ctx, live.InboxChannel, "bob")
	doc := h.Subscribe(ctx, live.DocumentChannel, "alice")
	require.Equal(t, 4, h.Subscribers())

	_, err := d.Pool.Exec(ctx, "SELECT pg_notify('codna_inbox', 'alice')")
	require.NoError(t, err)
	require.True(t, received(alice.C, 5*time.Second))
	require.True(t, received(alice2.C, 5*time.Second), "every subscriber of a topic hears it")
	require.False(t, received(bob.C, 100*time.Millisecond), "another key hears nothing")
	require.False(t, received(doc.C, 10*time.Millisecond), "another channel hears nothing")

	// A burst coalesces into one pending signal for a subscriber that is not reading.
	_, err = d.Pool.Exec(ctx, "SELECT pg_notify('codna_inbox', 'bob') FROM generate_series(1, 3)")
	require.NoError(t, err)
	for range 50 {
		_, err = d.Pool.Exec(ctx, "SELECT pg_notify('codna_inbox', 'bob')")
		require.NoError(t, err)
	}
	time.Sleep(300 * time.Millisecond) // let the burst arrive while nobody reads
	signals := 0
	for received(bob.C, 100*time.Millisecond) {
		signals++
	}
	require.Equal(t, 1, signals, "53 notifications wake an idle subscriber once")

	// Notifications of a rolled-back transaction never arrive.
	tx, err := d.Pool.Begin(ctx)
	require.NoError(t, err)
	_, err = tx.Exec(ctx, "SELECT pg_notify('codna_inbox', 'alice')")
	require.NoError(t, err)
	require.NoError(t, tx.Rollback(ctx))
	require.False(t, received(alice.C, 200*time.Millisecond))

	alice.Close()
	alice.Close()
	require.Equal(t, 3, h.Subscribers())
}

func TestHubUnsubscribesWhenTheContextEnds(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	h := live.New(d.Pool, nil)
	require.NoError(t, h.Start(context.Background()))
	t.Cleanup(h.Stop)
	ctx, cancel := context.WithCancel(context.Background())
	h.Subscribe(ctx, live.InboxChannel, "x")
	require.Equal(t, 1, h.Subscribers())
	cancel()
	require.Eventually(t, func() bool { return h.Subscribers() == 0 }, 2*time.Second, 10*time.Millisecond)
}

// After its connection is killed the hub reconnects and wakes everyone,
// since notifications sent while it was away are lost.
func TestHubReconnectsAndWakesEveryone(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	ctx := context.Background()
	h := live.New(d.Pool, nil)
	require.NoError(t, h.Start(ctx))
	t.Cleanup(h.Stop)
	s := h.Subscribe(ctx, live.InboxChannel, "carol")

	_, err := d.Pool.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`)
	require.NoError(t, err)
	require.True(t, received(s.C, 10*time.Second), "a reconnect wakes every subscriber")

	// And it listens again.
	require.Eventually(t, func() bool {
		_, err := d.Pool.Exec(ctx, "SELECT pg_notify('codna_inbox', 'carol')")
		require.NoError(t, err)
		return received(s.C, 200*time.Millisecond)
	}, 10*time.Second, 10*time.Millisecond)
	h.Stop()
	h.Stop()
}

// recorder is a Handler that keeps what it heard.
type recorder struct {
	keys   chan string
	resync chan struct{}
}

func (r *recorder) Notified(key string) { r.keys <- key }
func (r *recorder) Resync()             { r.resync <- struct{}{} }

// A function subscriber is called on each notification of its topic, and
// not after its context ended; a channel handler hears every key of its
// channel, in order, and a resync after a reconnect.
func TestHubCallsFunctionsAndHandlers(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	ctx := context.Background()
	h := live.New(d.Pool, nil)
	rec := &recorder{keys: make(chan string, 16), resync: make(chan struct{}, 4)}
	h.Handle(live.InboxChannel, rec)
	require.NoError(t, h.Start(ctx))
	t.Cleanup(h.Stop)

	called := make(chan struct{}, 16)
	fctx, cancel := context.WithCancel(ctx)
	h.SubscribeFunc(fctx, live.CredentialChannel, "dora", func() { called <- struct{}{} })
	require.Equal(t, 1, h.Subscribers())

	_, err := d.Pool.Exec(ctx, "SELECT pg_notify('codna_credential', 'dora'), pg_notify('codna_inbox', 'a'), pg_notify('codna_inbox', 'b')")
	require.NoError(t, err)
	require.True(t, received(called, 5*time.Second))
	require.Equal(t, "a", <-rec.keys)
	require.Equal(t, "b", <-rec.keys)

	cancel()
	require.Eventually(t, func() bool { return h.Subscribers() == 0 }, 2*time.Second, 10*time.Millisecond)
	_, err = d.Pool.Exec(ctx, "SELECT pg_notify('codna_credential', 'dora')")
	require.NoError(t, err)
	require.False(t, received(called, 200*time.Millisecond), "an ended function subscriber is not called")

	_, err = d.Pool.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`)
	require.NoError(t, err)
	require.True(t, received(rec.resync, 10*time.Second), "a reconnect resyncs the handlers")
}
