// Command live drives a running `codna serve` with many websocket
// `inboxCounts` subscribers (graphql-transport-ws) and measures what they
// cost the server and how fast a save reaches them:
//
//  1. it makes sure -people people exist (live-bench-<i>@example.invalid,
//     created directly in the database the server uses) and issues each a
//     fresh personal token, plus one owner who shares;
//  2. it reads the server's RSS and goroutines (/metrics, and
//     /proc/<pid>/status when -pid is given) idle, opens -subscribers sockets
//     spread round robin over the people, each with one inboxCounts
//     subscription, and reads them again;
//  3. it runs -shares shares, -interval apart, each of a new document to
//     -recipients people (rotating through everyone), and times, for every
//     subscriber of every recipient, the share's response (its commit) to
//     the first push whose unread count went up: p50 / p90 / p99 / max, and
//     the server's CPU time during the shares (process_cpu_seconds_total)
//     per push;
//  4. it closes every socket and follows the server's RSS for -after.
//
// Loopback only, bounded: everything stops by itself. Raise `ulimit -n` in
// the shells of both the server and this program. bench/RESULTS.md has the
// command and figures.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/websocket"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
)

type options struct {
	server      string
	databaseURL string
	pid         int
	people      int
	subscribers int
	dialers     int
	shares      int
	recipients  int
	interval    time.Duration
	settle      time.Duration
	after       time.Duration
	hold        time.Duration
}

func main() {
	var o options
	flag.StringVar(&o.server, "server", "http://127.0.0.1:18450", "the running codna serve (loopback only)")
	flag.StringVar(&o.databaseURL, "database-url", "", "the server's database, to create the people and their tokens")
	flag.IntVar(&o.pid, "pid", 0, "the server's process id, for /proc/<pid>/status VmRSS (optional)")
	flag.IntVar(&o.people, "people", 500, "people the subscribers are spread over (the server caps sockets per person, 20 by default)")
	flag.IntVar(&o.subscribers, "subscribers", 10000, "websocket inboxCounts subscribers to open")
	flag.IntVar(&o.dialers, "dialers", 32, "sockets opened at once")
	flag.IntVar(&o.shares, "shares", 100, "shares to time")
	flag.IntVar(&o.recipients, "recipients", 10, "people each share names")
	flag.DurationVar(&o.interval, "interval", 250*time.Millisecond, "time between shares")
	flag.DurationVar(&o.settle, "settle", 3*time.Second, "wait before reading the connected figures")
	flag.DurationVar(&o.after, "after", 60*time.Second, "how long to follow RSS after the sockets close")
	flag.DurationVar(&o.hold, "hold", 0, "keep the sockets open this long after the shares (to profile the server)")
	flag.Parse()
	if err := run(context.Background(), o); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, o options) error {
	u, err := url.Parse(o.server)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(u.Hostname()); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("-server must be a loopback address, not %q", u.Host)
	}
	if o.databaseURL == "" {
		return errors.New("-database-url is required")
	}
	if o.people < o.recipients || o.subscribers < 1 || o.people < 1 {
		return errors.New("need -people ≥ -recipients and -subscribers ≥ 1")
	}
	pool, err := db.Open(ctx, o.databaseURL, nil)
	if err != nil {
		return err
	}
	defer pool.Close()
	people, owner, err := ensurePeople(ctx, pool, o.people)
	if err != nil {
		return err
	}
	c := &client{base: strings.TrimRight(o.server, "/"), http: &http.Client{Timeout: 30 * time.Second}}
	fmt.Printf("people: %d (+1 owner), subscribers: %d, server %s\n", len(people), o.subscribers, o.server)

	idle := c.sample(o.pid)
	fmt.Println("idle:      ", idle)

	subs, err := openAll(ctx, c, people, o)
	if err != nil {
		return err
	}
	time.Sleep(o.settle)
	conn := c.sample(o.pid)
	fmt.Println("connected: ", conn)
	if n := len(subs); n > 0 {
		fmt.Printf("per socket: %.1f KiB RSS, %.2f goroutines\n",
			float64(conn.rss-idle.rss)/1024/float64(n), float64(conn.goroutines-idle.goroutines)/float64(n))
	}

	counted := countStatements(ctx, pool)
	before := c.sample(o.pid)
	lat, err := shares(ctx, c, owner, people, o)
	if err != nil {
		return err
	}
	if n := countStatements(ctx, pool) - counted; counted >= 0 && n >= 0 {
		fmt.Printf("inbox count statements during the shares: %d (%.2f per share)\n", n, float64(n)/float64(o.shares))
	}
	report(lat, o)
	after := c.sample(o.pid)
	fmt.Println("after shares:", after)
	if cpu := after.cpu - before.cpu; len(lat) > 0 {
		fmt.Printf("serve CPU during the shares: %.2f s, %.1f ms a share, %.0f µs a push\n",
			cpu, 1000*cpu/float64(o.shares), 1e6*cpu/float64(len(lat)))
	}

	time.Sleep(o.hold)
	start := time.Now()
	for _, s := range subs {
		s.close()
	}
	for _, s := range subs {
		<-s.done
	}
	fmt.Printf("closed %d sockets in %v\n", len(subs), time.Since(start).Round(time.Millisecond))
	marks := []time.Duration{time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second, 60 * time.Second, 120 * time.Second}
	for _, m := range marks {
		if m > o.after {
			break
		}
		time.Sleep(time.Until(start.Add(m)))
		fmt.Printf("closed +%-4v %v\n", m, c.sample(o.pid))
	}
	return nil
}

// person is one bench person and a token of theirs.
type person struct {
	id    uuid.UUID
	email string
	token string
	subs  []*subscriber
}

// ensurePeople creates the bench people that do not exist yet and issues
// each a new personal token (their older ones stay: a token's secret is not
// stored).
func ensurePeople(ctx context.Context, pool *pgxpool.Pool, n int) ([]*person, *person, error) {
	out := make([]*person, 0, n+1)
	for i := range n + 1 {
		email := fmt.Sprintf("live-bench-%d@example.invalid", i)
		if i == n {
			email = "live-bench-owner@example.invalid"
		}
		u, err := db.Q.UserGetPersonByEmail(ctx, pool, email)
		if errors.Is(err, pgx.ErrNoRows) {
			u, err = db.Q.UserCreate(ctx, pool, db.UserCreateParams{
				ID: uuid.Must(uuid.NewV7()), Email: email, Name: "Live bench " + email, Kind: "person",
			})
		}
		if err != nil {
			return nil, nil, fmt.Errorf("person %s: %w", email, err)
		}
		p := &person{id: u.ID, email: email, token: auth.NewSecret(auth.PersonTokenPrefix)}
		if _, err := db.Q.AccessTokenCreate(ctx, pool, db.AccessTokenCreateParams{
			ID: uuid.Must(uuid.NewV7()), UserID: u.ID, Kind: "person", Name: "live bench",
			TokenHash: auth.HashSecret(p.token), Prefix: auth.DisplayPrefix(p.token),
		}); err != nil {
			return nil, nil, fmt.Errorf("token for %s: %w", email, err)
		}
		out = append(out, p)
	}
	return out[:n], out[n], nil
}

type client struct {
	base string
	http *http.Client
}

// gql posts one GraphQL operation as token's owner and decodes data into out.
func (c *client) gql(ctx context.Context, token, query string, vars map[string]any, out any) error {
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/graphql", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var r struct {
		Data   json.RawMessage `json:"data"`
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return fmt.Errorf("%s: %w", resp.Status, err)
	}
	if len(r.Errors) > 0 {
		return fmt.Errorf("graphql: %s", r.Errors[0].Message)
	}
	if out != nil {
		return json.Unmarshal(r.Data, out)
	}
	return nil
}

// figures are the server's memory and goroutines at one moment.
type figures struct {
	rss        int64 // bytes: VmRSS when -pid is given, else process_resident_memory_bytes
	goroutines int64
	heapInUse  int64   // go_memstats_heap_inuse_bytes
	stacks     int64   // go_memstats_stack_inuse_bytes
	released   int64   // go_memstats_heap_released_bytes
	cpu        float64 // process_cpu_seconds_total: user and system
}

func (f figures) String() string {
	mib := func(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
	return fmt.Sprintf("RSS %s, goroutines %d, heap in use %s, stacks %s, heap released %s",
		mib(f.rss), f.goroutines, mib(f.heapInUse), mib(f.stacks), mib(f.released))
}

func (c *client) sample(pid int) figures {
	var f figures
	resp, err := c.http.Get(c.base + "/metrics")
	if err == nil {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			name, value, ok := strings.Cut(sc.Text(), " ")
			if !ok {
				continue
			}
			v, err := strconv.ParseFloat(value, 64)
			if err != nil {
				continue
			}
			switch name {
			case "process_resident_memory_bytes":
				f.rss = int64(v)
			case "go_goroutines":
				f.goroutines = int64(v)
			case "go_memstats_heap_inuse_bytes":
				f.heapInUse = int64(v)
			case "go_memstats_stack_inuse_bytes":
				f.stacks = int64(v)
			case "go_memstats_heap_released_bytes":
				f.released = int64(v)
			case "process_cpu_seconds_total":
				f.cpu = v
			}
		}
	}
	if pid > 0 {
		if data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
					kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
					f.rss = kb * 1024
				}
			}
		}
	}
	return f
}

// countStatements is how many times the inbox count query ran so far
// (pg_stat_statements; -1 when the extension is not there).
func countStatements(ctx context.Context, pool *pgxpool.Pool) int64 {
	var n int64
	err := pool.QueryRow(ctx, `SELECT coalesce(sum(calls), 0)::bigint FROM pg_stat_statements WHERE query LIKE '%AS unread%' AND query LIKE '%notifications n%'`).Scan(&n)
	if err != nil {
		return -1
	}
	return n
}

// subscriber is one socket with one inboxCounts subscription.
type subscriber struct {
	conn   *websocket.Conn
	done   chan struct{} // closed when read has returned
	mu     sync.Mutex
	unread int
	wait   *pending // the share this subscriber's person waits for
}

// pending is one share awaited by a subscriber: the unread count before it,
// when it committed, and where the latency goes.
type pending struct {
	before    int
	committed atomic.Int64 // UnixNano of the response; 0 until it arrived
	got       chan time.Duration
}

type wsMsg struct {
	ID      string          `json:"id,omitempty"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

const countsSub = `subscription { inboxCounts { decisions unread total } }`

func openAll(ctx context.Context, c *client, people []*person, o options) ([]*subscriber, error) {
	subs := make([]*subscriber, o.subscribers)
	sem := make(chan struct{}, o.dialers)
	var wg sync.WaitGroup
	var firstErr error
	var errMu sync.Mutex
	start := time.Now()
	for i := range subs {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			s, err := open(ctx, c, people[i%len(people)].token)
			if err != nil {
				errMu.Lock()
				if firstErr == nil {
					firstErr = fmt.Errorf("socket %d: %w", i, err)
				}
				errMu.Unlock()
				return
			}
			subs[i] = s
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	for i, s := range subs {
		p := people[i%len(people)]
		p.subs = append(p.subs, s)
	}
	fmt.Printf("opened %d subscribers in %v\n", len(subs), time.Since(start).Round(time.Millisecond))
	return subs, nil
}

// dialer opens the subscribers' sockets on small buffers (the program holds
// thousands), writes from a shared pool.
var dialer = websocket.Dialer{
	Subprotocols:    []string{"graphql-transport-ws"},
	ReadBufferSize:  1024,
	WriteBufferSize: 1024,
	WriteBufferPool: &sync.Pool{},
}

func open(ctx context.Context, c *client, token string) (*subscriber, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	wsURL := "ws" + strings.TrimPrefix(c.base, "http") + "/graphql"
	conn, _, err := dialer.DialContext(ctx, wsURL, nil)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*subscriber, error) {
		conn.Close()
		return nil, err
	}
	// The setup's reads and writes are bounded as a whole: 30 s.
	deadline, _ := ctx.Deadline()
	_ = conn.SetReadDeadline(deadline)
	_ = conn.SetWriteDeadline(deadline)
	if err := conn.WriteJSON(map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer " + token}}); err != nil {
		return fail(err)
	}
	var m wsMsg
	if err := conn.ReadJSON(&m); err != nil || m.Type != "connection_ack" {
		return fail(fmt.Errorf("no connection_ack: %v %s %s", err, m.Type, m.Payload))
	}
	if err := conn.WriteJSON(map[string]any{"id": "1", "type": "subscribe", "payload": map[string]any{"query": countsSub}}); err != nil {
		return fail(err)
	}
	s := &subscriber{conn: conn, done: make(chan struct{})}
	for {
		m = wsMsg{}
		if err := conn.ReadJSON(&m); err != nil {
			return fail(err)
		}
		if m.Type == "next" {
			u, err := unreadOf(m.Payload)
			if err != nil {
				return fail(err)
			}
			s.unread = u
			break
		}
		if m.Type == "error" || m.Type == "complete" {
			return fail(fmt.Errorf("subscription refused: %s", m.Payload))
		}
	}
	_ = conn.SetReadDeadline(time.Time{})
	_ = conn.SetWriteDeadline(time.Time{})
	go s.read()
	return s, nil
}

// close starts the close handshake (1000); read sees the server's answer,
// or gives up 10 s later, and drops the connection.
func (s *subscriber) close() {
	if err := s.conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(10*time.Second)); err != nil {
		s.conn.Close()
		return
	}
	_ = s.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
}

func unreadOf(payload json.RawMessage) (int, error) {
	var p struct {
		Data struct {
			InboxCounts struct{ Unread int } `json:"inboxCounts"`
		} `json:"data"`
		Errors []json.RawMessage `json:"errors"`
	}
	if err := json.Unmarshal(payload, &p); err != nil {
		return 0, err
	}
	if len(p.Errors) > 0 {
		return 0, fmt.Errorf("push with errors: %s", p.Errors[0])
	}
	return p.Data.InboxCounts.Unread, nil
}

// read takes pushes until the socket closes; a push whose unread count is
// above the one before the awaited share answers it.
func (s *subscriber) read() {
	defer close(s.done)
	defer s.conn.Close()
	for {
		var m wsMsg
		if err := s.conn.ReadJSON(&m); err != nil {
			return
		}
		if m.Type != "next" {
			continue
		}
		now := time.Now()
		u, err := unreadOf(m.Payload)
		if err != nil {
			continue
		}
		s.mu.Lock()
		s.unread = u
		w := s.wait
		if w != nil && u > w.before {
			s.wait = nil
		} else {
			w = nil
		}
		s.mu.Unlock()
		if w != nil {
			var d time.Duration
			if at := w.committed.Load(); at != 0 {
				d = max(now.Sub(time.Unix(0, at)), 0)
			}
			w.got <- d
		}
	}
}

const (
	createDoc = `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`
	shareDoc  = `mutation($i: ShareInput!) { share(input: $i) { batchId } }`
)

// shares runs o.shares shares and returns every subscriber's latency.
func shares(ctx context.Context, c *client, owner *person, people []*person, o options) ([]time.Duration, error) {
	var mu sync.Mutex
	var lat []time.Duration
	missed := 0
	var wg sync.WaitGroup
	tick := time.NewTicker(o.interval)
	defer tick.Stop()
	run := strconv.FormatInt(time.Now().Unix(), 36)
	next := 0
	for i := range o.shares {
		<-tick.C
		var doc struct {
			CreateDocument struct{ Document struct{ ID string } } `json:"createDocument"`
		}
		slug := fmt.Sprintf("live-%s-%d", run, i)
		if err := c.gql(ctx, owner.token, createDoc, map[string]any{"i": map[string]any{
			"space": "WIKI", "path": "live-bench", "slug": slug, "title": slug, "content": "x",
		}}, &doc); err != nil {
			return nil, fmt.Errorf("create document: %w", err)
		}
		to := make([]*person, o.recipients)
		for j := range to {
			to[j] = people[next%len(people)]
			next++
		}
		var waits []*pending
		emails := make([]string, len(to))
		for j, p := range to {
			emails[j] = p.email
			for _, s := range p.subs {
				w := &pending{got: make(chan time.Duration, 1)}
				s.mu.Lock()
				w.before, s.wait = s.unread, w
				s.mu.Unlock()
				waits = append(waits, w)
			}
		}
		if err := c.gql(ctx, owner.token, shareDoc, map[string]any{"i": map[string]any{
			"documentIds": []string{doc.CreateDocument.Document.ID}, "recipients": emails, "permission": "READ",
		}}, nil); err != nil {
			return nil, fmt.Errorf("share: %w", err)
		}
		committed := time.Now().UnixNano()
		for _, w := range waits {
			w.committed.Store(committed)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			deadline := time.After(10 * time.Second)
			for _, w := range waits {
				select {
				case d := <-w.got:
					mu.Lock()
					lat = append(lat, d)
					mu.Unlock()
				case <-deadline:
					mu.Lock()
					missed++
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if missed > 0 {
		fmt.Printf("pushes missing after 10 s: %d\n", missed)
	}
	return lat, nil
}

func report(lat []time.Duration, o options) {
	if len(lat) == 0 {
		fmt.Println("no latencies")
		return
	}
	slices.Sort(lat)
	q := func(p float64) time.Duration {
		return lat[min(int(p*float64(len(lat))), len(lat)-1)].Round(100 * time.Microsecond)
	}
	fmt.Printf("save → push: %d shares of %d people, %v apart, %d pushes timed: p50 %v, p90 %v, p99 %v, max %v\n",
		o.shares, o.recipients, o.interval, len(lat), q(0.50), q(0.90), q(0.99), lat[len(lat)-1].Round(100*time.Microsecond))
}
