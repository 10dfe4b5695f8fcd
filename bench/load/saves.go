package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

const saveMutation = `mutation Save($input: UpdateDocumentInput!) {
  updateDocument(input: $input) { changed document { version } }
}`

const versionQuery = `query Version($id: ID!) { document(id: $id) { version } }`

// savesResult is what the saves scenario adds: the API's side (accepted
// saves, version conflicts) and the outbox's (backlog, drain, throughput).
type savesResult struct {
	Conflicts int64 `json:"conflicts"`
	// The write window alone (the table line's CPU and statements run to
	// the drain, so they include the outbox's work for these saves).
	WriteSeconds      float64 `json:"writeSeconds"`
	WriteGoCPUms      float64 `json:"writeGoCpuMsPerSave"`
	WritePGCPUms      float64 `json:"writePgCpuMsPerSave"`
	WriteStatements   float64 `json:"writeStatementsPerSave"`
	BacklogPeak       int64   `json:"backlogPeak"`
	BacklogAtStop     int64   `json:"backlogAtStop"`
	DrainSeconds      float64 `json:"drainSeconds"`
	Drained           bool    `json:"drained"`
	EventsProcessed   int64   `json:"eventsProcessed"`
	EventsPerSecond   float64 `json:"processedEventsPerSecond"`
	SavesPerSecond    float64 `json:"processedSavesPerSecond"`
	DrainEventsPerSec float64 `json:"drainEventsPerSecond"`
}

func (s *savesResult) line() string {
	drain := fmt.Sprintf("0 after %.1f s", s.DrainSeconds)
	if !s.Drained {
		drain = fmt.Sprintf("NOT 0 after %.1f s (timed out)", s.DrainSeconds)
	}
	return fmt.Sprintf("saves: write window %.1f s (Go %.2f, PG %.2f ms/save, %.2f statements/save), %d version conflicts; "+
		"outbox: backlog peak %d, %d at stop, %s; processed %d events, %.1f events/s (%.1f saves/s) from the first write to the last event, %.1f events/s while draining",
		s.WriteSeconds, s.WriteGoCPUms, s.WritePGCPUms, s.WriteStatements, s.Conflicts,
		s.BacklogPeak, s.BacklogAtStop, drain, s.EventsProcessed, s.EventsPerSecond, s.SavesPerSecond, s.DrainEventsPerSec)
}

// savedDoc is one document a writer saves, with the version it last saw.
type savedDoc struct {
	id      string
	index   int // its n in load/fNNN/dNNNNNN
	version int
}

// ownedDocuments lists the seeded owner's documents with their versions.
func ownedDocuments(ctx context.Context, m *monitor) ([]*savedDoc, int, error) {
	rows, err := m.pool.Query(ctx, `SELECT d.id::text, d.slug, d.version FROM documents d JOIN users u ON u.id = d.created_by
		WHERE u.email = $1 AND d.deleted_at IS NULL AND d.space = 'wiki' ORDER BY d.slug`, ownerEmail)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []*savedDoc
	maxIndex := 0
	for rows.Next() {
		var d savedDoc
		var slug string
		if err := rows.Scan(&d.id, &slug, &d.version); err != nil {
			return nil, 0, err
		}
		n, err := strconv.Atoi(strings.TrimPrefix(slug, "d"))
		if err != nil {
			continue // not a seeded document
		}
		d.index = n
		maxIndex = max(maxIndex, n)
		out = append(out, &d)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if len(out) == 0 {
		return nil, 0, errors.New("the seeded owner has no documents: run load seed first")
	}
	return out, maxIndex + 1, nil
}

// waitBacklog polls the outbox backlog every 100 ms until it is 0, for at
// most timeout, keeping the peak; it returns the time it took and whether it
// reached 0.
func waitBacklog(ctx context.Context, m *monitor, timeout time.Duration, peak *atomic.Int64) (time.Duration, bool, error) {
	start := time.Now()
	for {
		n, err := m.backlog(ctx)
		if err != nil {
			return 0, false, fmt.Errorf("outbox backlog: %w", err)
		}
		if peak != nil && n > peak.Load() {
			peak.Store(n)
		}
		if n == 0 {
			return time.Since(start), true, nil
		}
		if time.Since(start) > timeout {
			return time.Since(start), false, nil
		}
		select {
		case <-ctx.Done():
			return 0, false, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// saveBody is the body of a link-changing save linking to targets: 1.5 KB
// from seed.go's small vocabulary, or with searchBodies the search seed's
// shape (about 2 KB of its Zipf prose, the links after it), so that the
// search indexer writes page-sized entries.
func saveBody(rng *rand.Rand, searchBodies bool, targets []int, version int) string {
	if searchBodies {
		return searchBody(rng, searchBodyBytes) + "\n" + body(rng, 0, targets, version)
	}
	return body(rng, 1500, targets, version)
}

func runSaves(ctx context.Context, env *runEnv) (*result, error) {
	docs, universe, err := ownedDocuments(ctx, env.mon)
	if err != nil {
		return nil, err
	}
	n := env.cfg.clients
	if len(docs) < n {
		return nil, badFlag("--clients %d is more than the owner's %d documents (each writer saves its own)", n, len(docs))
	}
	// Writer w saves documents w, w+n, w+2n, … in turn: nobody else touches
	// them, so a conflict means the server moved a version on by itself.
	shares := make([][]*savedDoc, n)
	for i, d := range docs {
		shares[i%n] = append(shares[i%n], d)
	}
	turn := make([]int, n)
	var conflicts atomic.Int64
	save := func(ctx context.Context, rng *rand.Rand, w int) (outcome, error) {
		d := shares[w][turn[w]%len(shares[w])]
		turn[w]++
		for attempt := 0; ; attempt++ {
			content := saveBody(rng, env.cfg.searchBodies, linkTargets(rng, d.index, universe, env.cfg.links), d.version+1)
			r, err := env.gql.do(ctx, saveMutation, map[string]any{"input": map[string]any{
				"id": d.id, "expectedVersion": d.version, "content": content,
			}})
			if err != nil {
				return outcome{}, err
			}
			if len(r.Errors) > 0 && r.Errors[0].code() == "CONFLICT" && attempt < 3 {
				conflicts.Add(1)
				var v struct{ Document struct{ Version int } }
				if err := env.gql.must(ctx, versionQuery, map[string]any{"id": d.id}, &v); err != nil {
					return outcome{}, fmt.Errorf("re-reading the version after a conflict: %w", err)
				}
				d.version = v.Document.Version
				continue
			}
			if err := gqlFailure(r); err != nil {
				return outcome{}, err
			}
			var out struct {
				UpdateDocument struct {
					Changed  bool
					Document struct{ Version int }
				}
			}
			if err := json.Unmarshal(r.Data, &out); err != nil {
				return outcome{}, fmt.Errorf("undecodable save: %w", err)
			}
			if !out.UpdateDocument.Changed {
				return outcome{}, errors.New("a save that changed the body reported changed=false")
			}
			d.version = out.UpdateDocument.Document.Version
			return outcome{docs: 1}, nil
		}
	}

	if env.cfg.warmup > 0 {
		fmt.Fprintf(os.Stderr, "load: warming up %s with %d writers\n", env.cfg.warmup, n)
		if wp := drive(ctx, n, env.cfg.warmup, save); wp.errors > 0 {
			return nil, fmt.Errorf("%d saves failed while warming up; first: %s", wp.errors, wp.firstError)
		}
	}
	fmt.Fprintln(os.Stderr, "load: waiting for an empty outbox before measuring")
	if _, ok, err := waitBacklog(ctx, env.mon, env.cfg.drainTimeout, nil); err != nil {
		return nil, err
	} else if !ok {
		return nil, fmt.Errorf("the outbox backlog is not 0 after %s (--drain-timeout): not measuring on a backlog", env.cfg.drainTimeout)
	}

	var dbStart time.Time
	if err := env.mon.pool.QueryRow(ctx, "SELECT clock_timestamp()").Scan(&dbStart); err != nil {
		return nil, err
	}
	if err := env.mon.resetStatements(ctx); err != nil {
		return nil, fmt.Errorf("pg_stat_statements_reset: %w", err)
	}
	before, err := env.mon.snap(ctx, true)
	if err != nil {
		return nil, err
	}
	var peak atomic.Int64
	pollCtx, stopPolling := context.WithCancel(ctx)
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		for pollCtx.Err() == nil {
			if b, err := env.mon.backlog(pollCtx); err == nil && b > peak.Load() {
				peak.Store(b)
			}
			select {
			case <-pollCtx.Done():
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()
	fmt.Fprintf(os.Stderr, "load: saving for %s with %d writers\n", env.cfg.duration, n)
	p := drive(ctx, n, env.cfg.duration, save)
	stopPolling()
	<-polled
	stop, err := env.mon.snap(ctx, true)
	if err != nil {
		return nil, err
	}
	atStop, err := env.mon.backlog(ctx)
	if err != nil {
		return nil, err
	}
	peak.Store(max(peak.Load(), atStop))
	fmt.Fprintf(os.Stderr, "load: writes stopped with %d events in the outbox; waiting (at most %s)\n", atStop, env.cfg.drainTimeout)
	took, drained, err := waitBacklog(ctx, env.mon, env.cfg.drainTimeout, &peak)
	if err != nil {
		return nil, err
	}
	end, err := env.mon.snap(ctx, true)
	if err != nil {
		return nil, err
	}

	r := summarise(p, before, end)
	writeSecs := stop.at.Sub(before.at).Seconds()
	r.Seconds, r.PerSecond = writeSecs, float64(r.Requests)/writeSecs
	r.DocsPerPage, r.LinksPerPage = 0, 0
	s := &savesResult{
		Conflicts: conflicts.Load(), WriteSeconds: writeSecs,
		BacklogPeak: peak.Load(), BacklogAtStop: atStop, DrainSeconds: took.Seconds(), Drained: drained,
	}
	if k := float64(r.Requests); k > 0 {
		s.WriteGoCPUms = ms(stop.goCPU-before.goCPU) / k
		s.WritePGCPUms = ms(stop.pgCPU-before.pgCPU) / k
		s.WriteStatements = float64(stop.stmts-before.stmts) / k
	}
	var processed, savesProcessed int64
	var span float64
	if err := env.mon.pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE event_type = 'document.updated'),
			coalesce(extract(epoch FROM max(processed_at) - $1::timestamptz), 0)::float8
		FROM events WHERE created_at >= $1 AND processed_at IS NOT NULL`, dbStart).Scan(&processed, &savesProcessed, &span); err != nil {
		return nil, fmt.Errorf("counting processed events: %w", err)
	}
	s.EventsProcessed = processed
	if span > 0 {
		s.EventsPerSecond = float64(processed) / span
		s.SavesPerSecond = float64(savesProcessed) / span
	}
	if took > 0 && drained {
		s.DrainEventsPerSec = float64(atStop) / took.Seconds()
	}
	r.Saves = s
	slices.Sort(p.latencies)
	if !drained {
		return r, fmt.Errorf("the outbox backlog did not reach 0 within %s after the writes stopped", env.cfg.drainTimeout)
	}
	return r, nil
}
