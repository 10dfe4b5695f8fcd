package automation

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/document"
	"codna/internal/outbox"
	"codna/internal/pgtest"
	"codna/internal/sandbox"
	"codna/internal/search"
	pgsearch "codna/internal/search/postgres"
)

// testWall is the wall time of the tests' runs: the limit is the same
// mechanism at 2 s; a shorter one keeps the hostile suite quick, and a
// second leaves a memory bomb time to reach its limit on a loaded machine.
const testWall = time.Second

// testSandbox is the package's one sandbox (the engine compiles once per
// process); every run still gets a runtime of its own.
var testSandbox = sync.OnceValue(func() *sandbox.Sandbox {
	sb, err := sandbox.New(sandbox.Config{Warm: -1, Limits: sandbox.Limits{WallTime: testWall}})
	if err != nil {
		panic(err)
	}
	return sb
})

type bundle struct {
	pool   *pgtest.DB
	svc    *Service
	docs   *document.Service
	share  *access.Service
	outbox *outbox.Worker
	runner *Runner
}

func setup(t testing.TB) *bundle {
	t.Helper()
	return setupWith(t, testSandbox())
}

// setupWith is setup running scripts in sb.
func setupWith(t testing.TB, sb *sandbox.Sandbox) *bundle {
	t.Helper()
	d := pgtest.New(t)
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError}))
	docs := document.New(d.Pool, document.DefaultConfig)
	sharing := access.New(d.Pool)
	searching := search.New(d.Pool, pgsearch.New(d.Pool), docs)
	svc := New(d.Pool, Services{Docs: docs, Sharing: sharing, Search: searching}, sb, log)
	b := &bundle{pool: d, svc: svc, docs: docs, share: sharing, runner: svc.NewRunner(RunnerConfig{WorkerID: "test"})}
	b.outbox = outbox.New(d.Pool, outbox.Config{}, log)
	b.outbox.RegisterBatch(search.IndexerName, searching.Indexer().HandleBatch, outbox.Lane{Budget: time.Minute})
	b.outbox.RegisterBatch(MatcherName, svc.NewMatcher(nil).HandleBatch, outbox.Lane{Budget: time.Minute})
	return b
}

// drain delivers every outbox event (queuing runs) and executes every
// queued run, until neither has anything left (a run's proposals write
// events, which trigger no automation but are delivered).
func (b *bundle) drain(t testing.TB) {
	t.Helper()
	ctx := context.Background()
	for range 5 {
		require.NoError(t, b.outbox.Drain(ctx))
		require.NoError(t, b.runner.Drain(ctx))
		if pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM automation_runs WHERE finished_at IS NULL AND (lease_until IS NULL OR lease_until < now())`) == 0 &&
			pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM events WHERE processed_at IS NULL`) == 0 {
			return
		}
	}
	t.Fatal("runs or events still pending after draining")
}

func (b *bundle) person(t testing.TB) pgtest.Person { return pgtest.CreatePerson(t, b.pool.Pool) }

func (b *bundle) create(t testing.TB, owner pgtest.Person, in Input) *Automation {
	t.Helper()
	if in.Name == "" {
		in.Name = "test automation"
	}
	a, err := b.svc.Create(pgtest.ActingAs(owner), in)
	require.NoError(t, err)
	return a
}

// onTag is an event automation on saves of documents tagged tag.
func (b *bundle) onTag(t testing.TB, owner pgtest.Person, tag, script string) *Automation {
	t.Helper()
	return b.create(t, owner, Input{Kind: KindEvent, TriggerEvents: []string{"document.created", "document.updated"}, Scope: Scope{Tags: []string{tag}}, Script: script})
}

func (b *bundle) runs(t testing.TB, owner pgtest.Person, id uuid.UUID) []Run {
	t.Helper()
	runs, _, err := b.svc.Runs(pgtest.ActingAs(owner), id, MaxRunsFirst, nil)
	require.NoError(t, err)
	return runs
}

func (b *bundle) doc(t testing.TB, owner pgtest.Person, d pgtest.Doc) *document.Doc {
	t.Helper()
	return pgtest.CreateDocument(t, b.pool.Pool, owner.ID, d)
}

func (b *bundle) tag(t testing.TB, as pgtest.Person, id uuid.UUID, tags ...string) {
	t.Helper()
	ctx := pgtest.ActingAs(as)
	d, err := b.docs.Get(ctx, id)
	require.NoError(t, err)
	_, _, err = b.docs.Update(ctx, document.UpdateInput{ID: id, ExpectedVersion: d.Version, Tags: tags})
	require.NoError(t, err)
}

func (b *bundle) notifications(t testing.TB, to uuid.UUID, typ string) []map[string]any {
	t.Helper()
	rows, err := b.pool.Pool.Query(context.Background(), `SELECT payload FROM notifications WHERE recipient_id = $1 AND type = $2 ORDER BY created_at`, to, typ)
	require.NoError(t, err)
	var out []map[string]any
	for rows.Next() {
		var raw []byte
		require.NoError(t, rows.Scan(&raw))
		m := map[string]any{}
		require.NoError(t, json.Unmarshal(raw, &m))
		out = append(out, m)
	}
	require.NoError(t, rows.Err())
	return out
}

func applied(v Verdict) bool { return v.Applied != nil && *v.Applied }
