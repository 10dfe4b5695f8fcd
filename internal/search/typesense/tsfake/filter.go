package tsfake

import (
	"fmt"
	"strconv"
	"strings"
)

// A filter_by expression, parsed the way Typesense 27 parses it: the
// expression is first cut into tokens ("(", ")", "&&", "||" and
// field:value terms), where a backtick toggles a literal region in which
// those operators do not cut — every backtick toggles, an escaped one
// (\`) included; then a term's value list ([a, `b, c`]) is split at commas
// outside backticks, an escaped backtick being kept as \` (backslash and
// all). A single value (not in brackets) keeps its backticks: `x` is the
// three characters. The fake reproduces these rules so that a value the
// real server would cut apart is cut apart here too, and a test sees it.
type filterNode struct {
	op          string // "&&", "||" or "" for a term
	left, right *filterNode
	term        filterTerm
}

type filterTerm struct {
	field  string
	cmp    string // "=", ":", "!=", "!", ">", ">=", "<", "<=", "range"
	values []string
}

// tokenizeFilter cuts a filter_by expression into tokens.
func tokenizeFilter(s string) ([]string, error) {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ':
			i++
		case c == '(' || c == ')':
			out = append(out, string(c))
			i++
		case c == '&':
			if i+1 >= len(s) || s[i+1] != '&' {
				return nil, errBadFilter
			}
			out = append(out, "&&")
			i += 2
		case c == '|':
			if i+1 >= len(s) || s[i+1] != '|' {
				return nil, errBadFilter
			}
			out = append(out, "||")
			i += 2
		default:
			var b strings.Builder
			inTick := false
			for {
				b.WriteByte(s[i])
				i++
				if i >= len(s) {
					break
				}
				if s[i] == '`' {
					inTick = !inTick
				}
				if !inTick && (s[i] == '(' || s[i] == ')' ||
					(s[i] == '&' && i+1 < len(s) && s[i+1] == '&') ||
					(s[i] == '|' && i+1 < len(s) && s[i+1] == '|')) {
					break
				}
			}
			out = append(out, strings.TrimSpace(b.String()))
		}
	}
	return out, nil
}

var errBadFilter = fmt.Errorf("Could not parse the filter query.")

// parseFilter parses a filter_by expression against a schema.
func parseFilter(s string, schema map[string]Field) (*filterNode, error) {
	toks, err := tokenizeFilter(s)
	if err != nil {
		return nil, err
	}
	p := &filterParser{toks: toks, schema: schema}
	n, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.pos != len(p.toks) {
		return nil, errBadFilter
	}
	return n, nil
}

type filterParser struct {
	toks   []string
	pos    int
	schema map[string]Field
}

func (p *filterParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *filterParser) or() (*filterNode, error) {
	l, err := p.and()
	if err != nil {
		return nil, err
	}
	for p.peek() == "||" {
		p.pos++
		r, err := p.and()
		if err != nil {
			return nil, err
		}
		l = &filterNode{op: "||", left: l, right: r}
	}
	return l, nil
}

func (p *filterParser) and() (*filterNode, error) {
	l, err := p.unit()
	if err != nil {
		return nil, err
	}
	for p.peek() == "&&" {
		p.pos++
		r, err := p.unit()
		if err != nil {
			return nil, err
		}
		l = &filterNode{op: "&&", left: l, right: r}
	}
	return l, nil
}

func (p *filterParser) unit() (*filterNode, error) {
	t := p.peek()
	switch t {
	case "", "&&", "||", ")":
		return nil, fmt.Errorf("Could not parse the filter query: unbalanced `%s` operands.", t)
	case "(":
		p.pos++
		n, err := p.or()
		if err != nil {
			return nil, err
		}
		if p.peek() != ")" {
			return nil, errBadFilter
		}
		p.pos++
		return n, nil
	}
	p.pos++
	term, err := parseTerm(t, p.schema)
	if err != nil {
		return nil, err
	}
	return &filterNode{term: term}, nil
}

// parseTerm parses "field:value".
func parseTerm(expr string, schema map[string]Field) (filterTerm, error) {
	i := strings.IndexByte(expr, ':')
	if i < 0 {
		return filterTerm{}, errBadFilter
	}
	name := strings.TrimSpace(expr[:i])
	raw := strings.TrimSpace(expr[i+1:])
	if name != "id" {
		if _, ok := schema[name]; !ok {
			return filterTerm{}, fmt.Errorf("Could not find a filter field named `%s` in the schema.", name)
		}
	}
	t := filterTerm{field: name}
	switch {
	case strings.HasPrefix(raw, "!="):
		t.cmp, raw = "!=", raw[2:]
	case strings.HasPrefix(raw, ">="):
		t.cmp, raw = ">=", raw[2:]
	case strings.HasPrefix(raw, "<="):
		t.cmp, raw = "<=", raw[2:]
	case strings.HasPrefix(raw, "="):
		t.cmp, raw = "=", raw[1:]
	case strings.HasPrefix(raw, ">"):
		t.cmp, raw = ">", raw[1:]
	case strings.HasPrefix(raw, "<"):
		t.cmp, raw = "<", raw[1:]
	case strings.HasPrefix(raw, "!"):
		t.cmp, raw = "!", raw[1:]
	default:
		t.cmp = ":"
	}
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return filterTerm{}, fmt.Errorf("Error with filter field `%s`: Filter value cannot be empty.", name)
	}
	if raw[0] == '[' && raw[len(raw)-1] == ']' {
		t.values = splitValues(raw[1 : len(raw)-1])
	} else {
		t.values = []string{raw}
	}
	f := schema[name]
	if name == "id" {
		f = Field{Name: "id", Type: "string"}
	}
	if isNumeric(f.Type) {
		var vals []string
		for _, v := range t.values {
			if lo, hi, ok := strings.Cut(v, ".."); ok {
				if !validNumber(lo) || !validNumber(hi) {
					return filterTerm{}, fmt.Errorf("Error with filter field `%s`: Not an %s.", name, f.Type)
				}
				t.cmp = "range"
				vals = append(vals, strings.TrimSpace(lo), strings.TrimSpace(hi))
				continue
			}
			if !validNumber(v) {
				return filterTerm{}, fmt.Errorf("Error with filter field `%s`: Not an %s.", name, f.Type)
			}
			vals = append(vals, v)
		}
		t.values = vals
	} else if isBool(f.Type) {
		for _, v := range t.values {
			if v != "true" && v != "false" {
				return filterTerm{}, fmt.Errorf("Value of filter field `%s` must be `true` or `false`.", name)
			}
		}
	} else if t.cmp != "=" && t.cmp != ":" && t.cmp != "!=" && t.cmp != "!" {
		return filterTerm{}, fmt.Errorf("Error with filter field `%s`: %s is not a string comparator.", name, t.cmp)
	}
	return t, nil
}

func validNumber(s string) bool {
	_, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return err == nil
}

// splitValues splits a bracketed value list at commas outside backticks. An
// escaped backtick (\`) is kept with its backslash and toggles nothing; a
// backtick closing an empty literal opens one instead (Typesense 27's
// StringUtils::split_to_values).
func splitValues(s string) []string {
	var out []string
	var b strings.Builder
	inTick := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '`' && i > 0 && s[i-1] == '\\':
			b.WriteByte(c)
		case c == '`':
			if inTick && b.Len() > 0 {
				inTick = false
			} else {
				inTick = true
			}
		case c == ',' && !inTick:
			out = append(out, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	if b.Len() > 0 {
		out = append(out, strings.TrimSpace(b.String()))
	}
	return out
}

// match evaluates the filter against a stored document.
func (n *filterNode) match(doc map[string]any, schema map[string]Field, tok tokenizer) bool {
	switch n.op {
	case "&&":
		return n.left.match(doc, schema, tok) && n.right.match(doc, schema, tok)
	case "||":
		return n.left.match(doc, schema, tok) || n.right.match(doc, schema, tok)
	}
	return n.term.match(doc, schema, tok)
}

func (t filterTerm) match(doc map[string]any, schema map[string]Field, tok tokenizer) bool {
	if t.field == "id" {
		id, _ := doc["id"].(string)
		hit := false
		for _, v := range t.values {
			if v == id {
				hit = true
			}
		}
		if t.cmp == "!=" || t.cmp == "!" {
			return !hit
		}
		return hit
	}
	f := schema[t.field]
	val, present := doc[t.field]
	if !present || val == nil {
		return t.cmp == "!=" || t.cmp == "!"
	}
	switch {
	case isNumeric(f.Type):
		nums := numbers(val)
		for _, x := range nums {
			if t.numMatch(x) {
				return t.cmp != "!="
			}
		}
		return t.cmp == "!="
	case isBool(f.Type):
		for _, b := range bools(val) {
			for _, v := range t.values {
				if strconv.FormatBool(b) == v {
					return t.cmp != "!="
				}
			}
		}
		return t.cmp == "!="
	default:
		hit := false
		for _, s := range strs(val) {
			fieldToks := tok.tokens(s)
			for _, v := range t.values {
				want := tok.tokens(v)
				if t.cmp == "=" || t.cmp == "!=" {
					if equalTokens(fieldToks, want) {
						hit = true
					}
				} else if containsAll(fieldToks, want) {
					hit = true
				}
			}
		}
		if t.cmp == "!=" || t.cmp == "!" {
			return !hit
		}
		return hit
	}
}

func (t filterTerm) numMatch(x float64) bool {
	num := func(s string) float64 { f, _ := strconv.ParseFloat(strings.TrimSpace(s), 64); return f }
	switch t.cmp {
	case "range":
		for i := 0; i+1 < len(t.values); i += 2 {
			if x >= num(t.values[i]) && x <= num(t.values[i+1]) {
				return true
			}
		}
		return false
	case ">":
		return x > num(t.values[0])
	case ">=":
		return x >= num(t.values[0])
	case "<":
		return x < num(t.values[0])
	case "<=":
		return x <= num(t.values[0])
	}
	for _, v := range t.values {
		if x == num(v) {
			return true
		}
	}
	return false
}

func equalTokens(a, b []string) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func containsAll(have, want []string) bool {
	if len(want) == 0 {
		return false
	}
	for _, w := range want {
		found := false
		for _, h := range have {
			if h == w {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
