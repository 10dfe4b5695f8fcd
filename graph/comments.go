package graph

import (
	"context"
	"time"

	"github.com/google/uuid"

	"codna/graph/model"
	"codna/internal/comment"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/live"
)

// threadList turns the service's threads into the schema's list.
func threadList(ts []*comment.Thread) []comment.Thread {
	out := make([]comment.Thread, len(ts))
	for i, t := range ts {
		out[i] = *t
	}
	return out
}

// threadCounts loads a document's thread counts (Document.threadCount and
// openThreadCount): one batch per operation step, keyed by the Doc read, so
// each push of a subscription counts anew.
func threadCounts(ctx context.Context, d *document.Doc) (comment.Counts, error) {
	return loaders(ctx).ThreadCounts.Load(ctx, d)
}

// countsByDoc is the ThreadCounts loader's fetch.
func countsByDoc(svc *comment.Service) func(context.Context, []*document.Doc) (map[*document.Doc]comment.Counts, error) {
	return func(ctx context.Context, docs []*document.Doc) (map[*document.Doc]comment.Counts, error) {
		ids := make([]uuid.UUID, len(docs))
		for i, d := range docs {
			ids[i] = d.ID
		}
		counts, err := svc.Counts(ctx, ids)
		if err != nil {
			return nil, err
		}
		out := make(map[*document.Doc]comment.Counts, len(docs))
		for _, d := range docs {
			out[d] = counts[d.ID]
		}
		return out, nil
	}
}

// anchorInput maps the schema's anchor to the service's.
func anchorInput(in *model.TextAnchorInput) *comment.AnchorInput {
	if in == nil {
		return nil
	}
	a := &comment.AnchorInput{Exact: in.Exact, Start: in.Start, End: in.End, Version: in.Version}
	if in.Prefix != nil {
		a.Prefix = *in.Prefix
	}
	if in.Suffix != nil {
		a.Suffix = *in.Suffix
	}
	return a
}

// authorOf loads a thread's or comment's author, who is never deleted while
// they authored something.
func authorOf(ctx context.Context, id uuid.UUID) (*model.User, error) {
	u, err := loadUser(ctx, &id)
	if err != nil {
		return nil, err
	}
	if u == nil {
		return nil, fault.New(fault.NotFound, "The author is gone.")
	}
	return userModel(*u), nil
}

// threadChanges is threadChanged's loop: after each (debounced) change to
// the page, it re-reads its threads through the reader's permission and
// pushes each one new or changed since the last read, until ctx ends, the
// client is too slow, or the page can no longer be read (NOT_FOUND).
func (r *subscriptionResolver) threadChanges(ctx context.Context, sub *live.Sub, docID uuid.UUID, seen map[uuid.UUID]time.Time) <-chan *comment.Thread {
	out := make(chan *comment.Thread, 1)
	go func() {
		defer close(out)
		defer sub.Close()
		for {
			select {
			case <-ctx.Done():
				return
			case <-sub.C:
			}
			if !settle(ctx, sub) {
				return
			}
			threads, err := r.svc.Comment.Threads(ctx, docID)
			if fault.CodeOf(err) == fault.NotFound {
				return
			} else if err != nil {
				if ctx.Err() == nil {
					r.Log.ErrorContext(ctx, "re-read for a subscriber", "subscription", "threadChanged", "error", err)
				}
				continue
			}
			for _, t := range threads {
				if at, ok := seen[t.ID]; ok && at.Equal(t.UpdatedAt) {
					continue
				}
				seen[t.ID] = t.UpdatedAt
				if !push(ctx, out, t) {
					return
				}
			}
		}
	}()
	return out
}
