package archive

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"

	"codna/internal/convert"
)

// maxConvertedFileBytes bounds one file of a "files" archive, read into
// memory to be converted.
const maxConvertedFileBytes = 100 << 20

// convertBudget bounds one file's conversion, as an ingestion's.
const convertBudget = time.Minute

// readFiles reads a zip of arbitrary files: each becomes a page converted
// as an ingestion converts an upload (internal/convert: markdown, text,
// HTML, PDF, DOCX), and an image a page showing it. The page lands at the
// file's folder (each folder name a slug) under the slug of its name. A
// file that cannot be converted is skipped with the reason when its page is
// loaded.
func readFiles(a *Archive) (*Tree, error) {
	root := wrappingFolder(a)
	names := NewNamer()
	t := &Tree{}
	for _, e := range a.Entries() {
		rel := strings.TrimPrefix(e.Name, root)
		if junk(rel) {
			continue
		}
		dir, base := path.Split(rel)
		folder := folderOf(dir)
		slug := names.Take(folder, Slugify(strings.TrimSuffix(base, path.Ext(base)), "document"))
		t.Pages = append(t.Pages, Page{
			Key: rel, Path: folder, Slug: slug, Entry: e.Name,
			Load: func() (*Content, error) { return convertFile(e, base, slug, a.Limits().MaxBodyBytes) },
		})
	}
	if len(t.Pages) == 0 {
		return nil, fmt.Errorf("%w: the archive holds no files", ErrFormat)
	}
	return t, nil
}

// convertFile converts one file into a page's content.
func convertFile(e *Entry, name, slug string, maxBody int) (*Content, error) {
	data, err := e.ReadAll(maxConvertedFileBytes)
	if err != nil {
		return nil, err
	}
	title := strings.TrimSuffix(name, path.Ext(name))
	kind := convert.Detect(data, name)
	if kind == convert.KindImage {
		return &Content{
			Title: title,
			Body:  fmt.Sprintf("![%s](%s)\n", strings.NewReplacer("[", "", "]", "").Replace(title), RelativeFileHref("", "", slug, name)),
			Files: []File{{Name: name, Entry: e}},
		}, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), convertBudget)
	defer cancel()
	res, err := convert.Convert(ctx, kind, bytes.NewReader(data), int64(len(data)), convert.Limits{MaxOutputBytes: maxBody})
	if err != nil {
		if errors.Is(err, convert.ErrUnsupported) {
			return nil, fmt.Errorf("%s: not a kind of file a page is made of (markdown, text, HTML, PDF, DOCX or an image)", e.Name)
		}
		return nil, fmt.Errorf("%s: %v", e.Name, err)
	}
	if res.Title != "" {
		title = res.Title
	}
	return &Content{Title: title, Body: res.Markdown}, nil
}
