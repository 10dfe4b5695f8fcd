package link

import (
	"strings"

	"github.com/yuin/goldmark/ast"
)

// Append adds a link to to at the end of body, in a paragraph of its own, as
// when accepting a link suggestion: "[text](href)" with href =
// Relative(fromSpace, fromPath, to), where fromSpace and fromPath are the
// folder of the document whose body this is. The text is escaped so that it
// shows as given (backslash before \ ` * _ [ ] < > & ! ~ |; line breaks
// become spaces); blank text is replaced by to.Slug. A blank line separates
// the link from the body (none is added when the body already ends with
// one; an empty body gets just the link). The line ending is "\r\n" when the
// body contains one, else "\n"; the result ends with a line ending.
//
// When the body ends inside a top-level block that would swallow the new
// paragraph (an unclosed fenced code block, or an HTML block of CommonMark
// types 1 to 5, such as an unclosed comment), that block is closed first so
// that the link is a link; the existing content renders as before.
func Append(body, text string, to Address, fromSpace, fromPath string) string {
	nl := "\n"
	if strings.Contains(body, "\r\n") {
		nl = "\r\n"
	}
	if strings.TrimSpace(text) == "" {
		text = to.Slug
	}
	href := Relative(fromSpace, fromPath, to)
	link := "[" + escapeText(text) + "](" + href + ")" + nl

	out := body + separator(body, nl)
	at := len(out)
	out += link
	if appended(out, at, href) {
		return out
	}
	closer := closerFor(body)
	if closer == "" {
		return out
	}
	fixed := body
	if fixed != "" && !strings.HasSuffix(fixed, "\n") && !strings.HasSuffix(fixed, "\r") {
		fixed += nl
	}
	fixed += closer + nl + nl
	if appended(fixed+link, len(fixed), href) {
		return fixed + link
	}
	return out
}

func appended(body string, at int, href string) bool {
	for _, o := range Scan(body) {
		if o.Start == at {
			return o.Kind == Inline && o.Href == href
		}
	}
	return false
}

// separator returns what to add after body so that a new paragraph starts.
func separator(body, nl string) string {
	if body == "" {
		return ""
	}
	if !strings.HasSuffix(body, "\n") && !strings.HasSuffix(body, "\r") {
		return nl + nl
	}
	rest := strings.TrimSuffix(strings.TrimSuffix(body, "\n"), "\r")
	if strings.TrimSpace(rest[strings.LastIndexAny(rest, "\r\n")+1:]) == "" {
		return "" // the body already ends with a blank line
	}
	return nl
}

func escapeText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", " ")
	s = strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("\\`*_[]<>&!~|", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// closerFor returns a line that closes the last top-level block of body when
// it is an open fenced code block or HTML block of types 1 to 5, else "".
func closerFor(body string) string {
	p := parse(body)
	last := p.doc.LastChild()
	switch v := last.(type) {
	case *ast.FencedCodeBlock:
		pos := v.Pos()
		if pos < 0 || pos >= len(body) {
			return ""
		}
		line := body[pos:]
		line = strings.TrimLeft(line, " ")
		if line == "" || (line[0] != '`' && line[0] != '~') {
			return ""
		}
		n := 0
		for n < len(line) && line[n] == line[0] {
			n++
		}
		return line[:n]
	case *ast.HTMLBlock:
		if v.HasClosure() {
			return ""
		}
		switch v.HTMLBlockType {
		case ast.HTMLBlockType1:
			first := ""
			if v.Lines().Len() > 0 {
				seg := v.Lines().At(0)
				first = strings.ToLower(string(seg.Value(p.src)))
			}
			for _, tag := range []string{"script", "pre", "style", "textarea"} {
				if strings.Contains(first, "<"+tag) {
					return "</" + tag + ">"
				}
			}
			return "</pre>"
		case ast.HTMLBlockType2:
			return "-->"
		case ast.HTMLBlockType3:
			return "?>"
		case ast.HTMLBlockType4:
			return ">"
		case ast.HTMLBlockType5:
			return "]]>"
		}
	}
	return ""
}
