package mention

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/link"
)

// Mentionable is someone or something the actor may mention: names and
// ids only, never content.
type Mentionable struct {
	// Kind is user (a person), group or agent.
	Kind string
	ID   uuid.UUID
	Name string
	// Slug is a group's or an agent's (what its mention link names).
	Slug string
}

// Href is the mention link's destination for m.
func (m Mentionable) Href() string {
	if m.Kind == "user" {
		return "mention:user/" + m.ID.String()
	}
	return "mention:" + m.Kind + "/" + m.Slug
}

// Mentionables finds, for the @ autocomplete, what the actor may mention
// whose name (or email, slug) contains query: active people, groups, and
// the live agents the actor answers for (an agent is mentioned only by its
// responsible people). At most first of each kind (default 8, at most 50).
// A query under two characters finds nothing (as finding people to share
// with). Nothing about pages is read. Errors: UNAUTHENTICATED; FORBIDDEN
// for management; BAD_USER_INPUT on query (over 100 characters) and first.
func (s *Service) Mentionables(ctx context.Context, query string, first *int) ([]Mentionable, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	q := strings.TrimSpace(query)
	if utf8.RuneCountInString(q) > 100 {
		return nil, fault.Input("query", "Search with at most 100 characters.")
	}
	limit := 8
	if first != nil {
		if *first < 1 || *first > 50 {
			return nil, fault.Input("first", "first is between 1 and 50.")
		}
		limit = *first
	}
	out := []Mentionable{}
	if utf8.RuneCountInString(q) < 2 {
		return out, nil
	}
	rows, err := db.Q.MentionSearchMentionables(ctx, s.pool, db.MentionSearchMentionablesParams{
		Query: q, RowLimit: int32(limit), ActorID: actor.UserID,
	})
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out = append(out, Mentionable{Kind: r.Kind, ID: r.ID, Name: r.Name, Slug: r.Slug})
	}
	return out, nil
}

// maxNames bounds the hrefs one Names call resolves.
const maxNames = 200

// Names resolves mention hrefs (mention:user/<id>, mention:group/<slug>,
// mention:agent/<slug>) to the current names of what they name, for showing
// mention links as chips: one statement. An href that names nothing (a
// malformed one, a deactivated or unknown person, a deleted agent or group)
// is left out: the client shows it as plain text. Names only, as the @
// autocomplete gives them: the team's directory. Errors: UNAUTHENTICATED;
// FORBIDDEN for management; BAD_USER_INPUT on hrefs (more than 200).
func (s *Service) Names(ctx context.Context, hrefs []string) ([]Mentionable, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	if len(hrefs) > maxNames {
		return nil, fault.Input("hrefs", "Ask for at most %d names at once.", maxNames)
	}
	var set nameSet
	var ms []link.Mention
	for _, h := range hrefs {
		m, ok := link.ParseMentionHref(h)
		if !ok {
			continue
		}
		ms = append(ms, m)
		set.add(m.Kind, m.UserID, m.Slug)
	}
	out := []Mentionable{}
	if len(ms) == 0 {
		return out, nil
	}
	rows, err := db.Q.MentionListNames(ctx, s.pool, db.MentionListNamesParams{
		UserIds: nonNil(set.users), AgentSlugs: nonNilS(set.agents), GroupSlugs: nonNilS(set.group), GroupIds: []uuid.UUID{},
	})
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, r := range rows {
		k := r.Kind + "/" + r.Key
		if seen[k] {
			continue
		}
		seen[k] = true
		m := Mentionable{Kind: r.Kind, Name: r.Name}
		if r.Kind == link.MentionUser {
			m.ID, _ = uuid.Parse(r.Key)
		} else {
			m.Slug = r.Key
		}
		out = append(out, m)
	}
	return out, nil
}
