package mention

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

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

// View renders a mention notification for the actor, its recipient,
// through their permission now: the excerpt only if they can read the page.
// It returns nil for a notification that is not a mention or not the
// actor's. Errors: UNAUTHENTICATED, FORBIDDEN (management).
func (s *Service) View(ctx context.Context, n *inbox.Notification) (*View, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if n == nil || !IsMention(n) || n.RecipientID != actor.UserID {
		return nil, nil
	}
	doc := payloadID(n.Payload, "documentId")
	if doc == nil {
		return &View{}, nil
	}
	out := &View{}
	body, err := db.Q.MentionGetExcerptSource(ctx, s.pool, db.MentionGetExcerptSourceParams{
		ReaderID: actor.UserID, DocumentID: *doc,
		CommentID: payloadID(n.Payload, "commentId"), RevisionID: payloadID(n.Payload, "revisionId"),
	})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		body = ""
	case err != nil:
		return nil, err
	}
	var pos int
	if f, ok := n.Payload["position"].(float64); ok && f >= 0 {
		pos = int(f)
	}
	var names nameSet
	var ex string
	var inWindow []link.Mention
	if body != "" && pos < len(body) {
		start, end := sentenceAround(body, pos)
		for _, m := range link.MentionLinks(body) {
			if m.Start >= start && m.End <= end {
				inWindow = append(inWindow, m)
				names.add(m.Kind, m.UserID, m.Slug)
			}
		}
		ex = body[start:end]
	}
	switch {
	case n.Type == inbox.TypeMentionUnreadable:
		if id := payloadID(n.Payload, "userId"); id != nil {
			out.TargetKind, out.TargetID = link.MentionUser, *id
			names.add(link.MentionUser, *id, "")
		}
	case n.Type == inbox.TypeMentionGroupCapped:
		if id := payloadID(n.Payload, "groupId"); id != nil {
			out.TargetKind, out.TargetID = link.MentionGroup, *id
		}
	}
	resolved, err := names.resolve(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	if out.TargetKind == link.MentionUser {
		out.TargetName = resolved["user/"+out.TargetID.String()]
	}
	if out.TargetKind == link.MentionGroup {
		g, err := db.Q.GroupGet(ctx, s.pool, out.TargetID)
		if err == nil {
			out.TargetName = g.Name
		}
	}
	if ex != "" {
		start, _ := sentenceAround(body, pos)
		var b strings.Builder
		at := start
		for _, m := range inWindow {
			b.WriteString(body[at:m.Start])
			name := resolved[m.Key()]
			if name == "" {
				name = "someone"
			}
			b.WriteString("@" + name)
			at = m.End
		}
		b.WriteString(ex[at-start:])
		s := strings.TrimSpace(b.String())
		out.Excerpt = &s
	}
	return out, nil
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
	if len(n.users)+len(n.agents)+len(n.group) == 0 {
		return out, nil
	}
	rows, err := db.Q.MentionListNames(ctx, q, db.MentionListNamesParams{
		UserIds: nonNil(n.users), AgentSlugs: nonNilS(n.agents), GroupSlugs: nonNilS(n.group),
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
