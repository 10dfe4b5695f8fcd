package graph

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"codna/graph/model"
	"codna/internal/activity"
	"codna/internal/document"
	"codna/internal/fault"
)

// activityCursor is an activity page's cursor: base64url JSON of the last
// entry's time and id.
type activityCursor struct {
	At time.Time `json:"a"`
	ID uuid.UUID `json:"i"`
}

func encodeActivityCursor(e *activity.Entry) string {
	raw, _ := json.Marshal(activityCursor{At: e.At, ID: e.ID})
	return base64.RawURLEncoding.EncodeToString(raw)
}

func decodeActivityCursor(s *string) (*activity.Cursor, error) {
	if s == nil || *s == "" {
		return nil, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(*s)
	var c activityCursor
	if err != nil || json.Unmarshal(raw, &c) != nil || c.ID == uuid.Nil {
		return nil, fault.Input("after", "The cursor is not valid here; start again without one.")
	}
	return &activity.Cursor{At: c.At, ID: c.ID}, nil
}

func activityFilter(f *model.ActivityFilter) (activity.Filter, error) {
	var out activity.Filter
	if f == nil {
		return out, nil
	}
	if f.DocumentID != nil {
		id, err := parseID("documentId", *f.DocumentID)
		if err != nil {
			return out, err
		}
		out.DocumentID = &id
	}
	if f.ActorID != nil {
		id, err := parseID("actorId", *f.ActorID)
		if err != nil {
			return out, err
		}
		out.ActorID = &id
	}
	out.Space = spaceOfPtr(f.Space)
	out.PathPrefix = f.PathPrefix
	return out, nil
}

// activityConnection answers a page of entries: their pages read through
// the Document loader in one batch (each entry was on a page the caller can
// read), with what the selection asks of them loaded in one batch each.
func activityConnection(ctx context.Context, es []activity.Entry, more bool) (*model.ActivityConnection, error) {
	ids := make([]uuid.UUID, 0, len(es))
	for i := range es {
		ids = append(ids, es[i].DocumentID)
	}
	if len(ids) > 0 && selects(ctx, "edges", "node", "document") {
		got, err := loaders(ctx).Document.LoadAll(ctx, dedupe(ids))
		if err != nil && !allNotFound(err) {
			return nil, err
		}
		var docs []*document.Doc
		for _, d := range got {
			if d != nil {
				docs = append(docs, d)
			}
		}
		if err := prefetchDocs(ctx, []string{"edges", "node", "document"}, docs); err != nil {
			return nil, err
		}
	}
	conn := &model.ActivityConnection{Edges: make([]model.ActivityEdge, 0, len(es)), PageInfo: &model.PageInfo{HasNextPage: more}}
	for i := range es {
		c := encodeActivityCursor(&es[i])
		conn.Edges = append(conn.Edges, model.ActivityEdge{Cursor: c, Node: &es[i]})
		conn.PageInfo.EndCursor = &c
	}
	return conn, nil
}
