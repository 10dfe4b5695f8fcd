package mention

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/inbox"
	"codna/internal/link"
)

// maxExcerptSide bounds the excerpt on each side of the mention, in bytes.
const maxExcerptSide = 240

// View is how a mention notification shows to its reader now.
type View struct {
	// Excerpt is the sentence around the mention, its mentions shown by
	// current name ("@Bob"), never their link text; nil when the reader
	// cannot read the page now (or the text is gone).
	Excerpt *string
	// TargetKind and TargetID name who was mentioned (mention.unreadable:
	// the person or agent; mention.group_capped: the group), TargetName
	// their current name; empty for a mention notification.
	TargetKind string
	TargetID   uuid.UUID
	TargetName string
}

// IsMention reports whether n is one of the mention notification types.
func IsMention(n *inbox.Notification) bool {
	switch n.Type {
	case inbox.TypeMention, inbox.TypeMentionUnreadable, inbox.TypeMentionGroupCapped:
		return true
	}
	return false
}

// View renders one mention notification for the actor: Views of one.
func (s *Service) View(ctx context.Context, n *inbox.Notification) (*View, error) {
	if n == nil {
		if _, err := auth.RequireUser(ctx); err != nil {
			return nil, err
		}
		return nil, nil
	}
	m, err := s.Views(ctx, []*inbox.Notification{n})
	if err != nil {
		return nil, err
	}
	return m[n], nil
}

// Views renders mention notifications for the actor, their recipient,
// through their permission now, in two statements whatever their number
// (the texts, then the names): the excerpt only where they can read the
// page. A notification that is not a mention, or not the actor's, maps to
// nil. Errors: UNAUTHENTICATED, FORBIDDEN (management).
func (s *Service) Views(ctx context.Context, ns []*inbox.Notification) (map[*inbox.Notification]*View, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[*inbox.Notification]*View, len(ns))
	var mine []*inbox.Notification
	var docs, revs, comments []uuid.UUID
	for _, n := range ns {
		if n == nil {
			continue
		}
		out[n] = nil
		if !IsMention(n) || n.RecipientID != actor.UserID {
			continue
		}
		out[n] = &View{}
		doc := payloadID(n.Payload, "documentId")
		if doc == nil {
			continue
		}
		mine = append(mine, n)
		docs = append(docs, *doc)
		revs = append(revs, orNil(payloadID(n.Payload, "revisionId")))
		comments = append(comments, orNil(payloadID(n.Payload, "commentId")))
	}
	if len(mine) == 0 {
		return out, nil
	}
	rows, err := db.Q.MentionListExcerptSources(ctx, s.pool, db.MentionListExcerptSourcesParams{
		ReaderID: actor.UserID, DocumentIds: docs, RevisionIds: revs, CommentIds: comments,
	})
	if err != nil {
		return nil, err
	}
	bodies := make(map[int]string, len(rows))
	for _, r := range rows {
		bodies[int(r.I)-1] = r.Body
	}
	type window struct {
		body       string
		start, end int
		links      []link.Mention
	}
	windows := make([]*window, len(mine))
	var names nameSet
	for i, n := range mine {
		v := out[n]
		body := bodies[i]
		pos := -1
		if f, ok := n.Payload["position"].(float64); ok && f >= 0 {
			pos = int(f)
		}
		if body != "" && pos >= 0 && pos < len(body) {
			w := &window{body: body}
			w.start, w.end = sentenceAround(body, pos)
			for _, m := range link.MentionLinks(body) {
				if m.Start >= w.start && m.End <= w.end {
					w.links = append(w.links, m)
					names.add(m.Kind, m.UserID, m.Slug)
				}
			}
			windows[i] = w
		}
		switch n.Type {
		case inbox.TypeMentionUnreadable:
			if id := payloadID(n.Payload, "userId"); id != nil {
				v.TargetKind, v.TargetID = link.MentionUser, *id
				names.add(link.MentionUser, *id, "")
			}
		case inbox.TypeMentionGroupCapped:
			if id := payloadID(n.Payload, "groupId"); id != nil {
				v.TargetKind, v.TargetID = link.MentionGroup, *id
				names.groupIDs = append(names.groupIDs, *id)
			}
		}
	}
	resolved, err := names.resolve(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	for i, n := range mine {
		v := out[n]
		switch v.TargetKind {
		case link.MentionUser:
			v.TargetName = resolved["user/"+v.TargetID.String()]
		case link.MentionGroup:
			v.TargetName = resolved["groupid/"+v.TargetID.String()]
		}
		w := windows[i]
		if w == nil {
			continue
		}
		var b strings.Builder
		at := w.start
		for _, m := range w.links {
			b.WriteString(w.body[at:m.Start])
			name := resolved[m.Key()]
			if name == "" {
				name = "someone"
			}
			b.WriteString("@" + name)
			at = m.End
		}
		b.WriteString(w.body[at:w.end])
		ex := strings.TrimSpace(b.String())
		v.Excerpt = &ex
	}
	return out, nil
}

func orNil(id *uuid.UUID) uuid.UUID {
	if id == nil {
		return uuid.Nil
	}
	return *id
}

// sentenceAround returns the byte range of the sentence holding pos: back
// to just after the previous sentence end (". ", "! ", "? ") or line break,
// forward to the next one, at most maxExcerptSide bytes each side, cut at
// rune boundaries.
func sentenceAround(body string, pos int) (int, int) {
	start := pos
	for start > 0 && pos-start < maxExcerptSide {
		c := body[start-1]
		if c == '\n' || ((c == ' ' || c == '\t') && start >= 2 && strings.ContainsRune(".!?", rune(body[start-2]))) {
			break
		}
		start--
	}
	end := pos
	for end < len(body) && end-pos < maxExcerptSide {
		c := body[end]
		if c == '\n' {
			break
		}
		end++
		if strings.ContainsRune(".!?", rune(c)) && (end == len(body) || body[end] == ' ' || body[end] == '\n') {
			break
		}
	}
	for start < len(body) && !utf8.RuneStart(body[start]) {
		start++
	}
	for end < len(body) && end > start && !utf8.RuneStart(body[end]) {
		end--
	}
	return start, end
}

// nameSet gathers what a text mentions, to look their current names up in
// one statement.
type nameSet struct {
	users         []uuid.UUID
	agents, group []string
	groupIDs      []uuid.UUID
}

func (n *nameSet) add(kind string, id uuid.UUID, slug string) {
	switch kind {
	case link.MentionUser:
		n.users = append(n.users, id)
	case link.MentionAgent:
		n.agents = append(n.agents, slug)
	case link.MentionGroup:
		n.group = append(n.group, slug)
	}
}

// resolve returns the current names by link.Mention.Key.
func (n *nameSet) resolve(ctx context.Context, q db.DBTX) (map[string]string, error) {
	out := map[string]string{}
	if len(n.users)+len(n.agents)+len(n.group)+len(n.groupIDs) == 0 {
		return out, nil
	}
	rows, err := db.Q.MentionListNames(ctx, q, db.MentionListNamesParams{
		UserIds: nonNil(n.users), AgentSlugs: nonNilS(n.agents), GroupSlugs: nonNilS(n.group), GroupIds: nonNil(n.groupIDs),
	})
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.Kind+"/"+r.Key] = r.Name
	}
	return out, nil
}

func payloadID(p map[string]any, key string) *uuid.UUID {
	s, ok := p[key].(string)
	if !ok {
		return nil
	}
	id, err := uuid.Parse(s)
	if err != nil {
		return nil
	}
	return &id
}

func nonNilS(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
