package link

import (
	"strings"

	"github.com/google/uuid"
)

// The kinds of mention target (docs/design.md, "Mentions").
const (
	MentionUser  = "user"
	MentionGroup = "group"
	MentionAgent = "agent"
)

// MentionScheme is the URL scheme of a mention link: [@Ann](mention:user/<id>).
const MentionScheme = "mention:"

// Mention is one mention link of a body: a markdown link (inline or
// reference, found by goldmark exactly as Scan finds links) whose
// destination is mention:user/<uuid>, mention:group/<slug> or
// mention:agent/<slug>. The link text is never kept: a mention is shown
// with the current name of what it names.
type Mention struct {
	// Kind is MentionUser, MentionGroup or MentionAgent.
	Kind string
	// UserID is the person mentioned (MentionUser).
	UserID uuid.UUID
	// Slug is the group's or the agent's slug (lower-cased).
	Slug string
	// Start and End are the byte offsets of the link's markup in the body.
	Start, End int
}

// Key identifies what a mention names: the same key twice in a body is one
// mention (the first occurrence's offsets are kept).
func (m Mention) Key() string {
	if m.Kind == MentionUser {
		return m.Kind + "/" + m.UserID.String()
	}
	return m.Kind + "/" + m.Slug
}

// ParseMentionHref reads a mention destination. It reports false for
// anything else, and for a malformed mention (an unknown kind, a user id
// that is not a uuid, an empty or over-long slug): such a link is text.
func ParseMentionHref(href string) (Mention, bool) {
	h := strings.TrimSpace(href)
	if len(h) < len(MentionScheme) || !strings.EqualFold(h[:len(MentionScheme)], MentionScheme) {
		return Mention{}, false
	}
	kind, rest, ok := strings.Cut(h[len(MentionScheme):], "/")
	if !ok || rest == "" || len(rest) > 100 {
		return Mention{}, false
	}
	switch strings.ToLower(kind) {
	case MentionUser:
		id, err := uuid.Parse(rest)
		if err != nil || len(rest) != 36 {
			return Mention{}, false
		}
		return Mention{Kind: MentionUser, UserID: id}, true
	case MentionGroup, MentionAgent:
		for _, c := range rest {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
				return Mention{}, false
			}
		}
		return Mention{Kind: strings.ToLower(kind), Slug: strings.ToLower(rest)}, true
	}
	return Mention{}, false
}

// Mentions returns the distinct mentions of body in order of first
// appearance (one per Key, with its first occurrence's offsets). goldmark
// decides what is a link, as for Extract: a mention in a code span or block,
// in raw HTML or as an image is not one. The link graph never sees them:
// a mention: href has a scheme, so it is not IsInternal.
func Mentions(body string) []Mention {
	var out []Mention
	seen := map[string]bool{}
	for _, m := range MentionLinks(body) {
		if seen[m.Key()] {
			continue
		}
		seen[m.Key()] = true
		out = append(out, m)
	}
	return out
}

// MentionLinks returns every mention link of body in document order, the
// same target as often as it is written (to show each by name).
func MentionLinks(body string) []Mention {
	var out []Mention
	for _, o := range parse(body).occ {
		if o.Kind == Definition {
			continue
		}
		m, ok := ParseMentionHref(o.Href)
		if !ok {
			continue
		}
		m.Start, m.End = o.Start, o.End
		out = append(out, m)
	}
	return out
}
