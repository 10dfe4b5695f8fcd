package graph

import (
	"context"

	"codna/graph/model"
	"codna/internal/document"
	"codna/internal/ingest"
)

func (r *queryResolver) ingestions(ctx context.Context, first *int, after *string) (*model.IngestionConnection, error) {
	n := 20
	if first != nil {
		n = *first
	}
	cur, err := decodeCursor("ingestion", after)
	if err != nil {
		return nil, err
	}
	list, more, err := r.svc.Ingest.List(ctx, n, cur)
	if err != nil {
		return nil, err
	}
	out := &model.IngestionConnection{Edges: make([]model.IngestionEdge, len(list)), PageInfo: &model.PageInfo{HasNextPage: more}}
	for i, g := range list {
		c := encodeCursor("ingestion", g.ID)
		out.Edges[i] = model.IngestionEdge{Cursor: c, Node: g}
		out.PageInfo.EndCursor = &c
	}
	return out, nil
}

func (r *mutationResolver) ingest(ctx context.Context, in model.IngestInput) (*model.IngestPayload, error) {
	var path, source string
	if in.Path != nil {
		path = *in.Path
	}
	if in.Source != nil {
		source = *in.Source
	}
	g, err := r.svc.Ingest.Ingest(ctx, in.File.File, in.File.Filename, path, source)
	if err != nil {
		return nil, err
	}
	return &model.IngestPayload{Ingestion: g}, nil
}

func (r *mutationResolver) reconvertIngestion(ctx context.Context, rawID string) (*model.IngestPayload, error) {
	id, err := parseID("id", rawID)
	if err != nil {
		return nil, err
	}
	g, err := r.svc.Ingest.Reconvert(ctx, id)
	if err != nil {
		return nil, err
	}
	return &model.IngestPayload{Ingestion: g}, nil
}

// ingestionDocument is the page an ingestion made, through the permission
// loader (null when the uploader can no longer read it).
func ingestionDocument(ctx context.Context, g *ingest.Ingestion) (*document.Doc, error) {
	if g.DocumentID == nil {
		return nil, nil
	}
	return loadDoc(ctx, *g.DocumentID)
}
