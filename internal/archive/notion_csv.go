package archive

// A Notion database: its CSV rendered as the markdown table of its page.

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"path"
	"strings"
	"unicode/utf8"

	"codna/internal/link"
)

// table renders a database's CSV as a markdown table of at most
// notionMaxRows rows and room bytes: a title cell of the first column that
// is the title of one of the database's row pages links to it, and a cell
// of "Title (href)" relations whose hrefs all name pages of the export
// links to them.
func (r *notionReader) table(it *notionItem, room int) (string, error) {
	rc, err := it.csv.Open()
	if err != nil {
		return "", err
	}
	defer rc.Close()
	limited := &io.LimitedReader{R: rc, N: notionMaxCSV}
	cr := csv.NewReader(bufio.NewReader(limited))
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	cr.ReuseRecord = true

	rows := r.rows(it)
	var b strings.Builder
	width, shown, total := 0, 0, 0
	cut := false
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", fmt.Errorf("the database's table %s cannot be read: %v", path.Base(it.csv.Name), err)
		}
		if width == 0 || (shown < notionMaxRows && !cut) {
			for _, cell := range rec {
				if !utf8.ValidString(cell) {
					return "", fmt.Errorf("the database's table %s is not valid UTF-8 text", path.Base(it.csv.Name))
				}
			}
		}
		if width == 0 {
			if len(rec) > 0 {
				rec[0] = strings.TrimPrefix(rec[0], "\uFEFF")
			}
			width = max(len(rec), 1)
			head := make([]string, len(rec))
			for i, c := range rec {
				head[i] = notionCell(c)
			}
			b.WriteString(notionRow(head, width))
			b.WriteString("|" + strings.Repeat(" --- |", width) + "\n")
			continue
		}
		total++
		if shown >= notionMaxRows || cut {
			cut = true
			continue
		}
		cells := make([]string, width)
		for i := 0; i < width && i < len(rec); i++ {
			cells[i] = r.cell(it, rec[i], i == 0, rows)
		}
		line := notionRow(cells, width)
		if b.Len()+len(line) > room-200 {
			cut = true
			continue
		}
		b.WriteString(line)
		shown++
	}
	if width == 0 {
		return "_The database's table is empty._\n", nil
	}
	if limited.N <= 0 {
		cut = true
	}
	if cut {
		if limited.N <= 0 {
			fmt.Fprintf(&b, "\n_The table shows the first %d rows; the database has more._\n", shown)
		} else {
			fmt.Fprintf(&b, "\n_The table shows the first %d of %d rows._\n", shown, total)
		}
	}
	return b.String(), nil
}

// notionRow writes a table row of width cells (markdown already).
func notionRow(cells []string, width int) string {
	var b strings.Builder
	b.WriteString("|")
	for i := range width {
		c := ""
		if i < len(cells) {
			c = cells[i]
		}
		if c == "" {
			c = " "
		}
		b.WriteString(" " + c + " |")
	}
	b.WriteString("\n")
	return b.String()
}

// notionCell makes plain text a table cell's markdown: one line, with
// backslashes and '|' escaped.
func notionCell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, `\`, `\\`)
	return strings.ReplaceAll(s, "|", `\|`)
}

// notionLinkText makes plain text a link's text in a table cell.
func notionLinkText(s string) string {
	s = notionCell(s)
	s = strings.ReplaceAll(s, "[", `\[`)
	return strings.ReplaceAll(s, "]", `\]`)
}

// cell renders one cell of a database's table.
func (r *notionReader) cell(db *notionItem, value string, first bool, rows map[string]*notionItem) string {
	v := strings.TrimSpace(value)
	if v == "" {
		return ""
	}
	if first {
		if row := rows[v]; row != nil {
			return "[" + notionLinkText(v) + "](" + RelativeHref(db.path, row.path, row.slug) + ")"
		}
		return notionCell(v)
	}
	if !strings.Contains(v, "(") && !strings.Contains(v, "://") {
		return notionCell(v)
	}
	// Relations: "Title (href), Title (href)" or bare notion.so URLs.
	var links []string
	cur := ""
	for _, part := range strings.Split(v, ", ") {
		if cur != "" {
			cur += ", "
		}
		cur += part
		text, href := "", ""
		if strings.HasSuffix(cur, ")") {
			if i := strings.LastIndex(cur, " ("); i > 0 {
				text, href = cur[:i], cur[i+2:len(cur)-1]
			}
		} else if link.HasScheme(cur) && !strings.ContainsAny(cur, " \t") {
			href = cur
		}
		if href == "" || strings.ContainsAny(href, " \t()") {
			continue
		}
		target, _, frag := r.resolve(href, db.dir)
		if target == nil {
			return notionCell(v)
		}
		if text == "" {
			text = target.title
		}
		links = append(links, "["+notionLinkText(text)+"]("+RelativeHref(db.path, target.path, target.slug)+frag+")")
		cur = ""
	}
	if cur != "" || len(links) == 0 {
		return notionCell(v)
	}
	return strings.Join(links, ", ")
}

// rows maps the titles of a database's row pages (from their names and
// their "# Title" lines) to them; a title two rows share maps to none.
func (r *notionReader) rows(db *notionItem) map[string]*notionItem {
	out := map[string]*notionItem{}
	ambiguous := map[string]bool{}
	add := func(title string, it *notionItem) {
		title = strings.TrimSpace(title)
		if title == "" || ambiguous[title] {
			return
		}
		if prev, ok := out[title]; ok && prev != it {
			delete(out, title)
			ambiguous[title] = true
			return
		}
		out[title] = it
	}
	list := r.inDir[db.folder()]
	for _, row := range list {
		add(row.title, row)
	}
	for _, row := range list {
		if row.md != nil {
			if h := notionHeading(row.md); h != "" && h != row.title {
				add(h, row)
			}
		}
	}
	return out
}

// notionHeading returns the "# Title" a page starts with, reading at most
// its first 4 KiB, or "".
func notionHeading(e *Entry) string {
	rc, err := e.Open()
	if err != nil {
		return ""
	}
	defer rc.Close()
	buf := make([]byte, 4096)
	n, _ := io.ReadFull(rc, buf)
	text := strings.TrimPrefix(string(buf[:n]), "\uFEFF")
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, "\r")
		if strings.TrimSpace(l) == "" {
			continue
		}
		if strings.HasPrefix(l, "# ") && utf8.ValidString(l) {
			return strings.TrimSpace(l[2:])
		}
		return ""
	}
	return ""
}
