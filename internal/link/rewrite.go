package link

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark/util"
)

// RewriteHrefs calls rewrite with the Href of every Inline and Definition
// occurrence of body (Scan), in source order (except a definition Scan
// reports without a destination range), and where it returns
// (newHref, true) with newHref different from the Href, replaces that
// destination's bytes with newHref. Reference uses have no destination of
// their own: they follow their definition. Everything else is kept byte for
// byte: link text, titles, white space, line endings, other links. The body
// is never re-rendered.
//
// newHref is a destination as written (like Href: markdown escapes allowed,
// no angle brackets) and is written as given, keeping the original's form
// (bare, or inside <...>), except where that would not parse back as the
// same destination in that place; then, so that it decodes to the same URL:
//   - a bare original gets <...> when newHref cannot be bare: it is empty,
//     contains a space, tab or line break, starts with '<', has unbalanced
//     (unescaped) parentheses, or ends in a lone backslash;
//   - inside <...>, when newHref cannot stand there as it is (it has an
//     unescaped '>', a line break or a trailing lone backslash), unescaped
//     '<' and '>' are written "\<" and "\>", a backslash that escapes
//     nothing "\\", and CR and LF, which cannot be written there, %0D and
//     %0A;
//   - in a GFM table cell an unescaped '|' is written "\|" (it would end the
//     cell);
//   - in an inline link, backticks are percent-encoded (%60) when newHref's
//     runs of backticks differ from the old href's (a new backtick could
//     close a code span opened earlier in the paragraph and unmake the link).
//
// A new destination can, rarely, let brackets before the link pair
// differently ("[x]([a](<my doc.md>))" is a link to "my doc.md" only because
// the space ends the outer destination early); then the '[' or ']' of the
// link that would appear is backslash-escaped, so that the body keeps its
// links. With a rewrite that returns its argument (or false) the result is
// body, unchanged.
func RewriteHrefs(body string, rewrite func(href string) (string, bool)) string {
	var edits []edit
	occ := parse(body).occ
	for _, o := range occ {
		if o.Kind == Reference || !o.exact {
			continue
		}
		nh, ok := rewrite(o.Href)
		if !ok || nh == o.Href {
			continue
		}
		edits = append(edits, edit{start: o.DestStart, end: o.DestEnd, repl: writeDest(nh, o)})
	}
	if len(edits) == 0 {
		return body
	}
	keep := make(map[int]Occurrence, len(occ))
	for _, o := range occ {
		keep[o.Start] = o
	}
	return settle(body, edits, keep)
}

// writeDest returns the bytes to put in place of o's destination.
func writeDest(href string, o Occurrence) string {
	w := href
	if o.Kind == Inline && strings.IndexByte(w, '`') >= 0 && backtickRuns(w) != backtickRuns(o.Href) {
		w = strings.ReplaceAll(w, "`", "%60")
	}
	if o.inTable {
		w = escapeUnescaped(w, "|")
	}
	if o.angle {
		if angleOK(w) {
			return w
		}
		return angleEscape(w)
	}
	if bareOK(w) {
		return w
	}
	return "<" + angleEscape(w) + ">"
}

// backtickRuns returns the lengths of the runs of backticks in s.
func backtickRuns(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		n := 0
		for i < len(s) && s[i] == '`' {
			i++
			n++
		}
		b.WriteString(strconv.Itoa(n))
		b.WriteByte(',')
	}
	return b.String()
}

// escapeUnescaped backslash-escapes the bytes of chars in s that are not
// already escaped.
func escapeUnescaped(s, chars string) string {
	if !strings.ContainsAny(s, chars) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) && util.IsPunct(s[i+1]) {
			b.WriteByte(c)
			b.WriteByte(s[i+1])
			i++
			continue
		}
		if strings.IndexByte(chars, c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// angleEscape makes s writable inside <...>: '<' and '>' escaped, a
// backslash that escapes nothing doubled, CR and LF percent-encoded.
// Every character decodes as before.
func angleEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && util.IsPunct(s[i+1]):
			b.WriteByte(c)
			b.WriteByte(s[i+1])
			i++
		case c == '\\':
			b.WriteString(`\\`)
		case c == '<' || c == '>':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString("%0A")
		case c == '\r':
			b.WriteString("%0D")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// trailingBackslash reports whether s ends in a backslash that escapes
// nothing within s (it would escape what follows s).
func trailingBackslash(s string) bool {
	n := 0
	for n < len(s) && s[len(s)-1-n] == '\\' {
		n++
	}
	return n%2 == 1
}

// angleOK reports whether s parses, unchanged, inside <...> (as goldmark
// reads it).
func angleOK(s string) bool {
	if strings.ContainsAny(s, "\r\n") || trailingBackslash(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && util.IsPunct(s[i+1]) {
			i++
			continue
		}
		if s[i] == '>' {
			return false
		}
	}
	return true
}

// bareOK reports whether s parses, unchanged, as a destination without
// angle brackets (as goldmark reads it).
func bareOK(s string) bool {
	if s == "" || s[0] == '<' || trailingBackslash(s) {
		return false
	}
	opened := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case util.IsSpace(c):
			return false
		case c == '\\':
			if i+1 < len(s) && util.IsPunct(s[i+1]) {
				i++
			}
		case c == '(':
			opened++
		case c == ')':
			opened--
			if opened < 0 {
				return false
			}
		}
	}
	return opened == 0
}

// Retarget makes every occurrence of exactly href (Occurrence.Href, as
// written) in body point at to: inline links and definitions with that
// destination are rewritten, in place, to Relative(fromSpace, fromPath, to)
// followed by the old href's ?query and #fragment as written. fromSpace and
// fromPath are the folder of the document whose body this is. Reference
// uses follow their definition (an image using the same definition follows
// too). This is the "update" and "repoint" answers.
func Retarget(body, href string, to Address, fromSpace, fromPath string) string {
	_, suffix, _ := splitHref(href)
	nh := Relative(fromSpace, fromPath, to) + suffix
	return RewriteHrefs(body, func(h string) (string, bool) {
		return nh, h == href
	})
}
