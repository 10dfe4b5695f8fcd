package auth

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"codna/internal/db"
	"codna/internal/fault"
)

// MCP calls and the pages agents read over MCP are counted in memory and
// written every Config.CountFlush in one transaction (FlushCounts, a
// periodic job of the server, and once more when it stops): one upsert
// per call would have every call of one agent queue on the same
// usage_daily row — its (day, user, tool, outcome) — each waiting for the
// previous commit. The counts are per replica, so several replicas add to
// the same rows; a crash loses at most the last interval's counts.

// maxTallied caps the keys held between flushes (a flush failing for long,
// the database away): past it new keys are dropped, and logged.
const maxTallied = 100_000

type usageKey struct {
	day           time.Time // midnight UTC
	user          uuid.UUID
	tool, outcome string
}

type readKey struct {
	day             time.Time
	agent, document uuid.UUID
}

type tallied struct {
	n    int64
	last time.Time
}

// tally is the counts not yet written.
type tally struct {
	mu      sync.Mutex
	usage   map[usageKey]tallied
	reads   map[readKey]tallied
	dropped int64
}

// add adds n calls, the last at last, to key k of *m (made when nil),
// unless *m is full: then they are dropped and counted as such.
func add[K comparable](t *tally, m *map[K]tallied, k K, n int64, last time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if *m == nil {
		*m = map[K]tallied{}
	}
	c, ok := (*m)[k]
	if !ok && len(*m) >= maxTallied {
		t.dropped += n
		return
	}
	c.n += n
	if last.After(c.last) {
		c.last = last
	}
	(*m)[k] = c
}

// take empties the tally and returns what it held.
func (t *tally) take() (map[usageKey]tallied, map[readKey]tallied, int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	u, r, d := t.usage, t.reads, t.dropped
	t.usage, t.reads, t.dropped = nil, nil, 0
	return u, r, d
}

// NoteToolCall counts one MCP call by the acting person or agent
// (usage_daily, activity UsageMCP): tool is the tool's name
// (UsageUnknownTool for a name the server does not have; resource reads
// and lists count under their method's name), outcome UsageOK,
// UsageRefused or UsageError. Nothing of the call's arguments or result is
// recorded. The count is written at the next FlushCounts. Errors:
// UNAUTHENTICATED for nobody; FORBIDDEN for management and the system; a
// plain error for an unknown outcome.
func (s *Service) NoteToolCall(ctx context.Context, tool, outcome string) error {
	a, err := RequireUser(ctx)
	if err != nil {
		return err
	}
	if outcome != UsageOK && outcome != UsageRefused && outcome != UsageError {
		return fmt.Errorf("auth: usage outcome %q is not ok, refused or error", outcome)
	}
	if tool == "" {
		tool = UsageUnknownTool
	}
	now := time.Now()
	add(&s.counts, &s.counts.usage, usageKey{day: utcDay(now), user: a.UserID, tool: tool, outcome: outcome}, 1, now)
	return nil
}

// NoteAgentRead counts that the acting agent opened a document
// (agent_reads: per agent, document and UTC day), written at the next
// FlushCounts; for anyone but an agent it does nothing. It records that
// the agent opened the page, never what it was asked. Errors:
// UNAUTHENTICATED for nobody; FORBIDDEN for management and the system.
func (s *Service) NoteAgentRead(ctx context.Context, documentID uuid.UUID) error {
	a, err := RequireUser(ctx)
	if err != nil || a.Kind != KindAgent {
		return err
	}
	now := time.Now()
	add(&s.counts, &s.counts.reads, readKey{day: utcDay(now), agent: a.UserID, document: documentID}, 1, now)
	return nil
}

// FlushCounts writes the counts NoteToolCall and NoteAgentRead gathered
// since the last flush, in one transaction of two statements (none when
// there is nothing), and returns how many rows it wrote to. When the write
// fails the counts are kept for the next flush. Reads of a document purged
// meanwhile are dropped. Only background work calls it. Errors: FORBIDDEN
// for anyone but the system actor; the database's.
func (s *Service) FlushCounts(ctx context.Context) (int64, error) {
	if _, err := RequireSystem(ctx); err != nil {
		return 0, err
	}
	usage, reads, dropped := s.counts.take()
	if dropped > 0 {
		s.log.WarnContext(ctx, "usage counts dropped: too many kept unwritten", "dropped", dropped)
	}
	if len(usage) == 0 && len(reads) == 0 {
		return 0, nil
	}
	u := db.UsageDailyAddManyParams{Activity: UsageMCP}
	for k, t := range usage {
		u.Days = append(u.Days, pgtype.Date{Time: k.day, Valid: true})
		u.UserIds, u.Tools, u.Outcomes = append(u.UserIds, k.user), append(u.Tools, k.tool), append(u.Outcomes, k.outcome)
		u.Counts, u.LastAts = append(u.Counts, t.n), append(u.LastAts, t.last)
	}
	r := db.AgentReadAddManyParams{}
	for k, t := range reads {
		r.Days = append(r.Days, pgtype.Date{Time: k.day, Valid: true})
		r.AgentIds, r.DocumentIds = append(r.AgentIds, k.agent), append(r.DocumentIds, k.document)
		r.Counts, r.LastAts = append(r.Counts, t.n), append(r.LastAts, t.last)
	}
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if len(usage) > 0 {
			if err := db.Q.UsageDailyAddMany(ctx, tx, u); err != nil {
				return err
			}
		}
		if len(reads) > 0 {
			return db.Q.AgentReadAddMany(ctx, tx, r)
		}
		return nil
	})
	if err != nil {
		for k, t := range usage {
			add(&s.counts, &s.counts.usage, k, t.n, t.last)
		}
		for k, t := range reads {
			add(&s.counts, &s.counts.reads, k, t.n, t.last)
		}
		return 0, fmt.Errorf("auth: write usage counts: %w", fault.FromConn(err))
	}
	return int64(len(usage) + len(reads)), nil
}

// utcDay is midnight UTC of t's UTC day.
func utcDay(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
