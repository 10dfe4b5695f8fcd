package mcpserver

import (
	"context"
	"time"

	"github.com/google/uuid"

	"codna/internal/comment"
	"codna/internal/fault"
)

type listThreadsIn struct {
	DocumentID string `json:"documentId" jsonschema:"the page's id"`
	Include    string `json:"include,omitempty" jsonschema:"open (open threads only) or all"`
}

type authorOut struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Kind string `json:"kind" jsonschema:"person or agent"`
}

type commentOut struct {
	ID        string    `json:"id"`
	Author    authorOut `json:"author"`
	Body      string    `json:"body" jsonschema:"markdown; empty once deleted"`
	Deleted   bool      `json:"deleted,omitempty" jsonschema:"its author deleted it; it stays because replies follow"`
	CreatedAt time.Time `json:"createdAt"`
	Edited    bool      `json:"edited,omitempty"`
}

type threadOut struct {
	ID          string       `json:"id"`
	Kind        string       `json:"kind" jsonschema:"comment, question, suggestion, issue or note"`
	Status      string       `json:"status" jsonschema:"open or resolved"`
	AnchorState string       `json:"anchorState" jsonschema:"attached (to the quoted passage), detached (the passage is gone from the page) or none (about the whole page)"`
	Quote       string       `json:"quote,omitempty" jsonschema:"the passage it is about"`
	Comments    []commentOut `json:"comments" jsonschema:"the first one first, then the replies"`
}

type listThreadsOut struct {
	Threads []threadOut `json:"threads" jsonschema:"oldest first"`
}

type commentIn struct {
	DocumentID string `json:"documentId,omitempty" jsonschema:"the page to open a new thread on; give documentId or threadId"`
	ThreadID   string `json:"threadId,omitempty" jsonschema:"the thread to reply to (from list_threads); give documentId or threadId"`
	Body       string `json:"body" jsonschema:"markdown, 1 to 10000 characters"`
	Kind       string `json:"kind,omitempty" jsonschema:"a new thread's kind: comment, question, suggestion, issue or note"`
	Quote      string `json:"quote,omitempty" jsonschema:"a new thread's passage: text of the page as it reads (not its markdown), up to 500 characters; left out: about the whole page"`
}

type commentResult struct {
	ThreadID  string `json:"threadId"`
	CommentID string `json:"commentId"`
}

func (s *Server) addCommentTools() {
	addTool(s, toolSpec{
		name: "list_threads", title: "Read a page's comments", readOnly: true,
		description: "The comment threads of a page you can read: each thread's kind, status, the passage it is about and " +
			"its comments with their authors. A page you cannot read answers NOT_FOUND, exactly like one that does not exist.",
		props: props{"documentId": {isID}, "include": {enum("open", "all"), byDefault("all")}},
	}, s.listThreads)
	addTool(s, toolSpec{
		name: "comment", title: "Comment on a page",
		description: "Open a thread on a page you can read (give documentId, and quote to comment on a passage of it) or reply " +
			"to a thread (give threadId). Comments are for people to read: say what you found or ask; do not use them as " +
			"notes to yourself. Agents' comments are rate-limited (RATE_LIMITED: wait a few minutes). NOT_FOUND for a page " +
			"you cannot read; CONFLICT when the page is quarantined or in the trash; BAD_USER_INPUT on quote when the page " +
			"does not contain it.",
		props: props{
			"documentId": {isID}, "threadId": {isID}, "body": {maxLen(comment.MaxBody * 4)},
			"kind":  {enum("comment", "question", "suggestion", "issue", "note")},
			"quote": {maxLen(comment.MaxExact * 4)},
		},
	}, s.comment)
}

func (s *Server) listThreads(ctx context.Context, in listThreadsIn) (listThreadsOut, error) {
	id, err := parseID("documentId", in.DocumentID)
	if err != nil {
		return listThreadsOut{}, err
	}
	threads, err := s.svc.Comment.Threads(ctx, id)
	if err != nil {
		return listThreadsOut{}, err
	}
	var people []uuid.UUID
	for _, t := range threads {
		for _, c := range t.Comments {
			people = append(people, c.AuthorID)
		}
	}
	users, err := s.svc.Auth.UsersByID(ctx, people)
	if err != nil {
		return listThreadsOut{}, err
	}
	out := listThreadsOut{Threads: make([]threadOut, 0, len(threads))}
	for _, t := range threads {
		if in.Include == "open" && t.Status != comment.StatusOpen {
			continue
		}
		o := threadOut{ID: t.ID.String(), Kind: string(t.Kind), Status: string(t.Status), AnchorState: string(t.AnchorState), Comments: make([]commentOut, len(t.Comments))}
		if t.Anchor != nil {
			o.Quote = t.Anchor.Exact
		}
		for i, c := range t.Comments {
			u := users[c.AuthorID]
			o.Comments[i] = commentOut{ID: c.ID.String(), Author: authorOut{ID: c.AuthorID.String(), Name: u.Name, Kind: string(u.Kind)},
				Body: c.Body, Deleted: c.DeletedAt != nil, CreatedAt: c.CreatedAt, Edited: c.EditedAt != nil}
		}
		out.Threads = append(out.Threads, o)
	}
	return out, nil
}

func (s *Server) comment(ctx context.Context, in commentIn) (commentResult, error) {
	switch {
	case (in.DocumentID == "") == (in.ThreadID == ""):
		return commentResult{}, fault.Input("documentId", "Give documentId to open a thread or threadId to reply: one of the two.")
	case in.ThreadID != "":
		if in.Kind != "" || in.Quote != "" {
			return commentResult{}, fault.Input("threadId", "A reply has no kind or quote: they belong to a new thread.")
		}
		id, err := parseID("threadId", in.ThreadID)
		if err != nil {
			return commentResult{}, err
		}
		c, err := s.svc.Comment.Reply(ctx, id, in.Body)
		if err != nil {
			return commentResult{}, err
		}
		return commentResult{ThreadID: c.ThreadID.String(), CommentID: c.ID.String()}, nil
	}
	id, err := parseID("documentId", in.DocumentID)
	if err != nil {
		return commentResult{}, err
	}
	ct := comment.CreateThreadInput{DocumentID: id, Body: in.Body, Kind: comment.Kind(in.Kind)}
	if in.Quote != "" {
		ct.Anchor = &comment.AnchorInput{Exact: in.Quote}
	}
	t, err := s.svc.Comment.CreateThread(ctx, ct)
	if err != nil {
		if fe := fault.As(err); fe != nil && fe.Field == "anchor.exact" {
			return commentResult{}, &fault.Error{Code: fe.Code, Field: "quote", Message: fe.Message}
		}
		return commentResult{}, err
	}
	return commentResult{ThreadID: t.ID.String(), CommentID: t.Comments[0].ID.String()}, nil
}
