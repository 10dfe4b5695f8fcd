package graph

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/graph/model"
	"codna/internal/activity"
	"codna/internal/document"
	"codna/internal/inbox"
	pagewatch "codna/internal/watch"
)

// watchModels turns watches into their GraphQL form, reading their pages
// through the Document loader in one batch (List returned only pages the
// caller can read; one that went meanwhile is left out).
func watchModels(ctx context.Context, ws []*pagewatch.Watch) ([]model.Watch, error) {
	var ids []uuid.UUID
	for _, w := range ws {
		if w.DocumentID != nil {
			ids = append(ids, *w.DocumentID)
		}
	}
	docs := map[uuid.UUID]*document.Doc{}
	if len(ids) > 0 {
		got, err := loaders(ctx).Document.LoadAll(ctx, ids)
		if err != nil && !allNotFound(err) {
			return nil, err
		}
		for i, d := range got {
			if d != nil {
				docs[ids[i]] = d
			}
		}
	}
	out := make([]model.Watch, 0, len(ws))
	for _, w := range ws {
		m := model.Watch{ID: w.ID.String(), Path: w.Path, Source: strings.ToUpper(w.Source)}
		if w.Space != nil {
			sp := spaceModel(*w.Space)
			m.Space = &sp
		}
		if w.DocumentID != nil {
			if m.Document = docs[*w.DocumentID]; m.Document == nil {
				continue
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// watchPayload answers a watch mutation: the watch as it is now (nil after
// an unwatch) and, for a page (docID), the page through the permission
// loader (nil when the caller cannot read it).
func watchPayload(ctx context.Context, w *pagewatch.Watch, docID *uuid.UUID) (*model.WatchPayload, error) {
	out := &model.WatchPayload{}
	if docID != nil {
		d, err := loadDoc(ctx, *docID)
		if err != nil {
			return nil, err
		}
		out.Document = d
	}
	if w == nil {
		return out, nil
	}
	ms, err := watchModels(ctx, []*pagewatch.Watch{w})
	if err != nil || len(ms) == 0 {
		return out, err
	}
	out.Watch = &ms[0]
	return out, nil
}

// watchState is a document's watch state through the Watch loader (one
// statement for every document of the operation).
func watchState(ctx context.Context, d *document.Doc) (pagewatch.State, error) {
	return loaders(ctx).Watch.Load(ctx, d)
}

// watchEvents counts, in one statement for a page of notifications, the
// changes each watch notification stands for (activity.CountWindows over
// its page from when it was made, for the fan-out's window).
func (r *Resolver) watchEvents(ctx context.Context, ns []*inbox.Notification) (map[*inbox.Notification]int, error) {
	ws := make([]activity.Window, 0, len(ns))
	keep := make([]*inbox.Notification, 0, len(ns))
	for _, n := range ns {
		id, err := uuid.Parse(fmt.Sprint(n.Payload["documentId"]))
		if err != nil {
			continue
		}
		since := n.CreatedAt // the event's time when the payload has it (the fan-out runs a moment after)
		if at, err := time.Parse(time.RFC3339Nano, fmt.Sprint(n.Payload["at"])); err == nil {
			since = at
		}
		ws = append(ws, activity.Window{DocumentID: id, Since: since})
		keep = append(keep, n)
	}
	counts, err := r.svc.Activity.CountWindows(ctx, ws, pagewatch.Window)
	if err != nil {
		return nil, err
	}
	out := make(map[*inbox.Notification]int, len(ns))
	for _, n := range ns {
		out[n] = 0
	}
	for i, n := range keep {
		out[n] = counts[i]
	}
	return out, nil
}
