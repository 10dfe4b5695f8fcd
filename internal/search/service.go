package search

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// Service answers searches for an actor and rebuilds the index.
type Service struct {
	pool    *pgxpool.Pool
	backend Backend
	docs    *document.Service
	indexer *Indexer
}

// New returns the search service over backend; docs is the
// documents service whose batch read (GetMany, the permission loader's)
// re-checks every hit.
func New(pool *pgxpool.Pool, backend Backend, docs *document.Service) *Service {
	return &Service{pool: pool, backend: backend, docs: docs, indexer: NewIndexer(pool, backend)}
}

// Backend is the backend the service searches.
func (s *Service) Backend() Backend { return s.backend }

// Indexer is the outbox consumer writing to the service's backend.
func (s *Service) Indexer() *Indexer { return s.indexer }

// SearchFilter narrows a search (GraphQL SearchFilter); nil and empty
// fields do not filter.
type SearchFilter struct {
	Spaces        []document.Space
	PathPrefix    *string // a folder: documents in it and beneath it
	Tags          []string
	OwnerID       *uuid.UUID
	UpdatedAfter  *time.Time
	UpdatedBefore *time.Time
	Statuses      []document.Status
}

// Request is one search.
type Request struct {
	Query  string
	Filter SearchFilter
	First  int    // 1..MaxFirst
	After  string // a Found's Cursor or a Page's EndCursor; "" for the first page
	Facets bool   // whether Page.Facets is wanted
}

// Page is one page of a search's results.
type Page struct {
	Results     []Found
	HasNextPage bool
	EndCursor   string // "" when the page is empty
	// Total counts the readable hits and Facets counts them by space and by
	// tag; with Approximate they were counted over the first hits only and
	// the real numbers may be larger.
	Total       int
	Approximate bool
	Facets      Facets
}

// Found is one readable hit of a Page.
type Found struct {
	Doc     *document.Doc // as the permission loader reads it (no body)
	Score   float64
	Title   Highlighted
	Snippet Highlighted
	Cursor  string
}

// DefaultFirst is the page size when none is asked for.
const DefaultFirst = 20

// Search answers one page of a search for the acting person or agent
// (docs/api.md#search): the backend's hits, each re-checked with the
// permission rule (readable by the actor, live, not quarantined — even for
// its owner) before it is returned; hits that fail the re-check are left
// out. An agent finds only what is shared with it.
//
// Errors: UNAUTHENTICATED for nobody; FORBIDDEN for management;
// BAD_USER_INPUT on query (longer than MaxQueryRunes, more than MaxTerms
// terms), first (outside 1..MaxFirst), after (not a cursor of a search) and
// the filter's fields (spaces, pathPrefix, tags, statuses, the dates'
// order).
func (s *Service) Search(ctx context.Context, r Request) (*Page, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if n := utf8.RuneCountInString(r.Query); n > MaxQueryRunes {
		return nil, fault.Input("query", "A search is at most %d characters (this one has %d).", MaxQueryRunes, n)
	}
	parsed := Parse(r.Query)
	if parsed.Terms() > MaxTerms {
		return nil, fault.Input("query", "A search has at most %d words and phrases.", MaxTerms)
	}
	if r.First < 1 || r.First > MaxFirst {
		return nil, fault.Input("first", "first must be between 1 and %d.", MaxFirst)
	}
	after, err := decodeCursor(r.After)
	if err != nil {
		return nil, err
	}
	filter, err := checkFilter(r.Filter)
	if err != nil {
		return nil, err
	}
	page := &Page{}
	if after.Hits >= MaxOffset {
		return page, nil
	}
	searcher, err := s.searcher(ctx, actor)
	if err != nil {
		return nil, err
	}
	q := Query{
		Text: parsed, Filter: filter, Searcher: searcher, First: min(r.First, MaxOffset-after.Hits), After: after,
		Facets: r.Facets, Readable: s.readable,
	}
	res, err := s.backend.Search(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("search: %s backend: %w", s.backend.Name(), err)
	}
	ids := make([]uuid.UUID, len(res.Hits))
	for i, h := range res.Hits {
		ids[i] = h.ID
	}
	docs, err := s.recheck(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i, h := range res.Hits {
		d, ok := docs[h.ID]
		if !ok {
			res.Total--
			continue
		}
		pos := Position{Hits: after.Hits + i + 1, Engine: after.Engine, Skip: after.Skip + i + 1}
		if i == len(res.Hits)-1 && res.Next != nil {
			pos = *res.Next
		}
		page.Results = append(page.Results, Found{Doc: d, Score: h.Score, Title: h.Title, Snippet: h.Snippet, Cursor: encodeCursor(pos)})
	}
	page.Total, page.Approximate, page.Facets = max(res.Total, len(page.Results)), res.Approximate, res.Facets
	if res.Next != nil && res.Next.Hits < MaxOffset {
		page.HasNextPage = true
		page.EndCursor = encodeCursor(*res.Next)
	} else if n := len(page.Results); n > 0 {
		page.EndCursor = page.Results[n-1].Cursor
	}
	return page, nil
}

// searcher is who the backends search for: the actor's id and acl
// strings (their own; for a person also Everyone's and each group's).
func (s *Service) searcher(ctx context.Context, a *auth.Actor) (Searcher, error) {
	out := Searcher{
		UserID: a.UserID, IsPerson: a.Kind == auth.KindPerson,
		ACL: []string{UserACL(a.UserID)}, Principals: []uuid.UUID{a.UserID},
	}
	if !out.IsPerson {
		return out, nil
	}
	out.ACL = append(out.ACL, EveryoneACL)
	out.Principals = append(out.Principals, auth.EveryoneID)
	groups, err := db.Q.GroupMemberListGroupIDs(ctx, s.pool, a.UserID)
	if err != nil {
		return Searcher{}, err
	}
	for _, g := range groups {
		out.ACL = append(out.ACL, GroupACL(g))
		out.Principals = append(out.Principals, g)
	}
	return out, nil
}

// recheck reads the documents among ids that the actor may see as search
// hits: readable by the permission rule (document.Service.GetMany, the
// permission loader's read), live and not quarantined, whoever owns them.
func (s *Service) recheck(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]*document.Doc, error) {
	docs, err := s.docs.GetMany(ctx, ids)
	if err != nil {
		return nil, err
	}
	for id, d := range docs {
		if d.DeletedAt != nil || d.QuarantinedAt != nil {
			delete(docs, id)
		}
	}
	return docs, nil
}

// readable is Query.Readable: recheck, as a set.
func (s *Service) readable(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]bool, error) {
	docs, err := s.recheck(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[uuid.UUID]bool, len(docs))
	for id := range docs {
		out[id] = true
	}
	return out, nil
}

// checkFilter validates a filter and puts it in the backends' form.
func checkFilter(f SearchFilter) (Filter, error) {
	var out Filter
	for _, sp := range f.Spaces {
		v, err := document.ParseSpace("filter.spaces", string(sp))
		if err != nil {
			return out, err
		}
		out.Spaces = append(out.Spaces, string(v))
	}
	if f.PathPrefix != nil {
		p, err := document.NormalizePath(*f.PathPrefix)
		if err != nil {
			return out, fault.Input("filter.pathPrefix", "%s", fault.As(err).Message)
		}
		out.PathPrefix = &p
	}
	if len(f.Tags) > 0 {
		tags, err := document.NormalizeTags(f.Tags)
		if err != nil {
			return out, fault.Input("filter.tags", "%s", fault.As(err).Message)
		}
		out.Tags = tags
	}
	for _, st := range f.Statuses {
		v, err := document.ParseStatus(string(st))
		if err != nil {
			return out, fault.Input("filter.statuses", "%s", fault.As(err).Message)
		}
		out.Statuses = append(out.Statuses, string(v))
	}
	if f.UpdatedAfter != nil && f.UpdatedBefore != nil && !f.UpdatedAfter.Before(*f.UpdatedBefore) {
		return out, fault.Input("filter.updatedBefore", "updatedBefore must be later than updatedAfter.")
	}
	out.OwnerID, out.UpdatedAfter, out.UpdatedBefore = f.OwnerID, f.UpdatedAfter, f.UpdatedBefore
	return out, nil
}

// cursor is a Position as a client carries it.
type cursor struct {
	Kind   string `json:"k"`
	Hits   int    `json:"h"`
	Engine int    `json:"e,omitempty"`
	Skip   int    `json:"s,omitempty"`
}

const cursorKind = "search"

// encodeCursor writes the cursor's JSON as encoding/json writes it
// (fields in order, e and s omitted when 0) into a buffer on the stack,
// and that in base64: one allocation, where encoding/json takes several
// (a page encodes one cursor per hit).
func encodeCursor(p Position) string {
	var j [96]byte
	b := append(j[:0], `{"k":"`+cursorKind+`","h":`...)
	b = strconv.AppendInt(b, int64(p.Hits), 10)
	if p.Engine != 0 {
		b = strconv.AppendInt(append(b, `,"e":`...), int64(p.Engine), 10)
	}
	if p.Skip != 0 {
		b = strconv.AppendInt(append(b, `,"s":`...), int64(p.Skip), 10)
	}
	b = append(b, '}')
	var out [128]byte
	n := base64.RawURLEncoding.EncodedLen(len(b))
	base64.RawURLEncoding.Encode(out[:n], b)
	return string(out[:n])
}

var errCursor = fault.Input("after", "That is not a cursor of a search: pass a result's cursor or endCursor.")

func decodeCursor(s string) (Position, error) {
	if s == "" {
		return Position{}, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(b) > 200 {
		return Position{}, errCursor
	}
	var c cursor
	if err := json.Unmarshal(b, &c); err != nil || c.Kind != cursorKind || c.Hits < 0 || c.Engine < 0 || c.Skip < 0 || c.Skip > c.Hits {
		return Position{}, errCursor
	}
	return Position{Hits: c.Hits, Engine: c.Engine, Skip: c.Skip}, nil
}
