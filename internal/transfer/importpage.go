package transfer

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/google/uuid"

	"codna/internal/access"
	"codna/internal/archive"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/files"
	"codna/internal/link"
	"codna/internal/space"
)

// page writes one page: created, updated or left as it is, with its files;
// a page that cannot be written is skipped with the reason.
func (r *importRun) page(ctx context.Context, pl *plan, p archive.Page) error {
	s := r.w.s
	known, isKnown := pl.known[p.Key]
	if isKnown && known.DeletedAt != nil {
		r.skip(archive.Skip{Entry: p.Entry, Reason: "its page is in the trash: restore it and import again"})
		return nil
	}
	resumed := isKnown && known.ImportID == r.imp.ID
	c, err := p.Load()
	if err != nil {
		r.skip(archive.Skip{Entry: p.Entry, Reason: err.Error()})
		return nil
	}
	for _, k := range c.Dropped {
		if !slices.Contains(r.report.DroppedKeys, k) {
			r.report.DroppedKeys = append(r.report.DroppedKeys, k)
		}
	}
	from, to := pl.planned[p.Key], pl.actual[p.Key]
	names := fileNames(c.Files)
	body := relink(c.Body, from, to, pl.moved, names)
	in := document.CreateInput{
		Space: r.imp.Space, Path: to.Path, Slug: to.Slug, Title: &c.Title, Content: body, Tags: cleanTags(c.Tags),
	}
	if in.Tags == nil {
		in.Tags = []string{}
	}
	if st, err := document.ParseStatus(c.Status); err == nil && c.Status != "" {
		in.Status = &st
	}
	if t, err := document.CheckTitle(c.Title); err != nil || t == "" {
		title := p.Slug
		in.Title = &title
	}
	switch {
	case resumed:
		// Written before this worker took over: only its files may be
		// missing (uploading the same bytes again stores nothing).
		_, err := r.files(ctx, known.DocumentID, c.Files, names)
		return err
	case isKnown:
		return r.update(ctx, p, known.DocumentID, in, c.Files, names)
	}
	var doc *document.Doc
	for attempt := 0; ; attempt++ {
		err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
			d, err := s.docs.CreateImported(ctx, tx, r.imp.UserID, r.imp.ArchiveID, in)
			if err != nil {
				return err
			}
			doc = d
			if r.imp.Access == space.EveryoneRead {
				// The importer's explicit choice, with the page or not at all.
				if _, err := access.GrantInTx(ctx, tx, access.GrantSpec{
					DocumentID: d.ID, Principal: access.Principal{Type: access.PrincipalGroup, ID: auth.EveryoneID},
					Permission: access.PermissionRead, GrantedBy: &r.imp.UserID, Reason: access.Import,
				}); err != nil {
					return err
				}
			}
			return db.Q.ImportPageCreate(ctx, tx, db.ImportPageCreateParams{ImportID: r.imp.ID, SourceKey: p.Key, DocumentID: d.ID, Outcome: "created"})
		})
		if fe := fault.Refusal(err); fe != nil && fe.Code == fault.Conflict && attempt < 5 {
			in.Slug = fmt.Sprintf("%s-%d", to.Slug, attempt+2+20) // taken meanwhile: links to it stay pending
			continue
		}
		break
	}
	if fe := fault.Refusal(err); fe != nil {
		r.skip(archive.Skip{Entry: p.Entry, Reason: fe.Message})
		return nil
	}
	if err != nil {
		return err
	}
	r.report.Created++
	renamed, err := r.files(ctx, doc.ID, c.Files, names)
	if err != nil || len(renamed) == 0 {
		return err
	}
	// The same bytes twice under two names: the page keeps one file, and
	// its body names it.
	in.Content = renameFiles(in.Content, to, renamed)
	return db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		_, _, err := s.docs.WriteImported(ctx, tx, doc.ID, r.imp.UserID, in)
		return err
	})
}

// update writes a page an earlier import made: its files first (their
// names may come back changed: a file never changes, so new bytes under a
// taken name get a free one), then its content where it changed.
func (r *importRun) update(ctx context.Context, p archive.Page, id uuid.UUID, in document.CreateInput, fs []archive.File, names map[string]string) error {
	s := r.w.s
	renamed, err := r.files(ctx, id, fs, names)
	if fe := fault.Refusal(err); fe != nil {
		r.skip(archive.Skip{Entry: p.Entry, Reason: "its page cannot take the files: " + fe.Message})
		return nil
	}
	if err != nil {
		return err
	}
	in.Content = renameFiles(in.Content, link.Address{Space: string(in.Space), Path: in.Path, Slug: in.Slug}, renamed)
	var changed bool
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, err := s.docs.GetTx(r.owner, tx, id)
		if err != nil {
			return err
		}
		in.Path, in.Slug = cur.Path, cur.Slug
		_, changed, err = s.docs.WriteImported(ctx, tx, id, r.imp.UserID, in)
		if err != nil {
			return err
		}
		outcome := "unchanged"
		if changed {
			outcome = "updated"
		}
		return db.Q.ImportPageCreate(ctx, tx, db.ImportPageCreateParams{ImportID: r.imp.ID, SourceKey: p.Key, DocumentID: id, Outcome: outcome})
	})
	if fe := fault.Refusal(err); fe != nil {
		r.skip(archive.Skip{Entry: p.Entry, Reason: "its page cannot be written: " + fe.Message})
		return nil
	}
	if err != nil {
		return err
	}
	if changed {
		r.report.Updated++
	} else {
		r.report.Unchanged++
	}
	return nil
}

// files uploads a page's files as the importer, under the names names
// gives, and returns those that came back under another name (the same
// bytes already there under it, or the name taken by other bytes).
func (r *importRun) files(ctx context.Context, doc uuid.UUID, fs []archive.File, names map[string]string) (map[string]string, error) {
	renamed := map[string]string{}
	for _, f := range fs {
		name := names[f.Name]
		rc, err := f.Entry.Open()
		if err != nil {
			r.skip(archive.Skip{Entry: f.Entry.Name, Reason: err.Error()})
			continue
		}
		a, _, err := r.w.s.files.Upload(r.owner, doc, name, rc)
		rc.Close()
		if fe := fault.Refusal(err); fe != nil && fe.Field == "file" {
			r.skip(archive.Skip{Entry: f.Entry.Name, Reason: fe.Message})
			continue
		}
		if err != nil {
			return nil, err
		}
		if a.Name != name {
			renamed[name] = a.Name
		}
	}
	return renamed, nil
}

// fileNames gives each of a page's files the name an upload would keep
// (files.NormalizeName), unique within the page.
func fileNames(fs []archive.File) map[string]string {
	out := map[string]string{}
	used := map[string]bool{}
	for _, f := range fs {
		n := files.NormalizeName(f.Name)
		base, ext := strings.TrimSuffix(n, path.Ext(n)), path.Ext(n)
		for i := 2; used[n]; i++ {
			n = fmt.Sprintf("%s-%d%s", base, i, ext)
		}
		used[n] = true
		out[f.Name] = n
	}
	return out
}

// cleanTags makes tags a document takes: lowercase letters, digits and
// "_/.-", every run of other characters one hyphen, starting with a letter
// or digit, at most 50 characters; empty ones dropped.
func cleanTags(tags []string) []string {
	var out []string
	for _, t := range tags {
		var b strings.Builder
		dash := false
		for _, r := range strings.ToLower(t) {
			switch {
			case (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || (b.Len() > 0 && strings.ContainsRune("_/.", r)):
				b.WriteRune(r)
				dash = false
			case b.Len() > 0 && !dash:
				b.WriteByte('-')
				dash = true
			}
		}
		c := strings.TrimRight(b.String(), "-")
		if len(c) > 50 {
			c = strings.TrimRight(c[:50], "-")
		}
		if c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
