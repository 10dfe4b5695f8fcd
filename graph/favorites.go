package graph

import (
	"context"

	"github.com/google/uuid"

	"codna/graph/model"
	"codna/internal/document"
	"codna/internal/fault"
)

// starPayload reads the page a star or unstar was about, through the
// permission loader: NOT_FOUND when the caller cannot read it.
func starPayload(ctx context.Context, id uuid.UUID) (*model.StarPayload, error) {
	d, err := loadDoc(ctx, id)
	if err != nil {
		return nil, err
	}
	if d == nil {
		return nil, fault.New(fault.NotFound, "No document has that id.")
	}
	return &model.StarPayload{Document: d}, nil
}

// docList answers a list of documents read by list: primed into the
// Document loader, and what the selection asks of every one (starred,
// owners, …) loaded in one batch each (prefetchDocs).
func docList(ctx context.Context, list func(context.Context) ([]*document.Doc, error)) ([]document.Doc, error) {
	docs, err := list(ctx)
	if err != nil {
		return nil, err
	}
	primeDocs(ctx, docs)
	if err := prefetchDocs(ctx, nil, docs); err != nil {
		return nil, err
	}
	out := make([]document.Doc, len(docs))
	for i, d := range docs {
		out[i] = *d
	}
	return out, nil
}
