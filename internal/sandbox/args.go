package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
)

// argError is a mistake in a call's arguments: the script sees it thrown as
// a TypeError (or RangeError) with this message, and the call counts for
// nothing.
type argError struct {
	name    string // TypeError or RangeError
	message string
}

func (e *argError) Error() string { return e.message }

func typeErr(format string, args ...any) *argError {
	return &argError{name: "TypeError", message: fmt.Sprintf(format, args...)}
}

func rangeErr(format string, args ...any) *argError {
	return &argError{name: "RangeError", message: fmt.Sprintf(format, args...)}
}

// decodeArgs reads the JSON array the prelude made of a call's arguments
// (undefined became null) and pads it with nulls to n.
func decodeArgs(fn, raw string, n int) ([]json.RawMessage, *argError) {
	var args []json.RawMessage
	if err := json.Unmarshal([]byte(raw), &args); err != nil {
		return nil, typeErr("%s: the arguments could not be read", fn)
	}
	for len(args) < n {
		args = append(args, json.RawMessage("null"))
	}
	return args, nil
}

func isNull(raw json.RawMessage) bool { return len(raw) == 0 || string(raw) == "null" }

// str reads a required string argument of at most max bytes.
func str(fn, what string, raw json.RawMessage, max int) (string, *argError) {
	if isNull(raw) {
		return "", typeErr("%s: %s is missing", fn, what)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", typeErr("%s: %s must be a string", fn, what)
	}
	if len(s) > max {
		return "", rangeErr("%s: %s has %d bytes; at most %d are allowed", fn, what, len(s), max)
	}
	return s, nil
}

// nonEmpty reads a required string that is not blank, trimmed.
func nonEmpty(fn, what string, raw json.RawMessage, max int) (string, *argError) {
	s, err := str(fn, what, raw, max)
	if err != nil {
		return "", err
	}
	if s = strings.TrimSpace(s); s == "" {
		return "", typeErr("%s: %s is empty", fn, what)
	}
	return s, nil
}

func docID(fn string, raw json.RawMessage) (uuid.UUID, *argError) {
	s, aerr := str(fn, "the document id", raw, MaxFieldBytes)
	if aerr != nil {
		return uuid.Nil, typeErr("%s: the first argument must be a document id (a string like event.documentId)", fn)
	}
	id, err := uuid.Parse(strings.TrimSpace(s))
	if err != nil || id == uuid.Nil {
		return uuid.Nil, typeErr("%s: %q is not a document id", fn, truncate(s, 80))
	}
	return id, nil
}

// recipient checks the shape of a recipient as sharing reads it:
// group:<slug>, agent:<slug> or an email. Whether it exists is the host's
// question.
func recipient(fn string, raw json.RawMessage) (string, *argError) {
	s, err := nonEmpty(fn, "the recipient", raw, MaxFieldBytes)
	if err != nil {
		return "", err
	}
	switch lower := strings.ToLower(s); {
	case strings.HasPrefix(lower, "group:"), strings.HasPrefix(lower, "agent:"):
		if strings.TrimSpace(s[len("group:"):]) != "" {
			return s, nil
		}
	case strings.Contains(s, "@"):
		return s, nil
	}
	return "", typeErr("%s: %q is not a recipient: name a person by email, a group as group:<slug> or an agent as agent:<slug>", fn, truncate(s, 80))
}

func tagArg(fn string, raw json.RawMessage) (string, *argError) {
	return nonEmpty(fn, "the tag", raw, MaxFieldBytes)
}

// relativeDate is codna.find's relative date: a signed count of hours,
// days or weeks from now ('-180d', '-12h', '-2w').
var relativeDate = regexp.MustCompile(`^([+-]?)(\d{1,6})([hdw])$`)

// date reads an optional date: a relative date, an RFC 3339 time (what
// JSON.stringify makes of a Date) or a YYYY-MM-DD day (UTC midnight).
func date(fn, what string, raw json.RawMessage, now time.Time) (*time.Time, *argError) {
	if isNull(raw) {
		return nil, nil
	}
	s, err := str(fn, what, raw, MaxFieldBytes)
	if err != nil {
		return nil, typeErr("%s: %s must be a date string ('-180d', '2025-01-31' or an ISO time) or a Date", fn, what)
	}
	s = strings.TrimSpace(s)
	if m := relativeDate.FindStringSubmatch(s); m != nil {
		n, _ := strconv.Atoi(m[2])
		unit := map[string]time.Duration{"h": time.Hour, "d": 24 * time.Hour, "w": 7 * 24 * time.Hour}[m[3]]
		d := time.Duration(n) * unit
		if m[1] == "-" {
			d = -d
		}
		t := now.Add(d)
		return &t, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return &t, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return &t, nil
	}
	return nil, typeErr("%s: %s %q is not a date ('-180d', '2025-01-31' or an ISO time)", fn, what, truncate(s, 80))
}

// findQuery reads codna.find's argument: an object with the known keys
// only (or nothing: every readable document, newest first, up to the
// default limit).
func findQuery(raw json.RawMessage, now time.Time) (FindQuery, *argError) {
	const fn = "codna.find"
	q := FindQuery{Limit: DefaultFindLimit}
	if isNull(raw) {
		return q, nil
	}
	if !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		return q, typeErr("%s: the argument must be an object like {space: 'wiki', tags: ['x']}", fn)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return q, typeErr("%s: the argument must be an object", fn)
	}
	var aerr *argError
	for key, v := range fields {
		if isNull(v) {
			continue
		}
		switch key {
		case "space":
			if q.Space, aerr = str(fn, "space", v, MaxFieldBytes); aerr == nil {
				q.Space = strings.ToLower(strings.TrimSpace(q.Space))
				if q.Space != "raw" && q.Space != "wiki" && q.Space != "output" {
					aerr = typeErr("%s: space must be raw, wiki or output", fn)
				}
			}
		case "pathPrefix":
			if q.PathPrefix, aerr = str(fn, "pathPrefix", v, MaxFieldBytes); aerr == nil {
				q.PathPrefix = strings.Trim(strings.TrimSpace(q.PathPrefix), "/")
			}
		case "tags":
			q.Tags, aerr = tagList(fn, v)
		case "text":
			if q.Text, aerr = str(fn, "text", v, MaxFieldBytes); aerr == nil {
				q.Text = strings.TrimSpace(q.Text)
			}
		case "updatedBefore":
			q.UpdatedBefore, aerr = date(fn, "updatedBefore", v, now)
		case "updatedAfter":
			q.UpdatedAfter, aerr = date(fn, "updatedAfter", v, now)
		case "limit":
			var n float64
			if err := json.Unmarshal(v, &n); err != nil || n != float64(int(n)) {
				aerr = typeErr("%s: limit must be a whole number", fn)
			} else if n < 1 || n > MaxFindLimit {
				aerr = rangeErr("%s: limit must be between 1 and %d", fn, MaxFindLimit)
			} else {
				q.Limit = int(n)
			}
		default:
			aerr = typeErr("%s: unknown option %q (known: space, pathPrefix, tags, text, updatedBefore, updatedAfter, limit)", fn, truncate(key, 40))
		}
		if aerr != nil {
			return q, aerr
		}
	}
	return q, nil
}

// tagList reads tags: a string or an array of strings.
func tagList(fn string, raw json.RawMessage) ([]string, *argError) {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		raw = json.RawMessage(`[` + string(raw) + `]`)
	}
	var tags []string
	if err := json.Unmarshal(raw, &tags); err != nil {
		return nil, typeErr("%s: tags must be a string or an array of strings", fn)
	}
	if len(tags) > MaxFindTags {
		return nil, rangeErr("%s: at most %d tags", fn, MaxFindTags)
	}
	out := tags[:0]
	for _, t := range tags {
		if t = strings.TrimSpace(t); t == "" || len(t) > MaxFieldBytes {
			return nil, typeErr("%s: a tag is empty or too long", fn)
		}
		out = append(out, t)
	}
	return out, nil
}

// writeArg reads codna.write's object: space (only output, the default),
// path, slug, title, content; nothing else.
func writeArg(raw json.RawMessage) (*Write, *argError) {
	const fn = "codna.write"
	if !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		return nil, typeErr("%s: the argument must be an object like {space: 'output', path, slug, title, content}", fn)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, typeErr("%s: the argument must be an object", fn)
	}
	w := &Write{Space: "output"}
	var aerr *argError
	for key, v := range fields {
		switch key {
		case "space":
			if !isNull(v) {
				var s string
				if s, aerr = str(fn, "space", v, MaxFieldBytes); aerr == nil && strings.ToLower(strings.TrimSpace(s)) != "output" {
					aerr = typeErr("%s: scripts write to the output space only", fn)
				}
			}
		case "path":
			if !isNull(v) {
				if w.Path, aerr = str(fn, "path", v, MaxFieldBytes); aerr == nil {
					w.Path = strings.TrimSpace(w.Path)
				}
			}
		case "slug":
			w.Slug, aerr = nonEmpty(fn, "slug", v, MaxFieldBytes)
		case "title":
			w.Title, aerr = nonEmpty(fn, "title", v, MaxFieldBytes)
		case "content":
			w.Content, aerr = str(fn, "content", v, MaxContentBytes)
		default:
			aerr = typeErr("%s: unknown field %q (known: space, path, slug, title, content)", fn, truncate(key, 40))
		}
		if aerr != nil {
			return nil, aerr
		}
	}
	switch {
	case w.Slug == "":
		return nil, typeErr("%s: slug is missing", fn)
	case w.Title == "":
		return nil, typeErr("%s: title is missing", fn)
	}
	if _, ok := fields["content"]; !ok {
		return nil, typeErr("%s: content is missing", fn)
	}
	return w, nil
}

// proposal reads the arguments of a proposing call into a Proposal.
func proposal(kind Kind, raw string) (Proposal, *argError) {
	fn := "codna." + string(kind)
	p := Proposal{Kind: kind}
	args, aerr := decodeArgs(fn, raw, 3)
	if aerr != nil {
		return p, aerr
	}
	switch kind {
	case KindShare:
		if p.DocumentID, aerr = docID(fn, args[0]); aerr != nil {
			return p, aerr
		}
		if p.Recipient, aerr = recipient(fn, args[1]); aerr != nil {
			return p, aerr
		}
		perm, aerr := nonEmpty(fn, "the permission", args[2], MaxFieldBytes)
		if aerr != nil {
			return p, typeErr("%s: the permission must be 'read' or 'write'", fn)
		}
		if p.Permission = strings.ToLower(perm); p.Permission != "read" && p.Permission != "write" {
			return p, typeErr("%s: the permission must be 'read' or 'write'", fn)
		}
	case KindNotify:
		if p.Recipient, aerr = recipient(fn, args[0]); aerr != nil {
			return p, aerr
		}
		if p.Message, aerr = nonEmpty(fn, "the message", args[1], MaxMessageBytes); aerr != nil {
			return p, aerr
		}
	case KindTag, KindUntag:
		if p.DocumentID, aerr = docID(fn, args[0]); aerr != nil {
			return p, aerr
		}
		if p.Tag, aerr = tagArg(fn, args[1]); aerr != nil {
			return p, aerr
		}
	case KindWrite:
		if p.Write, aerr = writeArg(args[0]); aerr != nil {
			return p, aerr
		}
	}
	return p, nil
}

// size is what a proposal counts against MaxProposalBytes.
func (p *Proposal) size() int {
	n := len(p.Recipient) + len(p.Permission) + len(p.Message) + len(p.Tag) + 16
	if p.Write != nil {
		n += len(p.Write.Path) + len(p.Write.Slug) + len(p.Write.Title) + len(p.Write.Content)
	}
	return n
}

// truncate cuts s to at most n bytes on a character boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
