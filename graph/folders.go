package graph

import (
	"context"
	"slices"
	"strings"

	"codna/graph/model"
	"codna/internal/document"
	"codna/internal/live"
)

// folderTreeModel is one level of a space as the API gives it.
func folderTreeModel(t document.Tree) *model.FolderTree {
	out := &model.FolderTree{Space: spaceModel(t.Space), Path: t.Path, Folders: t.Folders, Documents: make([]model.FolderEntry, 0, len(t.Documents))}
	for _, d := range t.Documents {
		out.Documents = append(out.Documents, model.FolderEntry{
			ID: d.ID.String(), Space: spaceModel(d.Space), Path: d.Path, Slug: d.Slug, Title: d.Title,
			Status: statusModel(d.Status), UpdatedAt: d.UpdatedAt,
		})
	}
	return out
}

// sameFolder tells whether two reads of a folder show the same: its
// sub-folders and counts, and its pages' ids, addresses, titles and
// statuses. A page's update time alone is not a change of the folder (a save
// wakes no folder subscriber, but one woken for another reason must not
// push for it).
func sameFolder(a, b *model.FolderTree) bool {
	if !slices.Equal(a.Folders, b.Folders) || len(a.Documents) != len(b.Documents) {
		return false
	}
	for i, x := range a.Documents {
		y := b.Documents[i]
		if x.ID != y.ID || x.Path != y.Path || x.Slug != y.Slug || x.Title != y.Title || x.Status != y.Status {
			return false
		}
	}
	return true
}

// folderChanged is the folderChanged subscription: the folder as the actor
// sees it, read through the document service (which checks the actor on each
// read), first and then after each tree notification of its space that
// changes what the actor sees (docs/design.md, "How the sidebar follows").
func (r *subscriptionResolver) folderChanged(ctx context.Context, space model.Space, path string) (<-chan *model.FolderTree, error) {
	sp := spaceOf(space)
	sub := r.svc.Live.Subscribe(ctx, live.TreeChannel, strings.ToLower(string(sp)))
	read := func() (*model.FolderTree, error) {
		t, err := r.svc.Document.FolderTree(ctx, sp, path)
		if err != nil {
			return nil, err
		}
		return folderTreeModel(t), nil
	}
	first, err := read()
	if err != nil {
		sub.Close()
		return nil, err
	}
	return watch(ctx, r.Resolver, "folderChanged", sub, first, true, read, sameFolder), nil
}
