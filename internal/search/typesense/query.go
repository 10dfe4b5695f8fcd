package typesense

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/google/uuid"

	"codna/internal/search"
)

// How a search is asked of Typesense: the fields it matches, their
// weights (title above tags above the address above the body: with
// text_match_type max_weight the best-weighted field that matches decides
// a document's score), typo tolerance on the title only, and ties broken
// by recency.
const (
	queryBy        = fieldTitle + "," + fieldTags + "," + fieldAddress + "," + fieldBody
	queryByWeights = "8,4,2,1"
	numTypos       = "2,0,0,0"
	textMatchType  = "max_weight"
	sortRelevance  = "_text_match:desc," + fieldUpdatedAt + ":desc"
	sortRecency    = fieldUpdatedAt + ":desc"
)

// maxBranches is how many searches a query with `or` may expand into (its
// groups multiplied out); the groups beyond are matched by filter instead.
const maxBranches = 16

// textFields are the fields an `or` group or an exclusion is matched in
// when it is expressed as a filter.
var textFields = []string{fieldTitle, fieldTags, fieldAddress, fieldBody}

// branch is one Typesense search a query becomes: q in Typesense's own
// syntax (words, "phrases", -exclusions; "*" for none), whether its last
// word is a prefix, and filter clauses the query adds to the base filter
// (for `or` groups past maxBranches and for exclusions in a query without
// positive words).
type branch struct {
	q      string
	prefix bool
	filter []string
}

// translate turns a parsed query into the searches that answer it, their
// results merged; none for a filtered listing (an empty query, or one
// whose every word has no letter or digit, which Typesense's tokenizer
// would drop). Each group of All must match one of its terms: groups of
// one term go into every search's q, a group of several multiplies the
// searches (one per term) while their number stays within maxBranches,
// and the groups beyond become filter clauses.
func translate(p search.Parsed) []branch {
	type term struct {
		text   string   // in Typesense's q syntax
		tokens []string // its tokens, for a filter
		prefix bool
	}
	clean := func(t search.Term) (term, bool) {
		var words []string
		var toks []string
		for _, w := range t.Words {
			if c := cleanWord(w); c != "" {
				words = append(words, c)
				toks = append(toks, filterTokens(c)...)
			}
		}
		if len(words) == 0 {
			return term{}, false
		}
		out := term{tokens: toks}
		if len(words) == 1 && !multiToken(words[0]) {
			out.text, out.prefix = words[0], t.Prefix
		} else {
			out.text = `"` + strings.Join(words, " ") + `"`
		}
		return out, true
	}

	var groups [][]term
	for _, g := range p.All {
		var ts []term
		for _, t := range g {
			if c, ok := clean(t); ok {
				ts = append(ts, c)
			}
		}
		if len(ts) > 0 {
			groups = append(groups, ts)
		}
	}
	var not []term
	for _, t := range p.Not {
		if c, ok := clean(t); ok {
			not = append(not, c)
		}
	}
	if len(groups) == 0 && len(not) == 0 {
		return nil
	}

	type draft struct {
		terms  []term
		filter []string
	}
	drafts := []draft{{}}
	for _, g := range groups {
		if len(g) == 1 || len(drafts)*len(g) <= maxBranches {
			var next []draft
			for _, d := range drafts {
				for _, t := range g {
					next = append(next, draft{terms: append(append([]term{}, d.terms...), t), filter: d.filter})
				}
			}
			drafts = next
			continue
		}
		var alts []string
		for _, t := range g {
			alts = append(alts, containsClause(t.tokens))
		}
		clause := "(" + strings.Join(alts, " || ") + ")"
		for i := range drafts {
			drafts[i].filter = append(append([]string{}, drafts[i].filter...), clause)
		}
	}

	out := make([]branch, 0, len(drafts))
	for _, d := range drafts {
		b := branch{filter: d.filter}
		if len(d.terms) == 0 {
			// No positive word in q: Typesense ignores exclusions beside
			// "*", so they become filter clauses.
			b.q = "*"
			for _, t := range not {
				b.filter = append(b.filter, excludeClause(t.tokens))
			}
			out = append(out, b)
			continue
		}
		var parts []string
		var last *term
		for i := range d.terms {
			if d.terms[i].prefix {
				last = &d.terms[i]
				continue
			}
			parts = append(parts, d.terms[i].text)
		}
		for _, t := range not {
			parts = append(parts, "-"+t.text)
		}
		if last != nil {
			// Typesense makes the last word of q the prefix.
			parts = append(parts, last.text)
			b.prefix = true
		}
		b.q = strings.Join(parts, " ")
		out = append(out, b)
	}
	return out
}

// cleanWord takes out of a typed word what Typesense's q reads as syntax:
// double quotes (phrases), a leading - (exclusion) and * (the wildcard).
// The rest is for Typesense's tokenizer, which folds case and accents and
// drops other punctuation. A word left without a letter or digit is no
// word ("").
func cleanWord(w string) string {
	w = strings.Map(func(r rune) rune {
		if r == '"' || r == '*' || r == '`' {
			return -1
		}
		return r
	}, w)
	w = strings.TrimLeft(w, "-")
	for _, r := range w {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return w
		}
	}
	return ""
}

// multiToken reports whether Typesense splits a word into several tokens
// (at a token separator between letters or digits): such a word matches as
// a phrase.
func multiToken(w string) bool {
	return len(strings.Fields(strings.Map(func(r rune) rune {
		switch {
		case strings.ContainsRune(separatorRunes, r):
			return ' '
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			return r
		}
		return -1 // punctuation Typesense drops inside a token
	}, w))) > 1
}

var separatorRunes = strings.Join(tokenSeparators, "")

// filterTokens splits a word into runs of letters and digits, lowercased:
// the form a filter clause may hold inside a backtick literal (nothing in
// it is filter syntax).
func filterTokens(w string) []string {
	return strings.FieldsFunc(strings.ToLower(w), func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r))
	})
}

// containsClause matches documents with every token in one of the text
// fields.
func containsClause(tokens []string) string { return textClause(tokens, ":", " || ") }

// excludeClause matches documents with the tokens in none of the text
// fields.
func excludeClause(tokens []string) string { return textClause(tokens, ":!", " && ") }

// textClause compares the tokens (letters and digits only) with op in
// each text field, joined by join.
func textClause(tokens []string, op, join string) string {
	v := "`" + strings.Join(tokens, " ") + "`"
	parts := make([]string, len(textFields))
	for i, f := range textFields {
		parts[i] = f + op + v
	}
	return "(" + strings.Join(parts, join) + ")"
}

// literal writes a validated value as a backtick literal. Only values made
// of letters, digits, ':', '-', '_' and '.' are accepted (enum values,
// uuids, acl strings); anything else is refused, never escaped, because
// Typesense 27 has no escape for a backtick inside a literal that its
// filter tokenizer honours.
func literal(v string) (string, error) {
	if v == "" {
		return "", fmt.Errorf("typesense: empty filter value")
	}
	for _, r := range v {
		if !(r == ':' || r == '-' || r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return "", fmt.Errorf("typesense: filter value %q is not an identifier", v)
		}
	}
	return "`" + v + "`", nil
}

// inList writes field:=[`a`,`b`] (any of the values).
func inList(field string, values []string) (string, error) {
	lits := make([]string, 0, len(values))
	for _, v := range values {
		l, err := literal(v)
		if err != nil {
			return "", err
		}
		lits = append(lits, l)
	}
	return field + ":=[" + strings.Join(lits, ",") + "]", nil
}

// aclValue checks one of the searcher's acl strings: user:<uuid> or
// group:<uuid>, the uuid in canonical form.
func aclValue(s string) (string, error) {
	kind, id, ok := strings.Cut(s, ":")
	if !ok || (kind != "user" && kind != "group") {
		return "", fmt.Errorf("typesense: acl string %q is neither user: nor group:", s)
	}
	u, err := uuid.Parse(id)
	if err != nil || u.String() != id {
		return "", fmt.Errorf("typesense: acl string %q has no canonical uuid", s)
	}
	return s, nil
}

// baseFilter is the filter every search of q carries: the searcher's acl
// strings (any of them) and the query's filter.
func baseFilter(q *search.Query) (string, error) {
	if len(q.Searcher.ACL) == 0 {
		return "", fmt.Errorf("typesense: a search without acl strings")
	}
	acl := make([]string, 0, len(q.Searcher.ACL))
	for _, s := range q.Searcher.ACL {
		v, err := aclValue(s)
		if err != nil {
			return "", err
		}
		acl = append(acl, v)
	}
	clause, err := inList(fieldACL, acl)
	if err != nil {
		return "", err
	}
	clauses := []string{clause}
	f := q.Filter
	if len(f.Spaces) > 0 {
		c, err := inList(fieldSpace, f.Spaces)
		if err != nil {
			return "", err
		}
		clauses = append(clauses, c)
	}
	if len(f.Statuses) > 0 {
		c, err := inList(fieldStatus, f.Statuses)
		if err != nil {
			return "", err
		}
		clauses = append(clauses, c)
	}
	if f.OwnerID != nil {
		clauses = append(clauses, fieldOwner+":=[`"+f.OwnerID.String()+"`]")
	}
	if f.PathPrefix != nil && *f.PathPrefix != "" {
		clauses = append(clauses, fieldFolderKeys+":=[`"+key(*f.PathPrefix)+"`]")
	}
	for _, t := range f.Tags {
		clauses = append(clauses, fieldTagKeys+":=[`"+key(t)+"`]")
	}
	if f.UpdatedAfter != nil {
		clauses = append(clauses, fieldUpdatedAt+":>"+strconv.FormatInt(f.UpdatedAfter.UnixMicro(), 10))
	}
	if f.UpdatedBefore != nil {
		clauses = append(clauses, fieldUpdatedAt+":<"+strconv.FormatInt(f.UpdatedBefore.UnixMicro(), 10))
	}
	return strings.Join(clauses, " && "), nil
}

// idList writes id:[`a`,`b`] for document ids.
func idList(ids []uuid.UUID) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = "`" + id.String() + "`"
	}
	return "id:[" + strings.Join(parts, ",") + "]"
}
