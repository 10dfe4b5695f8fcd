package document_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

type bundle struct {
	pool *pgxpool.Pool
	svc  *document.Service
}

func newBundle(t *testing.T) *bundle {
	t.Helper()
	d := pgtest.New(t)
	return &bundle{pool: d.Pool, svc: document.New(d.Pool, document.DefaultConfig)}
}

type event struct {
	Type       string
	SubjectID  *uuid.UUID
	DocumentID *uuid.UUID
	ActorID    *uuid.UUID
	RevisionID *uuid.UUID
	Payload    map[string]any
}

func (b *bundle) events(t *testing.T, id uuid.UUID) []event {
	t.Helper()
	rows, err := b.pool.Query(context.Background(),
		`SELECT event_type, subject_id, document_id, actor_id, revision_id, payload FROM events WHERE subject_id = $1 ORDER BY id`, id)
	require.NoError(t, err)
	defer rows.Close()
	var out []event
	for rows.Next() {
		var e event
		var raw []byte
		require.NoError(t, rows.Scan(&e.Type, &e.SubjectID, &e.DocumentID, &e.ActorID, &e.RevisionID, &raw))
		require.NoError(t, json.Unmarshal(raw, &e.Payload))
		out = append(out, e)
	}
	return out
}

func (b *bundle) revisionKinds(t *testing.T, id uuid.UUID) []string {
	t.Helper()
	rows, err := b.pool.Query(context.Background(), `SELECT change_kind FROM document_revisions WHERE document_id = $1 ORDER BY version`, id)
	require.NoError(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var k string
		require.NoError(t, rows.Scan(&k))
		out = append(out, k)
	}
	return out
}

// requireCurrentIsNewestRevision checks the invariant: documents equals its
// highest-numbered revision.
func (b *bundle) requireCurrentIsNewestRevision(t *testing.T, id uuid.UUID) {
	t.Helper()
	n := pgtest.Count(t, b.pool, `SELECT count(*) FROM documents d JOIN document_revisions r ON r.document_id = d.id AND r.version = d.version
		WHERE d.id = $1 AND r.title = d.title AND r.content = d.content AND r.tags = d.tags AND r.status = d.status
		  AND r.space = d.space AND r.path = d.path AND r.slug = d.slug AND r.frontmatter_extra = d.frontmatter_extra
		  AND r.version = (SELECT max(version) FROM document_revisions WHERE document_id = d.id)`, id)
	require.Equal(t, 1, n, "documents must equal its newest revision")
}

// docs/design.md#trace-create-a-document: a create writes the document at
// version 1, one "create"
// revision and one document.created event — and no access rows.
func TestCreateWritesItsTrace(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	d, err := b.svc.Create(pgtest.ActingAs(p), document.CreateInput{
		Space: document.SpaceWiki, Path: "engineering/onboarding", Slug: "laptop-setup", Title: pgtest.Ptr("Laptop setup"),
		Content: "Install Go.\n", Tags: []string{"Onboarding", "setup", "onboarding"},
	})
	require.NoError(t, err)
	require.Equal(t, 1, d.Version)
	require.Equal(t, p.ID, d.OwnerID)
	require.Equal(t, document.StatusActive, d.Status)
	require.Equal(t, []string{"onboarding", "setup"}, d.Tags, "tags are lowercased and de-duplicated in order")
	require.Equal(t, document.Owner, d.Access)
	require.Equal(t, "wiki:engineering/onboarding/laptop-setup", d.Address())

	var hash []byte
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT content_hash FROM documents WHERE id = $1`, d.ID).Scan(&hash))
	require.Equal(t, document.ContentHash("Laptop setup", "Install Go.\n", []string{"onboarding", "setup"}), hash)
	require.Equal(t, []string{"create"}, b.revisionKinds(t, d.ID))
	evs := b.events(t, d.ID)
	require.Len(t, evs, 1)
	require.Equal(t, "document.created", evs[0].Type)
	require.Equal(t, d.ID, *evs[0].DocumentID)
	require.Equal(t, p.ID, *evs[0].ActorID)
	require.NotNil(t, evs[0].RevisionID)
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access WHERE document_id = $1`, d.ID), "the owner's access is implicit")
	b.requireCurrentIsNewestRevision(t, d.ID)

	_, err = b.svc.Create(pgtest.ActingAs(p), document.CreateInput{Space: document.SpaceWiki, Path: "engineering/onboarding", Slug: "laptop-setup", Title: pgtest.Ptr("Again")})
	pgtest.RequireCode(t, err, fault.Conflict, "slug")
}

func TestContentHashSeparatesFields(t *testing.T) {
	t.Parallel()
	require.NotEqual(t, document.ContentHash("ab", "c", nil), document.ContentHash("a", "bc", nil))
	require.NotEqual(t, document.ContentHash("a", "b", []string{"c", "d"}), document.ContentHash("a", "b", []string{"cd"}))
	require.NotEqual(t, document.ContentHash("a", "b", []string{"c", "d"}), document.ContentHash("a", "b", []string{"d", "c"}))
	require.Equal(t, document.ContentHash("a", "b", []string{"c"}), document.ContentHash("a", "b", []string{"c"}))
}

func TestUpdateWritesARevisionPerChangeAndNothingForANoOp(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Title: "Deploy", Content: "v1"})

	d, changed, err := b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: pgtest.Ptr("v2")})
	require.NoError(t, err)
	require.True(t, changed)
	require.Equal(t, 2, d.Version)
	d, _, err = b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 2, Tags: []string{"ops"}})
	require.NoError(t, err)
	d, _, err = b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 3, Status: pgtest.Ptr(document.StatusArchived)})
	require.NoError(t, err)
	d, _, err = b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 4, Title: pgtest.Ptr("Deploying")})
	require.NoError(t, err)
	require.Equal(t, []string{"create", "content", "tags", "status", "content"}, b.revisionKinds(t, d.ID))
	b.requireCurrentIsNewestRevision(t, d.ID)

	events := len(b.events(t, d.ID))
	same, changed, err := b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 5, Content: pgtest.Ptr("v2"), Title: pgtest.Ptr("Deploying"), Tags: []string{"ops"}})
	require.NoError(t, err)
	require.False(t, changed, "a save that changes nothing says so")
	require.Equal(t, 5, same.Version)
	require.Len(t, b.revisionKinds(t, d.ID), 5, "no revision for a no-op")
	require.Len(t, b.events(t, d.ID), events, "no event for a no-op")
}

func TestStaleExpectedVersionIsAConflictAndChangesNothing(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Content: "original"})
	_, _, err := b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: pgtest.Ptr("first")})
	require.NoError(t, err)
	_, _, err = b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: pgtest.Ptr("second")})
	pgtest.RequireCode(t, err, fault.Conflict, "expectedVersion")
	got, err := b.svc.Get(pgtest.ActingAs(p), d.ID)
	require.NoError(t, err)
	require.Equal(t, "first", got.Content)
	require.Equal(t, 2, got.Version)
	_, err = b.svc.Move(pgtest.ActingAs(p), document.MoveInput{ID: d.ID, ExpectedVersion: pgtest.Ptr(1), Slug: pgtest.Ptr("elsewhere")})
	pgtest.RequireCode(t, err, fault.Conflict, "expectedVersion")
}

func TestConcurrentUpdatesLoseNothing(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Content: "start"})

	const n = 50
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, conflicts := 0, 0
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, err := b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 1 + i%3, Content: pgtest.Ptr("edit " + string(rune('A'+i%26)) + string(rune('0'+i/26)))})
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				ok++
				return
			}
			fe := fault.As(err)
			require.NotNil(t, fe, "unexpected error: %v", err)
			require.Equal(t, fault.Conflict, fe.Code)
			conflicts++
		}()
	}
	wg.Wait()
	require.Equal(t, n, ok+conflicts)
	require.GreaterOrEqual(t, ok, 1)
	revisions := pgtest.Count(t, b.pool, `SELECT count(*) FROM document_revisions WHERE document_id = $1`, d.ID)
	require.Equal(t, 1+ok, revisions, "one revision per success")
	got, err := b.svc.Get(pgtest.ActingAs(p), d.ID)
	require.NoError(t, err)
	require.Equal(t, 1+ok, got.Version)
	b.requireCurrentIsNewestRevision(t, d.ID)
}

func TestFrontmatterRoundTrip(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	body := "---\ntitle: From frontmatter\ntags: [Ops, runbook]\nstatus: draft\nowner: team-ops\nreview:\n  every: 90d\n---\n# Deploy\n\nSteps.\n"
	d, err := b.svc.Create(pgtest.ActingAs(p), document.CreateInput{Space: document.SpaceWiki, Slug: "deploy", Content: body})
	require.NoError(t, err)
	require.Equal(t, "From frontmatter", d.Title)
	require.Equal(t, []string{"ops", "runbook"}, d.Tags)
	require.Equal(t, document.StatusDraft, d.Status)
	require.Equal(t, "# Deploy\n\nSteps.\n", d.Content, "content never holds frontmatter")
	require.Equal(t, map[string]any{"owner": "team-ops", "review": map[string]any{"every": "90d"}}, d.FrontmatterExtra)

	md, err := d.Markdown()
	require.NoError(t, err)
	fm, content, err := document.SplitFrontmatter(md)
	require.NoError(t, err)
	require.Equal(t, d.Content, content)
	require.Equal(t, d.Title, *fm.Title)
	require.Equal(t, d.Tags, fm.Tags)
	require.Equal(t, string(d.Status), *fm.Status)
	require.Equal(t, d.FrontmatterExtra, fm.Extra)

	// Saving the exported source back changes nothing.
	_, changed, err := b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: &md})
	require.NoError(t, err)
	require.False(t, changed)

	// A field given in the request wins over the frontmatter.
	d2, err := b.svc.Create(pgtest.ActingAs(p), document.CreateInput{Space: document.SpaceWiki, Slug: "deploy-2", Title: pgtest.Ptr("Request title"), Content: body, Tags: []string{"given"}})
	require.NoError(t, err)
	require.Equal(t, "Request title", d2.Title)
	require.Equal(t, []string{"given"}, d2.Tags)
	require.Equal(t, document.StatusDraft, d2.Status)

	// Only frontmatter keys CoDNA does not own changed: still a revision.
	md2 := strings.Replace(md, "team-ops", "team-web", 1)
	d3, changed, err := b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: &md2})
	require.NoError(t, err)
	require.True(t, changed)
	require.Equal(t, "team-web", d3.FrontmatterExtra["owner"])

	// A body without frontmatter keeps the stored extra keys.
	d4, _, err := b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 2, Content: pgtest.Ptr("plain body\n")})
	require.NoError(t, err)
	require.Equal(t, "team-web", d4.FrontmatterExtra["owner"])
	require.Equal(t, "plain body\n", d4.Content)
	b.requireCurrentIsNewestRevision(t, d.ID)

	_, err = b.svc.Create(pgtest.ActingAs(p), document.CreateInput{Space: document.SpaceWiki, Slug: "bad-yaml", Content: "---\ntitle: [unclosed\n---\nbody"})
	pgtest.RequireCode(t, err, fault.BadInput, "content")
	_, err = b.svc.Create(pgtest.ActingAs(p), document.CreateInput{Space: document.SpaceWiki, Slug: "bad-status", Content: "---\ntitle: x\nstatus: gone\n---\nbody"})
	pgtest.RequireCode(t, err, fault.BadInput, "content")
	// An unclosed "---" is a thematic break, not frontmatter.
	d5, err := b.svc.Create(pgtest.ActingAs(p), document.CreateInput{Space: document.SpaceWiki, Slug: "rule", Title: pgtest.Ptr("Rule"), Content: "---\nnot frontmatter"})
	require.NoError(t, err)
	require.Equal(t, "---\nnot frontmatter", d5.Content)
}

func TestValidationErrorsNameTheField(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	ctx := pgtest.ActingAs(p)
	ok := document.CreateInput{Space: document.SpaceWiki, Path: "a/b", Slug: "c", Title: pgtest.Ptr("T")}
	with := func(f func(*document.CreateInput)) document.CreateInput { in := ok; f(&in); return in }
	cases := []struct {
		name  string
		in    document.CreateInput
		field string
	}{
		{"unknown space", with(func(i *document.CreateInput) { i.Space = "nope" }), "space"},
		{"empty slug", with(func(i *document.CreateInput) { i.Slug = "" }), "slug"},
		{"uppercase slug", with(func(i *document.CreateInput) { i.Slug = "Laptop" }), "slug"},
		{"slug with a slash", with(func(i *document.CreateInput) { i.Slug = "a/b" }), "slug"},
		{"slug starting with a hyphen", with(func(i *document.CreateInput) { i.Slug = "-a" }), "slug"},
		{"slug with a dot", with(func(i *document.CreateInput) { i.Slug = "a.md" }), "slug"},
		{"long slug", with(func(i *document.CreateInput) { i.Slug = strings.Repeat("a", 101) }), "slug"},
		{"empty path segment", with(func(i *document.CreateInput) { i.Path = "a//b" }), "path"},
		{"dot-dot in path", with(func(i *document.CreateInput) { i.Path = "a/../b" }), "path"},
		{"uppercase path", with(func(i *document.CreateInput) { i.Path = "Eng" }), "path"},
		{"deep path", with(func(i *document.CreateInput) { i.Path = strings.Repeat("a/", 13) + "a" }), "path"},
		{"no title", with(func(i *document.CreateInput) { i.Title = pgtest.Ptr("  ") }), "title"},
		{"long title", with(func(i *document.CreateInput) { i.Title = pgtest.Ptr(strings.Repeat("x", 301)) }), "title"},
		{"two-line title", with(func(i *document.CreateInput) { i.Title = pgtest.Ptr("a\nb") }), "title"},
		{"big body", with(func(i *document.CreateInput) { i.Content = strings.Repeat("x", document.DefaultMaxBodyBytes+1) }), "content"},
		{"NUL in body", with(func(i *document.CreateInput) { i.Content = "a\x00b" }), "content"},
		{"invalid UTF-8", with(func(i *document.CreateInput) { i.Content = "a\xffb" }), "content"},
		{"bad tag", with(func(i *document.CreateInput) { i.Tags = []string{"has space"} }), "tags"},
		{"empty tag", with(func(i *document.CreateInput) { i.Tags = []string{""} }), "tags"},
		{"too many tags", with(func(i *document.CreateInput) {
			for n := range 51 {
				i.Tags = append(i.Tags, "t"+strings.Repeat("x", n))
			}
		}), "tags"},
		{"bad status", with(func(i *document.CreateInput) { i.Status = pgtest.Ptr(document.Status("gone")) }), "status"},
	}
	for _, c := range cases {
		_, err := b.svc.Create(ctx, c.in)
		pgtest.RequireCode(t, err, fault.BadInput, c.field)
	}
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents`), "bad input loses nothing and writes nothing")
	d, err := b.svc.Create(ctx, ok)
	require.NoError(t, err)
	_, err = b.svc.Move(ctx, document.MoveInput{ID: d.ID, Path: pgtest.Ptr("x/../y")})
	pgtest.RequireCode(t, err, fault.BadInput, "path")
	_, _, err = b.svc.Update(ctx, document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Title: pgtest.Ptr("")})
	pgtest.RequireCode(t, err, fault.BadInput, "title")
}

func TestRawBodiesAreNeverEdited(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Space: document.SpaceRaw, Path: "imports", Content: "original"})
	_, _, err := b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: pgtest.Ptr("edited")})
	pgtest.RequireCode(t, err, fault.BadInput, "content")
	d2, changed, err := b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Title: pgtest.Ptr("Renamed original"), Tags: []string{"x"}, Status: pgtest.Ptr(document.StatusArchived)})
	require.NoError(t, err)
	require.True(t, changed)
	require.Equal(t, "original", d2.Content)
	d3, err := b.svc.Move(pgtest.ActingAs(p), document.MoveInput{ID: d.ID, Path: pgtest.Ptr("imports/2026")})
	require.NoError(t, err, "a raw document's path may change")
	require.Equal(t, "imports/2026", d3.Path)
	_, err = b.svc.Move(pgtest.ActingAs(p), document.MoveInput{ID: d.ID, Space: pgtest.Ptr(document.SpaceWiki)})
	pgtest.RequireCode(t, err, fault.BadInput, "space")
	w := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{})
	_, err = b.svc.Move(pgtest.ActingAs(p), document.MoveInput{ID: w.ID, Space: pgtest.Ptr(document.SpaceRaw)})
	pgtest.RequireCode(t, err, fault.BadInput, "space")
}

func TestRestoreRevision(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Title: "One", Content: "first", Tags: []string{"a"}})
	_, _, err := b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Title: pgtest.Ptr("Two"), Content: pgtest.Ptr("second"), Tags: []string{"b"}})
	require.NoError(t, err)
	r, changed, err := b.svc.RestoreRevision(pgtest.ActingAs(p), d.ID, 1, pgtest.Ptr(2))
	require.NoError(t, err)
	require.True(t, changed)
	require.Equal(t, 3, r.Version)
	require.Equal(t, "One", r.Title)
	require.Equal(t, "first", r.Content)
	require.Equal(t, []string{"a"}, r.Tags)
	require.Equal(t, []string{"create", "content", "restore"}, b.revisionKinds(t, d.ID))
	b.requireCurrentIsNewestRevision(t, d.ID)
	_, changed, err = b.svc.RestoreRevision(pgtest.ActingAs(p), d.ID, 3, nil)
	require.NoError(t, err)
	require.False(t, changed, "restoring what is there changes nothing")
	_, _, err = b.svc.RestoreRevision(pgtest.ActingAs(p), d.ID, 9, nil)
	pgtest.RequireCode(t, err, fault.NotFound, "version")

	diff, err := b.svc.Diff(pgtest.ActingAs(p), r, 1, 2)
	require.NoError(t, err)
	require.Contains(t, diff, "-title: One")
	require.Contains(t, diff, "+title: Two")
	require.Contains(t, diff, "-first")
	require.Contains(t, diff, "+second")
	_, err = b.svc.Diff(pgtest.ActingAs(p), r, 1, 7)
	pgtest.RequireCode(t, err, fault.NotFound, "to")
}

func TestPermissions(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	owner := pgtest.CreatePerson(t, b.pool)
	reader := pgtest.CreatePerson(t, b.pool)
	writer := pgtest.CreatePerson(t, b.pool)
	stranger := pgtest.CreatePerson(t, b.pool)
	member := pgtest.CreatePerson(t, b.pool)
	agent := pgtest.CreateAgent(t, b.pool, owner.ID)
	group := pgtest.CreateGroup(t, b.pool, member.ID)
	d := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Path: "team", Slug: "plan"})
	pgtest.Grant(t, b.pool, d.ID, "user", reader.ID, "read")
	pgtest.Grant(t, b.pool, d.ID, "user", writer.ID, "write")
	pgtest.Grant(t, b.pool, d.ID, "group", group.ID, "read")

	levels := func(ctx context.Context) document.Access {
		got, err := document.Levels(ctx, b.pool, auth.ActorFrom(ctx), []uuid.UUID{d.ID})
		require.NoError(t, err)
		return got[d.ID]
	}
	require.Equal(t, document.Owner, levels(pgtest.ActingAs(owner)))
	require.Equal(t, document.Write, levels(pgtest.ActingAs(writer)))
	require.Equal(t, document.Read, levels(pgtest.ActingAs(reader)))
	require.Equal(t, document.Read, levels(pgtest.ActingAs(member)))
	require.Equal(t, document.None, levels(pgtest.ActingAs(stranger)))
	require.Equal(t, document.None, levels(pgtest.ActingAsAgent(agent)))
	require.Equal(t, document.None, levels(pgtest.ActingAsManagement()))

	// Unreadable is NOT_FOUND everywhere: by id, by address, in lists.
	for name, ctx := range map[string]context.Context{"stranger": pgtest.ActingAs(stranger), "agent": pgtest.ActingAsAgent(agent)} {
		_, err := b.svc.Get(ctx, d.ID)
		pgtest.RequireCode(t, err, fault.NotFound, "")
		_, err = b.svc.GetByAddress(ctx, document.SpaceWiki, "team", "plan")
		pgtest.RequireCode(t, err, fault.NotFound, "")
		list, _, err := b.svc.List(ctx, document.Filter{}, document.ByUpdated, nil, 50)
		require.NoError(t, err)
		require.Empty(t, list, name)
		_, _, err = b.svc.Update(ctx, document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: pgtest.Ptr("x")})
		pgtest.RequireCode(t, err, fault.NotFound, "")
		_, err = b.svc.Delete(ctx, d.ID)
		pgtest.RequireCode(t, err, fault.NotFound, "")
	}
	_, err := b.svc.Get(pgtest.ActingAsManagement(), d.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = b.svc.Create(pgtest.ActingAsManagement(), document.CreateInput{Space: document.SpaceWiki, Slug: "m", Title: pgtest.Ptr("M")})
	pgtest.RequireCode(t, err, fault.Forbidden, "")

	// Read grants read; write grants edit and move, not delete.
	got, err := b.svc.GetByAddress(pgtest.ActingAs(reader), document.SpaceWiki, "team", "plan")
	require.NoError(t, err)
	require.Equal(t, document.Read, got.Access)
	_, _, err = b.svc.Update(pgtest.ActingAs(reader), document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: pgtest.Ptr("x")})
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, _, err = b.svc.Update(pgtest.ActingAs(writer), document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: pgtest.Ptr("by writer")})
	require.NoError(t, err)
	_, err = b.svc.Move(pgtest.ActingAs(writer), document.MoveInput{ID: d.ID, Slug: pgtest.Ptr("plan-b")})
	require.NoError(t, err)
	_, err = b.svc.Delete(pgtest.ActingAs(writer), d.ID)
	pgtest.RequireCode(t, err, fault.Forbidden, "")

	// The Everyone group reaches people, never agents.
	e := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Slug: "for-everyone"})
	pgtest.Grant(t, b.pool, e.ID, "group", auth.EveryoneID, "read")
	_, err = b.svc.Get(pgtest.ActingAs(stranger), e.ID)
	require.NoError(t, err)
	_, err = b.svc.Get(pgtest.ActingAsAgent(agent), e.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	pgtest.Grant(t, b.pool, e.ID, "user", agent.ID, "read")
	_, err = b.svc.Get(pgtest.ActingAsAgent(agent), e.ID)
	require.NoError(t, err, "an agent sees what is shared with it directly")

	// Tombstones and quarantined documents are for their owner alone.
	_, err = b.svc.Delete(pgtest.ActingAs(owner), e.ID)
	require.NoError(t, err)
	_, err = b.svc.Get(pgtest.ActingAs(stranger), e.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = b.svc.Restore(pgtest.ActingAs(stranger), document.RestoreInput{ID: e.ID})
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = b.pool.Exec(context.Background(), `UPDATE documents SET quarantined_at = now() WHERE id = $1`, d.ID)
	require.NoError(t, err)
	_, err = b.svc.Get(pgtest.ActingAs(writer), d.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = b.svc.Get(pgtest.ActingAs(owner), d.ID)
	require.NoError(t, err)
}

// An agent creates pages only in output; elsewhere it edits only where it
// holds a write grant, and its own pages stay in output.
func TestAgentsCreateOnlyInOutput(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	owner := pgtest.CreatePerson(t, b.pool)
	agent := pgtest.CreateAgent(t, b.pool, owner.ID)
	ctx := pgtest.ActingAsAgent(agent)
	for _, sp := range []db.Space{db.SpaceWiki, db.SpaceRaw} {
		_, err := b.svc.Create(ctx, document.CreateInput{Space: document.Space(sp), Path: "notes", Slug: "draft", Title: pgtest.Ptr("Draft"), Content: "x"})
		pgtest.RequireCode(t, err, fault.Forbidden, "space")
		require.Contains(t, fault.As(err).Message, "output")
	}
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE created_by = $1`, agent.ID))
	mine, err := b.svc.Create(ctx, document.CreateInput{Space: document.SpaceOutput, Path: "notes", Slug: "draft", Title: pgtest.Ptr("Draft"), Content: "x"})
	require.NoError(t, err)

	// Its own page cannot leave output; within output it moves freely.
	_, err = b.svc.Move(ctx, document.MoveInput{ID: mine.ID, Space: pgtest.Ptr(document.SpaceWiki)})
	pgtest.RequireCode(t, err, fault.Forbidden, "space")
	_, err = b.svc.Move(ctx, document.MoveInput{ID: mine.ID, Path: pgtest.Ptr("elsewhere")})
	require.NoError(t, err)

	// A wiki page: read grant refuses the edit, write grant allows it.
	d := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Path: "team", Slug: "plan"})
	pgtest.Grant(t, b.pool, d.ID, "user", agent.ID, "read")
	_, _, err = b.svc.Update(ctx, document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: pgtest.Ptr("edited")})
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = b.pool.Exec(context.Background(), `UPDATE document_access SET permission = 'write' WHERE document_id = $1 AND principal_id = $2`, d.ID, agent.ID)
	require.NoError(t, err)
	_, changed, err := b.svc.Update(ctx, document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: pgtest.Ptr("edited")})
	require.NoError(t, err)
	require.True(t, changed)

	// People create anywhere.
	_, err = b.svc.Create(pgtest.ActingAs(owner), document.CreateInput{Space: document.SpaceWiki, Slug: "mine", Title: pgtest.Ptr("Mine"), Content: "x"})
	require.NoError(t, err)
}
