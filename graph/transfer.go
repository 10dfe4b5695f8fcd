package graph

import (
	"context"
	"strings"

	"codna/graph/model"
	"codna/internal/archive"
	"codna/internal/fault"
	"codna/internal/live"
	"codna/internal/transfer"
)

func (r *mutationResolver) startImport(ctx context.Context, in model.StartImportInput) (*model.StartImportPayload, error) {
	space := model.SpaceRaw
	if in.Space != nil {
		space = *in.Space
	}
	var path string
	if in.Path != nil {
		path = *in.Path
	}
	imp, err := r.svc.Transfer.StartImport(ctx, in.File.File, in.File.Filename, archive.Format(strings.ToLower(string(in.Format))), spaceOf(space), path)
	if err != nil {
		return nil, err
	}
	return &model.StartImportPayload{Import: imp}, nil
}

func (r *mutationResolver) exportDocuments(ctx context.Context, space model.Space, path *string) (*model.ExportDocumentsPayload, error) {
	var p string
	if path != nil {
		p = *path
	}
	e, err := r.svc.Transfer.StartExport(ctx, spaceOf(space), p)
	if err != nil {
		return nil, err
	}
	return &model.ExportDocumentsPayload{Export: e}, nil
}

func (r *queryResolver) imports(ctx context.Context, first *int, after *string) (*model.ImportConnection, error) {
	n := 20
	if first != nil {
		n = *first
	}
	cur, err := decodeCursor("import", after)
	if err != nil {
		return nil, err
	}
	list, more, err := r.svc.Transfer.ListImports(ctx, n, cur)
	if err != nil {
		return nil, err
	}
	out := &model.ImportConnection{Edges: make([]model.ImportEdge, len(list)), PageInfo: &model.PageInfo{HasNextPage: more}}
	for i, imp := range list {
		c := encodeCursor("import", imp.ID)
		out.Edges[i] = model.ImportEdge{Cursor: c, Node: imp}
		out.PageInfo.EndCursor = &c
	}
	return out, nil
}

func (r *queryResolver) importByID(ctx context.Context, rawID string) (*transfer.Import, error) {
	id, err := parseID("id", rawID)
	if err != nil {
		return nil, err
	}
	imp, err := r.svc.Transfer.GetImport(ctx, id)
	if fault.CodeOf(err) == fault.NotFound {
		return nil, nil
	}
	return imp, err
}

func (r *queryResolver) exportByID(ctx context.Context, rawID string) (*transfer.Export, error) {
	id, err := parseID("id", rawID)
	if err != nil {
		return nil, err
	}
	e, err := r.svc.Transfer.GetExport(ctx, id)
	if fault.CodeOf(err) == fault.NotFound {
		return nil, nil
	}
	return e, err
}

// importProgress pushes an import of the actor's: now, then after each
// step the worker records (codna_import), and ends once it is done or
// failed.
func (r *subscriptionResolver) importProgress(ctx context.Context, rawID string) (<-chan *transfer.Import, error) {
	id, err := parseID("id", rawID)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	sub := r.svc.Live.Subscribe(ctx, live.ImportChannel, id.String())
	read := func() (*transfer.Import, error) { return r.svc.Transfer.GetImport(ctx, id) }
	first, err := read()
	if err != nil {
		sub.Close()
		cancel()
		return nil, err
	}
	in := watch(ctx, r.Resolver, "importProgress", sub, first, read, func(a, b *transfer.Import) bool {
		return a.Status == b.Status && a.Done == b.Done && a.Total == b.Total
	})
	out := make(chan *transfer.Import, 1)
	go func() {
		defer close(out)
		defer cancel()
		for imp := range in {
			if !push(ctx, out, imp) {
				return
			}
			if imp.Status == transfer.StatusDone || imp.Status == transfer.StatusFailed {
				return
			}
		}
	}()
	return out, nil
}
