package transfer

import (
	"archive/zip"
	"context"
	"io"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/files"
	"codna/internal/link"
)

// PageExport is one page ready to download (GET /documents/<id>.md): its
// markdown with frontmatter and, when it has files, those files beside it.
type PageExport struct {
	Doc      *document.Doc
	Markdown string // the frontmatter block and the body
	files    []files.Attachment
	s        *Service
}

// Zip reports whether the export is a zip (the page has files) rather
// than one markdown file.
func (p *PageExport) Zip() bool { return len(p.files) > 0 }

// Name is the download's file name: <slug>.md, or <slug>.zip with files.
func (p *PageExport) Name() string {
	if p.Zip() {
		return p.Doc.Slug + ".zip"
	}
	return p.Doc.Slug + ".md"
}

// Write writes the export to w, reading the files as the actor in ctx
// (the one ExportPage served): the markdown, or a zip holding <slug>.md and
// the page's files under <slug>.files/, the names its body links them by
// (docs/design.md, "Files").
func (p *PageExport) Write(ctx context.Context, w io.Writer) error {
	if !p.Zip() {
		_, err := io.WriteString(w, p.Markdown)
		return err
	}
	zw := zip.NewWriter(w)
	f, err := zw.CreateHeader(&zip.FileHeader{Name: p.Doc.Slug + ".md", Method: zip.Deflate, Modified: p.Doc.UpdatedAt})
	if err != nil {
		return err
	}
	if _, err := io.WriteString(f, p.Markdown); err != nil {
		return err
	}
	for _, a := range p.files {
		if err := p.s.writeFile(ctx, zw, p.Doc.Slug+link.FilesSuffix+"/"+a.Name, a.CreatedAt, func() (io.ReadCloser, error) { return p.s.files.OpenListed(ctx, a) }); err != nil {
			return err
		}
	}
	return zw.Close()
}

// ExportPage reads a live page the actor can read for download: its
// frontmatter (id, title, space, path, slug, tags, status, owner, created,
// updated, then its own keys — the folder export's block with the page's
// place) and body, and the list of its files (their bytes are read as
// Write writes them, as the actor in ctx). Errors: UNAUTHENTICATED;
// FORBIDDEN for management and the system; NOT_FOUND for a page the actor
// cannot read, an unknown one, or one in the trash.
func (s *Service) ExportPage(ctx context.Context, id uuid.UUID) (*PageExport, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	d, err := s.docs.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if d.DeletedAt != nil {
		return nil, fault.New(fault.NotFound, "No such document.")
	}
	bodies, err := s.docs.Bodies(ctx, []*document.Doc{d})
	if err != nil {
		return nil, err
	}
	b := bodies[d]
	if b == nil {
		return nil, fault.New(fault.NotFound, "No such document.")
	}
	owners, err := s.ownerEmails(ctx, []*document.Doc{d})
	if err != nil {
		return nil, err
	}
	fm, err := frontmatter(d, owners[d.OwnerID], b.FrontmatterExtra, true)
	if err != nil {
		return nil, err
	}
	atts, err := s.files.ForDocuments(ctx, []*document.Doc{d})
	if err != nil {
		return nil, err
	}
	return &PageExport{Doc: d, Markdown: fm + b.Content, files: atts[d], s: s}, nil
}
