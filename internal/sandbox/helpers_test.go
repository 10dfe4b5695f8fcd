package sandbox_test

import (
	"context"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/sandbox"
)

// memCaps is an in-memory Capabilities: the documents the owner can read.
// The real one (the automations service, acting as the owner) comes with
// the service; this one answers what the sandbox asks and records it.
type memCaps struct {
	mu    sync.Mutex
	docs  []sandbox.Document
	finds []sandbox.FindQuery
	gets  []uuid.UUID
	err   error // every call fails with it when set
	block bool  // every call waits for its context to end
}

func (m *memCaps) Find(ctx context.Context, q sandbox.FindQuery) ([]sandbox.Document, error) {
	if err := m.wait(ctx); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.finds = append(m.finds, q)
	var out []sandbox.Document
	for _, d := range m.docs {
		switch {
		case q.Space != "" && d.Space != q.Space,
			q.PathPrefix != "" && d.Path != q.PathPrefix && !strings.HasPrefix(d.Path, q.PathPrefix+"/"),
			q.Text != "" && !strings.Contains(d.Title, q.Text),
			q.UpdatedBefore != nil && !d.UpdatedAt.Before(*q.UpdatedBefore),
			q.UpdatedAfter != nil && !d.UpdatedAt.After(*q.UpdatedAfter):
			continue
		}
		if !allIn(q.Tags, d.Tags) {
			continue
		}
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b sandbox.Document) int { return b.UpdatedAt.Compare(a.UpdatedAt) })
	if len(out) > q.Limit {
		out = out[:q.Limit]
	}
	return out, nil
}

func (m *memCaps) Get(ctx context.Context, id uuid.UUID) (*sandbox.Document, error) {
	if err := m.wait(ctx); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gets = append(m.gets, id)
	for _, d := range m.docs {
		if d.ID == id {
			return &d, nil
		}
	}
	return nil, nil
}

func (m *memCaps) wait(ctx context.Context) error {
	m.mu.Lock()
	block, err := m.block, m.err
	m.mu.Unlock()
	if block {
		<-ctx.Done()
		return ctx.Err()
	}
	return err
}

func allIn(want, have []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

var testNow = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)

// testWallTime is the wall time of the tests' runs that are not about
// time, generous so that a loaded machine (or the race detector, which
// slows the host side several times over) does not turn a memory or
// proposal limit into a timeout. Tests about time set their own.
func testWallTime() time.Duration {
	if raceEnabled {
		return 30 * time.Second
	}
	return 10 * time.Second
}

// newSandbox returns a started Sandbox with no warm runtimes (so that a
// test's goroutines are its own), a fixed clock and testWallTime, stopped
// at cleanup.
func newSandbox(t testing.TB, cfg sandbox.Config) *sandbox.Sandbox {
	t.Helper()
	if cfg.Limits.WallTime == 0 {
		cfg.Limits.WallTime = testWallTime()
	}
	if cfg.Warm == 0 {
		cfg.Warm = -1
	}
	if cfg.Now == nil {
		cfg.Now = func() time.Time { return testNow }
	}
	s, err := sandbox.New(cfg)
	require.NoError(t, err)
	require.NoError(t, s.Start(context.Background()))
	t.Cleanup(s.Stop)
	return s
}

func doc(title, space, path string, tags []string, updated time.Time, content string) sandbox.Document {
	id := uuid.Must(uuid.NewV7())
	slug := strings.ToLower(strings.ReplaceAll(title, " ", "-"))
	addr := space + ":" + slug
	if path != "" {
		addr = space + ":" + path + "/" + slug
	}
	return sandbox.Document{ID: id, Space: space, Path: path, Slug: slug, Address: addr, Title: title, Tags: tags,
		Version: 1, CreatedAt: updated.Add(-time.Hour), UpdatedAt: updated, Content: &content}
}

// run runs a script with caps (an empty memCaps when nil) and no event.
func run(t testing.TB, s *sandbox.Sandbox, script string, caps sandbox.Capabilities) *sandbox.Result {
	t.Helper()
	if caps == nil {
		caps = &memCaps{}
	}
	res, err := s.Run(context.Background(), sandbox.Input{Script: script, Caps: caps})
	require.NoError(t, err)
	return res
}

// requireOK fails with the script's error or limit when the run did not end well.
func requireOK(t testing.TB, res *sandbox.Result) {
	t.Helper()
	require.Truef(t, res.OK(), "limit %q, error %+v, logs %q", res.LimitHit, res.Err, truncateForMessage(res.Logs))
}

// harm is the process's state before a hostile script, to compare after.
// mapped is the runtimes' linear memory, outside the Go heap.
type harm struct {
	goroutines int
	heap       uint64
	mapped     int64
}

func measureHarm(s *sandbox.Sandbox) harm {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return harm{goroutines: runtime.NumGoroutine(), heap: ms.HeapAlloc, mapped: s.Stats().Mapped}
}

// requireUnharmed waits (up to 5 s) until the goroutines and the mapped
// linear memory are back to the baseline and the live heap within slack of
// it.
func requireUnharmed(t testing.TB, s *sandbox.Sandbox, base harm, slack uint64) {
	t.Helper()
	var now harm
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		now = measureHarm(s)
		if now.goroutines <= base.goroutines && now.heap <= base.heap+slack && now.mapped <= base.mapped {
			return
		}
	}
	if f, err := os.Create("/tmp/harm-heap.out"); err == nil {
		_ = pprof.WriteHeapProfile(f)
		f.Close()
	}
	buf := make([]byte, 1<<20)
	n := runtime.Stack(buf, true)
	t.Fatalf("not back to baseline: goroutines %d (was %d), heap %d MiB (was %d MiB), mapped %d MiB (was %d MiB)\n%s",
		now.goroutines, base.goroutines, now.heap>>20, base.heap>>20, now.mapped>>20, base.mapped>>20, buf[:n])
}

func truncateForMessage(s string) string {
	if len(s) > 2000 {
		return s[:1000] + " … " + s[len(s)-1000:]
	}
	return s
}
