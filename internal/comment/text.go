package comment

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// The anchor text of a page (docs/design.md, "Comments"): the text a reader
// sees in the rendered page, as the markdown renders it, with every run of
// white space (line breaks and block boundaries included) made one space and
// none at either end. Anchors' quotes and offsets refer to it; the web app
// computes the same normalisation over the rendered page's text, so a
// selection's quote is found here even when it spans formatting.
var anchorMarkdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// AnchorText returns the anchor text of a markdown body.
func AnchorText(markdown string) string {
	src := []byte(markdown)
	doc := anchorMarkdown.Parser().Parse(text.NewReader(src))
	var b strings.Builder
	b.Grow(len(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			if n.Type() == ast.TypeBlock {
				b.WriteByte(' ')
			}
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			b.Write(n.Segment.Value(src))
			if n.SoftLineBreak() || n.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(n.Value)
		case *ast.CodeBlock, *ast.FencedCodeBlock:
			lines := n.Lines()
			for i := range lines.Len() {
				seg := lines.At(i)
				b.Write(seg.Value(src))
			}
		case *ast.AutoLink:
			b.Write(n.Label(src))
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock, *ast.RawHTML, *ast.Image:
			// Raw HTML is sanitised away or shown as markup; an image
			// shows no text.
			return ast.WalkSkipChildren, nil
		case *east.TaskCheckBox:
		}
		return ast.WalkContinue, nil
	})
	return collapseSpace(b.String())
}

// collapseSpace makes every run of white space one space and trims both ends.
func collapseSpace(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// utf16Index converts between byte offsets of a string and the UTF-16
// offsets the editor counts in. For ASCII text they are the same and no
// table is kept.
type utf16Index struct {
	at []int32 // at[i]: the UTF-16 offset of byte i (rune starts); nil for ASCII
	n  int     // the string's length in UTF-16 units
}

func newUTF16Index(s string) utf16Index {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return utf16Index{n: len(s)}
	}
	at := make([]int32, len(s)+1)
	u := int32(0)
	for i, r := range s {
		w := utf8.RuneLen(r)
		if w < 0 {
			w = 1
		}
		for j := range w {
			at[i+j] = u
		}
		u++
		if r >= 0x10000 {
			u++
		}
	}
	at[len(s)] = u
	return utf16Index{at: at, n: int(u)}
}

// unit returns the UTF-16 offset of byte offset b.
func (x utf16Index) unit(b int) int {
	if x.at == nil {
		return b
	}
	return int(x.at[b])
}

// byteAt returns the byte offset of the rune starting at or after UTF-16
// offset u, clamped to the string.
func (x utf16Index) byteAt(u int) int {
	if u <= 0 {
		return 0
	}
	if x.at == nil {
		return min(u, x.n)
	}
	lo, hi := 0, len(x.at)-1
	for lo < hi {
		m := (lo + hi) / 2
		if int(x.at[m]) < u {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// utf16Len is the length of s in UTF-16 units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}
