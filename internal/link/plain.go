package link

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"
)

// PlainText returns the words a reader sees in a markdown body, for the
// search index: the text of paragraphs, headings, list items, quotes and
// table cells, the text of links and the alt text of images (never their
// destinations), the contents of code spans and code blocks as they are
// written, autolinks as their URL. Not kept: markdown syntax (markers,
// fences, emphasis delimiters, link destinations and titles, reference
// definitions, task checkboxes), raw HTML. Escapes and entities are
// resolved. Blocks are separated by a blank line, soft line breaks become
// spaces.
//
// It parses with the same bounded parser as Extract and Scan (linear in the
// body's size on any input, see bound.go). Emphasis is not parsed there
// (its delimiter matching is quadratic on some inputs), so runs of '*' and
// '~', and runs of '_' that do not join two letters or digits (snake_case
// stays), are dropped from text instead.
func PlainText(body string) string {
	p := parse(body)
	var b strings.Builder
	b.Grow(len(body))
	w := &plainWriter{b: &b, src: p.src}
	_ = ast.Walk(p.doc, w.visit)
	return strings.TrimSpace(b.String())
}

type plainWriter struct {
	b   *strings.Builder
	src []byte
}

func (w *plainWriter) block() {
	s := w.b.String()
	switch {
	case s == "", strings.HasSuffix(s, "\n\n"):
	case strings.HasSuffix(s, "\n"):
		w.b.WriteByte('\n')
	default:
		w.b.WriteString("\n\n")
	}
}

func (w *plainWriter) space() {
	s := w.b.String()
	if s != "" {
		if r, _ := utf8.DecodeLastRuneInString(s); !unicode.IsSpace(r) {
			w.b.WriteByte(' ')
		}
	}
}

func (w *plainWriter) visit(n ast.Node, entering bool) (ast.WalkStatus, error) {
	switch v := n.(type) {
	case *ast.Document:
		return ast.WalkContinue, nil
	case *ast.LinkReferenceDefinition, *ast.HTMLBlock, *ast.RawHTML, *east.TaskCheckBox:
		return ast.WalkSkipChildren, nil
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		if entering {
			w.block()
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				w.b.Write(seg.Value(w.src))
			}
			w.block()
		}
		return ast.WalkSkipChildren, nil
	case *ast.CodeSpan:
		if entering {
			for c := v.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					w.b.Write(t.Segment.Value(w.src))
				}
			}
		}
		return ast.WalkSkipChildren, nil
	case *ast.AutoLink:
		if entering {
			w.b.Write(v.Label(w.src))
		}
		return ast.WalkSkipChildren, nil
	case *ast.Text:
		if entering {
			w.b.Write(cleanText(v.Segment.Value(w.src)))
			if v.HardLineBreak() {
				w.b.WriteByte('\n')
			} else if v.SoftLineBreak() {
				w.b.WriteByte(' ')
			}
		}
		return ast.WalkContinue, nil
	case *ast.String:
		if entering {
			w.b.Write(v.Value)
		}
		return ast.WalkContinue, nil
	case *east.TableCell:
		if !entering {
			w.b.WriteString("\t")
		}
		return ast.WalkContinue, nil
	case *east.TableRow, *east.TableHeader:
		if !entering {
			w.b.WriteString("\n")
		}
		return ast.WalkContinue, nil
	case *ast.Link, *ast.Image, *ast.Emphasis:
		return ast.WalkContinue, nil
	}
	if n.Type() == ast.TypeBlock {
		w.block()
	} else if entering && n.Kind() == ast.KindThematicBreak {
		w.space()
	}
	return ast.WalkContinue, nil
}

// cleanText resolves a text segment's escapes and entities and drops
// emphasis delimiters (see PlainText).
func cleanText(raw []byte) []byte {
	var out []byte
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '\\' && i+1 < len(raw) && util.IsPunct(raw[i+1]):
			out = append(out, c, raw[i+1])
			i++
		case c == '*' || c == '~':
			j := i
			for j < len(raw) && raw[j] == c {
				j++
			}
			i = j - 1
		case c == '_':
			j := i
			for j < len(raw) && raw[j] == '_' {
				j++
			}
			if !(wordByteBefore(raw, i) && wordByteAfter(raw, j)) {
				i = j - 1
				continue
			}
			out = append(out, raw[i:j]...)
			i = j - 1
		default:
			out = append(out, c)
		}
	}
	out = util.UnescapePunctuations(out)
	out = util.ResolveNumericReferences(out)
	out = util.ResolveEntityNames(out)
	return bytes.ToValidUTF8(out, []byte("\uFFFD"))
}

func wordByteBefore(b []byte, i int) bool {
	if i == 0 {
		return false
	}
	r, _ := utf8.DecodeLastRune(b[:i])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func wordByteAfter(b []byte, j int) bool {
	if j >= len(b) {
		return false
	}
	r, _ := utf8.DecodeRune(b[j:])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}
