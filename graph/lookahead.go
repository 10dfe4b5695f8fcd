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
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || !graphql.HasOperationContext(ctx) {
		return false
	}
	_, ok := selectionAt(schedule.From(ctx), graphql.GetOperationContext(ctx), fc.Field.Selections, path)
	return ok
}

// selectionAt follows path from sel as selects does (the first field of
// each name, fragments included) and returns the selection set it reaches;
// false when one of the names is not selected.
// The operation's cache (op) keeps each selection set collected once.
func selectionAt(op *schedule.Op, oc *graphql.OperationContext, sel ast.SelectionSet, path []string) (ast.SelectionSet, bool) {
	for _, name := range path {
		found := false
		for _, f := range op.CollectFields(oc, sel, nil) {
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
	oc, op := graphql.GetOperationContext(ctx), schedule.From(ctx)
	sels := []ast.SelectionSet{fc.Field.Selections}
	var found []graphql.CollectedField
	for _, name := range path {
		found = found[:0:0]
		for _, sel := range sels {
			for _, f := range op.CollectFields(oc, sel, nil) {
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
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || !graphql.HasOperationContext(ctx) {
		return nil // selects nothing: nothing to load or declare
	}
	l := loaders(ctx)
	// What at asks is selects(ctx, prefix + rest...): the walk to prefix
	// is done once, and the fields there collected once, for the fifteen
	// or so names asked below (each walk collected every selection set on
	// its way again).
	oc, op := graphql.GetOperationContext(ctx), schedule.From(ctx)
	base, ok := selectionAt(op, oc, fc.Field.Selections, prefix)
	if !ok {
		return nil
	}
	baseFields := op.CollectFields(oc, base, nil)
	var ready [][]string
	at := func(rest ...string) bool {
		var sel ast.SelectionSet
		found := false
		for _, f := range baseFields {
			if f.Name == rest[0] {
				sel, found = f.Selections, true
				break
			}
		}
		if !found {
			return false
		}
		if _, ok := selectionAt(op, oc, sel, rest[1:]); !ok {
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
