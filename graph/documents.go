package graph

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/graph/model"
	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
)

func spaceModel(s document.Space) model.Space { return model.Space(strings.ToUpper(string(s))) }

func spaceOf(s model.Space) document.Space { return document.Space(strings.ToLower(string(s))) }

func spaceOfPtr(s *model.Space) *document.Space {
	if s == nil {
		return nil
	}
	v := spaceOf(*s)
	return &v
}

func statusModel(s document.Status) model.DocumentStatus {
	return model.DocumentStatus(strings.ToUpper(string(s)))
}

func statusOfPtr(s *model.DocumentStatus) *document.Status {
	if s == nil {
		return nil
	}
	v := document.Status(strings.ToLower(string(*s)))
	return &v
}

func accessModel(a document.Access) model.DocumentAccess {
	switch a {
	case document.Owner:
		return model.DocumentAccessOwner
	case document.Write:
		return model.DocumentAccessWrite
	}
	return model.DocumentAccessRead
}

func userOf(u *auth.User) *model.User {
	if u == nil {
		return nil
	}
	return userModel(*u)
}

// docCursor is the opaque position of a document in a documents page.
type docCursor struct {
	Order string    `json:"o"`
	ID    uuid.UUID `json:"i"`
	At    time.Time `json:"u,omitzero"`
	Title string    `json:"t,omitempty"`
}

func encodeDocCursor(order string, d *document.Doc) string {
	c := docCursor{Order: order, ID: d.ID}
	switch order {
	case "title":
		c.Title = strings.ToLower(d.Title)
	case "trash":
		if d.DeletedAt != nil {
			c.At = *d.DeletedAt
		}
	default:
		c.At = d.UpdatedAt
	}
	raw, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(raw)
}

func decodeDocCursor(order string, s *string) (*docCursor, error) {
	if s == nil || *s == "" {
		return nil, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(*s)
	var c docCursor
	if err != nil || (!c.decodeWritten(raw) && json.Unmarshal(raw, &c) != nil) || c.Order != order {
		return nil, fault.Input("after", "The cursor is not valid here; start again without one.")
	}
	return &c, nil
}

// docConnection is a page of docs. Cursors are encoded only where the
// selection asks for them (an edge's cursor, the page's endCursor): a
// page that only reads its documents, the common one, encodes none.
func docConnection(ctx context.Context, order string, docs []*document.Doc, more bool) *model.DocumentConnection {
	conn := &model.DocumentConnection{Edges: make([]model.DocumentEdge, 0, len(docs)), PageInfo: &model.PageInfo{HasNextPage: more}}
	cursors := selects(ctx, "edges", "cursor")
	for _, d := range docs {
		e := model.DocumentEdge{Node: d}
		if cursors {
			e.Cursor = encodeDocCursor(order, d)
		}
		conn.Edges = append(conn.Edges, e)
	}
	if n := len(docs); n > 0 && selects(ctx, "pageInfo", "endCursor") {
		c := encodeDocCursor(order, docs[n-1])
		if cursors {
			c = conn.Edges[n-1].Cursor
		}
		conn.PageInfo.EndCursor = &c
	}
	return conn
}

var errNoDocument = fault.New(fault.NotFound, "No document has that id.")

// requireDoc maps "not readable" to NOT_FOUND for fields that must return one.
func requireDoc(ctx context.Context, id uuid.UUID) (*document.Doc, error) {
	d, err := loadDoc(ctx, id)
	if err != nil {
		return nil, err
	}
	if d == nil {
		return nil, errNoDocument
	}
	return d, nil
}

// selectsBody reports whether the current field's Document selection asks
// for anything read from the body.
func selectsBody(ctx context.Context) bool {
	return selects(ctx, "content") || selects(ctx, "markdown") || selects(ctx, "frontmatter")
}

// fresh records a document a mutation returned, so its fields resolve
// from it rather than from an older cached copy.
func fresh(ctx context.Context, d *document.Doc) *document.Doc {
	l := loaders(ctx)
	l.Document.Clear(d.ID)
	l.Document.Prime(d.ID, d)
	return d
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// Revision cursors are the version number, opaque to clients.
func encodeVersionCursor(v int) string {
	return base64.RawURLEncoding.EncodeToString([]byte("rev:" + strconv.Itoa(v)))
}

func decodeVersionCursor(s string) (int, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	rest, ok := strings.CutPrefix(string(raw), "rev:")
	v, convErr := strconv.Atoi(rest)
	if err != nil || !ok || convErr != nil {
		return 0, fault.Input("after", "The cursor is not valid here; start again without one.")
	}
	return v, nil
}

func (r *documentRevisionConnectionResolver) revisionPage(ctx context.Context, c *model.DocumentRevisionConnection) ([]document.Revision, bool, error) {
	return c.Page(func() ([]document.Revision, bool, error) {
		return r.svc.Document.Revisions(ctx, c.Doc, c.Before, c.First)
	})
}

// noteAgentRead records that an agent opened a document (agent_reads: a
// row per page per day), for the agent's page. A failure is logged, not
// shown: the read itself succeeded.
func (r *Resolver) noteAgentRead(ctx context.Context, d *document.Doc) {
	if err := r.svc.Document.NoteAgentRead(ctx, d.ID); err != nil {
		r.Log.WarnContext(ctx, "record an agent read", "error", err)
	}
}
