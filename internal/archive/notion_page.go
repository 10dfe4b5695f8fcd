package archive

// Loading a page of a Notion export: its title and tags, and its body with
// the links and images rewritten (the page's files named).

import (
	"errors"
	"fmt"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"codna/internal/link"
)

// loader returns the Load of an item.
func (r *notionReader) loader(it *notionItem) func() (*Content, error) {
	return func() (*Content, error) { return r.load(it) }
}

// load reads a page: its title and tags, its body with the links and
// files rewritten, and a database's table.
func (r *notionReader) load(it *notionItem) (*Content, error) {
	limit := r.a.Limits().MaxBodyBytes
	c := &Content{}
	fs := &notionFiles{}
	var body string
	if it.md != nil {
		raw, err := it.md.ReadAll(int64(limit) + notionSlack)
		if errors.Is(err, ErrTooLong) {
			return nil, fmt.Errorf("the page is over %d bytes, more than a page's body may hold", limit)
		}
		if err != nil {
			return nil, err
		}
		text := strings.TrimPrefix(string(raw), "\uFEFF")
		if !utf8.ValidString(text) {
			return nil, errors.New("the page is not valid UTF-8 text")
		}
		var title string
		title, c.Tags, body = notionSplitPage(text)
		c.Title = title
		body = r.rewrite(body, it, fs)
	}
	if it.csv != nil {
		table, err := r.table(it, limit-len(body))
		if err != nil {
			return nil, err
		}
		if body = strings.TrimRight(body, "\r\n"); body != "" {
			body += "\n\n"
		}
		body += table
	}
	if c.Title == "" {
		c.Title = it.title
	}
	c.Title = notionCleanTitle(c.Title)
	if len(body) > limit {
		return nil, fmt.Errorf("the page's body is %d bytes, more than the %d a page's body may hold", len(body), limit)
	}
	c.Body = body
	c.Files = fs.list
	return c, nil
}

// notionCleanTitle makes a title one line of at most 300 characters, or
// "Untitled".
func notionCleanTitle(t string) string {
	t = strings.Join(strings.Fields(t), " ")
	if utf8.RuneCountInString(t) > 300 {
		t = strings.TrimSpace(string([]rune(t)[:300]))
	}
	if t == "" {
		return "Untitled"
	}
	return t
}

// notionSplitPage splits a page's markdown into its title (the first line's
// "# Title", or ""), its tags (a "Tags: a, b" property line just after the
// title) and the rest: the body without the title line, the property lines
// other than Tags kept as they are.
func notionSplitPage(text string) (title string, tags []string, body string) {
	lines := strings.SplitAfter(text, "\n")
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i == len(lines) {
		return "", nil, text
	}
	first := strings.TrimRight(lines[i], "\r\n")
	if first != "#" && !strings.HasPrefix(first, "# ") {
		return "", nil, text
	}
	title = strings.TrimSpace(strings.TrimPrefix(first, "#"))
	i++
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	// The property lines: "Key: Value" up to a blank line or the end.
	j := i
	for j < len(lines) && notionProperty(lines[j]) {
		j++
	}
	if j == i || (j < len(lines) && strings.TrimSpace(lines[j]) != "") {
		return title, nil, strings.Join(lines[i:], "")
	}
	var props []string
	for _, l := range lines[i:j] {
		key, value, _ := strings.Cut(strings.TrimRight(l, "\r\n"), ":")
		if k := strings.ToLower(strings.TrimSpace(key)); k == "tags" || k == "tag" {
			tags = append(tags, notionTags(value)...)
			continue
		}
		props = append(props, l)
	}
	tags = notionDedupe(tags)
	rest := lines[j:]
	if len(props) == 0 {
		for len(rest) > 0 && strings.TrimSpace(rest[0]) == "" {
			rest = rest[1:]
		}
	}
	return title, tags, strings.Join(props, "") + strings.Join(rest, "")
}

// notionProperty reports whether a line is a property line: "Key: Value"
// (or "Key:"), with a key of at most 100 characters that does not look
// like other markdown.
func notionProperty(line string) bool {
	l := strings.TrimRight(line, "\r\n")
	key, value, ok := strings.Cut(l, ":")
	if !ok || key == "" || strings.TrimSpace(key) != key || utf8.RuneCountInString(key) > 100 {
		return false
	}
	if value != "" && value[0] != ' ' && value[0] != '\t' {
		return false // "https://…", "12:30"
	}
	for _, p := range []string{"- ", "* ", "+ ", "> ", "|", "`", "<", "# ", "## ", "!["} {
		if strings.HasPrefix(key, p) {
			return false
		}
	}
	return !strings.Contains(key, "](")
}

// notionTags turns a Tags property's value into tags a document takes:
// lowercase letters, digits and "-_./", starting with a letter or digit, at
// most 50 characters; other characters become '-'. A tag with nothing left
// is dropped.
func notionTags(value string) []string {
	var out []string
	for _, raw := range strings.Split(value, ",") {
		var b strings.Builder
		dash := false
		for _, c := range strings.ToLower(strings.TrimSpace(raw)) {
			switch {
			case c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '/':
				b.WriteRune(c)
				dash = false
			case !dash:
				b.WriteByte('-')
				dash = true
			}
		}
		t := strings.TrimLeft(b.String(), "-_./")
		t = strings.TrimRight(t, "-")
		if len(t) > 50 {
			t = strings.TrimRight(t[:50], "-")
		}
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// notionDedupe keeps the first of equal tags, and at most 50.
func notionDedupe(tags []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range tags {
		if !seen[t] && len(out) < 50 {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// notionFiles are the files a page refers to, named uniquely in its
// "<slug>.files/" folder.
type notionFiles struct {
	names map[*Entry]string
	taken map[string]bool // lowercase names
	list  []File
}

// name returns the file name of an entry in the page, giving it one the
// first time.
func (f *notionFiles) name(e *Entry) string {
	if n, ok := f.names[e]; ok {
		return n
	}
	if f.names == nil {
		f.names = map[*Entry]string{}
		f.taken = map[string]bool{}
	}
	base := notionFileName(path.Base(e.Name))
	n := base
	ext := path.Ext(base)
	if ext == base {
		ext = ""
	}
	for i := 2; f.taken[strings.ToLower(n)]; i++ {
		n = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(base, ext), i, ext)
	}
	f.taken[strings.ToLower(n)] = true
	f.names[e] = n
	f.list = append(f.list, File{Name: n, Entry: e})
	return n
}

// notionFileName keeps letters, digits, space and "._-+()" of a file name
// and makes the other characters '-'; at most 150 bytes, the extension kept.
func notionFileName(base string) string {
	var b strings.Builder
	for _, c := range base {
		if unicode.IsLetter(c) || unicode.IsDigit(c) || strings.ContainsRune(" ._-+()", c) {
			b.WriteRune(c)
		} else {
			b.WriteByte('-')
		}
	}
	n := strings.TrimSpace(b.String())
	if len(n) > 150 {
		ext := path.Ext(n)
		if len(ext) > 20 {
			ext = ""
		}
		stem := n[:150-len(ext)]
		for !utf8.ValidString(stem) {
			stem = stem[:len(stem)-1]
		}
		n = strings.TrimSpace(stem) + ext
	}
	if strings.Trim(n, ".") == "" {
		return "file"
	}
	return n
}

// rewrite rewrites the links and images of a page's body: a link to a page
// of the export becomes the relative href to it, a link or image to a file
// of the export a file of the page (fs) and the href to it. Anything else
// stays as written.
func (r *notionReader) rewrite(body string, it *notionItem, fs *notionFiles) string {
	if !strings.Contains(body, "](") && !strings.Contains(body, "]:") {
		return body
	}
	dir := it.dir
	body = link.RewriteHrefs(body, func(href string) (string, bool) {
		target, file, frag := r.resolve(href, dir)
		switch {
		case target != nil:
			return RelativeHref(it.path, target.path, target.slug) + frag, true
		case file != nil:
			return RelativeFileHref(it.path, it.path, it.slug, fs.name(file)) + frag, true
		}
		return "", false
	})
	return link.RewriteImageHrefs(body, func(href string) (string, bool) {
		if _, file, _ := r.resolve(href, dir); file != nil {
			return RelativeFileHref(it.path, it.path, it.slug, fs.name(file)), true
		}
		return "", false
	})
}
