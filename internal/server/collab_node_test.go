package server_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

var (
	codnaBinOnce sync.Once
	codnaBin     string
	codnaBinErr  error
)

// buildCodna builds cmd/codna once per test binary.
func buildCodna(t *testing.T) string {
	t.Helper()
	codnaBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "codna-collab-bin-")
		if err != nil {
			codnaBinErr = err
			return
		}
		codnaBin = filepath.Join(dir, "codna")
		out, err := exec.Command("go", "build", "-o", codnaBin, "../../cmd/codna").CombinedOutput()
		if err != nil {
			codnaBinErr = err
			codnaBin = string(out)
		}
	})
	require.NoError(t, codnaBinErr, codnaBin)
	return codnaBin
}

// nodeScenario runs one scenario of frontend/e2e/collab/scenarios.mjs — a
// Yjs client (the npm yjs and y-protocols) against real `codna serve`
// processes it starts on a database of the test's own.
func nodeScenario(t *testing.T, name string) (*pgxpool.Pool, map[string]any) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and starts codna serve")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found: the Yjs client tests need Node.js")
	}
	if _, err := os.Stat("../../frontend/node_modules/yjs"); err != nil {
		t.Skip("frontend/node_modules has no yjs (npm ci in frontend/)")
	}
	bin := buildCodna(t)
	url := pgtest.NewURL(t)
	pool, err := pgxpool.New(context.Background(), url)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	ada, bob, cy := pgtest.CreatePerson(t, pool), pgtest.CreatePerson(t, pool), pgtest.CreatePerson(t, pool)
	doc := pgtest.CreateDocument(t, pool, ada.ID, pgtest.Doc{Content: "Hello"})
	pgtest.Grant(t, pool, doc.ID, "user", bob.ID, "write")
	pgtest.Grant(t, pool, doc.ID, "user", cy.ID, "read")
	cfg := map[string]any{
		"bin": bin,
		"env": map[string]string{
			"CODNA_DATABASE_URL": url, "CODNA_FILE_STORE": "local", "CODNA_LOG_FORMAT": "text",
			"CODNA_COEDIT_QUIET": "1s",
		},
		"doc": doc.ID.String(), "hello": "Hello",
		"writer": pgtest.CreatePersonToken(t, pool, ada.ID), "writer1Name": ada.Name,
		"writer2": pgtest.CreatePersonToken(t, pool, bob.ID), "writer2Name": bob.Name,
		"reader": pgtest.CreatePersonToken(t, pool, cy.ID),
	}
	js, err := json.Marshal(cfg)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, nodeArgs(node, "e2e/collab/scenarios.mjs", name)...)
	cmd.Dir = "../../frontend"
	cmd.Env = append(os.Environ(), "CODNA_COLLAB_TEST="+string(js))
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	require.NoError(t, err, "scenario %s", name)
	return pool, cfg
}

// nodeArgs prepends --experimental-websocket on a Node without a global
// WebSocket (20: it is behind the flag there; 22 and later have it).
func nodeArgs(node string, args ...string) []string {
	if out, err := exec.Command(node, "-p", "typeof WebSocket").Output(); err == nil && strings.TrimSpace(string(out)) == "function" {
		return args
	}
	return append([]string{"--experimental-websocket"}, args...)
}

func TestCollabNodeKill9LosesNothingAcknowledged(t *testing.T) {
	t.Parallel()
	nodeScenario(t, "kill9")
}

func TestCollabNodeTwoReplicasConverge(t *testing.T) {
	t.Parallel()
	pool, cfg := nodeScenario(t, "replicas")
	// The room wrote the converged text as a revision when both left.
	require.Eventually(t, func() bool {
		var content string
		require.NoError(t, pool.QueryRow(context.Background(), `SELECT content FROM documents WHERE id = $1`, cfg["doc"]).Scan(&content))
		return len(content) == len("Hello")+120
	}, 20*time.Second, 100*time.Millisecond)
}

func TestCollabNodeRefusesHostileFrames(t *testing.T) {
	t.Parallel()
	nodeScenario(t, "hostile")
}
