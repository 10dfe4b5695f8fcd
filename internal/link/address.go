package link

import (
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/util"
)

// The spaces of the knowledge base.
const (
	SpaceRaw    = "raw"
	SpaceWiki   = "wiki"
	SpaceOutput = "output"
)

// IsSpace reports whether s is exactly one of the spaces raw, wiki, output
// (lowercase; there is no folding).
func IsSpace(s string) bool {
	return s == SpaceRaw || s == SpaceWiki || s == SpaceOutput
}

// Address is a document address: the document lives at
// /<Space>/<Path>/<Slug>.md, or /<Space>/<Slug>.md when Path is empty.
//
// Path is folder segments joined by '/' with no leading or trailing '/'. An
// Address from Resolve or ParseAddress has a Space that is one of the three,
// a non-empty Slug without '/', and no empty, "." or ".." segment; it makes
// no other assumption about the characters (document slugs are lowercase
// letters, digits and hyphens, but an href may name anything, and then the
// lookup simply finds nothing).
type Address struct {
	Space, Path, Slug string
}

// String returns the address in resolved_address format
// (docs/design.md#addresses-and-permanent-ids):
// "space:path/slug", or "space:slug" when Path is empty
// ("wiki:engineering/onboarding/laptop-setup", "wiki:laptop-setup").
func (a Address) String() string {
	if a.Path == "" {
		return a.Space + ":" + a.Slug
	}
	return a.Space + ":" + a.Path + "/" + a.Slug
}

// ParseAddress parses the String form back: the space before the first ':'
// must be raw, wiki or output; after it, the last '/'-separated segment is
// the slug and the others the path. It reports false for an unknown space, an
// empty slug, or an empty, "." or ".." segment. ParseAddress(a.String())
// returns a for every valid Address.
func ParseAddress(s string) (Address, bool) {
	space, rest, found := strings.Cut(s, ":")
	if !found || !IsSpace(space) {
		return Address{}, false
	}
	a := Address{Space: space}
	if i := strings.LastIndexByte(rest, '/'); i >= 0 {
		a.Path, a.Slug = rest[:i], rest[i+1:]
		for _, seg := range strings.Split(a.Path, "/") {
			if !normalSegment(seg) {
				return Address{}, false
			}
		}
	} else {
		a.Slug = rest
	}
	if !normalSegment(a.Slug) {
		return Address{}, false
	}
	return a, true
}

func normalSegment(s string) bool {
	return s != "" && s != "." && s != ".."
}

// mdToken calls fn for each token of raw, a destination as written in
// markdown: a backslash-escaped ASCII punctuation character, an entity or
// numeric character reference, or a single byte. decoded is what the token
// stands for (CommonMark: "\#" is '#', "&amp;" is '&'). fn returns false to
// stop.
func mdTokens(raw string, fn func(start, end int, decoded string) bool) {
	for i := 0; i < len(raw); {
		c := raw[i]
		if c == '\\' && i+1 < len(raw) && util.IsPunct(raw[i+1]) {
			if !fn(i, i+2, raw[i+1:i+2]) {
				return
			}
			i += 2
			continue
		}
		if c == '&' {
			if n, dec := entity(raw[i:]); n > 0 {
				if !fn(i, i+n, dec) {
					return
				}
				i += n
				continue
			}
		}
		if !fn(i, i+1, raw[i:i+1]) {
			return
		}
		i++
	}
}

// entity decodes an entity or numeric character reference at the start of
// s ("&amp;", "&#35;", "&#x23;"), returning its length and value, or 0.
func entity(s string) (int, string) {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 40 {
		return 0, ""
	}
	body := s[1:end]
	if body[0] == '#' {
		num := body[1:]
		base := 10
		if len(num) > 0 && (num[0] == 'x' || num[0] == 'X') {
			num, base = num[1:], 16
		}
		if num == "" || (base == 10 && len(num) > 7) || (base == 16 && len(num) > 6) {
			return 0, ""
		}
		v := 0
		for i := 0; i < len(num); i++ {
			d := hexVal(num[i])
			if d < 0 || d >= base {
				return 0, ""
			}
			v = v*base + d
		}
		r := rune(v)
		if v == 0 || v > utf8.MaxRune || !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		return end + 1, string(r)
	}
	for i := 0; i < len(body); i++ {
		if !util.IsAlphaNumeric(body[i]) {
			return 0, ""
		}
	}
	if e, ok := util.LookUpHTML5EntityByName(body); ok {
		return end + 1, string(e.Characters)
	}
	return 0, ""
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// splitHref splits an href as written into the part before the query or
// fragment and the rest (from the first token that stands for '?' or '#'),
// both still as written, and returns the decoded path part.
func splitHref(raw string) (pathRaw, suffixRaw, path string) {
	var b strings.Builder
	cut := len(raw)
	simple := true
	mdTokens(raw, func(start, end int, dec string) bool {
		if dec == "?" || dec == "#" {
			cut = start
			return false
		}
		if end-start != 1 {
			simple = false
		}
		return true
	})
	if simple {
		return raw[:cut], raw[cut:], raw[:cut]
	}
	mdTokens(raw[:cut], func(_, _ int, dec string) bool {
		b.WriteString(dec)
		return true
	})
	return raw[:cut], raw[cut:], b.String()
}

// HasScheme reports whether s starts with a URL scheme: a letter, then
// letters, digits, '+', '-' or '.', then ':'.
func HasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// IsInternal reports whether href, a link destination as written in
// markdown (as Occurrence.Href), names a document of the knowledge base
// rather than something else (docs/design.md#finding-links). Backslash
// escapes and entity references are decoded first, as a markdown renderer
// does. It is not internal when it
//   - has a URL scheme ("https:", "mailto:", "codna:", any "letter[letters
//     digits + - .]:" prefix) or starts with "//";
//   - is empty, or only a query and/or fragment ("#setup", "?x=1");
//   - names a file that is not a document: the last segment of its path
//     (percent-decoded) has an extension other than ".md" ("diagram.png",
//     "spec.pdf", ".gitignore"). The comparison is exact: "Setup.MD" is not a
//     document. "." and ".." have no extension.
//
// An internal href may still fail to Resolve (no space, no slug, climbing
// above the root); then it makes no edge.
func IsInternal(href string) bool {
	_, _, p := splitHref(href)
	if p == "" || strings.HasPrefix(p, "//") || HasScheme(p) {
		return false
	}
	d := percentDecode(p)
	last := d[strings.LastIndexByte(d, '/')+1:]
	if last == "." || last == ".." {
		return true
	}
	if i := strings.LastIndexByte(last, '.'); i >= 0 && last[i:] != ".md" {
		return false
	}
	return true
}

// percentDecode decodes %XX sequences; a '%' not followed by two hex digits
// is kept as it is.
func percentDecode(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && hexVal(s[i+1]) >= 0 && hexVal(s[i+2]) >= 0 {
			b = append(b, byte(hexVal(s[i+1])<<4|hexVal(s[i+2])))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// Resolve turns href, a destination as written in a document at
// /<sourceSpace>/<sourcePath>/, into the address it names
// (docs/design.md#from-href-to-address):
//
//  1. href must be internal (IsInternal); backslash escapes and entity
//     references are decoded as markdown does;
//  2. the ?query and #fragment are dropped and the rest percent-decoded
//     ("%2F" then separates segments, "%2E%2E" is "..");
//  3. an href starting with '/' is relative to the knowledge-base root,
//     anything else to the source's folder; "." and ".." segments and empty
//     segments ("a//b") are cleaned as POSIX paths are;
//  4. the first segment must be raw, wiki or output (exactly, lowercase),
//     the last segment is the slug after dropping one trailing ".md" (which
//     is optional: "setup" and "setup.md" are the same address), and the
//     segments between are the path.
//
// It reports false when the result climbs above the root, names no space,
// has no slug (a trailing '/', a last segment of ".", "..", or ".md"), or
// is not valid UTF-8 or contains NUL once decoded (no document can be named so,
// and the address could not be stored as text). Apart from that the
// characters are not checked: "Setup Guide.md" resolves, and the lookup
// finds nothing. sourcePath may be empty (the space root); surrounding '/'
// are ignored.
func Resolve(sourceSpace, sourcePath, href string) (Address, bool) {
	if !IsInternal(href) {
		return Address{}, false
	}
	_, _, p := splitHref(href)
	return resolvePath(sourceSpace, sourcePath, percentDecode(p))
}

func resolvePath(sourceSpace, sourcePath, p string) (Address, bool) {
	var segs []string
	if !strings.HasPrefix(p, "/") {
		var ok bool
		if segs, ok = clean(nil, sourceSpace+"/"+sourcePath); !ok {
			return Address{}, false
		}
	}
	last := p[strings.LastIndexByte(p, '/')+1:]
	if !normalSegment(last) {
		return Address{}, false
	}
	segs, ok := clean(segs, p)
	if !ok || len(segs) < 2 || !IsSpace(segs[0]) {
		return Address{}, false
	}
	slug := strings.TrimSuffix(segs[len(segs)-1], ".md")
	if !normalSegment(slug) {
		return Address{}, false
	}
	a := Address{Space: segs[0], Path: strings.Join(segs[1:len(segs)-1], "/"), Slug: slug}
	if s := a.String(); !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
		return Address{}, false
	}
	return a, true
}

// clean appends the segments of p to segs, skipping empty and "." segments
// and popping on ".."; it reports false when ".." climbs above the root.
func clean(segs []string, p string) ([]string, bool) {
	for p != "" {
		var seg string
		seg, p, _ = strings.Cut(p, "/")
		switch seg {
		case "", ".":
		case "..":
			if len(segs) == 0 {
				return nil, false
			}
			segs = segs[:len(segs)-1]
		default:
			segs = append(segs, seg)
		}
	}
	return segs, true
}

// Relative returns the relative href from a document in
// /<fromSpace>/<fromPath>/ to the document at to, such that
// Resolve(fromSpace, fromPath, Relative(fromSpace, fromPath, to)) == to:
// "laptop-setup.md" in the same folder, "../ops/deploy.md" elsewhere in the
// space, "../../raw/notes.md" across spaces (always relative, never
// '/'-rooted; always with ".md", so the link also works on the exported
// files). Segments are percent-encoded where a character is not one of
// ASCII letters, digits and "-._~!$'*+,;=@" (so ':' ' ' '(' '#' '%' and the
// like are encoded); non-ASCII characters are kept as they are when the
// segment is valid UTF-8. The result never needs markdown escaping or angle
// brackets as a link destination. to must be a valid Address (as Resolve or
// ParseAddress return); fromPath may be empty, surrounding '/' are ignored.
func Relative(fromSpace, fromPath string, to Address) string {
	from, _ := clean(nil, fromSpace+"/"+fromPath)
	dst := []string{to.Space}
	if to.Path != "" {
		dst = append(dst, strings.Split(to.Path, "/")...)
	}
	k := 0
	for k < len(from) && k < len(dst) && from[k] == dst[k] {
		k++
	}
	var b strings.Builder
	for range len(from) - k {
		b.WriteString("../")
	}
	for _, seg := range dst[k:] {
		b.WriteString(escapeSegment(seg))
		b.WriteByte('/')
	}
	b.WriteString(escapeSegment(to.Slug))
	b.WriteString(".md")
	return b.String()
}

const upperHex = "0123456789ABCDEF"

func escapeSegment(s string) string {
	valid := utf8.ValidString(s)
	keep := func(c byte) bool {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			return true
		case strings.IndexByte("-._~!$'*+,;=@", c) >= 0:
			return true
		case c >= 0x80:
			return valid
		}
		return false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if !keep(s[i]) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		if c := s[i]; keep(c) {
			b = append(b, c)
		} else {
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return string(b)
}
