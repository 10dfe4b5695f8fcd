package automation

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/sandbox"
	"codna/internal/search"
)

// ownerReads answers a script's codna.find and codna.get as the automation's
// owner: ctx (given by the sandbox) is the run's, and owner is the context
// acting as the owner (auth.AsAutomation). Every read goes through the
// documents or search service, so it is filtered by exactly the owner's
// access: a document they cannot read is not found.
type ownerReads struct {
	s     *Service
	owner context.Context
}

var _ sandbox.Capabilities = ownerReads{}

// Find lists documents as the owner: through search when the query has
// text (ranked), else through the documents list (most recently changed
// first).
func (r ownerReads) Find(ctx context.Context, q sandbox.FindQuery) ([]sandbox.Document, error) {
	ctx = r.as(ctx)
	if q.Text != "" && r.s.search != nil {
		return r.search(ctx, q)
	}
	f := document.Filter{Tags: q.Tags, UpdatedSince: q.UpdatedAfter, UpdatedBefore: q.UpdatedBefore}
	if q.Space != "" {
		sp := document.Space(q.Space)
		f.Space = &sp
	}
	if q.PathPrefix != "" {
		p := q.PathPrefix
		f.PathPrefix = &p
	}
	docs, _, err := r.s.docs.List(ctx, f, document.ByUpdated, nil, q.Limit)
	if err != nil {
		return nil, hostError(err)
	}
	out := make([]sandbox.Document, 0, len(docs))
	for _, d := range docs {
		out = append(out, scriptDoc(d, false))
	}
	return out, nil
}

func (r ownerReads) search(ctx context.Context, q sandbox.FindQuery) ([]sandbox.Document, error) {
	req := search.Request{Query: q.Text, Filter: search.SearchFilter{Tags: q.Tags, UpdatedAfter: q.UpdatedAfter, UpdatedBefore: q.UpdatedBefore}}
	if q.Space != "" {
		req.Filter.Spaces = []document.Space{document.Space(q.Space)}
	}
	if q.PathPrefix != "" {
		p := q.PathPrefix
		req.Filter.PathPrefix = &p
	}
	out := make([]sandbox.Document, 0, q.Limit)
	for len(out) < q.Limit {
		req.First = min(q.Limit-len(out), search.MaxFirst)
		page, err := r.s.search.Search(ctx, req)
		if err != nil {
			return nil, hostError(err)
		}
		for _, f := range page.Results {
			out = append(out, scriptDoc(f.Doc, false))
		}
		if !page.HasNextPage || len(page.Results) == 0 {
			break
		}
		req.After = page.EndCursor
	}
	return out, nil
}

// Get reads one document as the owner, with its body; nil when the owner
// cannot read it.
func (r ownerReads) Get(ctx context.Context, id uuid.UUID) (*sandbox.Document, error) {
	d, err := r.s.docs.Get(r.as(ctx), id)
	if fault.CodeOf(err) == fault.NotFound {
		return nil, nil
	}
	if err != nil {
		return nil, hostError(err)
	}
	doc := scriptDoc(d, true)
	return &doc, nil
}

// as is the run's ctx acting as the owner.
func (r ownerReads) as(ctx context.Context) context.Context {
	return withActorOf(ctx, r.owner)
}

// hostError keeps a coded refusal (a bad filter the sandbox let through)
// from being mistaken for the host failing: the script sees nothing, the
// run is not retried.
func hostError(err error) error {
	if fault.Refusal(err) != nil {
		return nil
	}
	return err
}

// scriptDoc is a document as a script sees it.
func scriptDoc(d *document.Doc, withContent bool) sandbox.Document {
	out := sandbox.Document{
		ID: d.ID, Space: string(d.Space), Path: d.Path, Slug: d.Slug, Address: d.Address(), Title: d.Title,
		Tags: d.Tags, Version: d.Version, CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt,
	}
	if withContent && d.Body != nil {
		c := d.Content
		out.Content = &c
	}
	return out
}
