// Package search is the search index of the knowledge base
// (docs/design.md#search): one Backend interface with two implementations
// (internal/search/postgres, the default; internal/search/typesense, for
// scale), the indexer that keeps a backend in step from the outbox, and the
// service that answers searches for an actor and re-checks every hit with
// the permission rule before returning it.
//
// The index is derived: Postgres holds the truth, and a backend can be
// dropped and rebuilt at any time (Service.Reindex). Nothing a backend says
// reaches a client without the service's re-check of each hit against the
// live documents (document_level, live and not quarantined), so a stale
// entry can delay a newly shared page, never show a revoked one.
//
// This file is the contract between the service and the backends. It names
// no other CoDNA package but internal/db (for the indexer's transaction).
package search

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/internal/db"
)

// EveryoneACL is the acl_read string of the Everyone group, which every
// person (never an agent) belongs to.
const EveryoneACL = "group:00000000-0000-0000-0000-000000000002"

// UserACL and GroupACL write the acl_read strings of a user (person or
// agent) and of a group: "user:<uuid>", "group:<uuid>".
func UserACL(id uuid.UUID) string  { return "user:" + id.String() }
func GroupACL(id uuid.UUID) string { return "group:" + id.String() }

// Entry is what the index holds of one live document (not trashed, not
// quarantined): the indexer builds it from current state in Postgres.
type Entry struct {
	ID        uuid.UUID
	Space     string // raw, wiki or output
	Path      string // folder, '' at the space root
	Slug      string
	Title     string
	Tags      []string // lowercased, as stored on the document
	Status    string   // draft, active or archived
	OwnerID   uuid.UUID
	UpdatedAt time.Time
	// Body is the markdown body as plain text (PlainText): no markdown
	// syntax, code blocks kept as text, at most MaxBodyBytes.
	Body string
	// ACLRead holds who may read the document: UserACL of the owner and of
	// every user granted access, GroupACL of every group granted access
	// (EveryoneACL for Everyone). Groups are by id, so a membership change
	// changes no entry. The typesense backend filters on it; the postgres
	// backend ignores it: its entries' readers column is written from the
	// live grants by triggers, in the transaction that changes them.
	ACLRead []string

	// Version is documents.version and AccessSeq the document's access
	// sequence (search_access_seq: it grows with every grant, revoke,
	// transfer, quarantine and release of the document, in commit order).
	// Both only grow, and a state read later has both at least as large as
	// one read earlier. A backend never replaces a stored entry by one with
	// a smaller Version or a smaller AccessSeq (see Backend.Apply): that is
	// what keeps an out-of-order write from regressing an entry.
	Version   int64
	AccessSeq int64
}

// MaxBodyBytes is how much of a body's plain text is indexed: beyond it
// the text is cut at a rune boundary (a body may be larger than any
// engine wants to hold in one field).
const MaxBodyBytes = 256 << 10

// Newer reports whether e may replace stored (an entry already in the
// index for the same document): neither its Version nor its AccessSeq is
// smaller. Equal entries replace each other (a rebuild rewrites what it
// reads).
func (e *Entry) Newer(storedVersion, storedAccessSeq int64) bool {
	return e.Version >= storedVersion && e.AccessSeq >= storedAccessSeq
}

// Filter narrows a search (GraphQL SearchFilter). Zero fields do not
// filter. The service validates and normalises it before a backend sees
// it (spaces known, path a normalised folder, tags lowercased).
type Filter struct {
	Spaces        []string   // any of these spaces
	PathPrefix    *string    // the folder and every folder beneath it ('' is the space root: everything)
	Tags          []string   // all of these tags
	OwnerID       *uuid.UUID // owned by
	UpdatedAfter  *time.Time // updated_at > this
	UpdatedBefore *time.Time // updated_at < this
	Statuses      []string   // any of these statuses
}

// Searcher is who a search is for, in both forms a backend may filter by.
// The service fills it from the authenticated actor: management, nobody
// and the system never reach a backend.
type Searcher struct {
	UserID   uuid.UUID
	IsPerson bool // group grants (Everyone included) reach people only
	// ACL is the actor's acl_read strings: UserACL(UserID), and for a
	// person EveryoneACL and GroupACL of each group they are a member of.
	// An agent has only its UserACL.
	ACL []string
	// Principals is ACL as ids (the actor's, Everyone's and their groups'):
	// what the postgres backend matches its entries' readers with.
	Principals []uuid.UUID
}

// Position is where a page of hits starts: Hits readable hits were on the
// pages before it. Engine is the backend's own resume point (for a backend
// that over-fetches, how many engine results those pages consumed) and Skip
// how many readable hits from that point were already shown (a cursor in
// the middle of a page resumes at the page's own Engine, skipping the hits
// before it); a backend that needs neither (postgres: Hits is its offset)
// leaves them 0. The service keeps all three in the opaque cursor it hands
// to clients.
type Position struct {
	Hits   int
	Engine int
	Skip   int
}

// Query is one search as a backend receives it.
type Query struct {
	Text     Parsed // the parsed query; Text.Empty() means a filtered listing, newest first
	Filter   Filter
	Searcher Searcher
	First    int      // hits wanted on this page, 1..MaxFirst
	After    Position // zero for the first page
	// Facets asks for Result.Facets (counts by space and by tag); when
	// false a backend may leave them empty. Totals are always wanted.
	Facets bool
	// Readable is the permission re-check (the one SQL permission rule:
	// readable by Searcher, live, not quarantined) of a set of candidate
	// ids, answering the readable ones. A backend whose engine filters on a
	// stored ACL (typesense) must pass every candidate through it before it
	// counts it as a hit, in facets or in totals; a backend that evaluates
	// the live grants inside its own query (postgres) need not call it. The
	// service re-checks the returned hits again either way.
	Readable func(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]bool, error)
}

// MaxFirst is the largest page; MaxOffset the deepest a search pages
// (Position.Hits + First): results further down are not served.
const (
	MaxFirst  = 100
	MaxOffset = 1000
)

// Range is a highlighted range of a text, as [Start, End) offsets in
// UTF-16 code units (what JavaScript strings index by).
type Range struct{ Start, End int }

// Highlighted is a text with the ranges that matched the query.
type Highlighted struct {
	Text   string
	Ranges []Range
}

// Hit is one result.
type Hit struct {
	ID      uuid.UUID
	Score   float64     // larger is better; only comparable within one search
	Title   Highlighted // the whole title
	Snippet Highlighted // a window of the body around the first matches ('' when the body has none)
}

// FacetCount is how many hits have one value.
type FacetCount struct {
	Value string
	Count int
}

// Facets are counts over the whole result (every readable hit, not the
// page), largest first, ties by value.
type Facets struct {
	Spaces []FacetCount // by space
	Tags   []FacetCount // by tag, at most MaxTagFacets
}

// MaxTagFacets is how many tags a facet lists.
const MaxTagFacets = 20

// FacetCounts lists counts by value as Facets does: largest first, ties by
// value, at most limit of them (0: all).
func FacetCounts(counts map[string]int, limit int) []FacetCount {
	out := make([]FacetCount, 0, len(counts))
	for v, n := range counts {
		out = append(out, FacetCount{Value: v, Count: n})
	}
	slices.SortFunc(out, func(a, b FacetCount) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return strings.Compare(a.Value, b.Value)
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// Result is one page of a search.
type Result struct {
	Hits []Hit // at most Query.First, best first
	// Next is where the following page starts; nil when there is none.
	Next *Position
	// Total is the number of readable hits, and Facets count them. When
	// Approximate is true both were counted over the first readable hits
	// only (a backend that must re-check each candidate caps the work) and
	// the real numbers are at least as large.
	Total       int
	Facets      Facets
	Approximate bool
}

// Progress is how far a rebuild is.
type Progress struct {
	Done, Total int // entries written, entries to write (Total is an estimate taken at the start)
}

// Source is what a rebuild reads: every live document, as entries.
type Source interface {
	// Count estimates how many entries Each will give.
	Count(ctx context.Context) (int, error)
	// Each calls fn with every live document's entry, in batches of at most
	// a few hundred, in id order, each batch read from current state. It
	// stops at fn's first error and returns it.
	Each(ctx context.Context, fn func(batch []Entry) error) error
}

// Backend is a search engine holding entries. Its methods are safe for
// concurrent use. Errors are internal (the service logs them and answers
// INTERNAL or UNAVAILABLE): a backend never sees user text it has not been
// given as Parsed words, and never builds engine syntax from them by
// concatenation without escaping.
type Backend interface {
	// Name is "postgres" or "typesense".
	Name() string

	// Apply brings the index in step with current state: each of upserts
	// is written unless the stored entry for its id is newer (it writes
	// iff Entry.Newer of the stored Version and AccessSeq), and each of
	// removes (documents purged, trashed, quarantined or gone) is taken
	// out. tx is the indexer's transaction, which holds a lock on each of
	// these documents (so no two Apply calls about one document run at
	// once) and commits after Apply returns: the postgres backend writes
	// in it; a backend elsewhere (typesense) ignores it and writes before
	// returning. An error rolls the indexer's transaction back and the
	// events are retried, so Apply must be safe to repeat.
	Apply(ctx context.Context, tx db.DBTX, upserts []Entry, removes []uuid.UUID) error

	// Search answers one page of q: only live documents Searcher may
	// read, as far as the backend knows (the service re-checks each
	// hit). Ranking: title matches above tag, path and body matches;
	// ties broken by recency (updated_at, newest first). With an empty
	// q.Text: every document passing the filter, newest first.
	Search(ctx context.Context, q Query) (Result, error)

	// Rebuild writes the whole index afresh from src, calling progress
	// after each batch, while searches keep being answered from a complete
	// index (typesense: a new collection, then the alias codna_documents
	// swapped to it and the old collection dropped; postgres: rows
	// rewritten in place, and rows for documents no longer live removed).
	// Apply may run concurrently (the indexer keeps going); the caller
	// re-indexes, after Rebuild returns, every document changed since it
	// began (Service.Reindex does), so writes that landed on the old
	// collection are not lost. Count-only runs never call Rebuild.
	Rebuild(ctx context.Context, src Source, progress func(Progress)) error
}
