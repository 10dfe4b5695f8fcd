package convert

import (
	"bytes"
	"context"
	"io"
	"strings"
	"unicode/utf16"
)

// convertText keeps plain text as it is: plain text is valid markdown text,
// and escaping it would change what the author wrote. Only its encoding is
// fixed (see decodeText; finish does the rest).
func convertText(_ context.Context, data io.ReaderAt, size int64, lim Limits) (*Result, error) {
	text, err := readText(data, size, lim)
	if err != nil {
		return nil, err
	}
	return &Result{Markdown: text}, nil
}

// convertMarkdown keeps markdown as it is; its title is its first "# "
// heading.
func convertMarkdown(_ context.Context, data io.ReaderAt, size int64, lim Limits) (*Result, error) {
	text, err := readText(data, size, lim)
	if err != nil {
		return nil, err
	}
	return &Result{Title: markdownTitle(text), Markdown: text}, nil
}

func readText(data io.ReaderAt, size int64, lim Limits) (string, error) {
	// UTF-16 takes at least two bytes a character and UTF-8 output at most
	// three per two UTF-16 bytes, so a file this much over the limit cannot
	// fit: refuse it before reading it.
	if size > 4*int64(lim.MaxOutputBytes)+4 {
		return "", tooLargeSoFar(lim)
	}
	b, err := readAll(data, size)
	if err != nil {
		return "", err
	}
	return decodeText(b), nil
}

// decodeText reads b as UTF-8, dropping a byte-order mark, or as UTF-16
// when a UTF-16 byte-order mark says so (Windows editors save "Unicode" text
// that way; read as UTF-8 it would be every other byte NUL). Invalid UTF-8
// is left for sanitize.
func decodeText(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		return string(b[3:])
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}):
		return decodeUTF16(b[2:], false)
	case bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		return decodeUTF16(b[2:], true)
	}
	return string(b)
}

func decodeUTF16(b []byte, bigEndian bool) string {
	u := make([]uint16, len(b)/2)
	for i := range u {
		if bigEndian {
			u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		} else {
			u[i] = uint16(b[2*i+1])<<8 | uint16(b[2*i])
		}
	}
	s := string(utf16.Decode(u))
	if len(b)%2 == 1 {
		s += "\uFFFD" // a dangling byte
	}
	return s
}

// markdownTitle returns the text of the first ATX "# " heading, skipping a
// leading frontmatter block (a YAML comment is "# " too) and fenced code
// blocks (a shell comment is "# " too).
func markdownTitle(md string) string {
	lines := strings.Split(md, "\n")
	i := 0
	if len(lines) > 0 && strings.TrimRight(lines[0], "\r") == "---" {
		for i = 1; i < len(lines); i++ {
			if l := strings.TrimRight(lines[i], " \t\r"); l == "---" || l == "..." {
				i++
				break
			}
		}
		if i >= len(lines) { // never closed: not frontmatter after all
			i = 0
		}
	}
	fence := ""
	for ; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], "\r")
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if indent > 3 {
			continue
		}
		l := line[indent:]
		if fence != "" {
			if strings.HasPrefix(l, fence) && strings.Trim(l, fence[:1]+" \t") == "" {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~") {
			n := len(l) - len(strings.TrimLeft(l, l[:1]))
			fence = l[:n]
			continue
		}
		rest, ok := strings.CutPrefix(l, "#")
		if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
			continue
		}
		rest = strings.TrimSpace(rest)
		// An optional closing sequence of #s, preceded by a space, is not
		// part of the heading.
		if t := strings.TrimRight(rest, "#"); t != rest && (t == "" || strings.HasSuffix(t, " ") || strings.HasSuffix(t, "\t")) {
			rest = strings.TrimSpace(t)
		}
		if rest != "" {
			return rest
		}
	}
	return ""
}
