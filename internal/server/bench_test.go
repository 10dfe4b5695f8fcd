package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"codna/internal/inbox"
	"codna/internal/pgtest"
)

// BenchmarkDocumentList measures documents(first: 50) asking for titles,
// tags, owners and revision counts, and reports the SQL statements each
// request issues: the same for a page of 5 as for a page of 50.
func BenchmarkDocumentList(b *testing.B) {
	for _, n := range []int{5, 50} {
		b.Run(fmt.Sprintf("docs=%d", n), func(b *testing.B) {
			bb := setup(b)
			p := pgtest.CreatePerson(b, bb.pool)
			token := pgtest.CreatePersonToken(b, bb.pool, p.ID)
			for i := range n {
				pgtest.CreateDocument(b, bb.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("doc-%d", i), Tags: []string{"bench"}})
			}
			const q = `{ documents(first: 50) { edges { node { id title tags owner { name } revisions { totalCount } } } } }`
			bb.counter.Reset()
			b.ResetTimer()
			for range b.N {
				r := bb.do(b, req{query: q, bearer: token})
				if len(r.Errors) > 0 {
					b.Fatal(r.Errors)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(bb.counter.Count())/float64(b.N), "statements/op")
		})
	}
}

// BenchmarkDocumentListLinks measures documents(first: 50) asking for each
// document's links (with targets) and backlinks (with sources), and reports
// the statements per request: constant in the page size.
func BenchmarkDocumentListLinks(b *testing.B) {
	for _, n := range []int{5, 50} {
		b.Run(fmt.Sprintf("docs=%d", n), func(b *testing.B) {
			bb := setup(b)
			p := pgtest.CreatePerson(b, bb.pool)
			token := pgtest.CreatePersonToken(b, bb.pool, p.ID)
			for i := range n {
				pgtest.CreateDocument(b, bb.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("doc-%d", i),
					Content: fmt.Sprintf("[next](doc-%d.md) [first](doc-0.md) [missing](nowhere.md)", (i+1)%n)})
			}
			bb.drain(b)
			const q = `{ documents(first: 50) { edges { node { id title links { state target { title } } backlinks { state source { title } } } } } }`
			bb.do(b, req{query: q, bearer: token})
			bb.counter.Reset()
			b.ResetTimer()
			for range b.N {
				r := bb.do(b, req{query: q, bearer: token})
				if len(r.Errors) > 0 {
					b.Fatal(r.Errors)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(bb.counter.Count())/float64(b.N), "statements/op")
		})
	}
}

// BenchmarkCreateDocument measures createDocument over HTTP: the document,
// its first revision and its outbox event in one transaction.
func BenchmarkCreateDocument(b *testing.B) {
	bb := setup(b)
	p := pgtest.CreatePerson(b, bb.pool)
	token := pgtest.CreatePersonToken(b, bb.pool, p.ID)
	const q = `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id version } } }`
	b.ResetTimer()
	for i := range b.N {
		r := bb.do(b, req{query: q, bearer: token, variables: map[string]any{"i": map[string]any{
			"space": "WIKI", "path": "bench", "slug": fmt.Sprintf("doc-%d", i), "title": "Bench", "content": "# Bench\n\nSome text.\n",
		}}})
		if len(r.Errors) > 0 {
			b.Fatal(r.Errors)
		}
	}
}

// BenchmarkUpdateDocument measures updateDocument over HTTP, each save a
// real change: the locked read, the new version, a revision and an event.
func BenchmarkUpdateDocument(b *testing.B) {
	bb := setup(b)
	p := pgtest.CreatePerson(b, bb.pool)
	token := pgtest.CreatePersonToken(b, bb.pool, p.ID)
	d := pgtest.CreateDocument(b, bb.pool, p.ID, pgtest.Doc{Content: "v0"})
	const q = `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed document { version } } }`
	b.ResetTimer()
	for i := range b.N {
		r := bb.do(b, req{query: q, bearer: token, variables: map[string]any{"i": map[string]any{
			"id": d.ID.String(), "expectedVersion": i + 1, "content": fmt.Sprintf("v%d", i+1),
		}}})
		if len(r.Errors) > 0 {
			b.Fatal(r.Errors)
		}
	}
}

// BenchmarkInboxCountsLatency measures the time from a committed
// notification to its recipient's subscriber receiving the new count, over
// real websockets, with changes arriving at 200 per second spread over 20
// subscribed people. Run it with -benchtime Nx: N changes.
func BenchmarkInboxCountsLatency(b *testing.B) {
	bb := setup(b)
	const people = 20
	const rate = 200 // changes per second
	type person struct {
		id      uuid.UUID
		sub     *subscription
		commits chan time.Time // commit time of each change, in order
	}
	ps := make([]*person, people)
	for i := range ps {
		p := pgtest.CreatePerson(b, bb.pool)
		token := pgtest.CreatePersonToken(b, bb.pool, p.ID)
		s := bb.subscribe(b, "graphql-transport-ws", token, countsSub, nil)
		s.next(5 * time.Second)
		ps[i] = &person{id: p.ID, sub: s, commits: make(chan time.Time, b.N+1)}
	}
	var mu sync.Mutex
	var latencies []time.Duration
	var wg sync.WaitGroup
	for _, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seen := 0.0
			var pending []time.Time
			for {
				ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
				var m wsMsg
				err := readJSON(ctx, p.sub.c, &m)
				cancel()
				if err != nil {
					return // no more pushes
				}
				if m.Type != "next" {
					continue
				}
				now := time.Now()
				var payload struct {
					Data struct {
						InboxCounts struct{ Unread float64 } `json:"inboxCounts"`
					} `json:"data"`
				}
				if json.Unmarshal(m.Payload, &payload) != nil {
					continue
				}
				for len(p.commits) > 0 {
					pending = append(pending, <-p.commits)
				}
				n := payload.Data.InboxCounts.Unread
				mu.Lock()
				for seen < n && len(pending) > 0 {
					latencies = append(latencies, now.Sub(pending[0]))
					pending = pending[1:]
					seen++
				}
				mu.Unlock()
			}
		}()
	}
	// Writers run concurrently so the rate holds even when a commit takes
	// longer than the interval; one person's changes are 100 ms apart.
	tick := time.NewTicker(time.Second / rate)
	defer tick.Stop()
	var writers sync.WaitGroup
	start := time.Now()
	b.ResetTimer()
	for i := range b.N {
		<-tick.C
		p := ps[i%people]
		writers.Add(1)
		go func() {
			defer writers.Done()
			notify(b, bb, p.id, inbox.TypeAccessGranted)
			p.commits <- time.Now()
		}()
	}
	writers.Wait()
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "changes/s")
	wg.Wait()
	b.StopTimer()
	if len(latencies) == 0 {
		b.Fatal("no pushes measured")
	}
	slices.Sort(latencies)
	pct := func(q float64) float64 {
		return float64(latencies[int(q*float64(len(latencies)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(float64(len(latencies)), "changes-measured")
}

// BenchmarkOutboxRealConsumers drains document.created events through the
// real consumers (the link resolver extracting and resolving three links
// per body, and the folder-share applier) and reports events per second.
// Run it with -benchtime Nx: N documents.
func BenchmarkOutboxRealConsumers(b *testing.B) {
	bb := setup(b)
	p := pgtest.CreatePerson(b, bb.pool)
	for i := range b.N {
		pgtest.CreateDocument(b, bb.pool, p.ID, pgtest.Doc{Path: "bench", Slug: fmt.Sprintf("doc-%d", i),
			Content: fmt.Sprintf("See [next](doc-%d.md), [first](doc-0.md) and [later](nowhere-%d.md).\n", i+1, i)})
	}
	start := time.Now()
	b.ResetTimer()
	bb.drain(b)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "events/s")
}
