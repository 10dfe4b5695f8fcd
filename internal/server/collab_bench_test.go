package server_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// TestCollabBench is the co-editing bench (bench/RESULTS.md "Issue 37:
// co-editing"): real `codna serve` processes on a pgtest database, driven
// by frontend/e2e/collab/scenarios.mjs (npm yjs clients). It runs only
// when CODNA_COLLAB_BENCH names what to run: "typists" (20 people at 5
// keystrokes a second in one room, one replica then two), "rooms" (500
// rooms × 2 editors on 20 KB pages plus ten 1 MB pages) or "all";
// CODNA_COLLAB_BENCH_SECONDS sets the typists' run (60).
//
//	CODNA_COLLAB_BENCH=all go test -count=1 -run TestCollabBench -v -timeout 30m ./internal/server/
func TestCollabBench(t *testing.T) {
	what := os.Getenv("CODNA_COLLAB_BENCH")
	if what == "" {
		t.Skip("CODNA_COLLAB_BENCH not set")
	}
	seconds := 60
	if s := os.Getenv("CODNA_COLLAB_BENCH_SECONDS"); s != "" {
		var err error
		seconds, err = strconv.Atoi(s)
		require.NoError(t, err)
	}
	if what == "typists" || what == "all" {
		for _, replicas := range []int{1, 2} {
			t.Run("typists/replicas="+strconv.Itoa(replicas), func(t *testing.T) { benchTypists(t, replicas, seconds) })
		}
	}
	if what == "rooms" || what == "all" {
		t.Run("rooms", benchRooms)
	}
}

type benchEnv struct {
	pool *pgxpool.Pool
	url  string
	bin  string
	node string
}

func newBenchEnv(t *testing.T) benchEnv {
	node, err := exec.LookPath("node")
	require.NoError(t, err)
	url := pgtest.NewURL(t)
	pool, err := pgxpool.New(context.Background(), url)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	return benchEnv{pool: pool, url: url, bin: buildCodna(t), node: node}
}

// run runs a bench scenario and returns its RESULT line, decoded.
func (e benchEnv) run(t *testing.T, scenario string, cfg map[string]any) map[string]any {
	cfg["bin"] = e.bin
	cfg["env"] = map[string]string{"CODNA_DATABASE_URL": e.url, "CODNA_FILE_STORE": "local", "CODNA_LOG_FORMAT": "text", "CODNA_LOG_LEVEL": "warn"}
	js, err := json.Marshal(cfg)
	require.NoError(t, err)
	cmd := exec.Command(e.node, nodeArgs(e.node, "e2e/collab/scenarios.mjs", scenario)...)
	cmd.Dir = "../../frontend"
	cmd.Env = append(os.Environ(), "CODNA_COLLAB_TEST="+string(js))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "level=ERROR") || strings.Contains(line, "level=WARN") || strings.HasPrefix(line, "---") {
			t.Log(line)
		}
		if rest, ok := strings.CutPrefix(line, "RESULT "); ok {
			var res map[string]any
			require.NoError(t, json.Unmarshal([]byte(rest), &res))
			return res
		}
	}
	t.Fatalf("no RESULT in\n%s", out)
	return nil
}

func benchTypists(t *testing.T, replicas, seconds int) {
	e := newBenchEnv(t)
	ctx := context.Background()
	owner := pgtest.CreatePerson(t, e.pool)
	doc := pgtest.CreateDocument(t, e.pool, owner.ID, pgtest.Doc{Content: strings.Repeat("A page people type into together. ", 60)})
	tokens := make([]string, 20)
	for i := range tokens {
		p := pgtest.CreatePerson(t, e.pool)
		pgtest.Grant(t, e.pool, doc.ID, "user", p.ID, "write")
		tokens[i] = pgtest.CreatePersonToken(t, e.pool, p.ID)
	}
	// The outbox's lag: the age of the oldest delivery waiting, sampled,
	// counting only events made during the run (not the seeding's).
	var lagMs atomic.Int64
	began := time.Now()
	stop := make(chan struct{})
	go func() {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				var ms float64
				if err := e.pool.QueryRow(ctx, `SELECT coalesce(extract(epoch FROM now() - min(created_at)) * 1000, 0) FROM outbox_deliveries WHERE created_at > $1`, began).Scan(&ms); err == nil && int64(ms) > lagMs.Load() {
					lagMs.Store(int64(ms))
				}
			}
		}
	}()
	res := e.run(t, "bench-typists", map[string]any{"doc": doc.ID.String(), "typists": tokens, "rate": 5, "seconds": seconds, "replicas": replicas, "linger": lingerMs()})
	close(stop)
	var revisions, revBytes, logBytes, stateBytes int64
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*), coalesce(sum(octet_length(content)), 0) FROM document_revisions WHERE document_id = $1 AND version > 1`, doc.ID).Scan(&revisions, &revBytes))
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT coalesce((SELECT sum(octet_length(body)) FROM document_crdt_updates WHERE document_id = $1), 0), (SELECT octet_length(state) FROM document_crdt_state WHERE document_id = $1)`, doc.ID).Scan(&logBytes, &stateBytes))
	res["revisions"], res["revision_bytes"], res["log_bytes_end"], res["state_bytes_end"], res["outbox_lag_max_ms"] = revisions, revBytes, logBytes, stateBytes, lagMs.Load()
	var dv, sv int32
	_ = e.pool.QueryRow(ctx, `SELECT d.version, s.version FROM documents d JOIN document_crdt_state s ON s.document_id = d.id WHERE d.id = $1`, doc.ID).Scan(&dv, &sv)
	res["document_version"], res["crdt_version"] = dv, sv
	js, _ := json.Marshal(res)
	t.Logf("typists, %d replica(s): %s", replicas, js)
}

func benchRooms(t *testing.T) {
	e := newBenchEnv(t)
	a, b := pgtest.CreatePerson(t, e.pool), pgtest.CreatePerson(t, e.pool)
	page := strings.Repeat("A twenty-kilobyte page of plain prose, line after line.\n", 20<<10/56)
	big := strings.Repeat("A one-megabyte page of plain prose, line after line...\n", 1000000/56)
	var docs []string
	for i := range 510 {
		content := page
		if i >= 500 {
			content = big
		}
		d := pgtest.CreateDocument(t, e.pool, a.ID, pgtest.Doc{Content: content})
		pgtest.Grant(t, e.pool, d.ID, "user", b.ID, "write")
		docs = append(docs, d.ID.String())
	}
	res := e.run(t, "bench-rooms", map[string]any{"docs": docs, "editors": []string{pgtest.CreatePersonToken(t, e.pool, a.ID), pgtest.CreatePersonToken(t, e.pool, b.ID)}})
	// Which rooms wrote the typing as a revision (after the quiet time).
	var small, large int
	require.NoError(t, e.pool.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE octet_length(content) < 100000), count(*) FILTER (WHERE octet_length(content) >= 100000)
		FROM documents WHERE version > 1`).Scan(&small, &large))
	res["revised_20kb_rooms"], res["revised_1mb_rooms"] = small, large
	js, _ := json.Marshal(res)
	t.Logf("rooms: %s", js)
}

// lingerMs is how long the typists' scenario waits after everyone left
// before stopping the servers (CODNA_COLLAB_BENCH_LINGER_MS, 5000).
func lingerMs() int {
	if v, err := strconv.Atoi(os.Getenv("CODNA_COLLAB_BENCH_LINGER_MS")); err == nil {
		return v
	}
	return 5000
}
