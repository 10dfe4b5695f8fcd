package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxQueryRunes is the longest query text accepted (longer is
// BAD_USER_INPUT on "query"); MaxTerms the most words and phrases it may
// hold.
const (
	MaxQueryRunes = 1000
	MaxTerms      = 64
)

// Term is a word or a "phrase" of a query, its words as typed (trimmed,
// never normalised, never empty). A backend tokenizes each word with its
// own analyser, so one typed word may become several tokens ("e-mail"),
// which then match as a phrase; a word that yields no token (only
// punctuation, emoji) matches nothing and is dropped from the query by
// the backend (a group left with no term is dropped, as if not typed).
type Term struct {
	Words []string
	// Prefix: the term's last word also matches any word it begins
	// (search as you type). Only the query's last term can have it, when
	// it is not excluded and the text does not end in white space (or a
	// closing quote).
	Prefix bool
}

// Phrase reports whether the term was typed as a "phrase" (its words must
// appear next to each other, in order). A quoted single word is not a
// phrase.
func (t Term) Phrase() bool { return len(t.Words) > 1 }

// Group is a set of terms of which any may match (joined by `or`).
type Group []Term

// Parsed is a query in web-search syntax, as both backends translate it:
// every group in All must match (one of its terms), and no term in Not
// may match.
//
//	deploy runbook          words: all must match        All: [deploy] [runbook]
//	"laptop setup"          a phrase                     All: ["laptop setup"]
//	vpn -windows            exclude a word (or -"a b")   All: [vpn]  Not: [windows]
//	mac or linux setup      `or` joins its neighbours    All: [mac | linux] [setup]
//	deplo                   the last word is a prefix    All: [deplo*]
//
// `or` (any case) joins the terms on both sides of it, and binds more
// tightly than the implicit and: "a b or c d" is a and (b or c) and d. An
// `or` with no term on one side is a word. A quote left open runs to the
// end of the text. A `-` starts an exclusion only at the start of a word
// with something after it. Nothing else is syntax: `&|!():*<>`, SQL and
// any other characters are part of words, for the backend to tokenize.
type Parsed struct {
	All []Group
	Not []Term
}

// Empty reports whether the query has no term at all: a filtered listing.
func (p Parsed) Empty() bool { return len(p.All) == 0 && len(p.Not) == 0 }

// Terms counts the query's terms (words and phrases).
func (p Parsed) Terms() int {
	n := len(p.Not)
	for _, g := range p.All {
		n += len(g)
	}
	return n
}

// Positive returns every term that can make a document match (those of
// All), in order: what highlighting marks.
func (p Parsed) Positive() []Term {
	var out []Term
	for _, g := range p.All {
		out = append(out, g...)
	}
	return out
}

// token is one lexical piece of the text: a word, a phrase, or `or`.
type token struct {
	words  []string
	negate bool
	quoted bool
	or     bool
}

// Parse reads text in web-search syntax. It never fails: every text is a
// query (the service checks its length and number of terms). Invalid UTF-8
// is replaced, control characters are white space.
func Parse(text string) Parsed {
	text = strings.ToValidUTF8(text, "\uFFFD")
	trailingSpace := text == "" || endsInSpace(text)
	toks, openQuote := lex(text)

	// An `or` between two positive terms joins them; any other is a word.
	join := make([]bool, len(toks)) // join[i]: toks[i] is an `or` joining its neighbours
	for i, t := range toks {
		if !t.or {
			continue
		}
		prev := i > 0 && !toks[i-1].negate && !toks[i-1].or
		next := i+1 < len(toks) && !toks[i+1].or && !toks[i+1].negate
		join[i] = prev && next
		if !join[i] {
			toks[i] = token{words: t.words}
		}
	}
	// The last word typed is a prefix when it is a positive term.
	lastPos := -1
	if n := len(toks); n > 0 && !join[n-1] && !toks[n-1].negate {
		lastPos = n - 1
	}
	var p Parsed
	var cur Group // the group being built
	joinNext := false
	for i, t := range toks {
		if join[i] {
			joinNext = true
			continue
		}
		term := Term{Words: t.words}
		if i == lastPos && (!t.quoted || openQuote) && !trailingSpace {
			term.Prefix = true
		}
		if t.negate {
			p.Not = append(p.Not, term)
			continue
		}
		if joinNext && len(cur) > 0 {
			cur = append(cur, term)
			joinNext = false
			continue
		}
		joinNext = false
		if len(cur) > 0 {
			p.All = append(p.All, cur)
		}
		cur = Group{term}
	}
	if len(cur) > 0 {
		p.All = append(p.All, cur)
	}
	return p
}

func isSpace(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }

func endsInSpace(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return isSpace(r)
}

// lex splits text into tokens; openQuote reports a quote left open.
func lex(text string) (toks []token, openQuote bool) {
	rs := []rune(text)
	i := 0
	for i < len(rs) {
		if isSpace(rs[i]) {
			i++
			continue
		}
		negate := false
		if rs[i] == '-' && i+1 < len(rs) && !isSpace(rs[i+1]) {
			negate = true
			i++
		}
		if rs[i] == '"' {
			j := i + 1
			for j < len(rs) && rs[j] != '"' {
				j++
			}
			words := fields(string(rs[i+1 : j]))
			if j >= len(rs) {
				openQuote = true
			}
			if len(words) > 0 {
				toks = append(toks, token{words: words, negate: negate, quoted: true})
			}
			i = j + 1
			continue
		}
		j := i
		for j < len(rs) && !isSpace(rs[j]) && rs[j] != '"' {
			j++
		}
		w := string(rs[i:j])
		i = j
		if w == "" {
			continue
		}
		if !negate && strings.EqualFold(w, "or") {
			toks = append(toks, token{words: []string{w}, or: true})
			continue
		}
		toks = append(toks, token{words: []string{w}, negate: negate})
	}
	return toks, openQuote
}

func fields(s string) []string { return strings.FieldsFunc(s, isSpace) }
