package transfer

import (
	"archive/zip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"
	"go.yaml.in/yaml/v3"

	"codna/internal/archive"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/link"
)

// exportBatch is how many pages an export reads at once: one statement
// each for their bodies, files and links.
const exportBatch = 100

// Manifest is what an export writes to manifest.json at the root of its
// tree: where it came from, and the links of its pages that reach outside
// it (kept as written).
type Manifest struct {
	Space      string         `json:"space"`
	Path       string         `json:"path"`
	ExportedAt time.Time      `json:"exportedAt"`
	Pages      int            `json:"pages"`
	External   []ExternalLink `json:"external"`
}

// ExternalLink is a link from a page of an export to a page outside it:
// Target is that page's address when the exporter can read it, else "".
type ExternalLink struct {
	Source string `json:"source"` // the linking page's file in the tree
	Href   string `json:"href"`
	Target string `json:"target,omitempty"`
}

// WriteTree writes the folder (space, path) — every live page in it and
// beneath it that the actor in ctx can read — to w as a zip: each page at
// "<folder below path>/<slug>.md" with frontmatter (id, title, tags,
// status, owner, created, updated, then its other keys), its files in
// "<slug>.files/", hrefs to pages in the tree rewritten to relative paths
// to where they are now (so they work in any markdown editor, and import
// back as the same links), others kept and listed in manifest.json.
// progress, if set, hears how many pages are written of how many. It reads
// a fixed number of statements per 100 pages. Errors: UNAUTHENTICATED;
// FORBIDDEN for management (it reads no content); BAD_USER_INPUT on space
// or path; the writer's.
func (s *Service) WriteTree(ctx context.Context, w io.Writer, space document.Space, folder string, progress func(done, total int)) error {
	if _, err := auth.RequirePerson(ctx, onlyPeople); err != nil {
		return err
	}
	sp, err := document.ParseSpace("space", string(space))
	if err != nil {
		return err
	}
	if folder, err = document.NormalizePath(folder); err != nil {
		return err
	}
	docs, err := s.listFolder(ctx, sp, folder)
	if err != nil {
		return err
	}
	if progress != nil {
		progress(0, len(docs))
	}
	inTree := make(map[uuid.UUID]*document.Doc, len(docs))
	for _, d := range docs {
		inTree[d.ID] = d
	}
	owners, err := s.ownerEmails(ctx, docs)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(w)
	man := Manifest{Space: string(sp), Path: folder, ExportedAt: time.Now().UTC(), Pages: len(docs), External: []ExternalLink{}}
	for start := 0; start < len(docs); start += exportBatch {
		batch := docs[start:min(start+exportBatch, len(docs))]
		if err := s.writeBatch(ctx, zw, folder, batch, inTree, owners, &man); err != nil {
			return err
		}
		if progress != nil {
			progress(start+len(batch), len(docs))
		}
	}
	f, err := zw.Create(archive.ManifestName)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	enc.SetIndent("", "  ")
	if err := enc.Encode(man); err != nil {
		return err
	}
	return zw.Close()
}

// listFolder lists the live pages of a folder the actor can read, by
// title, 500 at a time.
func (s *Service) listFolder(ctx context.Context, space document.Space, folder string) ([]*document.Doc, error) {
	f := document.Filter{Space: &space}
	if folder != "" {
		f.PathPrefix = &folder
	}
	var out []*document.Doc
	var after *document.Cursor
	for {
		page, more, err := s.docs.List(ctx, f, document.ByTitle, after, 500)
		if err != nil {
			return nil, err
		}
		out = append(out, page...)
		if !more || len(page) == 0 {
			break
		}
		c := document.CursorOf(page[len(page)-1], document.ByTitle)
		after = &c
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Slug < out[j].Slug
	})
	return out, nil
}

// ownerEmails names the owners of docs by email, in one statement.
func (s *Service) ownerEmails(ctx context.Context, docs []*document.Doc) (map[uuid.UUID]string, error) {
	var ids []uuid.UUID
	seen := map[uuid.UUID]bool{}
	for _, d := range docs {
		if !seen[d.OwnerID] {
			seen[d.OwnerID] = true
			ids = append(ids, d.OwnerID)
		}
	}
	out := map[uuid.UUID]string{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.Q.UserGetMany(ctx, s.pool, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.Email
	}
	return out, nil
}

// relPath is where a page sits in the tree: its folder below the exported
// one.
func relPath(folder, p string) string {
	if folder == "" {
		return p
	}
	return strings.TrimPrefix(strings.TrimPrefix(p, folder), "/")
}

// writeBatch writes a batch of pages with their files: their bodies, files
// and links in one statement each.
func (s *Service) writeBatch(ctx context.Context, zw *zip.Writer, folder string, batch []*document.Doc, inTree map[uuid.UUID]*document.Doc,
	owners map[uuid.UUID]string, man *Manifest) error {
	bodies, err := s.docs.Bodies(ctx, batch)
	if err != nil {
		return err
	}
	atts, err := s.files.ForDocuments(ctx, batch)
	if err != nil {
		return err
	}
	edges, err := s.links.Outgoing(ctx, batch)
	if err != nil {
		return err
	}
	for _, d := range batch {
		b := bodies[d]
		if b == nil {
			continue // gone in between
		}
		entry := path.Join(relPath(folder, d.Path), d.Slug)
		// Each link to a page of the tree reaches it where it is now; the
		// others stay as written and go in the manifest.
		to := map[string]string{}
		for _, e := range edges[d] {
			if e.TargetID != nil && inTree[*e.TargetID] != nil {
				t := inTree[*e.TargetID]
				_, suffix := splitSuffix(e.Href)
				to[e.Href] = link.Relative(string(d.Space), d.Path, link.Address{Space: string(t.Space), Path: t.Path, Slug: t.Slug}) + suffix
				continue
			}
			x := ExternalLink{Source: entry + ".md", Href: e.Href}
			if e.Target != nil {
				x.Target = e.Target.Address()
			}
			man.External = append(man.External, x)
		}
		content := link.RewriteHrefs(b.Content, func(href string) (string, bool) {
			nh, ok := to[href]
			return nh, ok
		})
		fm, err := frontmatter(d, owners[d.OwnerID], b.FrontmatterExtra, false)
		if err != nil {
			return err
		}
		f, err := zw.CreateHeader(&zip.FileHeader{Name: entry + ".md", Method: zip.Deflate, Modified: d.UpdatedAt})
		if err != nil {
			return err
		}
		if _, err := io.WriteString(f, fm+content); err != nil {
			return err
		}
		for _, a := range atts[d] {
			if err := s.writeFile(ctx, zw, entry+link.FilesSuffix+"/"+a.Name, a.CreatedAt, func() (io.ReadCloser, error) { return s.files.OpenListed(ctx, a) }); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeFile copies a stored file into the zip, streaming.
func (s *Service) writeFile(_ context.Context, zw *zip.Writer, name string, mod time.Time, open func() (io.ReadCloser, error)) error {
	src, err := open()
	if err != nil {
		return err
	}
	defer src.Close()
	f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: mod})
	if err != nil {
		return err
	}
	_, err = io.Copy(f, src)
	return err
}

// frontmatter writes a page's YAML block: the keys an import drops (id,
// owner, created, updated; with place, its space, path and slug too, for a
// page exported alone), those it keeps (title, tags, status), then the
// page's other keys, sorted.
func frontmatter(d *document.Doc, owner string, extra map[string]any, place bool) (string, error) {
	m := &yaml.Node{Kind: yaml.MappingNode}
	add := func(k string, v any) error {
		var n yaml.Node
		if err := n.Encode(v); err != nil {
			return err
		}
		m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: k}, &n)
		return nil
	}
	tags := d.Tags
	if tags == nil {
		tags = []string{}
	}
	type kv struct {
		k string
		v any
	}
	keys := []kv{{"id", d.ID.String()}, {"title", d.Title}}
	if place {
		keys = append(keys, kv{"space", string(d.Space)}, kv{"path", d.Path}, kv{"slug", d.Slug})
	}
	keys = append(keys, kv{"tags", tags}, kv{"status", string(d.Status)}, kv{"owner", owner},
		kv{"created", d.CreatedAt.UTC().Format(time.RFC3339)}, kv{"updated", d.UpdatedAt.UTC().Format(time.RFC3339)})
	for _, kv := range keys {
		if err := add(kv.k, kv.v); err != nil {
			return "", err
		}
	}
	names := make([]string, 0, len(extra))
	for k := range extra {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if err := add(k, extra[k]); err != nil {
			return "", err
		}
	}
	out, err := yaml.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("transfer: frontmatter of %s: %w", d.ID, err)
	}
	return "---\n" + string(out) + "---\n", nil
}
