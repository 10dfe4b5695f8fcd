package convert

// Writing the markdown of a DOCX: blocks, lists, tables, inline emphasis and escaping.

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// docxBody writes the body's blocks as markdown.
type docxBody struct {
	x        *docx
	b        strings.Builder
	lastList bool   // the previous block was a list item
	listID   string // the numId of that item
	widths   []int  // marker widths of the open list levels
}

// block writes one block: list items follow each other on consecutive
// lines (a tight list), anything else after a blank line.
func (w *docxBody) block(s string, list bool) {
	w.blockIn(s, list, "")
}

// blockIn writes a block of list listID: an item of another list than the
// item before starts a new markdown list, after a blank line.
func (w *docxBody) blockIn(s string, list bool, listID string) {
	if list && w.lastList && listID != w.listID {
		w.lastList = false
		w.widths = w.widths[:0]
	}
	w.listID = listID
	if w.b.Len() > 0 {
		if list && w.lastList {
			w.b.WriteByte('\n')
		} else {
			w.b.WriteString("\n\n")
		}
	}
	w.b.WriteString(s)
	w.lastList = list
	if !list {
		w.widths = w.widths[:0]
	}
	if err := w.x.ctx.Err(); err != nil {
		panic(stop{fmt.Errorf("convert: stopped: %w", err)})
	}
	if w.b.Len() > w.x.lim.MaxOutputBytes {
		panic(stop{tooLargeSoFar(w.x.lim)})
	}
}

func (w *docxBody) paragraph(p *docxPara) {
	w.para(p)
	w.x.flushBoxes(w)
}

func (w *docxBody) para(p *docxPara) {
	if len(p.segs) == 0 {
		return // an empty paragraph is spacing, not content
	}
	x := w.x
	if lvl := x.headingLevel(p); lvl > 0 {
		text := x.inline(p.segs, inlineHeading)
		if text == "" {
			return
		}
		if lvl == 1 && x.title == "" {
			x.title = plainText(p.segs)
		}
		if strings.HasSuffix(text, "#") {
			text = text[:len(text)-1] + `\#`
		}
		w.block(strings.Repeat("#", lvl)+" "+text, false)
		return
	}
	numID, ilvl, hasNum := p.numID, p.ilvl, p.hasNum
	if !hasNum {
		x.styleChain(p.style, func(s *docxStyle) bool {
			if s.numID != "" {
				numID, ilvl, hasNum = s.numID, s.ilvl, true
				return true
			}
			return false
		})
	}
	text := x.inline(p.segs, inlineBlock)
	if text == "" {
		return
	}
	if hasNum && numID != "" && numID != "0" {
		w.listItem(numID, ilvl, text)
		return
	}
	if w.isQuote(p.style) {
		w.block("> "+strings.ReplaceAll(text, "\n", "\n> "), false)
		return
	}
	w.block(text, false)
}

func (w *docxBody) isQuote(style string) bool {
	quote := false
	w.x.styleChain(style, func(s *docxStyle) bool {
		quote = s.name == "quote" || s.name == "intense quote"
		return quote
	})
	return quote
}

// listItem writes a list item. Its nesting follows ilvl, but never deeper
// than one level below the item before it: markdown reads an item
// indented past its parent's content as code.
func (w *docxBody) listItem(numID string, ilvl int, text string) {
	x := w.x
	ilvl = min(max(ilvl, 0), 8)
	lv := x.level(numID, strconv.Itoa(ilvl))
	// Counts of items continue across the whole document, as Word numbers
	// them; an item restarts the levels below it.
	c := x.counters[numID]
	for len(c) <= ilvl {
		c = append(c, 0)
	}
	c[ilvl]++
	for i := ilvl + 1; i < len(c); i++ {
		c[i] = 0
	}
	x.counters[numID] = c

	if w.lastList && numID != w.listID {
		w.lastList = false // another list: starts at its top level
	}
	level := 0
	if w.lastList {
		level = min(ilvl, len(w.widths))
	}
	w.widths = w.widths[:level]
	marker := "- "
	switch lv.format {
	case "bullet", "none", "":
	default:
		marker = strconv.Itoa(max(lv.start+c[ilvl]-1, 0)) + ". "
	}
	indent := 0
	for _, wd := range w.widths {
		indent += wd
	}
	w.widths = append(w.widths, len(marker))
	pad := strings.Repeat(" ", indent)
	cont := "\n" + strings.Repeat(" ", indent+len(marker))
	w.blockIn(pad+marker+strings.ReplaceAll(text, "\n", cont), true, numID)
}

func (w *docxBody) table(rows [][]string) {
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	if cols == 0 {
		return
	}
	var b strings.Builder
	line := func(cells []string) {
		b.WriteByte('|')
		for i := 0; i < cols; i++ {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			b.WriteString(" " + c + " |")
		}
	}
	line(rows[0])
	b.WriteString("\n|")
	for i := 0; i < cols; i++ {
		b.WriteString(" --- |")
	}
	for _, r := range rows[1:] {
		b.WriteByte('\n')
		line(r)
	}
	w.block(b.String(), false)
}

// plainText is a paragraph's text without markup, for a title.
func plainText(segs []docxSeg) string {
	var b strings.Builder
	for _, s := range segs {
		if s.brk {
			b.WriteByte(' ')
		}
		b.Write(s.text)
	}
	return b.String()
}

// inlineMode says where inline text goes.
type inlineMode int

const (
	inlineBlock   inlineMode = iota // a paragraph or list item
	inlineHeading                   // one line, without bold and italic (a heading is emphasis enough)
	inlineCell                      // one line, with '|' escaped
)

// inline renders a paragraph's segments as inline markdown: text escaped,
// bold and italic stretches marked, links as [text](url), line breaks as
// hard breaks (a backslash at the end of the line) or, on one line, as
// spaces.
func (x *docx) inline(segs []docxSeg, mode inlineMode) string {
	flat, cell, oneLine := mode == inlineHeading, mode == inlineCell, mode != inlineBlock
	type group struct {
		text         strings.Builder
		bold, italic bool
		link         string
		brk          bool
	}
	var groups []*group
	for _, s := range segs {
		if flat {
			s.bold, s.italic = false, false
		}
		if s.brk && oneLine {
			s = docxSeg{text: []byte(" ")}
		}
		if n := len(groups); n > 0 && !s.brk && !groups[n-1].brk {
			if g := groups[n-1]; g.bold == s.bold && g.italic == s.italic && g.link == s.link {
				g.text.Write(s.text)
				continue
			}
		}
		g := &group{bold: s.bold, italic: s.italic, link: s.link, brk: s.brk}
		g.text.Write(s.text)
		groups = append(groups, g)
	}
	// Line breaks and blank space at either end carry nothing.
	blank := func(g *group) bool { return g.brk || strings.TrimSpace(g.text.String()) == "" }
	for len(groups) > 0 && blank(groups[len(groups)-1]) {
		groups = groups[:len(groups)-1]
	}
	for len(groups) > 0 && blank(groups[0]) {
		groups = groups[1:]
	}
	var b strings.Builder
	for i := 0; i < len(groups); {
		g := groups[i]
		if g.brk {
			b.WriteString("\\\n")
			i++
			continue
		}
		// A link spans the following groups with the same URL.
		j := i
		var inner strings.Builder
		for ; j < len(groups) && !groups[j].brk && groups[j].link == g.link; j++ {
			inner.WriteString(emphasis(escapeMarkdown(groups[j].text.String(), cell), groups[j].bold, groups[j].italic))
		}
		s := inner.String()
		if url := markdownURL(g.link); url != "" && strings.TrimSpace(s) != "" {
			lead := s[:len(s)-len(strings.TrimLeft(s, " "))]
			trail := s[len(strings.TrimRight(s, " ")):]
			s = lead + "[" + strings.TrimSpace(s) + "](" + url + ")" + trail
		}
		b.WriteString(s)
		i = j
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	for i, l := range lines {
		lines[i] = escapeLineStart(strings.TrimLeft(l, " "))
	}
	return strings.Join(lines, "\n")
}

// emphasis marks s bold and/or italic, keeping its surrounding spaces
// outside the markers (markdown does not read "** bold**" as bold).
func emphasis(s string, bold, italic bool) string {
	if !bold && !italic {
		return s
	}
	core := strings.TrimSpace(s)
	if core == "" {
		return s
	}
	lead := s[:strings.Index(s, core)]
	trail := s[len(lead)+len(core):]
	m := "*"
	switch {
	case bold && italic:
		m = "***"
	case bold:
		m = "**"
	}
	return lead + m + core + m + trail
}

// escapeMarkdown escapes the characters that would make text markup:
// emphasis, code, links, raw HTML (so a document's "<script>" stays text),
// entities, and in a table cell the column separator. Characters that only
// matter at the start of a line are escapeLineStart's.
func escapeMarkdown(s string, cell bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\', '`', '*', '_', '[', ']', '<':
			b.WriteByte('\\')
		case '|':
			if cell {
				b.WriteByte('\\')
			}
		case '&':
			if isEntity(s[i:]) {
				b.WriteByte('\\')
			}
		case '\n', '\r', '\t', '\v', '\f':
			c = ' '
		}
		b.WriteByte(c)
	}
	return b.String()
}

// isEntity reports whether s starts with what markdown reads as an entity
// reference: &name; &#123; &#x1F;.
func isEntity(s string) bool {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 40 {
		return false
	}
	body := s[1:end]
	if body[0] == '#' {
		body = strings.TrimPrefix(strings.TrimPrefix(body[1:], "x"), "X")
	}
	if body == "" {
		return false
	}
	for _, r := range body {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// escapeLineStart escapes what would make a line a heading, quote, list
// item, thematic break, setext underline or code fence.
func escapeLineStart(l string) string {
	if l == "" {
		return l
	}
	switch l[0] {
	case '#', '>', '-', '+', '=', '~':
		return `\` + l
	}
	i := 0
	for i < len(l) && i < 9 && l[i] >= '0' && l[i] <= '9' {
		i++
	}
	if i > 0 && i < len(l) && (l[i] == '.' || l[i] == ')') {
		return l[:i] + `\` + l[i:]
	}
	return l
}

// markdownURL returns a link target fit for a markdown link, or "" for a
// scheme that is not a web, mail, FTP or phone link (a document's
// "javascript:" link is kept as text only).
func markdownURL(u string) string {
	u = strings.TrimSpace(u)
	i := strings.IndexByte(u, ':')
	if i <= 0 {
		return ""
	}
	switch strings.ToLower(u[:i]) {
	case "http", "https", "mailto", "ftp", "tel":
	default:
		return ""
	}
	var b bytes.Buffer
	for _, r := range u {
		switch {
		case r == ' ':
			b.WriteString("%20")
		case r == '(':
			b.WriteString("%28")
		case r == ')':
			b.WriteString("%29")
		case r == '<':
			b.WriteString("%3C")
		case r == '>':
			b.WriteString("%3E")
		case r == '\\':
			b.WriteString("%5C")
		case unicode.IsControl(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
