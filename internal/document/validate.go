package document

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"codna/internal/fault"
)

// Limits on what a document may hold.
const (
	MaxTitleLength = 300 // characters
	MaxTags        = 50
	MaxTagLength   = 50
	MaxPathDepth   = 12
	MaxSegment     = 100 // characters of one path segment or slug
	// MaxChangeSummary is the most characters a change summary may hold.
	MaxChangeSummary = 300
	// DefaultMaxBodyBytes is the body size limit unless configured otherwise.
	DefaultMaxBodyBytes = 1 << 20
)

var (
	segmentRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
	tagRE     = regexp.MustCompile(`^[a-z0-9][a-z0-9_/.-]*$`)
)

// ParseSpace maps a space name (raw, wiki, output) to the enum.
// Errors: BAD_USER_INPUT on field.
func ParseSpace(field, s string) (Space, error) {
	switch sp := Space(strings.ToLower(s)); sp {
	case SpaceRaw, SpaceWiki, SpaceOutput:
		return sp, nil
	}
	return "", fault.Input(field, "The space must be raw, wiki or output.")
}

// CheckSlug validates a slug: lowercase letters, digits and hyphens,
// starting with a letter or digit.
func CheckSlug(slug string) error {
	if slug == "" {
		return fault.Input("slug", "Give the document a slug, like laptop-setup.")
	}
	if len(slug) > MaxSegment || !segmentRE.MatchString(slug) {
		return fault.Input("slug", "A slug uses lowercase letters, digits and hyphens, starts with a letter or digit, and has at most %d characters: %q does not.", MaxSegment, slug)
	}
	return nil
}

// NormalizePath trims surrounding slashes and validates a folder path: ”
// (the space root) or segments joined by '/', each like a slug; no empty
// segments, no '.' or '..'.
func NormalizePath(path string) (string, error) {
	p := strings.Trim(path, "/")
	if p == "" {
		return "", nil
	}
	segs := strings.Split(p, "/")
	if len(segs) > MaxPathDepth {
		return "", fault.Input("path", "A path may have at most %d folders.", MaxPathDepth)
	}
	for _, s := range segs {
		if s == "" || len(s) > MaxSegment || !segmentRE.MatchString(s) {
			return "", fault.Input("path", "Each folder in a path uses lowercase letters, digits and hyphens and starts with a letter or digit (no empty folders, no . or ..): %q does not.", path)
		}
	}
	return p, nil
}

// CheckTitle trims and validates a title: 1 to MaxTitleLength characters on one line.
func CheckTitle(title string) (string, error) {
	t := strings.TrimSpace(title)
	switch {
	case t == "":
		return "", fault.Input("title", "Give the document a title.")
	case !utf8.ValidString(t):
		return "", fault.Input("title", "The title is not valid UTF-8.")
	case utf8.RuneCountInString(t) > MaxTitleLength:
		return "", fault.Input("title", "A title has at most %d characters.", MaxTitleLength)
	case strings.ContainsAny(t, "\r\n\x00"):
		return "", fault.Input("title", "A title is one line of text.")
	}
	return t, nil
}

// NormalizeTags lowercases, trims and de-duplicates tags (keeping their
// order) and validates each: letters, digits, '-', '_', '.', '/'.
func NormalizeTags(tags []string) ([]string, error) {
	out := make([]string, 0, len(tags))
	seen := map[string]bool{}
	for _, raw := range tags {
		t := strings.ToLower(strings.TrimSpace(raw))
		if t == "" || len(t) > MaxTagLength || !tagRE.MatchString(t) {
			return nil, fault.Input("tags", "A tag uses lowercase letters, digits, '-', '_', '.' and '/', starts with a letter or digit, and has at most %d characters: %q does not.", MaxTagLength, raw)
		}
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	if len(out) > MaxTags {
		return nil, fault.Input("tags", "A document has at most %d tags.", MaxTags)
	}
	return out, nil
}

// ParseStatus maps draft, active or archived to the enum.
func ParseStatus(s string) (Status, error) {
	switch st := Status(strings.ToLower(strings.TrimSpace(s))); st {
	case StatusDraft, StatusActive, StatusArchived:
		return st, nil
	}
	return "", fault.Input("status", "The status must be draft, active or archived.")
}

// CheckBody validates a body's encoding and size.
func CheckBody(body string, maxBytes int) error {
	if len(body) > maxBytes {
		return fault.Input("content", "The body is %d bytes; the limit is %d.", len(body), maxBytes)
	}
	if !utf8.ValidString(body) {
		return fault.Input("content", "The body is not valid UTF-8.")
	}
	if strings.ContainsRune(body, 0) {
		return fault.Input("content", "The body contains a NUL character.")
	}
	return nil
}

// CheckChangeSummary trims and validates a save's change summary: at most
// MaxChangeSummary characters of valid UTF-8, no control characters (so
// one line). An empty or blank summary is none (nil). Errors:
// BAD_USER_INPUT on changeSummary.
func CheckChangeSummary(summary *string) (*string, error) {
	if summary == nil {
		return nil, nil
	}
	t := strings.TrimSpace(*summary)
	switch {
	case t == "":
		return nil, nil
	case !utf8.ValidString(t):
		return nil, fault.Input("changeSummary", "The change summary is not valid UTF-8.")
	case utf8.RuneCountInString(t) > MaxChangeSummary:
		return nil, fault.Input("changeSummary", "A change summary has at most %d characters.", MaxChangeSummary)
	case strings.IndexFunc(t, unicode.IsControl) >= 0:
		return nil, fault.Input("changeSummary", "A change summary is one line of text, without control characters.")
	}
	return &t, nil
}
