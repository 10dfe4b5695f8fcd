package tsfake

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
)

// documents answers the endpoints below /collections/{name}/documents:
// import, search, index one, delete by filter, get and delete one.
func (s *Server) documents(w http.ResponseWriter, r *http.Request, c *collection, rest []string, q url.Values, body []byte) {
	switch {
	case len(rest) == 1 && rest[0] == "import" && r.Method == http.MethodPost:
		if s.checkParams(w, "import", q) {
			s.importDocs(w, c, q, body)
		}
	case len(rest) == 1 && rest[0] == "search" && r.Method == http.MethodGet:
		if s.checkParams(w, "search", q) {
			s.search(w, c, q)
		}
	case len(rest) == 0 && r.Method == http.MethodPost:
		if !s.checkParams(w, "index", q) {
			return
		}
		res := s.indexOne(c, q.Get("action"), body)
		if ok, _ := res["success"].(bool); !ok {
			writeMessage(w, res["code"].(int), res["error"].(string))
			return
		}
		d := c.docs[res["id"].(string)]
		writeJSON(w, 201, d.doc)
	case len(rest) == 0 && r.Method == http.MethodDelete:
		if !s.checkParams(w, "delete", q) {
			return
		}
		if q.Get("filter_by") == "" {
			writeMessage(w, 400, "Parameter `filter_by` must be provided.")
			return
		}
		f, err := parseFilter(q.Get("filter_by"), c.fields)
		if err != nil {
			writeMessage(w, 400, err.Error())
			return
		}
		n := 0
		for id, d := range c.docs {
			if f.match(d.doc, c.fields, c.tok) {
				delete(c.docs, id)
				n++
			}
		}
		writeJSON(w, 200, map[string]int{"num_deleted": n})
	case len(rest) == 1 && (r.Method == http.MethodGet || r.Method == http.MethodDelete):
		d, ok := c.docs[rest[0]]
		if !ok {
			writeMessage(w, 404, fmt.Sprintf("Could not find a document with id: %s", rest[0]))
			return
		}
		if r.Method == http.MethodDelete {
			delete(c.docs, rest[0])
		}
		writeJSON(w, 200, d.doc)
	default:
		s.unknown(w, r)
	}
}

// importDocs answers POST .../documents/import: one JSON result per line,
// HTTP 200 whatever each line's fate (Typesense's documented behaviour).
func (s *Server) importDocs(w http.ResponseWriter, c *collection, q url.Values, body []byte) {
	action := q.Get("action")
	if action == "" {
		action = "create"
	}
	if !slices.Contains([]string{"create", "upsert", "update", "emplace"}, action) {
		writeMessage(w, 400, "Parameter `action` must be one of create, upsert, update, emplace.")
		return
	}
	var out bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(make([]byte, 0, 64*1024), 64<<20)
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) == 0 {
		writeMessage(w, 400, "The request body was empty.")
		return
	}
	for i, line := range lines {
		res := s.indexOne(c, action, []byte(line))
		delete(res, "id")
		b, _ := json.Marshal(res)
		out.Write(b)
		if i < len(lines)-1 {
			out.WriteByte('\n')
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(200)
	_, _ = w.Write(out.Bytes())
}

// indexOne applies one document with action and returns its import result
// line ({"success": true} or success false with error, code, document) plus
// the id under "id" for the caller.
func (s *Server) indexOne(c *collection, action string, line []byte) map[string]any {
	fail := func(code int, msg string) map[string]any {
		return map[string]any{"success": false, "error": msg, "code": code, "document": string(line)}
	}
	if action == "" {
		action = "create"
	}
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil || doc == nil {
		return fail(400, "Bad JSON.")
	}
	id, hasID := doc["id"].(string)
	if _, present := doc["id"]; present && !hasID {
		return fail(400, "Document's `id` field should be a string.")
	}
	if !hasID {
		if action == "update" {
			return fail(400, "For update, the `id` key must be provided.")
		}
		id = fmt.Sprint(c.nextSeq)
		doc["id"] = id
	}
	existing, exists := c.docs[id]
	switch action {
	case "create":
		if exists {
			return fail(409, fmt.Sprintf("A document with id %s already exists.", id))
		}
	case "update":
		if !exists {
			return fail(404, fmt.Sprintf("Could not find a document with id: %s", id))
		}
	}
	partial := exists && (action == "update" || action == "emplace")
	if err := validateDocument(doc, c.schema, partial); err != nil {
		return fail(400, err.Error())
	}
	if partial {
		merged := cloneDoc(existing.doc)
		for k, v := range doc {
			merged[k] = v
		}
		doc = merged
	}
	seq := c.nextSeq
	if exists {
		seq = existing.seq
	} else {
		c.nextSeq++
	}
	c.docs[id] = &stored{seq: seq, doc: doc}
	return map[string]any{"success": true, "id": id}
}
