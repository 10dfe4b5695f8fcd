package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The MCP scenarios drive /mcp with the go-sdk's client: each of --clients
// holds its own MCP session (its own HTTP connection) and calls one tool
// in a loop; read_document picks one of the token's readable documents at
// random, search draws its words as the search scenario does. Before the
// clients start, --sessions more sessions are opened and left idle, and the
// serve process's memory (RSS from /proc, Go heap in use from /metrics) is
// read before and after, for what one session costs the server.

// mcpResult is what an MCP run adds to a result.
type mcpResult struct {
	Tool        string  `json:"tool"`
	Idle        int     `json:"idleSessions"`
	RSSBefore   float64 `json:"rssMiBBefore"`
	RSSIdle     float64 `json:"rssMiBWithIdleSessions"`
	RSSPeak     float64 `json:"rssMiBPeakUnderLoad"`
	HeapBefore  float64 `json:"heapMiBBefore"`
	HeapIdle    float64 `json:"heapMiBWithIdleSessions"`
	HeapPeak    float64 `json:"heapMiBPeakUnderLoad"`
	RSSPerIdle  float64 `json:"rssKiBPerIdleSession"`
	HeapPerIdle float64 `json:"heapKiBPerIdleSession"`
	HitsPerCall float64 `json:"hitsPerCall,omitempty"`
}

func (m *mcpResult) line() string {
	return fmt.Sprintf("memory of serve: RSS %.1f MiB before, %.1f MiB with %d idle sessions (%.1f KiB each), peak %.1f MiB under load; Go heap in use %.1f → %.1f MiB (%.1f KiB each), peak %.1f MiB",
		m.RSSBefore, m.RSSIdle, m.Idle, m.RSSPerIdle, m.RSSPeak, m.HeapBefore, m.HeapIdle, m.HeapPerIdle, m.HeapPeak)
}

// mcpSession opens one MCP session with its own connection.
func mcpSession(ctx context.Context, base, token string) (*mcp.ClientSession, error) {
	hc := &http.Client{Timeout: 60 * time.Second, Transport: tokenTransport{token: token, base: &http.Transport{MaxIdleConnsPerHost: 2, DisableCompression: true}}}
	c := mcp.NewClient(&mcp.Implementation{Name: "codna-load", Version: "1"}, nil)
	return c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: strings.TrimSuffix(base, "/") + "/mcp", HTTPClient: hc, MaxRetries: -1}, nil)
}

type tokenTransport struct {
	token string
	base  http.RoundTripper
}

func (t tokenTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+t.token)
	return t.base.RoundTrip(r)
}

// callTool calls a tool and turns a tool error into an error.
func callTool(ctx context.Context, cs *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, error) {
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return nil, err
	}
	if res.IsError {
		text := ""
		if len(res.Content) > 0 {
			if tc, ok := res.Content[0].(*mcp.TextContent); ok {
				text = tc.Text
			}
		}
		return nil, fmt.Errorf("%s: %s", name, text)
	}
	return res, nil
}

// serveMemory reads serve's resident set (/proc/<pid>/status VmRSS) and its
// Go heap in use (/metrics go_memstats_heap_inuse_bytes), in MiB.
func serveMemory(ctx context.Context, base string, pid int) (rss, heap float64, err error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 64)
			if err != nil {
				return 0, 0, fmt.Errorf("VmRSS: %w", err)
			}
			rss = kb / 1024
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(base, "/")+"/metrics", nil)
	if err != nil {
		return 0, 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, 0, err
	}
	for _, l := range strings.Split(string(body), "\n") {
		if v, ok := strings.CutPrefix(l, "go_memstats_heap_inuse_bytes "); ok {
			b, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				return 0, 0, err
			}
			return rss, b / (1 << 20), nil
		}
	}
	return 0, 0, errors.New("serve's /metrics has no go_memstats_heap_inuse_bytes")
}

// settledMemory waits a moment and reads serve's memory three times,
// keeping the smallest (what stays, not a burst's garbage). With pprof (the
// address of serve's CODNA_PPROF_LISTEN) it first has serve collect its
// garbage (a heap profile with gc=1), so the heap in use is what is live.
func settledMemory(ctx context.Context, base, pprof string, pid int) (rss, heap float64, err error) {
	rss, heap = 1e12, 1e12
	for range 3 {
		time.Sleep(700 * time.Millisecond)
		if pprof != "" {
			if err := collectGarbage(ctx, pprof); err != nil {
				return 0, 0, err
			}
		}
		r, h, err := serveMemory(ctx, base, pid)
		if err != nil {
			return 0, 0, err
		}
		rss, heap = min(rss, r), min(heap, h)
	}
	return rss, heap, nil
}

// collectGarbage asks serve's pprof listener for a heap profile after a
// collection, and throws the profile away.
func collectGarbage(ctx context.Context, pprof string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(pprof, "/")+"/debug/pprof/heap?gc=1", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("--pprof-url: %w", err)
	}
	defer resp.Body.Close()
	_, err = io.Copy(io.Discard, resp.Body)
	return err
}

func runMCPRead(ctx context.Context, env *runEnv) (*result, error) {
	_, ids, err := readablePages(ctx, env.gql, "updated")
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, errors.New("the token reads no document: seed the database first")
	}
	fmt.Fprintf(os.Stderr, "load: %d readable documents\n", len(ids))
	return runMCP(ctx, env, "read_document", func(ctx context.Context, cs *mcp.ClientSession, rng *rand.Rand) (int, error) {
		res, err := callTool(ctx, cs, "read_document", map[string]any{"id": ids[rng.IntN(len(ids))]})
		if err != nil {
			return 0, err
		}
		if res.StructuredContent == nil {
			return 0, errors.New("read_document answered no structured content")
		}
		return 1, nil
	})
}

func runMCPSearch(ctx context.Context, env *runEnv) (*result, error) {
	c := env.cfg
	return runMCP(ctx, env, "search", func(ctx context.Context, cs *mcp.ClientSession, rng *rand.Rand) (int, error) {
		res, err := callTool(ctx, cs, "search", map[string]any{"query": queryWords(rng, c.queryMix, c.rankLo, c.rankHi, c.words), "limit": 10})
		if err != nil {
			return 0, err
		}
		m, _ := res.StructuredContent.(map[string]any)
		hits, _ := m["hits"].([]any)
		return len(hits), nil
	})
}

// runMCP opens the idle sessions and the clients' sessions, reads serve's
// memory around the idle ones, then measures the clients' calls while
// sampling serve's memory for its peak.
func runMCP(ctx context.Context, env *runEnv, toolName string, call func(context.Context, *mcp.ClientSession, *rand.Rand) (int, error)) (*result, error) {
	c := env.cfg
	m := &mcpResult{Tool: toolName, Idle: c.sessions}
	var err error
	if m.RSSBefore, m.HeapBefore, err = settledMemory(ctx, c.url, c.pprofURL, c.servePID); err != nil {
		return nil, err
	}
	open := func(n int) ([]*mcp.ClientSession, error) {
		out := make([]*mcp.ClientSession, n)
		for i := range out {
			cs, err := mcpSession(ctx, c.url, c.token)
			if err != nil {
				return out, fmt.Errorf("opening MCP session %d: %w", i, err)
			}
			out[i] = cs
			// One call, so its connection is open and has served a request.
			if _, err := callTool(ctx, cs, "inbox", map[string]any{"limit": 1}); err != nil {
				return out, err
			}
		}
		return out, nil
	}
	closeAll := func(ss []*mcp.ClientSession) {
		for _, s := range ss {
			if s != nil {
				_ = s.Close()
			}
		}
	}
	idle, err := open(c.sessions)
	defer closeAll(idle)
	if err != nil {
		return nil, err
	}
	if m.RSSIdle, m.HeapIdle, err = settledMemory(ctx, c.url, c.pprofURL, c.servePID); err != nil {
		return nil, err
	}
	if c.sessions > 0 {
		m.RSSPerIdle = (m.RSSIdle - m.RSSBefore) * 1024 / float64(c.sessions)
		m.HeapPerIdle = (m.HeapIdle - m.HeapBefore) * 1024 / float64(c.sessions)
	}
	clients, err := open(c.clients)
	defer closeAll(clients)
	if err != nil {
		return nil, err
	}
	// Sample memory while the clients run.
	var peakMu sync.Mutex
	sampling, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-sampling.Done():
				return
			case <-t.C:
				if r, h, err := serveMemory(sampling, c.url, c.servePID); err == nil {
					peakMu.Lock()
					m.RSSPeak, m.HeapPeak = max(m.RSSPeak, r), max(m.HeapPeak, h)
					peakMu.Unlock()
				}
			}
		}
	})
	var hits atomic.Int64
	res, err := measure(ctx, env, func(ctx context.Context, rng *rand.Rand, client int) (outcome, error) {
		n, err := call(ctx, clients[client], rng)
		hits.Add(int64(n))
		return outcome{docs: n}, err
	})
	stop()
	wg.Wait()
	if res != nil {
		if res.Requests > 0 && toolName == "search" {
			m.HitsPerCall = float64(hits.Load()) / float64(res.Requests)
		}
		res.MCP = m
		res.Pages = toolName + " over MCP"
	}
	return res, err
}
