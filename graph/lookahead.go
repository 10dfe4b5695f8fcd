package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/vektah/gqlparser/v2/ast"

	"codna/graph/schedule"
	"codna/internal/document"
)

// selects reports whether the current field's selection reaches path
// (fragments included), e.g. selects(ctx, "edges", "node", "owner").
func selects(ctx context.Context, path ...string) bool {
	_, _, ok := selectionAt(ctx, path...)
	return ok
}

// selectionAt is the selection set the current field's selection reaches
// at path, following at each step the first field of that name (as
// selects does), with the operation's context; false when it does not
// reach path.
func selectionAt(ctx context.Context, path ...string) (*graphql.OperationContext, ast.SelectionSet, bool) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || !graphql.HasOperationContext(ctx) {
		return nil, nil, false
	}
	oc := graphql.GetOperationContext(ctx)
	if len(path) == 0 {
		return oc, fc.Field.Selections, true
	}
	sel, ok := walk(oc, graphql.CollectFields(oc, fc.Field.Selections, nil), path)
	return oc, sel, ok
}

// walk follows path from fields (a collected selection), as selects does.
func walk(oc *graphql.OperationContext, fields []graphql.CollectedField, path []string) (ast.SelectionSet, bool) {
	var sel ast.SelectionSet
	for i, name := range path {
		if i > 0 {
			fields = graphql.CollectFields(oc, sel, nil)
		}
		found := false
		for _, f := range fields {
			if f.Name == name {
				sel, found = f.Selections, true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return sel, true
}

// collectedAt returns every field (each alias) the current field's
// selection reaches at path, e.g. collectedAt(ctx, "edges", "node",
// "links"), following each name through every alias of it.
func collectedAt(ctx context.Context, path ...string) []graphql.CollectedField {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || !graphql.HasOperationContext(ctx) {
		return nil
	}
	oc := graphql.GetOperationContext(ctx)
	sels := []ast.SelectionSet{fc.Field.Selections}
	var found []graphql.CollectedField
	for _, name := range path {
		found = found[:0:0]
		for _, sel := range sels {
			for _, f := range graphql.CollectFields(oc, sel, nil) {
				if f.Name == name {
					found = append(found, f)
				}
			}
		}
		sels = sels[:0:0]
		for _, f := range found {
			sels = append(sels, f.Selections)
		}
	}
	return found
}

// prefetchDocs loads, in one batch each, what the selection will ask of
// every document on a page: owners, last editors, revision counts, links,
// backlinks, bodies, stars and thread counts.
// Without it, the list's items resolve concurrently and a loader's batch
// window can close before all of them have asked, splitting one statement
// into several. What it loaded it declares ready (schedule.Ready), so those
// fields resolve in place and, when nothing else on the page can wait, the
// page's items in turn, without a goroutine each.
func prefetchDocs(ctx context.Context, prefix []string, docs []*document.Doc) error {
	if len(docs) == 0 {
		return nil
	}
	l := loaders(ctx)
	var ready [][]string
	// The documents' selection is collected once; each field below is
	// looked up in it (selects would walk and collect the prefix again
	// for each).
	oc, sel, selected := selectionAt(ctx, prefix...)
	var fields []graphql.CollectedField
	if selected {
		fields = graphql.CollectFields(oc, sel, nil)
	}
	at := func(rest ...string) bool {
		if !selected {
			return false
		}
		if _, ok := walk(oc, fields, rest); !ok {
			return false
		}
		ready = append(ready, append(append([]string{}, prefix...), rest...))
		return true
	}
	// These resolvers only map the document they are given.
	at("space")
	at("status")
	at("myPermission")
	var users []uuid.UUID
	if at("owner") {
		for _, d := range docs {
			users = append(users, d.OwnerID)
		}
	}
	if at("updatedBy") {
		for _, d := range docs {
			if d.UpdatedBy != nil {
				users = append(users, *d.UpdatedBy)
			}
		}
	}
	if len(users) > 0 {
		if _, err := l.User.LoadAll(ctx, dedupe(users)); err != nil && !allNotFound(err) {
			return err
		}
	}
	if links, backlinks := at("links"), at("backlinks"); links || backlinks {
		var linkFields, backlinkFields []graphql.CollectedField
		if links {
			linkFields = collectedAt(ctx, append(append([]string{}, prefix...), "links")...)
		}
		if backlinks {
			backlinkFields = collectedAt(ctx, append(append([]string{}, prefix...), "backlinks")...)
		}
		if err := l.loadEndsNow(ctx, docs, linkFields, backlinkFields); err != nil {
			return err
		}
	}
	content, markdown, frontmatter := at("content"), at("markdown"), at("frontmatter")
	if content || markdown || frontmatter { // the page's bodies, as of the versions listed
		if _, err := l.Body.LoadAll(ctx, docs); err != nil && !allNotFound(err) {
			return err
		}
	}
	if at("starred") {
		if _, err := l.Starred.LoadAll(ctx, docs); err != nil {
			return err
		}
	}
	if counts, open := at("threadCount"), at("openThreadCount"); counts || open {
		if _, err := l.ThreadCounts.LoadAll(ctx, docs); err != nil {
			return err
		}
	}
	if at("watching") || at("watcherCount") {
		if _, err := l.Watch.LoadAll(ctx, docs); err != nil {
			return err
		}
	}
	if at("revisions", "totalCount") {
		if _, err := l.RevisionCount.LoadAll(ctx, docs); err != nil {
			return err
		}
	}
	schedule.Ready(ctx, ready...)
	return nil
}

func dedupe(ids []uuid.UUID) []uuid.UUID {
	seen := make(map[uuid.UUID]bool, len(ids))
	out := ids[:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
