package mcpserver

import (
	"context"
	"time"

	"github.com/google/uuid"

	"codna/internal/fault"
	"codna/internal/inbox"
)

type sharesIn struct {
	Since string `json:"since,omitempty" jsonschema:"RFC 3339 time, like 2026-11-30T09:00:00Z; left out: the last 7 days"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many shares at most"`
}

type personOut struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

type shareOut struct {
	Document   docRef     `json:"document"`
	Permission string     `json:"permission" jsonschema:"read or write, as it stands now"`
	SharedBy   *personOut `json:"sharedBy" jsonschema:"who shared it; null when not known"`
	Reason     string     `json:"reason" jsonschema:"how it was shared: direct, folder (a folder share), bulk_tag (by tag), link_suggestion, script or import"`
	BatchID    string     `json:"batchId,omitempty" jsonschema:"the sharing action it was part of"`
	At         time.Time  `json:"at"`
	SharedWith string     `json:"sharedWith" jsonschema:"whom it was shared with: you (your email) or a group of yours (group:<slug>)"`
}

type sharesOut struct {
	Shares []shareOut `json:"shares" jsonschema:"newest first; each page once, by its latest grant"`
}

type inboxIn struct {
	Include string `json:"include,omitempty" jsonschema:"open (unread information and decisions still waiting) or all"`
	Limit   int    `json:"limit,omitempty" jsonschema:"how many notifications at most"`
	Cursor  string `json:"cursor,omitempty" jsonschema:"nextCursor of the previous call"`
}

type countsOut struct {
	Decisions int `json:"decisions" jsonschema:"decisions waiting for you"`
	Unread    int `json:"unread" jsonschema:"unread information"`
	Total     int `json:"total"`
}

type notificationOut struct {
	ID               string         `json:"id"`
	Type             string         `json:"type" jsonschema:"what happened, like access.granted or link.suggested"`
	SubjectType      string         `json:"subjectType"`
	SubjectID        string         `json:"subjectId,omitempty"`
	RequiresDecision bool           `json:"requiresDecision" jsonschema:"true for a decision (answered in the app), false for information (mark_read clears it)"`
	Status           string         `json:"status" jsonschema:"unread, read, resolved or dismissed"`
	CreatedAt        time.Time      `json:"createdAt"`
	Payload          map[string]any `json:"payload" jsonschema:"details by type; pages are named by id"`
	Excerpt          *string        `json:"excerpt,omitempty" jsonschema:"for a mention: the sentence around it, mentions shown by current name; absent when you cannot read the page now"`
}

type inboxOut struct {
	Counts        countsOut         `json:"counts"`
	Notifications []notificationOut `json:"notifications" jsonschema:"newest first"`
	NextCursor    string            `json:"nextCursor,omitempty"`
}

type markIn struct {
	IDs []string `json:"ids" jsonschema:"ids of information notifications (from inbox) to mark read"`
}

type markOut struct {
	Marked int       `json:"marked" jsonschema:"how many were unread information and are now read"`
	Counts countsOut `json:"counts"`
}

func (s *Server) addInboxTools() {
	addTool(s, toolSpec{
		name: "recent_shares", title: "Recently shared with you", readOnly: true,
		description: "What was shared with you since a time: each page with who shared it, how (directly, by folder or " +
			"tag), in which sharing action, and whether you may read or write it. Only shares that still stand.",
		props: props{"since": {maxLen(64)}, "limit": {between(1, 100), byDefault(25)}},
	}, s.recentShares)
	addTool(s, toolSpec{
		name: "inbox", title: "Your inbox", readOnly: true,
		description: "Your notifications, newest first, with your counts: information (pages shared with you, answers to your " +
			"link proposals) and decisions waiting for you. Mark information read with mark_read.",
		props: props{"include": {enum("open", "all"), byDefault("open")}, "limit": {between(1, inbox.MaxLimit), byDefault(20)}, "cursor": {maxLen(200)}},
	}, s.inbox)
	addTool(s, toolSpec{
		name: "mark_read", title: "Mark notifications read", idempotent: true,
		description: "Mark information notifications read, by the ids inbox gave. Decisions stay until they are answered; " +
			"ids that are not yours or not unread information are left alone.",
		props: props{"ids": {minItems(1), maxItems(100), items(isID)}},
	}, s.markRead)
}

func (s *Server) recentShares(ctx context.Context, in sharesIn) (sharesOut, error) {
	since := time.Now().Add(-7 * 24 * time.Hour)
	if in.Since != "" {
		t, err := time.Parse(time.RFC3339, in.Since)
		if err != nil {
			return sharesOut{}, fault.Input("since", "Give a time like 2026-11-30T09:00:00Z.")
		}
		since = t
	}
	limit := in.Limit
	if limit == 0 {
		limit = 25
	}
	given, err := s.svc.Access.RecentlyShared(ctx, since, limit)
	if err != nil {
		return sharesOut{}, err
	}
	docIDs := make([]uuid.UUID, 0, len(given))
	var userIDs []uuid.UUID
	for _, g := range given {
		docIDs = append(docIDs, g.DocumentID)
		if g.GrantedBy != nil {
			userIDs = append(userIDs, *g.GrantedBy)
		}
	}
	docs, err := s.svc.Document.GetMany(ctx, docIDs)
	if err != nil {
		return sharesOut{}, err
	}
	users, err := s.svc.Auth.UsersByID(ctx, userIDs)
	if err != nil {
		return sharesOut{}, err
	}
	out := sharesOut{Shares: make([]shareOut, 0, len(given))}
	for _, g := range given {
		d := docs[g.DocumentID]
		if d == nil {
			continue // no longer readable since the grants were read
		}
		sh := shareOut{Document: refOf(d), Permission: string(g.Permission), Reason: g.Reason, At: g.At, SharedWith: g.Label}
		if g.BatchID != nil {
			sh.BatchID = g.BatchID.String()
		}
		if g.GrantedBy != nil {
			if u, ok := users[*g.GrantedBy]; ok {
				sh.SharedBy = &personOut{ID: u.ID.String(), Name: u.Name, Email: u.Email}
			}
		}
		out.Shares = append(out.Shares, sh)
	}
	return out, nil
}

func countsOf(c inbox.Counts) countsOut {
	return countsOut{Decisions: c.Decisions, Unread: c.Unread, Total: c.Total}
}

// inboxCursor is where inbox goes on: the last notification of the
// previous answer.
type inboxCursor struct {
	CreatedAt time.Time `json:"c"`
	ID        uuid.UUID `json:"i"`
}

func (s *Server) inbox(ctx context.Context, in inboxIn) (inboxOut, error) {
	limit := in.Limit
	if limit == 0 {
		limit = 20
	}
	var after *inbox.Cursor
	if in.Cursor != "" {
		var c inboxCursor
		if err := decodeCursor(in.Cursor, &c); err != nil {
			return inboxOut{}, err
		}
		after = &inbox.Cursor{CreatedAt: c.CreatedAt, ID: c.ID}
	}
	var f inbox.Filter
	if in.Include != "all" {
		unread := inbox.StatusUnread
		f.Status = &unread
	}
	ns, more, err := s.svc.Inbox.List(ctx, f, after, limit)
	if err != nil {
		return inboxOut{}, err
	}
	counts, err := s.svc.Inbox.MyCounts(ctx)
	if err != nil {
		return inboxOut{}, err
	}
	out := inboxOut{Counts: countsOf(counts), Notifications: make([]notificationOut, len(ns))}
	for i, n := range ns {
		o := notificationOut{ID: n.ID.String(), Type: n.Type, SubjectType: n.SubjectType, RequiresDecision: n.RequiresDecision,
			Status: n.Status, CreatedAt: n.CreatedAt, Payload: n.Payload}
		if n.SubjectID != nil {
			o.SubjectID = n.SubjectID.String()
		}
		if v, err := s.svc.Mention.View(ctx, &n); err != nil {
			return inboxOut{}, err
		} else if v != nil {
			o.Excerpt = v.Excerpt
		}
		out.Notifications[i] = o
	}
	if more && len(ns) > 0 {
		last := ns[len(ns)-1]
		out.NextCursor = encodeCursor(inboxCursor{CreatedAt: last.CreatedAt, ID: last.ID})
	}
	return out, nil
}

func (s *Server) markRead(ctx context.Context, in markIn) (markOut, error) {
	ids := make([]uuid.UUID, len(in.IDs))
	for i, raw := range in.IDs {
		id, err := parseID("ids", raw)
		if err != nil {
			return markOut{}, err
		}
		ids[i] = id
	}
	n, err := s.svc.Inbox.MarkRead(ctx, ids)
	if err != nil {
		return markOut{}, err
	}
	counts, err := s.svc.Inbox.MyCounts(ctx)
	if err != nil {
		return markOut{}, err
	}
	return markOut{Marked: n, Counts: countsOf(counts)}, nil
}
