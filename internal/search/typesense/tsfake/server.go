// Package tsfake is an in-process Typesense server for tests: an
// httptest.Server that speaks the part of Typesense's HTTP API CoDNA's
// search backend uses (collections, aliases, documents with import and
// delete by filter, search), answers in Typesense's documented response
// shapes and error bodies ({"message": "..."} with Typesense's status
// codes), and checks what it is sent: the API key header, the collection
// schema (strictly decoded, field types validated), every imported JSONL
// line against the schema, filter_by parsed with Typesense 27's own
// tokenizing rules (so a value that is not escaped safely changes the
// expression here as it would there), and no unknown query parameter. Its
// search is a small in-memory engine: tokens normalized as Typesense's
// default locale does, AND of words (with drop_tokens_threshold honoured),
// "phrases", -exclusions, prefix on the last word, typo tolerance by
// Damerau–Levenshtein distance with Typesense's length thresholds, field
// weights, sort_by and highlights.
//
// It is a test double, not Typesense: rankings agree with Typesense's in
// order of preference, not in score values, and it serves only the
// endpoints and parameters listed above (anything else fails the test that
// sent it). README.md says which parts of the backend were checked against
// a live server.
package tsfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// APIKeyHeader is the header Typesense reads the API key from.
const APIKeyHeader = "X-Typesense-Api-Key"

// Request is one request the fake received, as it arrived.
type Request struct {
	Method string
	Path   string
	Query  url.Values
	Header http.Header
	Body   []byte
}

// Server is a running fake. Its methods are safe for concurrent use.
type Server struct {
	// URL is the base URL to give the client (http://127.0.0.1:port).
	URL    string
	APIKey string

	t   testing.TB
	srv *httptest.Server

	mu          sync.Mutex
	collections map[string]*collection
	aliases     map[string]string
	requests    []Request
	hook        func(r *Request) (status int, body string, handled bool)
	clock       int64
}

type collection struct {
	schema    Schema
	fields    map[string]Field
	docs      map[string]*stored
	nextSeq   int64
	createdAt int64
	tok       tokenizer
}

type stored struct {
	seq int64
	doc map[string]any
}

// New starts a fake that accepts apiKey and stops when the test ends.
// Requests that break the fake's checks (an unknown parameter, the key in
// the URL, a path it does not know) fail t.
func New(t testing.TB, apiKey string) *Server {
	s := &Server{
		APIKey:      apiKey,
		t:           t,
		collections: map[string]*collection{},
		aliases:     map[string]string{},
		clock:       time.Now().Unix(),
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	t.Cleanup(s.srv.Close)
	return s
}

// Close stops the server; later requests fail to connect.
func (s *Server) Close() { s.srv.Close() }

// Hook installs fn, called with every authenticated request before the
// fake handles it: when it returns handled, the fake answers with status
// and body instead (a 503, a slow answer, a malformed body). nil removes it.
func (s *Server) Hook(fn func(r *Request) (status int, body string, handled bool)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hook = fn
}

// Requests returns the requests received so far, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// ResetRequests forgets the requests received so far.
func (s *Server) ResetRequests() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = nil
}

// Collections returns the names of the collections, sorted.
func (s *Server) Collections() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for name := range s.collections {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// Alias returns the collection an alias points to, or "".
func (s *Server) Alias(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.aliases[name]
}

// Schema returns a collection's schema (by name or alias).
func (s *Server) Schema(name string) (Schema, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.resolve(name)
	if c == nil {
		return Schema{}, false
	}
	return c.schema, true
}

// Document returns a stored document (by collection name or alias), as the
// JSON it was stored as.
func (s *Server) Document(coll, id string) (map[string]any, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.resolve(coll)
	if c == nil {
		return nil, false
	}
	d, ok := c.docs[id]
	if !ok {
		return nil, false
	}
	return cloneDoc(d.doc), true
}

// Count returns the number of documents in a collection (or alias).
func (s *Server) Count(coll string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.resolve(coll); c != nil {
		return len(c.docs)
	}
	return 0
}

func cloneDoc(d map[string]any) map[string]any {
	b, _ := json.Marshal(d)
	var out map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	_ = dec.Decode(&out)
	return out
}

func (s *Server) resolve(name string) *collection {
	if c, ok := s.collections[name]; ok {
		return c
	}
	if target, ok := s.aliases[name]; ok {
		return s.collections[target]
	}
	return nil
}

// allowed lists the query parameters each endpoint takes; anything else
// fails the test (a misspelt parameter Typesense would ignore).
var allowed = map[string][]string{
	"import": {"action", "batch_size", "dirty_values", "remote_embedding_batch_size", "return_id", "return_doc"},
	"index":  {"action", "dirty_values"},
	"delete": {"filter_by", "batch_size", "ignore_not_found"},
	"search": {"q", "query_by", "query_by_weights", "filter_by", "sort_by", "facet_by", "max_facet_values",
		"num_typos", "prefix", "infix", "drop_tokens_threshold", "typo_tokens_threshold", "text_match_type",
		"page", "per_page", "offset", "limit", "include_fields", "exclude_fields", "highlight_fields",
		"highlight_full_fields", "highlight_start_tag", "highlight_end_tag", "highlight_affix_num_tokens",
		"snippet_threshold", "enable_highlight_v1", "min_len_1typo", "min_len_2typo", "prioritize_exact_match",
		"prioritize_token_position", "prioritize_num_matching_fields", "exhaustive_search", "search_cutoff_ms",
		"max_candidates", "split_join_tokens", "pre_segmented_query", "use_cache"},
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	req := Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone(), Body: body}
	s.mu.Lock()
	s.requests = append(s.requests, req)
	hook := s.hook
	s.mu.Unlock()

	if req.Query.Has("x-typesense-api-key") {
		s.t.Errorf("tsfake: the API key was sent in the URL of %s %s", r.Method, r.URL.Path)
	}
	if r.Header.Get(APIKeyHeader) != s.APIKey {
		writeJSON(w, http.StatusUnauthorized, map[string]string{
			"message": "Forbidden - a valid `x-typesense-api-key` header must be sent."})
		return
	}
	if hook != nil {
		if status, b, handled := hook(&req); handled {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(status)
			_, _ = io.WriteString(w, b)
			return
		}
	}

	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/health":
		writeJSON(w, 200, map[string]bool{"ok": true})
	case len(parts) == 1 && parts[0] == "collections" && r.Method == http.MethodPost:
		s.createCollection(w, body)
	case len(parts) == 1 && parts[0] == "collections" && r.Method == http.MethodGet:
		var out []any
		for _, name := range sortedKeys(s.collections) {
			out = append(out, s.collections[name].response())
		}
		writeJSON(w, 200, out)
	case len(parts) == 2 && parts[0] == "collections":
		c := s.resolve(parts[1])
		if c == nil {
			writeMessage(w, 404, "Not Found")
			return
		}
		switch r.Method {
		case http.MethodGet:
			writeJSON(w, 200, c.response())
		case http.MethodDelete:
			for name, coll := range s.collections {
				if coll == c {
					delete(s.collections, name)
				}
			}
			writeJSON(w, 200, c.response())
		default:
			s.unknown(w, r)
		}
	case len(parts) == 1 && parts[0] == "multi_search" && r.Method == http.MethodPost:
		if s.checkParams(w, "search", req.Query) {
			s.multiSearch(w, req.Query, body)
		}
	case len(parts) == 1 && parts[0] == "aliases" && r.Method == http.MethodGet:
		out := []map[string]string{}
		for _, name := range sortedKeys(s.aliases) {
			out = append(out, map[string]string{"name": name, "collection_name": s.aliases[name]})
		}
		writeJSON(w, 200, map[string]any{"aliases": out})
	case len(parts) == 2 && parts[0] == "aliases":
		s.alias(w, r, parts[1], body)
	case len(parts) >= 3 && parts[0] == "collections" && parts[2] == "documents":
		c := s.resolve(parts[1])
		if c == nil {
			writeMessage(w, 404, "Not Found")
			return
		}
		s.documents(w, r, c, parts[3:], req.Query, body)
	default:
		s.unknown(w, r)
	}
}

func (s *Server) unknown(w http.ResponseWriter, r *http.Request) {
	s.t.Errorf("tsfake: unexpected request %s %s", r.Method, r.URL.Path)
	writeMessage(w, 404, "Not Found")
}

func (s *Server) checkParams(w http.ResponseWriter, kind string, q url.Values) bool {
	for k := range q {
		if !slices.Contains(allowed[kind], k) {
			s.t.Errorf("tsfake: unknown %s parameter %q", kind, k)
			writeMessage(w, 400, fmt.Sprintf("Unknown parameter `%s`.", k))
			return false
		}
	}
	return true
}

func (s *Server) createCollection(w http.ResponseWriter, body []byte) {
	schema, err := decodeSchema(body)
	if err != nil {
		writeMessage(w, 400, err.Error())
		return
	}
	if _, ok := s.collections[schema.Name]; ok {
		writeMessage(w, 409, fmt.Sprintf("A collection with name `%s` already exists.", schema.Name))
		return
	}
	c := &collection{schema: schema, fields: map[string]Field{}, docs: map[string]*stored{}, createdAt: s.clock,
		tok: tokenizer{separators: strings.Join(schema.TokenSeparators, ""), symbols: strings.Join(schema.SymbolsToIndex, "")}}
	for _, f := range schema.Fields {
		c.fields[f.Name] = f
	}
	s.collections[schema.Name] = c
	writeJSON(w, 201, c.response())
}

func (c *collection) response() map[string]any {
	out := map[string]any{
		"name":             c.schema.Name,
		"fields":           c.schema.Fields,
		"num_documents":    len(c.docs),
		"created_at":       c.createdAt,
		"token_separators": nonNil(c.schema.TokenSeparators),
		"symbols_to_index": nonNil(c.schema.SymbolsToIndex),
	}
	if c.schema.DefaultSortingField != "" {
		out["default_sorting_field"] = c.schema.DefaultSortingField
	} else {
		out["default_sorting_field"] = ""
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (s *Server) alias(w http.ResponseWriter, r *http.Request, name string, body []byte) {
	switch r.Method {
	case http.MethodPut:
		var in map[string]any
		if err := json.Unmarshal(body, &in); err != nil {
			writeMessage(w, 400, "Bad JSON.")
			return
		}
		target, ok := in["collection_name"].(string)
		if !ok {
			writeMessage(w, 400, "Parameter `collection_name` is required.")
			return
		}
		if _, clash := s.collections[name]; clash {
			writeMessage(w, 500, fmt.Sprintf("Name `%s` conflicts with an existing collection name.", name))
			return
		}
		// Typesense lets an alias point at a collection that does not
		// exist (yet); so does the fake.
		s.aliases[name] = target
		writeJSON(w, 200, map[string]string{"name": name, "collection_name": target})
	case http.MethodGet, http.MethodDelete:
		target, ok := s.aliases[name]
		if !ok {
			writeMessage(w, 404, "Not Found")
			return
		}
		if r.Method == http.MethodDelete {
			delete(s.aliases, name)
		}
		writeJSON(w, 200, map[string]string{"name": name, "collection_name": target})
	default:
		s.unknown(w, r)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeMessage(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"message": msg})
}

// multiSearch answers POST /multi_search: each search of the body (its
// parameters beside the URL's common ones, which win where both name one) answered in order, a failed one
// as {"code": N, "error": "..."} in its place, HTTP 200 regardless.
func (s *Server) multiSearch(w http.ResponseWriter, common url.Values, body []byte) {
	var in struct {
		Searches []map[string]any `json:"searches"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		writeMessage(w, 400, "Bad JSON.")
		return
	}
	if len(in.Searches) > 50 {
		writeMessage(w, 400, "Number of multi searches exceeds `limit_multi_searches` parameter.")
		return
	}
	results := []any{}
	for _, one := range in.Searches {
		q := url.Values{}
		for k, v := range common {
			q[k] = v
		}
		name := ""
		for k, v := range one {
			if k == "collection" {
				name, _ = v.(string)
				continue
			}
			if !slices.Contains(allowed["search"], k) {
				s.t.Errorf("tsfake: unknown multi_search parameter %q", k)
			}
			if common.Has(k) {
				continue // Typesense keeps the URL's value (AuthManager::add_item_to_params)
			}
			switch x := v.(type) {
			case string:
				q.Set(k, x)
			case json.Number:
				q.Set(k, x.String())
			case bool:
				q.Set(k, fmt.Sprint(x))
			default:
				s.t.Errorf("tsfake: multi_search parameter %q is a %T", k, v)
			}
		}
		c := s.resolve(name)
		if c == nil {
			results = append(results, map[string]any{"code": 404, "error": "Not found."})
			continue
		}
		resp, err := c.search(q)
		if err != nil {
			results = append(results, map[string]any{"code": err.status, "error": err.msg})
			continue
		}
		results = append(results, resp)
	}
	writeJSON(w, 200, map[string]any{"results": results})
}
