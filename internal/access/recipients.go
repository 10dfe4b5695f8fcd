package access

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// The kinds of Recipient.
const (
	RecipientPerson   = "person"   // a person, named by email
	RecipientAgent    = "agent"    // a live agent, named agent:<slug>
	RecipientGroup    = "group"    // a custom group, named group:<slug>
	RecipientEveryone = "everyone" // the Everyone group, named group:everyone
)

// MaxRecipients is the most recipients one share, suggestion query or
// folder share may name.
const MaxRecipients = 50

// Recipient is a share recipient resolved to its principal.
type Recipient struct {
	Principal
	// Label names the recipient as a share does, canonically: a person's
	// email as stored, group:<slug> or agent:<slug>.
	Label string
	// Kind is RecipientPerson, RecipientAgent, RecipientGroup or
	// RecipientEveryone.
	Kind string
	// Name is the person's, agent's or group's display name.
	Name string
}

// seesThroughGroups reports whether grants to groups (Everyone included)
// reach the recipient: true for people only.
func (r Recipient) seesThroughGroups() bool { return r.Kind == RecipientPerson }

// shareRecipientKey is what one raw recipient string asks for.
type shareRecipientKey struct {
	kind string // person (by email), group, agent
	key  string // lower-cased email, group slug, agent slug
}

// parseRecipient reads one raw recipient string: group:<slug>,
// agent:<slug> (prefixes case-insensitive) or an email.
func parseRecipient(raw string) (shareRecipientKey, error) {
	s := strings.TrimSpace(raw)
	lower := strings.ToLower(s)
	switch {
	case s == "":
		return shareRecipientKey{}, fault.Input("recipients", "A recipient is empty: name a person by email, a group as group:<slug> or an agent as agent:<slug>.")
	case strings.HasPrefix(lower, "group:"):
		if slug := strings.TrimSpace(s[len("group:"):]); slug != "" {
			return shareRecipientKey{kind: RecipientGroup, key: slug}, nil
		}
	case strings.HasPrefix(lower, "agent:"):
		if slug := strings.TrimSpace(lower[len("agent:"):]); slug != "" {
			return shareRecipientKey{kind: RecipientAgent, key: slug}, nil
		}
	case strings.Contains(s, "@"):
		return shareRecipientKey{kind: RecipientPerson, key: lower}, nil
	}
	return shareRecipientKey{}, fault.Input("recipients", "%q is not a recipient: name a person by email, a group as group:<slug> or an agent as agent:<slug>.", raw)
}

// ResolveRecipients resolves share recipients, in one statement, to their
// principals, in the order given, each principal once (duplicates, however
// spelt, collapse into the first). Each string is one of:
//
//   - a person's email, case-insensitively — people only: never management,
//     and never an agent's email (an agent is named by its slug);
//   - group:<slug>, a group (group:everyone is Everyone);
//   - agent:<slug>, a live agent, which only its responsible people may name.
//
// q may be a pool or a transaction; actor is who is sharing.
//
// Errors: BAD_USER_INPUT on field recipients for an empty list, more than
// MaxRecipients, an empty or malformed string, a value naming nobody (the
// message quotes it) and a deactivated person; FORBIDDEN (field recipients,
// naming the agent) for an agent the actor is not responsible for.
func ResolveRecipients(ctx context.Context, q db.DBTX, actor *auth.Actor, raw []string) ([]Recipient, error) {
	if len(raw) == 0 {
		return nil, fault.Input("recipients", "Name at least one recipient: a person by email, a group as group:<slug> or an agent as agent:<slug>.")
	}
	if len(raw) > MaxRecipients {
		return nil, fault.Input("recipients", "A share names at most %d recipients; share with a group instead.", MaxRecipients)
	}
	keys := make([]shareRecipientKey, len(raw))
	var emails, groups, agents []string
	seen := map[shareRecipientKey]bool{}
	for i, r := range raw {
		k, err := parseRecipient(r)
		if err != nil {
			return nil, err
		}
		keys[i] = k
		if seen[k] {
			continue
		}
		seen[k] = true
		switch k.kind {
		case RecipientPerson:
			emails = append(emails, k.key)
		case RecipientGroup:
			groups = append(groups, k.key)
		case RecipientAgent:
			agents = append(agents, k.key)
		}
	}
	var actorID uuid.UUID
	if actor != nil {
		actorID = actor.UserID
	}
	rows, err := db.Q.UserResolveRecipients(ctx, q, db.UserResolveRecipientsParams{
		Emails: nonNil(emails), GroupSlugs: nonNil(groups), AgentSlugs: nonNil(agents), ActorID: actorID,
	})
	if err != nil {
		return nil, err
	}
	found := make(map[shareRecipientKey]db.UserResolveRecipientsRow, len(rows))
	for _, r := range rows {
		kind := r.Kind
		if kind == RecipientEveryone {
			kind = RecipientGroup
		}
		found[shareRecipientKey{kind: kind, key: r.Lookup}] = r
	}
	out := make([]Recipient, 0, len(seen))
	have := map[uuid.UUID]bool{}
	for i, k := range keys {
		r, ok := found[k]
		if !ok {
			return nil, fault.Input("recipients", "Nobody is %q: name a person by email, a group as group:<slug> or an agent as agent:<slug>.", strings.TrimSpace(raw[i]))
		}
		rc := Recipient{Kind: r.Kind, Name: r.Name}
		switch r.Kind {
		case RecipientPerson:
			if !r.Active {
				return nil, fault.Input("recipients", "%s is deactivated: nothing can be shared with them.", r.Email)
			}
			rc.Principal, rc.Label = Principal{Type: PrincipalUser, ID: r.ID}, r.Email
		case RecipientAgent:
			if !r.Responsible {
				return nil, &fault.Error{Code: fault.Forbidden, Field: "recipients",
					Message: "Only the people responsible for agent:" + r.Lookup + " can share with it."}
			}
			if !r.Active {
				return nil, fault.Input("recipients", "agent:%s is deactivated: nothing can be shared with it.", r.Lookup)
			}
			rc.Principal, rc.Label = Principal{Type: PrincipalUser, ID: r.ID}, "agent:"+r.Lookup
		default: // group, everyone
			rc.Principal, rc.Label = Principal{Type: PrincipalGroup, ID: r.ID}, "group:"+r.Lookup
		}
		if have[rc.ID] {
			continue
		}
		have[rc.ID] = true
		out = append(out, rc)
	}
	return out, nil
}

// nonNil returns s, or an empty slice for nil (sqlc sends nil as NULL, and
// = ANY(NULL) is never true anyway, but an empty array reads plainer).
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Recipient resolves one recipient string, as ResolveRecipients does, for
// the acting person or agent. Errors: UNAUTHENTICATED for nobody, FORBIDDEN
// for management; ResolveRecipients' errors; BAD_USER_INPUT on field
// recipient unless it names exactly one principal.
func (s *Service) Recipient(ctx context.Context, raw string) (Principal, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return Principal{}, err
	}
	recips, err := ResolveRecipients(ctx, s.pool, actor, []string{raw})
	if err != nil {
		return Principal{}, err
	}
	if len(recips) != 1 {
		return Principal{}, fault.Input("recipient", "Name one recipient.")
	}
	return recips[0].Principal, nil
}
