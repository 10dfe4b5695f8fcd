package inbox

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/live"
)

// CountsWindow is how long LiveCounts gathers the inbox notifications of a
// burst before it reads the counts they changed: a share to ten people, or
// the notifications of one transaction, arrive together and are read in one
// statement.
const CountsWindow = 20 * time.Millisecond

// countsRetry is how long LiveCounts waits after a failed read before it
// reads the same users again.
const countsRetry = time.Second

// LiveCounts serves the inboxCounts subscriptions of this replica. It keeps,
// for every user with at least one subscriber here, their last counts, and
// hears every codna_inbox notification through the hub (live.Hub.Handle).
// The users notified within CountsWindow are read together, in one
// statement (NotificationCountInbox over all of them), and the credential
// of every socket a push is about to reach is re-checked in one more
// (auth.Service.RecheckAll): a burst costs those two statements whatever
// the number of its recipients and of their subscribers, and a person's
// subscribers share one count. A subscriber whose credential ended gets
// nothing more.
//
// It runs one goroutine while it has subscribers, none otherwise, and no
// goroutine per subscriber: a push replaces the value the subscriber has not
// taken yet, so a slow reader holds one value and never blocks the others.
type LiveCounts struct {
	// Window is how long a burst is gathered (CountsWindow by default). Set
	// it, if at all, before the first Watch.
	Window time.Duration

	pool  *pgxpool.Pool
	creds *auth.Service
	log   *slog.Logger

	mu      sync.Mutex
	users   map[uuid.UUID]*liveUser
	dirty   map[uuid.UUID]struct{} // notified since their last read
	all     bool                   // the hub reconnected: read everyone
	running bool                   // the reading goroutine runs
	wake    chan struct{}          // holds at most one signal
}

type liveUser struct {
	isPerson bool
	subs     map[*countsSub]struct{}
	counts   *Counts // the last read; nil before the first
}

type countsSub struct {
	actor  *auth.Actor
	c      chan *Counts
	last   *Counts // the last value given to c
	refuse func(error)
	given  func() // called after each value put in c; may be nil
	over   bool   // ended, or refused: nothing more is given to c
}

// NewLiveCounts returns the subscriptions' counts over pool, hearing
// notifications from hub and re-checking credentials with creds.
func NewLiveCounts(pool *pgxpool.Pool, hub *live.Hub, creds *auth.Service, log *slog.Logger) *LiveCounts {
	if log == nil {
		log = slog.Default()
	}
	lc := &LiveCounts{
		Window: CountsWindow, pool: pool, creds: creds, log: log,
		users: map[uuid.UUID]*liveUser{}, dirty: map[uuid.UUID]struct{}{},
		wake: make(chan struct{}, 1),
	}
	hub.Handle(live.InboxChannel, countsHandler{lc})
	return lc
}

// Watch subscribes the acting user to their counts until ctx ends: the
// returned channel holds their current counts at once (or as soon as they
// are read), then each change; it is closed when ctx ends. Before each push
// the actor's credential is re-checked with the burst's; when it ended, or
// the check failed, refuse is called with the error (UNAUTHENTICATED, or the
// database's), on a goroutine of LiveCounts, and the channel gets nothing
// more. given, unless nil, is called after each value put in the channel,
// with LiveCounts locked (it must return at once and not call LiveCounts):
// a reader can then wait for it rather than on the channel. Errors:
// UNAUTHENTICATED; FORBIDDEN for the system actor.
func (lc *LiveCounts) Watch(ctx context.Context, refuse func(error), given func()) (<-chan *Counts, error) {
	a, err := requireActor(ctx)
	if err != nil {
		return nil, err
	}
	s := &countsSub{actor: a, c: make(chan *Counts, 1), refuse: refuse, given: given}
	lc.mu.Lock()
	u := lc.users[a.UserID]
	if u == nil {
		u = &liveUser{isPerson: a.Kind == auth.KindPerson, subs: map[*countsSub]struct{}{}}
		lc.users[a.UserID] = u
	}
	u.subs[s] = struct{}{}
	if u.counts != nil {
		// Kept current by the notifications: every change since it was read
		// is in dirty and will be pushed to s too.
		lc.give(s, u.counts)
	} else {
		lc.dirty[a.UserID] = struct{}{}
		lc.signal()
	}
	if !lc.running {
		lc.running = true
		go lc.run()
	}
	lc.mu.Unlock()
	context.AfterFunc(ctx, func() { lc.end(a.UserID, s) })
	return s.c, nil
}

// Subscribers counts the live subscribers, for metrics and tests.
func (lc *LiveCounts) Subscribers() int {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	n := 0
	for _, u := range lc.users {
		n += len(u.subs)
	}
	return n
}

func (lc *LiveCounts) end(user uuid.UUID, s *countsSub) {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	if u := lc.users[user]; u != nil {
		delete(u.subs, s)
		if len(u.subs) == 0 {
			delete(lc.users, user)
			delete(lc.dirty, user)
			lc.signal() // the reader may be done
		}
	}
	s.over = true
	close(s.c)
}

// give hands c to s in place of any value s has not taken. lc.mu is held.
func (lc *LiveCounts) give(s *countsSub, c *Counts) {
	if s.over {
		return
	}
	select {
	case <-s.c:
	default:
	}
	s.c <- c // cannot block: lc.mu makes this the only sender
	s.last = c
	if s.given != nil {
		s.given()
	}
}

// signal wakes the reader. lc.mu is held.
func (lc *LiveCounts) signal() {
	select {
	case lc.wake <- struct{}{}:
	default:
	}
}

// countsHandler is LiveCounts as the hub sees it.
type countsHandler struct{ lc *LiveCounts }

func (h countsHandler) Notified(key string) {
	id, err := uuid.Parse(key)
	if err != nil {
		return
	}
	lc := h.lc
	lc.mu.Lock()
	defer lc.mu.Unlock()
	if lc.users[id] != nil {
		lc.dirty[id] = struct{}{}
		lc.signal()
	}
}

func (h countsHandler) Resync() {
	lc := h.lc
	lc.mu.Lock()
	defer lc.mu.Unlock()
	lc.all = true
	lc.signal()
}

// run reads and pushes until there is no subscriber left.
func (lc *LiveCounts) run() {
	for {
		lc.mu.Lock()
		for len(lc.dirty) == 0 && !lc.all {
			if len(lc.users) == 0 {
				lc.running = false
				lc.mu.Unlock()
				return
			}
			lc.mu.Unlock()
			<-lc.wake
			lc.mu.Lock()
		}
		lc.mu.Unlock()
		time.Sleep(lc.Window) // the rest of the burst
		lc.mu.Lock()
		var ids []uuid.UUID
		var isPerson []bool
		take := func(id uuid.UUID) {
			if u := lc.users[id]; u != nil {
				ids = append(ids, id)
				isPerson = append(isPerson, u.isPerson)
			}
		}
		if lc.all {
			for id := range lc.users {
				take(id)
			}
		} else {
			for id := range lc.dirty {
				take(id)
			}
		}
		lc.all = false
		clear(lc.dirty)
		lc.mu.Unlock()
		if len(ids) > 0 && !lc.refresh(ids, isPerson) {
			lc.mu.Lock()
			for _, id := range ids {
				if lc.users[id] != nil {
					lc.dirty[id] = struct{}{}
				}
			}
			lc.mu.Unlock()
			time.Sleep(countsRetry)
		}
	}
}

type countsPush struct {
	s *countsSub
	c *Counts
}

// refresh reads the counts of ids and pushes them to the subscribers whose
// value changed and whose credential holds. False when the counts could not
// be read (the caller retries).
func (lc *LiveCounts) refresh(ids []uuid.UUID, isPerson []bool) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	read, err := countsOf(ctx, lc.pool, ids, isPerson)
	if err != nil {
		lc.log.Error("read inbox counts for live subscribers", "users", len(ids), "error", err)
		return false
	}
	var pushes []countsPush
	lc.mu.Lock()
	for _, id := range ids {
		u := lc.users[id]
		if u == nil {
			continue
		}
		c := read[id]
		u.counts = &c
		for s := range u.subs {
			if !s.over && (s.last == nil || *s.last != c) {
				pushes = append(pushes, countsPush{s, u.counts})
			}
		}
	}
	lc.mu.Unlock()
	if len(pushes) == 0 {
		return true
	}
	actors := make([]*auth.Actor, len(pushes))
	for i, p := range pushes {
		actors[i] = p.s.actor
	}
	ended, err := lc.creds.RecheckAll(ctx, actors)
	var refused []countsPush
	lc.mu.Lock()
	for i, p := range pushes {
		if p.s.over {
			continue
		}
		if err != nil || ended[i] {
			p.s.over = true
			refused = append(refused, p)
			continue
		}
		lc.give(p.s, p.c)
	}
	lc.mu.Unlock()
	if err != nil {
		lc.log.Error("re-check the credentials of live subscribers", "sockets", len(pushes), "error", err)
	}
	for _, p := range refused {
		if p.s.refuse == nil {
			continue
		}
		if err != nil {
			p.s.refuse(err)
		} else {
			p.s.refuse(errCredentialEnded)
		}
	}
	return true
}

var errCredentialEnded = fault.New(fault.Unauthenticated, "Your session or token is not valid. Sign in again.")
