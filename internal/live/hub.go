// Package live fans Postgres notifications out to this replica's
// subscribers. Each replica holds one LISTEN connection; writers call
// pg_notify in their own transactions, so every replica hears every change
// once it commits, and no in-process state is needed for correctness.
package live

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The channels the hub listens on. The payload names what changed: a
// recipient's user id, a document's id, the user a session or token of
// whom ended (auth.CredentialsEndedInTx), an import's id.
const (
	InboxChannel      = "codna_inbox"
	DocumentChannel   = "codna_document"
	CredentialChannel = "codna_credential"
	ImportChannel     = "codna_import" // an import's id, as it advances
	TreeChannel       = "codna_tree"   // a space ("wiki"), when a page came into or left one of its folders
	// CollabChannel carries co-editing updates and presence between
	// replicas (internal/collab: "u <document> <seq> <replica> [<body>]",
	// "a <document> <replica> <body>", "q <document> <replica>": who is here?).
	CollabChannel = "codna_collab"
	// AccessChannel names a person whose access may have shrunk (a group
	// membership or an agent's responsible person removed) or a page whose
	// grants did (migration 000043's triggers).
	AccessChannel = "codna_access"
)

// Hub holds one LISTEN connection and the subscribers of this process.
type Hub struct {
	connConfig *pgx.ConnConfig
	log        *slog.Logger
	channels   []string

	mu       sync.Mutex
	subs     map[topic]map[*Sub]struct{}
	handlers map[string][]Handler // channel → whole-channel handlers
	cancel   context.CancelFunc
	done     chan struct{}
	ready    chan struct{} // closed once the first LISTEN is in place
}

type topic struct{ channel, key string }

// Sub is one subscriber to one topic. C receives a signal when the topic
// changed; signals coalesce (C holds at most one), so a burst of changes
// wakes a slow reader once. A Sub made by SubscribeFunc has no C: its
// function is called instead.
type Sub struct {
	C     <-chan struct{}
	c     chan struct{}
	fn    func()
	hub   *Hub
	topic topic
	once  sync.Once
	stop  func() bool // unregisters the context.AfterFunc that closes the Sub
}

// Handler hears every notification on one channel (Handle), for a
// component that serves many keys at once and batches its work.
type Handler interface {
	// Notified is called with each notification's payload, in the order
	// Postgres delivers them (commit order), on the hub's one goroutine: it
	// must return quickly and must not call the hub.
	Notified(key string)
	// Resync is called after the hub reconnected: notifications sent while
	// it was not listening are lost, so every key may have changed.
	Resync()
}

// New returns a hub that will listen through a connection configured like
// the pool's. A nil pool makes a hub that cannot Start (the composition
// root built for tests that never reach the database).
func New(pool *pgxpool.Pool, log *slog.Logger) *Hub {
	if log == nil {
		log = slog.Default()
	}
	var cc *pgx.ConnConfig
	if pool != nil {
		cc = pool.Config().ConnConfig.Copy()
	}
	return &Hub{
		connConfig: cc,
		log:        log,
		channels:   []string{InboxChannel, DocumentChannel, CredentialChannel, ImportChannel, TreeChannel, CollabChannel, AccessChannel},
		subs:       map[topic]map[*Sub]struct{}{},
		handlers:   map[string][]Handler{},
		ready:      make(chan struct{}),
	}
}

// Subscribe registers a subscriber for (channel, key) until ctx ends or
// Close is called. It starts no goroutine: the end of ctx closes it through
// context.AfterFunc.
func (h *Hub) Subscribe(ctx context.Context, channel, key string) *Sub {
	c := make(chan struct{}, 1)
	return h.add(ctx, &Sub{C: c, c: c, hub: h, topic: topic{channel, key}})
}

// SubscribeFunc registers fn for (channel, key) until ctx ends or Close is
// called: fn is called on each notification of the topic (and after a
// reconnect), on the hub's goroutine and with the hub locked, so it must
// return quickly and must not call the hub; it is how a subscriber that
// rarely hears anything waits without a goroutine of its own.
func (h *Hub) SubscribeFunc(ctx context.Context, channel, key string, fn func()) *Sub {
	return h.add(ctx, &Sub{fn: fn, hub: h, topic: topic{channel, key}})
}

func (h *Hub) add(ctx context.Context, s *Sub) *Sub {
	h.mu.Lock()
	if h.subs[s.topic] == nil {
		h.subs[s.topic] = map[*Sub]struct{}{}
	}
	h.subs[s.topic][s] = struct{}{}
	// Under h.mu, so Close always finds stop set: an ended ctx runs s.Close
	// on a goroutine of its own, which waits for h.mu.
	s.stop = context.AfterFunc(ctx, s.Close)
	h.mu.Unlock()
	return s
}

// Handle registers handler for every notification on channel, for the
// hub's lifetime.
func (h *Hub) Handle(channel string, handler Handler) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.handlers[channel] = append(h.handlers[channel], handler)
}

// Close unregisters the subscriber. Safe to call twice.
func (s *Sub) Close() {
	s.once.Do(func() {
		h := s.hub
		h.mu.Lock()
		delete(h.subs[s.topic], s)
		if len(h.subs[s.topic]) == 0 {
			delete(h.subs, s.topic)
		}
		h.mu.Unlock()
		s.stop() // false, and nothing, when the AfterFunc is this call
	})
}

// Subscribers counts the live subscribers, for metrics and tests.
func (h *Hub) Subscribers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, m := range h.subs {
		n += len(m)
	}
	return n
}

func (s *Sub) signal() {
	if s.fn != nil {
		s.fn()
		return
	}
	select {
	case s.c <- struct{}{}:
	default: // a signal is already pending: coalesced
	}
}

func (h *Hub) dispatch(channel, key string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, hd := range h.handlers[channel] {
		hd.Notified(key)
	}
	for s := range h.subs[topic{channel, key}] {
		s.signal()
	}
}

// signalAll wakes every subscriber: after a reconnect, notifications sent
// while the hub was not listening are lost, so everyone re-reads.
func (h *Hub) signalAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, hs := range h.handlers {
		for _, hd := range hs {
			hd.Resync()
		}
	}
	for _, m := range h.subs {
		for s := range m {
			s.signal()
		}
	}
}

// Start connects and listens in the background until ctx ends or Stop is
// called, reconnecting with capped backoff. It returns once the first
// LISTEN is in place, or with the connection error if ctx ends first.
func (h *Hub) Start(ctx context.Context) error {
	if h.connConfig == nil {
		return errors.New("live: a hub built without a pool cannot listen")
	}
	h.mu.Lock()
	if h.cancel != nil {
		h.mu.Unlock()
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	h.cancel, h.done = cancel, make(chan struct{})
	done := h.done
	h.mu.Unlock()
	go h.run(ctx, done)
	select {
	case <-h.ready:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Stop ends the listener and waits for it. Safe to call twice.
func (h *Hub) Stop() {
	h.mu.Lock()
	cancel, done := h.cancel, h.done
	h.cancel = nil
	h.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

func (h *Hub) run(ctx context.Context, done chan struct{}) {
	defer close(done)
	backoff := 100 * time.Millisecond
	first := true
	for ctx.Err() == nil {
		err := h.listen(ctx, func() {
			backoff = 100 * time.Millisecond
			if first {
				first = false
				close(h.ready)
			} else {
				h.signalAll()
			}
		})
		if ctx.Err() != nil {
			return
		}
		h.log.Warn("live: listen connection lost; reconnecting", "error", err, "in", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, 10*time.Second)
	}
}

func (h *Hub) listen(ctx context.Context, listening func()) error {
	conn, err := pgx.ConnectConfig(ctx, h.connConfig)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	for _, ch := range h.channels {
		if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{ch}.Sanitize()); err != nil {
			return err
		}
	}
	listening()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		}
		h.dispatch(n.Channel, n.Payload)
	}
}
