package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/access"
	"codna/internal/app"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
)

// The search scenario's seed (`load seed --scenario search`): searchDocs
// documents of about searchBodyBytes of prose in a generated vocabulary
// whose words follow Zipf's law, the reader shared about half of them, the
// sparse reader 1 %.
const (
	sparseEmail     = "sparse@load.bench.invalid"
	searchDocs      = 100_000
	searchBodyBytes = 2000
	vocabSize       = 30_000
	zipfS           = 1.07 // English text's exponent is close to 1
	searchTags      = 60
)

// vocabulary is the generated words, most frequent first: pronounceable
// syllable strings (two to four syllables), each distinct.
var vocabulary = func() []string {
	rng := rand.New(rand.NewPCG(7, 11))
	onsets := strings.Fields("b c d f g h j k l m n p r s t v w z br ch cl dr fl gr kr pl pr sh st tr")
	vowels := strings.Fields("a e i o u ai ea ie ou")
	codas := []string{"", "", "", "n", "r", "s", "l", "m", "nd", "st", "rk"}
	seen := map[string]bool{}
	out := make([]string, 0, vocabSize)
	for len(out) < vocabSize {
		var b strings.Builder
		for range 2 + rng.IntN(3) {
			b.WriteString(onsets[rng.IntN(len(onsets))])
			b.WriteString(vowels[rng.IntN(len(vowels))])
			b.WriteString(codas[rng.IntN(len(codas))])
		}
		w := b.String()
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}()

// zipfWords draws word ranks as running text does.
type zipfWords struct{ z *rand.Zipf }

func newZipfWords(rng *rand.Rand) zipfWords {
	return zipfWords{rand.NewZipf(rng, zipfS, 1, vocabSize-1)}
}

func (z zipfWords) next() string { return vocabulary[z.z.Uint64()] }

// searchBody is a markdown body of about size bytes: a heading, paragraphs
// of sentences, now and then a list or a code block.
func searchBody(rng *rand.Rand, size int) string {
	z := newZipfWords(rng)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s %s\n\n", z.next(), z.next())
	for b.Len() < size {
		switch rng.IntN(10) {
		case 0:
			for range 3 {
				fmt.Fprintf(&b, "- %s %s %s\n", z.next(), z.next(), z.next())
			}
			b.WriteString("\n")
		case 1:
			fmt.Fprintf(&b, "```\n%s = %s(%s)\n```\n\n", z.next(), z.next(), z.next())
		default:
			for s := 0; s < 3; s++ {
				n := 6 + rng.IntN(12)
				for i := range n {
					w := z.next()
					if i == 0 {
						w = strings.ToUpper(w[:1]) + w[1:]
					}
					if rng.IntN(40) == 0 {
						w = "**" + w + "**"
					}
					b.WriteString(w)
					if i < n-1 {
						b.WriteByte(' ')
					}
				}
				b.WriteString(". ")
			}
			b.WriteString("\n\n")
		}
	}
	return b.String()
}

// searchTitle is a document's title: two to five words, drawn as the body's.
func searchTitle(rng *rand.Rand) string {
	z := newZipfWords(rng)
	n := 2 + rng.IntN(4)
	ws := make([]string, n)
	for i := range ws {
		ws[i] = z.next()
	}
	ws[0] = strings.ToUpper(ws[0][:1]) + ws[0][1:]
	return strings.Join(ws, " ")
}

// searchTagsOf picks zero to three tags of searchTags, the first ones most often.
func searchTagsOf(rng *rand.Rand) []string {
	z := rand.NewZipf(rng, 1.2, 1, searchTags-1)
	var out []string
	for range rng.IntN(4) {
		t := fmt.Sprintf("tag-%02d", z.Uint64())
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// seedSearch seeds the search scenario (see seedMain, which it stands in
// for): people, documents, the two readers' shares, then the outbox drained
// (the indexer among its consumers).
func seedSearch(ctx context.Context, pool *pgxpool.Pool, cfg *seedConfig) error {
	docs, readable, sparse := cfg.spec.docs, cfg.spec.readable, max(cfg.spec.docs/100, 1)
	var have, grants, sparseGrants int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM documents),
		(SELECT count(*) FROM document_access a JOIN users u ON u.id = a.principal_id WHERE u.email = $1),
		(SELECT count(*) FROM document_access a JOIN users u ON u.id = a.principal_id WHERE u.email = $2)`,
		readerEmail, sparseEmail).Scan(&have, &grants, &sparseGrants); err != nil {
		return err
	}
	switch {
	case have == docs && grants == readable && sparseGrants == sparse:
		fmt.Fprintln(os.Stderr, "load: already seeded with this scenario; waiting for the outbox")
	case have != 0:
		return fmt.Errorf("the database is not empty (%d documents) and not this seed: seed a fresh database", have)
	default:
		start := time.Now()
		owner, _, err := createPeople(ctx, pool)
		if err != nil {
			return err
		}
		if _, err := db.Q.UserCreate(ctx, pool, db.UserCreateParams{ID: uuid.Must(uuid.NewV7()), Email: sparseEmail, Name: "Load Sparse Reader", Kind: string(auth.KindPerson)}); err != nil {
			return err
		}
		ids, err := createSearchDocuments(ctx, pool, owner, docs, cfg.concurrency)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "load: %d documents created in %s\n", len(ids), time.Since(start).Round(time.Millisecond))
		perm := rand.New(rand.NewPCG(12, 34)).Perm(len(ids))
		if err := shareIDs(ctx, pool, owner, ids, perm[:readable], readerEmail); err != nil {
			return err
		}
		if err := shareIDs(ctx, pool, owner, ids, perm[len(perm)-sparse:], sparseEmail); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "load: %d documents shared with %s, %d with %s\n", readable, readerEmail, sparse, sparseEmail)
	}
	if err := waitForOutbox(ctx, pool, cfg.wait); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, "VACUUM ANALYZE"); err != nil {
		return fmt.Errorf("vacuum analyze: %w", err)
	}
	var entries int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM search_entries").Scan(&entries); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "load: outbox drained; %d search entries (0 with the typesense backend); vacuumed and analysed\n", entries)
	return printTokens(ctx, pool, cfg.tokens)
}

func createSearchDocuments(ctx context.Context, pool *pgxpool.Pool, owner uuid.UUID, n, concurrency int) ([]uuid.UUID, error) {
	svc := app.New(pool, app.DefaultConfig, nil).Document
	actx := auth.WithActor(ctx, &auth.Actor{UserID: owner, Kind: auth.KindPerson})
	ids := make([]uuid.UUID, n)
	var next, done atomic.Int64
	var firstErr error
	var once sync.Once
	wctx, cancel := context.WithCancel(actx)
	defer cancel()
	stop := progress("created", n, &done)
	defer stop()
	var wg sync.WaitGroup
	for range concurrency {
		wg.Go(func() {
			for wctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				rng := seededRand(uint64(i))
				path, slug := docAddress(i)
				title := searchTitle(rng)
				d, err := svc.Create(wctx, document.CreateInput{
					Space: document.SpaceWiki, Path: path, Slug: slug, Title: &title, Tags: searchTagsOf(rng),
					Content: searchBody(rng, searchBodyBytes),
				})
				if err != nil {
					once.Do(func() { firstErr = fmt.Errorf("create document %d: %w", i, err); cancel() })
					return
				}
				ids[i] = d.ID
				done.Add(1)
			}
		})
	}
	wg.Wait()
	if firstErr == nil && ctx.Err() != nil {
		firstErr = ctx.Err()
	}
	return ids, firstErr
}

// shareIDs shares ids[i] for each i of which with the person email, as the
// owner, in the largest batches a share allows.
func shareIDs(ctx context.Context, pool *pgxpool.Pool, owner uuid.UUID, ids []uuid.UUID, which []int, email string) error {
	svc := app.New(pool, app.DefaultConfig, nil).Access
	actx := auth.WithActor(ctx, &auth.Actor{UserID: owner, Kind: auth.KindPerson})
	for lo := 0; lo < len(which); lo += access.MaxShareDocuments {
		hi := min(lo+access.MaxShareDocuments, len(which))
		batch := make([]uuid.UUID, 0, hi-lo)
		for _, i := range which[lo:hi] {
			batch = append(batch, ids[i])
		}
		if _, err := svc.Share(actx, access.ShareInput{DocumentIDs: batch, Recipients: []string{email}, Permission: access.PermissionRead}); err != nil {
			return fmt.Errorf("share with %s: %w", email, err)
		}
	}
	return nil
}

// searchQueryDoc is what the search scenario asks: a page of 20 with the
// document, the highlights, the total and the facets.
const searchQueryDoc = `query Search($q: String!) {
  search(query: $q, first: 20) {
    edges { node { score document { id title } title { text ranges { start end } } snippet { text ranges { start end } } } }
    pageInfo { hasNextPage endCursor }
    totalCount totalIsApproximate
    facets { spaces { value count } tags { value count } }
  }
}`

// queryWords draws the words of the scenario's queries: "zipf" as the
// corpus's words are drawn (most queries then hold very common words, which
// match most documents), "rank" uniformly among the ranks given by --ranks
// (lo-hi), "uniform" uniformly over the whole vocabulary (mostly rare words).
func queryWords(rng *rand.Rand, mix string, lo, hi int, n int) string {
	ws := make([]string, n)
	for i := range ws {
		switch mix {
		case "zipf":
			ws[i] = vocabulary[rand.NewZipf(rng, zipfS, 1, vocabSize-1).Uint64()]
		case "rank":
			ws[i] = vocabulary[lo+rng.IntN(hi-lo+1)]
		default:
			ws[i] = vocabulary[rng.IntN(vocabSize)]
		}
	}
	return strings.Join(ws, " ")
}

// wordFrequency is the share of documents holding vocabulary word rank r
// (1-based) at least once: 1 - (1 - p_r)^words, p_r by Zipf's law.
func wordFrequency(r int) float64 {
	h := 0.0
	for k := 1; k <= vocabSize; k++ {
		h += 1 / math.Pow(float64(k), zipfS)
	}
	p := 1 / math.Pow(float64(r), zipfS) / h
	return 1 - math.Pow(1-p, float64(searchBodyBytes)/7)
}

func runSearch(ctx context.Context, env *runEnv) (*result, error) {
	c := env.cfg
	var calls, hits, totals, empty atomic.Int64
	fmt.Fprintf(os.Stderr, "load: %d-word queries, words %s", c.words, c.queryMix)
	if c.queryMix == "rank" {
		fmt.Fprintf(os.Stderr, " %d-%d (each in about %.1f %%–%.1f %% of documents)", c.rankLo, c.rankHi, 100*wordFrequency(c.rankHi+1), 100*wordFrequency(c.rankLo+1))
	}
	fmt.Fprintln(os.Stderr)
	r, err := measure(ctx, env, func(ctx context.Context, rng *rand.Rand, _ int) (outcome, error) {
		q := queryWords(rng, c.queryMix, c.rankLo, c.rankHi, c.words)
		resp, err := env.gql.do(ctx, searchQueryDoc, map[string]any{"q": q})
		if err != nil {
			return outcome{}, err
		}
		if err := gqlFailure(resp); err != nil {
			return outcome{}, err
		}
		var d struct {
			Search struct {
				Edges      []json.RawMessage `json:"edges"`
				TotalCount int64             `json:"totalCount"`
			} `json:"search"`
		}
		if err := json.Unmarshal(resp.Data, &d); err != nil {
			return outcome{}, fmt.Errorf("undecodable search: %w", err)
		}
		calls.Add(1)
		hits.Add(int64(len(d.Search.Edges)))
		totals.Add(d.Search.TotalCount)
		if d.Search.TotalCount == 0 {
			empty.Add(1)
		}
		return outcome{docs: len(d.Search.Edges)}, nil
	})
	if n := float64(calls.Load()); n > 0 {
		fmt.Fprintf(os.Stderr, "load: %.1f hits per page, %.0f readable hits per query on average, %.1f %% of queries with none (warm-up included)\n",
			float64(hits.Load())/n, float64(totals.Load())/n, 100*float64(empty.Load())/n)
	}
	return r, err
}

const searchableQuery = `query Find($q: String!) { search(query: $q, first: 1) { totalCount } }`

// runSearchable measures save → searchable: each writer saves one of its
// own documents with a word nobody else wrote, then searches for the word
// every 10 ms until it is found; the latency is from the save's answer to
// the first search that finds it.
func runSearchable(ctx context.Context, env *runEnv) (*result, error) {
	docs, _, err := ownedDocuments(ctx, env.mon)
	if err != nil {
		return nil, err
	}
	n := env.cfg.clients
	shares := make([][]*savedDoc, n)
	for i, d := range docs {
		shares[i%n] = append(shares[i%n], d)
	}
	turn := make([]int, n)
	var seq atomic.Int64
	run := func(ctx context.Context, rng *rand.Rand, w int) (outcome, error) {
		d := shares[w][turn[w]%len(shares[w])]
		turn[w]++
		word := fmt.Sprintf("zqsaved%dx%d", time.Now().UnixNano()%1e9, seq.Add(1))
		content := searchBody(rng, searchBodyBytes) + "\n\nMarked " + word + ".\n"
		r, err := env.gql.do(ctx, saveMutation, map[string]any{"input": map[string]any{"id": d.id, "expectedVersion": d.version, "content": content}})
		if err != nil {
			return outcome{}, err
		}
		if err := gqlFailure(r); err != nil {
			return outcome{}, err
		}
		var out struct {
			UpdateDocument struct{ Document struct{ Version int } }
		}
		if err := json.Unmarshal(r.Data, &out); err != nil {
			return outcome{}, err
		}
		d.version = out.UpdateDocument.Document.Version
		saved := time.Now()
		for time.Since(saved) < 10*time.Second {
			var f struct{ Search struct{ TotalCount int } }
			if err := env.gql.must(ctx, searchableQuery, map[string]any{"q": word + " "}, &f); err != nil {
				return outcome{}, err
			}
			if f.Search.TotalCount > 0 {
				return outcome{docs: int(time.Since(saved).Microseconds())}, nil
			}
			select {
			case <-ctx.Done():
				return outcome{}, ctx.Err()
			case <-time.After(10 * time.Millisecond):
			}
		}
		return outcome{}, errors.New("a save was not searchable within 10 s")
	}
	// The latency reported is the drive's (save + wait); the searchable part
	// is carried in outcome.docs (µs) and summarised here.
	var mu sync.Mutex
	var lat []time.Duration
	wrapped := func(ctx context.Context, rng *rand.Rand, w int) (outcome, error) {
		o, err := run(ctx, rng, w)
		if err == nil {
			mu.Lock()
			lat = append(lat, time.Duration(o.docs)*time.Microsecond)
			mu.Unlock()
		}
		return outcome{docs: 1}, err
	}
	r, err := measure(ctx, env, wrapped)
	if r != nil {
		mu.Lock()
		slices.Sort(lat)
		fmt.Fprintf(os.Stderr, "load: save → searchable over %d saves (warm-up included): p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms\n",
			len(lat), pct(lat, 50), pct(lat, 95), pct(lat, 99), pct(lat, 100))
		r.Searchable = &searchableResult{Saves: len(lat), P50ms: pct(lat, 50), P95ms: pct(lat, 95), P99ms: pct(lat, 99), Maxms: pct(lat, 100)}
		mu.Unlock()
	}
	return r, err
}

// searchableResult is save → searchable's latency.
type searchableResult struct {
	Saves int     `json:"saves"`
	P50ms float64 `json:"p50ms"`
	P95ms float64 `json:"p95ms"`
	P99ms float64 `json:"p99ms"`
	Maxms float64 `json:"maxms"`
}

// listingQueryDoc is what the listing scenario asks: search's filtered
// listing (an empty query), a page of 20 with the total and the facets.
const listingQueryDoc = `query Listing($f: SearchFilter!) {
  search(query: "", filter: $f, first: 20) {
    edges { node { document { id title } } }
    pageInfo { hasNextPage endCursor }
    totalCount totalIsApproximate
    facets { spaces { value count } tags { value count } }
  }
}`

// listingFilter draws one of the listing scenario's filters over the search
// seed: a folder (100 documents), a rare tag (~300), a common tag (~17,000),
// a space or a status nothing has, or the space and status everything has.
func listingFilter(rng *rand.Rand) map[string]any {
	switch rng.IntN(6) {
	case 0:
		p, _ := docAddress(rng.IntN(searchDocs))
		return map[string]any{"pathPrefix": p}
	case 1:
		return map[string]any{"tags": []string{fmt.Sprintf("tag-%02d", 50+rng.IntN(10))}}
	case 2:
		return map[string]any{"tags": []string{fmt.Sprintf("tag-%02d", 1+rng.IntN(2))}}
	case 3:
		return map[string]any{"spaces": []string{"OUTPUT"}}
	case 4:
		return map[string]any{"statuses": []string{"DRAFT"}}
	default:
		return map[string]any{"spaces": []string{"WIKI"}, "statuses": []string{"ACTIVE"}}
	}
}

// runListing measures search's filtered listing (no words, listingFilter).
func runListing(ctx context.Context, env *runEnv) (*result, error) {
	return measure(ctx, env, func(ctx context.Context, rng *rand.Rand, _ int) (outcome, error) {
		resp, err := env.gql.do(ctx, listingQueryDoc, map[string]any{"f": listingFilter(rng)})
		if err != nil {
			return outcome{}, err
		}
		if err := gqlFailure(resp); err != nil {
			return outcome{}, err
		}
		var d struct {
			Search struct {
				Edges []json.RawMessage `json:"edges"`
			} `json:"search"`
		}
		if err := json.Unmarshal(resp.Data, &d); err != nil {
			return outcome{}, fmt.Errorf("undecodable listing: %w", err)
		}
		return outcome{docs: len(d.Search.Edges)}, nil
	})
}
