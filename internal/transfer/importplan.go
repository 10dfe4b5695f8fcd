package transfer

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/google/uuid"

	"codna/internal/archive"
	"codna/internal/db"
	"codna/internal/link"
)

// plan is where each page of a tree lands: planned is the address the
// archive gives it below the import's folder, actual the address it has
// (a page an earlier import made, wherever it was moved since; a new page's
// planned address, or a free slug beside it when that is taken).
type plan struct {
	planned, actual map[string]link.Address // by page key
	known           map[string]db.ImportPageListForFolderRow
	moved           map[string]link.Address // planned address → actual, where they differ
}

func (r *importRun) address(p archive.Page) link.Address {
	return link.Address{Space: string(r.imp.Space), Path: strings.Trim(path.Join(r.imp.Path, p.Path), "/"), Slug: p.Slug}
}

// plan finds, in three statements or so, the pages earlier imports into the
// folder made and the planned addresses other documents hold.
func (r *importRun) plan(ctx context.Context, tree *archive.Tree) (*plan, error) {
	s := r.w.s
	rows, err := db.Q.ImportPageListForFolder(ctx, s.pool, db.ImportPageListForFolderParams{
		Space: db.Space(r.imp.Space), Path: r.imp.Path, Format: string(r.imp.Format), ImportID: r.imp.ID,
	})
	if err != nil {
		return nil, err
	}
	pl := &plan{planned: map[string]link.Address{}, actual: map[string]link.Address{}, known: map[string]db.ImportPageListForFolderRow{}, moved: map[string]link.Address{}}
	for _, row := range rows {
		pl.known[row.SourceKey] = row
	}
	held := map[string]bool{} // addresses the known pages hold: free for their own pages
	for _, row := range pl.known {
		held[link.Address{Space: string(row.Space), Path: row.Path, Slug: row.Slug}.String()] = true
	}
	var fresh []archive.Page
	for _, p := range tree.Pages {
		a := r.address(p)
		pl.planned[p.Key] = a
		if k, ok := pl.known[p.Key]; ok {
			pl.actual[p.Key] = link.Address{Space: string(k.Space), Path: k.Path, Slug: k.Slug}
			continue
		}
		fresh = append(fresh, p)
	}
	// A new page whose address another document holds gets a free slug
	// beside it: ask for the planned addresses, then for up to 20
	// alternatives of those taken.
	taken, err := r.taken(ctx, fresh, 0)
	if err != nil {
		return nil, err
	}
	var clash []archive.Page
	for _, p := range fresh {
		a := pl.planned[p.Key]
		if taken[a.String()] && !held[a.String()] {
			clash = append(clash, p)
			continue
		}
		pl.actual[p.Key] = a
		held[a.String()] = true
	}
	if len(clash) > 0 {
		alt, err := r.taken(ctx, clash, 20)
		if err != nil {
			return nil, err
		}
		for _, p := range clash {
			a := pl.planned[p.Key]
			for i := 2; ; i++ {
				c := a
				c.Slug = fmt.Sprintf("%s-%d", a.Slug, i)
				if (!alt[c.String()] || i > 21) && !held[c.String()] {
					pl.actual[p.Key] = c
					held[c.String()] = true
					break
				}
			}
		}
	}
	for key, a := range pl.planned {
		if b := pl.actual[key]; b != a {
			pl.moved[a.String()] = b
		}
	}
	return pl, nil
}

// taken reports which of the pages' planned addresses (and, with alts > 0,
// their "-2" … "-<alts+1>" alternatives) a live document holds, in one
// statement.
func (r *importRun) taken(ctx context.Context, pages []archive.Page, alts int) (map[string]bool, error) {
	out := map[string]bool{}
	if len(pages) == 0 {
		return out, nil
	}
	var q db.DocumentListAtAddressesParams
	var keys []string
	for _, p := range pages {
		a := r.address(p)
		for i := 0; i <= alts; i++ {
			c := a
			if alts > 0 {
				c.Slug = fmt.Sprintf("%s-%d", a.Slug, i+2)
			}
			q.Spaces, q.Paths, q.Slugs = append(q.Spaces, c.Space), append(q.Paths, c.Path), append(q.Slugs, c.Slug)
			keys = append(keys, c.String())
		}
	}
	rows, err := db.Q.DocumentListAtAddresses(ctx, r.w.s.pool, q)
	if err != nil {
		return nil, err
	}
	for _, row := range rows {
		if row.LiveID != uuid.Nil {
			out[keys[row.I-1]] = true
		}
	}
	return out, nil
}
