package mcpserver

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/space"
)

// URIPrefix begins every document's resource URI: codna://documents/<id>.
const URIPrefix = "codna://documents/"

// uriOf is a document's resource URI.
func uriOf(id uuid.UUID) string { return URIPrefix + id.String() }

// addressOf writes an address the way a model links to it: space/path/slug
// (the href /space/path/slug.md reaches it from any page).
func addressOf(space document.Space, path, slug string) string {
	if path == "" {
		return string(space) + "/" + slug
	}
	return string(space) + "/" + path + "/" + slug
}

// docRef names a document in a result.
type docRef struct {
	ID      string `json:"id" jsonschema:"the page's permanent id"`
	URI     string `json:"uri" jsonschema:"the page as a resource: codna://documents/<id>"`
	Address string `json:"address" jsonschema:"space/path/slug; a markdown link to it is /<address>.md"`
	Title   string `json:"title"`
}

func refOf(d *document.Doc) docRef {
	return docRef{ID: d.ID.String(), URI: uriOf(d.ID), Address: addressOf(d.Space, d.Path, d.Slug), Title: d.Title}
}

// parseID reads an id argument. Errors: BAD_USER_INPUT on field.
func parseID(field, s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, fault.Input(field, "%q is not a page id (a UUID like 0192f1c2-…).", truncate(s, 60))
	}
	return id, nil
}

// parseAddress reads an address as space/path/slug; space:path/slug (as
// the inbox writes them) and /space/path/slug.md (a link's href) are read
// too. Errors: BAD_USER_INPUT on address.
func parseAddress(s string) (document.Space, string, string, error) {
	bad := fault.Input("address", "An address is space/path/slug, like wiki/ops/deploy (the space raw, wiki or output, then folders, then the page's slug).")
	a := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "/"), ".md")
	space, rest, ok := strings.Cut(a, "/")
	if sp, r, colon := strings.Cut(a, ":"); colon && !strings.Contains(sp, "/") {
		space, rest, ok = sp, r, true
	}
	if !ok || rest == "" {
		return "", "", "", bad
	}
	sp, err := document.ParseSpace("address", space)
	if err != nil {
		return "", "", "", bad
	}
	path, slug := "", rest
	if i := strings.LastIndex(rest, "/"); i >= 0 {
		path, slug = rest[:i], rest[i+1:]
	}
	return sp, path, slug, nil
}

// readIn names a page by id or by address.
type readIn struct {
	ID      string `json:"id,omitempty" jsonschema:"the page's id (from search, list_documents or a link); give id or address"`
	Address string `json:"address,omitempty" jsonschema:"the page's address, space/path/slug, like wiki/ops/deploy; give id or address"`
}

// linkOut is a link in a page as the reader sees it.
type linkOut struct {
	Href  string `json:"href" jsonschema:"the href as written in the markdown"`
	Text  string `json:"text" jsonschema:"the link's text"`
	State string `json:"state" jsonschema:"resolved (it reaches its page), stale_text (its page moved: the href is out of date), pending (no page you can read is there yet) or broken (its page is in the trash)"`
	// Target is nil for a pending link: nothing you can read is there.
	Target *docRef `json:"target" jsonschema:"the page it reaches; null when pending"`
}

// readOut is a page with its body and links.
type readOut struct {
	docRef
	Space       string         `json:"space"`
	Path        string         `json:"path" jsonschema:"its folder, empty at the space root"`
	Slug        string         `json:"slug"`
	Tags        []string       `json:"tags"`
	Status      string         `json:"status" jsonschema:"draft, active or archived"`
	Version     int            `json:"version" jsonschema:"pass it as expectedVersion to write_document to update the page"`
	Permission  string         `json:"permission" jsonschema:"what you may do: read, write (edit) or owner"`
	UpdatedAt   time.Time      `json:"updatedAt"`
	InTrash     bool           `json:"inTrash" jsonschema:"true for a page of yours in the trash"`
	Frontmatter map[string]any `json:"frontmatter" jsonschema:"the frontmatter keys besides title, tags and status"`
	Content     string         `json:"content" jsonschema:"the markdown body, without its frontmatter block"`
	Links       []linkOut      `json:"links" jsonschema:"the links in the body, each once, with its state"`
}

// listIn is a folder to list.
type listIn struct {
	Space     string `json:"space" jsonschema:"raw, wiki or output"`
	Path      string `json:"path,omitempty" jsonschema:"the folder, like ops/runbooks; empty or left out: the space root"`
	Recursive bool   `json:"recursive,omitempty" jsonschema:"true: every page in the folder and beneath it, by title, a page at a time; false: the folder's subfolders and its own pages"`
	Limit     int    `json:"limit,omitempty" jsonschema:"how many pages at most"`
	Cursor    string `json:"cursor,omitempty" jsonschema:"nextCursor of the previous call, for the next page of the same listing"`
}

type folderOut struct {
	Path          string `json:"path"`
	Documents     int    `json:"documents" jsonschema:"pages you can read in it and beneath it"`
	HasSubfolders bool   `json:"hasSubfolders"`
}

type listedDoc struct {
	docRef
	Status    string    `json:"status"`
	UpdatedAt time.Time `json:"updatedAt"`
}

type listOut struct {
	Space      string      `json:"space"`
	Path       string      `json:"path"`
	Folders    []folderOut `json:"folders" jsonschema:"the subfolders directly under path (empty for a recursive listing)"`
	Documents  []listedDoc `json:"documents"`
	NextCursor string      `json:"nextCursor,omitempty" jsonschema:"present when more pages follow: pass it as cursor"`
}

// writeIn creates or updates a page.
type writeIn struct {
	ID              string   `json:"id,omitempty" jsonschema:"the page to update; leave out to create a page"`
	ExpectedVersion int      `json:"expectedVersion,omitempty" jsonschema:"updates: the version you read (read_document); someone saving since makes it CONFLICT"`
	Space           string   `json:"space,omitempty" jsonschema:"new pages: the space (agents: output)"`
	Path            string   `json:"path,omitempty" jsonschema:"new pages: the folder, like reports/weekly; empty: the space root"`
	Slug            string   `json:"slug,omitempty" jsonschema:"new pages: lowercase letters, digits and hyphens, like weekly-summary"`
	TemplateID      string   `json:"templateId,omitempty" jsonschema:"new pages: start from this template (a page tagged template you can read): its body with {{date}}, {{title}} and {{author}} filled, its tags but template; leave content out"`
	Title           string   `json:"title,omitempty" jsonschema:"the title; left out: the frontmatter's, or unchanged"`
	Content         *string  `json:"content,omitempty" jsonschema:"the markdown body, optionally starting with a YAML frontmatter block; left out on update: unchanged"`
	Tags            []string `json:"tags,omitempty" jsonschema:"the tags (replacing the page's); left out: the frontmatter's, or unchanged"`
	Status          string   `json:"status,omitempty" jsonschema:"draft, active or archived; left out: unchanged (new pages: active)"`
	ChangeSummary   string   `json:"changeSummary,omitempty" jsonschema:"updates: why, in one line of at most 300 characters; shown in the page's history"`
}

type writeOut struct {
	ID      string `json:"id"`
	URI     string `json:"uri"`
	Address string `json:"address"`
	Version int    `json:"version" jsonschema:"the page's version now: the expectedVersion of your next update"`
	Created bool   `json:"created"`
	Changed bool   `json:"changed" jsonschema:"false when the update changed nothing (no new version)"`
}

var spaces = enum("raw", "wiki", "output")

func (s *Server) addDocumentTools() {
	addTool(s, toolSpec{
		name: "read_document", title: "Read a page", readOnly: true,
		description: "Read one page of the knowledge base: its markdown body, frontmatter, title, tags, version, " +
			"what you may do with it, and its links with their states. Name it by id or by address (wiki/ops/deploy). " +
			"A page you cannot read answers NOT_FOUND, exactly like one that does not exist.",
		props: props{"id": {isID}, "address": {maxLen(1200)}},
	}, s.readDocument)
	addTool(s, toolSpec{
		name: "list_documents", title: "List a folder", readOnly: true,
		description: "Browse a space by folder: the subfolders and pages directly in a folder, or with recursive every page " +
			"beneath it, a page of results at a time. Only what you can read is listed; a folder holding nothing you can read " +
			"looks empty. Use search to find pages by words.",
		props: props{"space": {spaces}, "path": {maxLen(1200)}, "limit": {between(1, 200), byDefault(100)}, "cursor": {maxLen(2000)}},
	}, s.listDocuments)
	addTool(s, toolSpec{
		name: "write_document", title: "Create or update a page",
		description: "Create a page (give space, path, slug and content; agents create pages only in output) or update one " +
			"(give id and the expectedVersion you read, plus what changes). Every save is kept as a revision. A page elsewhere " +
			"can be edited only if it was shared with you for writing (FORBIDDEN otherwise). CONFLICT on expectedVersion: " +
			"someone saved meanwhile, read it again and reapply; CONFLICT on slug: the address is taken. It does not move pages.",
		props: props{
			"id": {isID}, "expectedVersion": {between(1, 1e9)}, "space": {spaces}, "path": {maxLen(1200)}, "slug": {maxLen(100)},
			"title": {maxLen(1000)}, "tags": {maxItems(50), items(maxLen(100))}, "status": {enum("draft", "active", "archived")},
			"changeSummary": {maxLen(1000)},
			"templateId":    {isID},
		},
	}, s.writeDocument)
}

func (s *Server) readDocument(ctx context.Context, in readIn) (readOut, error) {
	var d *document.Doc
	var err error
	switch {
	case (in.ID == "") == (in.Address == ""):
		return readOut{}, fault.Input("id", "Give the page's id or its address: one of the two.")
	case in.ID != "":
		var id uuid.UUID
		if id, err = parseID("id", in.ID); err != nil {
			return readOut{}, err
		}
		d, err = s.svc.Document.Get(ctx, id)
	default:
		sp, path, slug, perr := parseAddress(in.Address)
		if perr != nil {
			return readOut{}, perr
		}
		d, err = s.svc.Document.GetByAddress(ctx, sp, path, slug)
		if fe := fault.As(err); fe != nil && fe.Code == fault.BadInput {
			err = &fault.Error{Code: fault.BadInput, Field: "address", Message: fe.Message}
		}
	}
	if err != nil {
		return readOut{}, err
	}
	edges, err := s.svc.Linkgraph.Outgoing(ctx, []*document.Doc{d})
	if err != nil {
		return readOut{}, err
	}
	s.noteRead(ctx, d.ID)
	out := readOut{
		docRef: refOf(d), Space: string(d.Space), Path: d.Path, Slug: d.Slug, Tags: d.Tags, Status: string(d.Status), Version: d.Version, Permission: d.Access.String(),
		UpdatedAt: d.UpdatedAt, InTrash: d.DeletedAt != nil, Frontmatter: d.FrontmatterExtra, Content: d.Content,
		Links: make([]linkOut, 0, len(edges[d])),
	}
	for _, e := range edges[d] {
		l := linkOut{Href: e.Href, Text: e.Text, State: string(e.State)}
		if e.Target != nil && e.TargetID != nil {
			r := refOf(e.Target)
			l.Target = &r
		}
		out.Links = append(out.Links, l)
	}
	return out, nil
}

// noteRead counts that an agent opened a page (agent_reads); a failure is
// logged, the read itself succeeded.
func (s *Server) noteRead(ctx context.Context, id uuid.UUID) {
	if err := s.svc.Auth.NoteAgentRead(ctx, id); err != nil {
		s.log.WarnContext(ctx, "record an agent read", "error", err)
	}
}

// listCursor is where a listing goes on: an offset into a folder's own
// pages, or the last page of a recursive listing by title.
type listCursor struct {
	Offset int       `json:"o,omitempty"`
	Title  string    `json:"t,omitempty"`
	ID     uuid.UUID `json:"i,omitempty"`
}

func encodeCursor(v any) string {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(raw)
}

func decodeCursor(s string, v any) error {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || json.Unmarshal(raw, v) != nil {
		return fault.Input("cursor", "The cursor is not one this tool gave; start again without it.")
	}
	return nil
}

func (s *Server) listDocuments(ctx context.Context, in listIn) (listOut, error) {
	limit := in.Limit
	if limit == 0 {
		limit = 100
	}
	var cur listCursor
	if in.Cursor != "" {
		if err := decodeCursor(in.Cursor, &cur); err != nil {
			return listOut{}, err
		}
	}
	space := document.Space(in.Space)
	out := listOut{Space: in.Space, Path: in.Path, Folders: []folderOut{}, Documents: []listedDoc{}}
	add := func(id uuid.UUID, sp document.Space, path, slug, title string, st document.Status, at time.Time) {
		out.Documents = append(out.Documents, listedDoc{docRef: docRef{ID: id.String(), URI: uriOf(id), Address: addressOf(sp, path, slug), Title: title}, Status: string(st), UpdatedAt: at})
	}
	if in.Recursive {
		path := in.Path
		var after *document.Cursor
		if cur.ID != uuid.Nil {
			after = &document.Cursor{ID: cur.ID, Title: cur.Title}
		}
		docs, more, err := s.svc.Document.List(ctx, document.Filter{Space: &space, PathPrefix: &path}, document.ByTitle, after, limit)
		if err != nil {
			return listOut{}, pathField(err)
		}
		for _, d := range docs {
			add(d.ID, d.Space, d.Path, d.Slug, d.Title, d.Status, d.UpdatedAt)
		}
		if more && len(docs) > 0 {
			c := document.CursorOf(docs[len(docs)-1], document.ByTitle)
			out.NextCursor = encodeCursor(listCursor{Title: c.Title, ID: c.ID})
		}
		return out, nil
	}
	tree, err := s.svc.Document.FolderTree(ctx, space, in.Path)
	if err != nil {
		return listOut{}, err
	}
	out.Path = tree.Path
	for _, f := range tree.Folders {
		out.Folders = append(out.Folders, folderOut{Path: f.Path, Documents: f.Documents, HasSubfolders: f.HasChildren})
	}
	docs := tree.Documents[min(cur.Offset, len(tree.Documents)):]
	if len(docs) > limit {
		docs = docs[:limit]
		out.NextCursor = encodeCursor(listCursor{Offset: cur.Offset + limit})
	}
	for _, d := range docs {
		add(d.ID, d.Space, d.Path, d.Slug, d.Title, d.Status, d.UpdatedAt)
	}
	return out, nil
}

// pathField names the tool's own argument in a list's error (the
// service calls the folder pathPrefix).
func pathField(err error) error {
	if fe := fault.As(err); fe != nil && fe.Field == "pathPrefix" {
		return &fault.Error{Code: fe.Code, Field: "path", Message: fe.Message}
	}
	return err
}

func (s *Server) writeDocument(ctx context.Context, in writeIn) (writeOut, error) {
	var title *string
	if in.Title != "" {
		title = &in.Title
	}
	var status *document.Status
	if in.Status != "" {
		st := document.Status(in.Status)
		status = &st
	}
	if in.ID == "" {
		if in.ExpectedVersion != 0 {
			return writeOut{}, fault.Input("expectedVersion", "A new page has no version yet: leave expectedVersion out, or give the id of the page to update.")
		}
		if in.ChangeSummary != "" {
			return writeOut{}, fault.Input("changeSummary", "A new page's first revision needs no change summary: leave changeSummary out, or give the id of the page to update.")
		}
		if in.Space == "" {
			return writeOut{}, fault.Input("space", "Give the space of the new page (agents: output), or the id of a page to update.")
		}
		content := ""
		if in.Content != nil {
			content = *in.Content
		}
		var template *uuid.UUID
		if in.TemplateID != "" {
			id, err := parseID("templateId", in.TemplateID)
			if err != nil {
				return writeOut{}, err
			}
			template = &id
		}
		// A person's page follows the space's default (internal/space); an
		// agent's stays private until shared.
		d, err := s.svc.Space.Create(ctx, space.NewPage{CreateInput: document.CreateInput{
			Space: document.Space(in.Space), Path: in.Path, Slug: in.Slug, Title: title, Content: content, Tags: in.Tags, Status: status,
			TemplateID: template,
		}})
		if err != nil {
			return writeOut{}, err
		}
		return writeOut{ID: d.ID.String(), URI: uriOf(d.ID), Address: addressOf(d.Space, d.Path, d.Slug), Version: d.Version, Created: true, Changed: true}, nil
	}
	id, err := parseID("id", in.ID)
	if err != nil {
		return writeOut{}, err
	}
	switch {
	case in.Space != "" || in.Path != "" || in.Slug != "":
		return writeOut{}, fault.Input("space", "write_document does not move pages: leave space, path and slug out when you give an id.")
	case in.ExpectedVersion == 0:
		return writeOut{}, fault.Input("expectedVersion", "Give the version you read (read_document's version), so a save made meanwhile is not overwritten.")
	}
	var summary *string
	if in.ChangeSummary != "" {
		summary = &in.ChangeSummary
	}
	d, changed, err := s.svc.Document.Update(ctx, document.UpdateInput{
		ID: id, ExpectedVersion: in.ExpectedVersion, Title: title, Content: in.Content, Tags: in.Tags, Status: status,
		ChangeSummary: summary,
	})
	if err != nil {
		return writeOut{}, err
	}
	return writeOut{ID: d.ID.String(), URI: uriOf(d.ID), Address: addressOf(d.Space, d.Path, d.Slug), Version: d.Version, Changed: changed}, nil
}
