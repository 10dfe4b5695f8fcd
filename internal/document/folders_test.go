package document_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/pgtest"
)

var everyoneGroupID = uuid.MustParse("00000000-0000-0000-0000-000000000002")

type folderEnv struct {
	ctx   context.Context
	pool  *pgxpool.Pool
	owner pgtest.Person
	ov    document.Viewer // the owner as a viewer
}

func setup(t *testing.T) folderEnv {
	t.Helper()
	d := pgtest.New(t)
	owner := pgtest.CreatePerson(t, d.Pool)
	return folderEnv{ctx: context.Background(), pool: d.Pool, owner: owner, ov: pgtest.PersonViewer(owner.ID)}
}

func agent(id uuid.UUID) document.Viewer { return document.Viewer{ID: id, IsPerson: false} }

// doc creates a live wiki document owned by owner at path through the
// factory and returns its id.
func (e folderEnv) doc(t *testing.T, owner uuid.UUID, path string) uuid.UUID {
	t.Helper()
	return pgtest.CreateDocument(t, e.pool, owner, pgtest.Doc{Path: path}).ID
}

// rawDoc inserts a live wiki document straight into the table, for paths and
// slugs the documents service would refuse (upper case, '_', '%', ' ', non-ASCII)
// but that folders must still handle literally.
func (e folderEnv) rawDoc(t *testing.T, owner uuid.UUID, path, slug string) uuid.UUID {
	t.Helper()
	var id uuid.UUID
	require.NoError(t, e.pool.QueryRow(e.ctx, `INSERT INTO documents (id, space, path, slug, title, content_hash, created_by)
		VALUES (gen_random_uuid(), 'wiki', $1, $2, 'Raw', '\x00'::bytea, $3) RETURNING id`, path, slug, owner).Scan(&id))
	return id
}

func (e folderEnv) grant(t *testing.T, docID uuid.UUID, principalType string, principal uuid.UUID) {
	t.Helper()
	pgtest.Grant(t, e.pool, docID, principalType, principal, "read")
}

func (e folderEnv) list(t *testing.T, v document.Viewer, space db.Space) []document.Folder {
	t.Helper()
	fs, err := document.ListFolders(e.ctx, e.pool, v, document.Space(space))
	require.NoError(t, err)
	require.NotNil(t, fs)
	return fs
}

func (e folderEnv) tree(t *testing.T, v document.Viewer, path string) document.Tree {
	t.Helper()
	tr, err := document.FolderTree(e.ctx, e.pool, v, document.SpaceWiki, path)
	require.NoError(t, err)
	require.NotNil(t, tr.Folders)
	require.NotNil(t, tr.Documents)
	return tr
}

// counts maps each listed folder's path to its count.
func counts(fs []document.Folder) map[string]int {
	m := make(map[string]int, len(fs))
	for _, f := range fs {
		m[f.Path] = f.Documents
	}
	return m
}

func folderPaths(fs []document.Folder) []string {
	out := make([]string, 0, len(fs))
	for _, f := range fs {
		out = append(out, f.Path)
	}
	return out
}

func docSlugs(ds []document.FolderDocument) []string {
	out := make([]string, 0, len(ds))
	for _, d := range ds {
		out = append(out, d.Slug)
	}
	return out
}

// folderLess is the folder order: path segments compared bytewise.
func folderLess(a, b string) bool {
	return slices.Compare(strings.Split(a, "/"), strings.Split(b, "/")) < 0
}

func parentOf(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return ""
}

// requireConsistent checks that ListFolders and FolderTree agree for v: every
// listed folder appears in its parent's tree with the same count and
// HasChildren, and every tree level lists exactly the listed children.
func (e folderEnv) requireConsistent(t *testing.T, v document.Viewer) {
	t.Helper()
	all := e.list(t, v, db.SpaceWiki)
	children := map[string][]document.Folder{}
	for _, f := range all {
		children[parentOf(f.Path)] = append(children[parentOf(f.Path)], f)
	}
	parents := []string{""}
	for _, f := range all {
		parents = append(parents, f.Path)
	}
	for _, p := range parents {
		want := children[p]
		if want == nil {
			want = []document.Folder{}
		}
		require.Equal(t, want, e.tree(t, v, p).Folders, "tree of %q", p)
	}
}

func TestListFoldersOrderAndCounts(t *testing.T) {
	t.Parallel()
	e := setup(t)
	o := e.owner.ID
	e.doc(t, o, "")
	e.doc(t, o, "codna")
	for range 3 {
		e.doc(t, o, "codna/adr")
	}
	e.doc(t, o, "codna-old")
	e.doc(t, o, "codna-old")
	e.doc(t, o, "zeta/a/b")

	require.Equal(t, []document.Folder{
		{Path: "codna", Documents: 4, HasChildren: true},
		{Path: "codna/adr", Documents: 3, HasChildren: false},
		{Path: "codna-old", Documents: 2, HasChildren: false},
		{Path: "zeta", Documents: 1, HasChildren: true},
		{Path: "zeta/a", Documents: 1, HasChildren: true},
		{Path: "zeta/a/b", Documents: 1, HasChildren: false},
	}, e.list(t, e.ov, db.SpaceWiki))
	e.requireConsistent(t, e.ov)
}

func TestListFoldersBytewiseSegments(t *testing.T) {
	t.Parallel()
	e := setup(t)
	o := e.owner.ID
	for _, p := range []string{"b", "a", "a/z", "a/b-c", "a/bc", "a-b", "a0", "ab/c"} {
		e.doc(t, o, p)
	}
	// Paths the documents service refuses today, but that must still sort
	// bytewise and be taken literally.
	for _, p := range []string{"B", "a_b", "é", "a b", "a%"} {
		e.rawDoc(t, o, p, "raw")
	}
	got := folderPaths(e.list(t, e.ov, db.SpaceWiki))
	require.Equal(t, []string{"B", "a", "a/b-c", "a/bc", "a/z", "a b", "a%", "a-b", "a0", "a_b", "ab", "ab/c", "b", "é"}, got)
	require.True(t, slices.IsSortedFunc(got, func(a, b string) int {
		return slices.Compare(strings.Split(a, "/"), strings.Split(b, "/"))
	}))
}

func TestFoldersDraftsArchivedAndTombstones(t *testing.T) {
	t.Parallel()
	e := setup(t)
	o := e.owner.ID
	draft := e.doc(t, o, "notes")
	archived := e.doc(t, o, "notes/old")
	e.doc(t, o, "notes")
	gone := e.doc(t, o, "notes/old")
	onlyGone := e.doc(t, o, "trash/only")
	pgtest.Exec(t, e.pool, `UPDATE documents SET status = 'draft' WHERE id = $1`, draft)
	pgtest.Exec(t, e.pool, `UPDATE documents SET status = 'archived' WHERE id = $1`, archived)
	pgtest.Exec(t, e.pool, `UPDATE documents SET deleted_at = now() WHERE id = ANY($1)`, []uuid.UUID{gone, onlyGone})

	require.Equal(t, []document.Folder{
		{Path: "notes", Documents: 3, HasChildren: true},
		{Path: "notes/old", Documents: 1, HasChildren: false},
	}, e.list(t, e.ov, db.SpaceWiki), "drafts and archived count, tombstones never, even for their owner")

	tr := e.tree(t, e.ov, "notes/old")
	require.Len(t, tr.Documents, 1)
	require.Equal(t, archived, tr.Documents[0].ID)
	require.Equal(t, document.StatusArchived, tr.Documents[0].Status)
	require.Empty(t, e.tree(t, e.ov, "trash").Folders)
	require.Empty(t, e.tree(t, e.ov, "trash/only").Documents)
	e.requireConsistent(t, e.ov)
}

func TestFoldersPermissions(t *testing.T) {
	t.Parallel()
	e := setup(t)
	o := e.owner.ID
	other := pgtest.CreatePerson(t, e.pool)
	member := pgtest.CreatePerson(t, e.pool)
	ag := pgtest.CreateAgent(t, e.pool, o)
	group := pgtest.CreateGroup(t, e.pool, member.ID)

	s1 := e.doc(t, o, "secret")
	s2 := e.doc(t, o, "secret/deep")
	e.doc(t, o, "secret/deep")
	pub := e.doc(t, o, "public/all")
	team := e.doc(t, o, "team")
	own := e.doc(t, other.ID, "mine")

	ov, mv, av := pgtest.PersonViewer(other.ID), pgtest.PersonViewer(member.ID), agent(ag.ID)

	require.Equal(t, []document.Folder{{Path: "mine", Documents: 1}}, e.list(t, ov, db.SpaceWiki),
		"only their own document implies a folder to them")
	require.Empty(t, e.list(t, mv, db.SpaceWiki))
	require.Empty(t, e.list(t, av, db.SpaceWiki))
	require.NotContains(t, folderPaths(e.list(t, e.ov, db.SpaceWiki)), "mine")

	// A direct read grant shows exactly the readable documents.
	e.grant(t, s2, "user", other.ID)
	require.Equal(t, []document.Folder{
		{Path: "mine", Documents: 1},
		{Path: "secret", Documents: 1, HasChildren: true},
		{Path: "secret/deep", Documents: 1},
	}, e.list(t, ov, db.SpaceWiki))
	e.grant(t, s1, "user", other.ID)
	require.Equal(t, map[string]int{"mine": 1, "secret": 2, "secret/deep": 1}, counts(e.list(t, ov, db.SpaceWiki)))

	// Everyone reaches people, not agents.
	e.grant(t, pub, "group", everyoneGroupID)
	require.Equal(t, map[string]int{"public": 1, "public/all": 1}, counts(e.list(t, mv, db.SpaceWiki)))
	require.Equal(t, map[string]int{"mine": 1, "public": 1, "public/all": 1, "secret": 2, "secret/deep": 1},
		counts(e.list(t, ov, db.SpaceWiki)))
	require.Empty(t, e.list(t, av, db.SpaceWiki), "an agent belongs to no group, Everyone included")

	// A custom group reaches its members only.
	e.grant(t, team, "group", group.ID)
	require.Equal(t, map[string]int{"public": 1, "public/all": 1, "team": 1}, counts(e.list(t, mv, db.SpaceWiki)))
	require.NotContains(t, counts(e.list(t, ov, db.SpaceWiki)), "team")
	require.Empty(t, e.list(t, av, db.SpaceWiki))

	// A direct grant reaches an agent.
	e.grant(t, team, "user", ag.ID)
	require.Equal(t, []document.Folder{{Path: "team", Documents: 1}}, e.list(t, av, db.SpaceWiki))

	// The owner sees everything they own, nothing of others' unless shared.
	require.Equal(t, map[string]int{"public": 1, "public/all": 1, "secret": 3, "secret/deep": 2, "team": 1},
		counts(e.list(t, e.ov, db.SpaceWiki)))
	e.grant(t, own, "user", o)
	require.Contains(t, counts(e.list(t, e.ov, db.SpaceWiki)), "mine")

	for _, v := range []document.Viewer{e.ov, ov, mv, av} {
		e.requireConsistent(t, v)
	}

	// Management never gets a Viewer, so it sees no folder at all.
	_, ok := document.ViewerOf(&auth.Actor{UserID: auth.ManagementID, Kind: auth.KindManagement})
	require.False(t, ok)
	_, ok = document.ViewerOf(nil)
	require.False(t, ok)
	v, ok := document.ViewerOf(&auth.Actor{UserID: ag.ID, Kind: auth.KindAgent})
	require.True(t, ok)
	require.Equal(t, av, v)
	// Even were it asked with management's id, grants do not reach it.
	e.grant(t, pub, "user", auth.ManagementID)
	require.Empty(t, e.list(t, document.Viewer{ID: auth.ManagementID}, db.SpaceWiki))
}

func TestFoldersQuarantine(t *testing.T) {
	t.Parallel()
	e := setup(t)
	o := e.owner.ID
	other := pgtest.CreatePerson(t, e.pool)
	held := e.doc(t, o, "held/inner")
	free := e.doc(t, o, "held")
	e.grant(t, held, "user", other.ID)
	e.grant(t, free, "group", everyoneGroupID)
	require.Equal(t, map[string]int{"held": 2, "held/inner": 1}, counts(e.list(t, pgtest.PersonViewer(other.ID), db.SpaceWiki)))

	pgtest.Exec(t, e.pool, `UPDATE documents SET quarantined_at = now() WHERE id = $1`, held)
	require.Equal(t, []document.Folder{{Path: "held", Documents: 1}}, e.list(t, pgtest.PersonViewer(other.ID), db.SpaceWiki))
	require.Equal(t, []document.Folder{
		{Path: "held", Documents: 2, HasChildren: true},
		{Path: "held/inner", Documents: 1},
	}, e.list(t, e.ov, db.SpaceWiki), "a quarantined document still implies folders to its owner")
	require.Equal(t, document.Tree{Space: document.SpaceWiki, Path: "held/inner", Folders: []document.Folder{}, Documents: []document.FolderDocument{}},
		e.tree(t, pgtest.PersonViewer(other.ID), "held/inner"))
	require.Len(t, e.tree(t, e.ov, "held/inner").Documents, 1)
}

func TestFoldersSpacesAreSeparate(t *testing.T) {
	t.Parallel()
	e := setup(t)
	o := e.owner.ID
	e.doc(t, o, "shared/name")
	pgtest.CreateDocument(t, e.pool, o, pgtest.Doc{Space: document.SpaceOutput, Path: "shared"})
	pgtest.CreateDocument(t, e.pool, o, pgtest.Doc{Space: document.SpaceOutput, Path: "reports"})

	require.Equal(t, map[string]int{"shared": 1, "shared/name": 1}, counts(e.list(t, e.ov, db.SpaceWiki)))
	require.Equal(t, []document.Folder{{Path: "reports", Documents: 1}, {Path: "shared", Documents: 1}},
		e.list(t, e.ov, db.SpaceOutput))
	require.Empty(t, e.list(t, e.ov, db.SpaceRaw))

	tr, err := document.FolderTree(e.ctx, e.pool, e.ov, document.SpaceOutput, "shared")
	require.NoError(t, err)
	require.Empty(t, tr.Folders)
	require.Len(t, tr.Documents, 1)
	require.Equal(t, document.SpaceOutput, tr.Documents[0].Space)
	require.Empty(t, e.tree(t, e.ov, "reports").Documents)
}

func TestFolderTree(t *testing.T) {
	t.Parallel()
	e := setup(t)
	o := e.owner.ID
	other := pgtest.CreatePerson(t, e.pool)
	create := func(path, slug string) uuid.UUID {
		return pgtest.CreateDocument(t, e.pool, o, pgtest.Doc{Path: path, Slug: slug}).ID
	}
	rootDoc := create("", "home")
	create("codna", "b")
	create("codna", "ab")
	create("codna", "a-c")
	e.rawDoc(t, o, "codna", "Z")
	create("codna/adr", "adr-1")
	create("codna/adr", "adr-2")
	create("codna/adr/old", "adr-0")
	create("codna/guides", "g")
	create("codna-old", "x")
	// LIKE metacharacters in paths must be taken literally.
	e.rawDoc(t, o, "a_c", "u")
	create("abc/d", "v")
	e.rawDoc(t, o, "a%", "p")
	e.rawDoc(t, o, "aXYZ", "q")

	root := e.tree(t, e.ov, "")
	require.Equal(t, document.SpaceWiki, root.Space)
	require.Equal(t, "", root.Path)
	require.Equal(t, []document.Folder{
		{Path: "a%", Documents: 1},
		{Path: "aXYZ", Documents: 1},
		{Path: "a_c", Documents: 1},
		{Path: "abc", Documents: 1, HasChildren: true},
		{Path: "codna", Documents: 8, HasChildren: true},
		{Path: "codna-old", Documents: 1},
	}, root.Folders)
	require.Len(t, root.Documents, 1)
	got := root.Documents[0]
	var title string
	var updatedAt time.Time
	require.NoError(t, e.pool.QueryRow(e.ctx, `SELECT title, updated_at FROM documents WHERE id = $1`, rootDoc).Scan(&title, &updatedAt))
	require.True(t, updatedAt.Equal(got.UpdatedAt))
	got.UpdatedAt = updatedAt
	require.Equal(t, document.FolderDocument{
		ID: rootDoc, Space: document.SpaceWiki, Path: "", Slug: "home", Title: title,
		Status: document.StatusActive, UpdatedAt: updatedAt,
	}, got)

	codna := e.tree(t, e.ov, "codna")
	require.Equal(t, "codna", codna.Path)
	require.Equal(t, []document.Folder{
		{Path: "codna/adr", Documents: 3, HasChildren: true},
		{Path: "codna/guides", Documents: 1},
	}, codna.Folders)
	require.Equal(t, []string{"Z", "a-c", "ab", "b"}, docSlugs(codna.Documents),
		"documents directly in the folder only, by slug compared bytewise")

	adr := e.tree(t, e.ov, "codna/adr")
	require.Equal(t, []document.Folder{{Path: "codna/adr/old", Documents: 1}}, adr.Folders)
	require.Equal(t, []string{"adr-1", "adr-2"}, docSlugs(adr.Documents))

	leaf := e.tree(t, e.ov, "codna/adr/old")
	require.Empty(t, leaf.Folders)
	require.Equal(t, []string{"adr-0"}, docSlugs(leaf.Documents))

	us := e.tree(t, e.ov, "a_c")
	require.Empty(t, us.Folders, "abc/d is not under a_c")
	require.Equal(t, []string{"u"}, docSlugs(us.Documents))
	pct := e.tree(t, e.ov, "a%")
	require.Empty(t, pct.Folders)
	require.Equal(t, []string{"p"}, docSlugs(pct.Documents))

	// A prefix that is not a whole segment is not a folder.
	require.Equal(t, document.Tree{Space: document.SpaceWiki, Path: "cod", Folders: []document.Folder{}, Documents: []document.FolderDocument{}},
		e.tree(t, e.ov, "cod"))

	// A folder the viewer cannot see looks exactly like one that does not exist.
	hidden := e.tree(t, pgtest.PersonViewer(other.ID), "codna")
	missing := e.tree(t, e.ov, "codna/nope")
	require.Equal(t, document.Tree{Space: document.SpaceWiki, Path: "codna", Folders: []document.Folder{}, Documents: []document.FolderDocument{}}, hidden)
	missing.Path = hidden.Path
	require.Equal(t, hidden, missing)
	require.Empty(t, e.tree(t, pgtest.PersonViewer(other.ID), "").Folders)
	require.Empty(t, e.tree(t, pgtest.PersonViewer(other.ID), "").Documents)

	e.requireConsistent(t, e.ov)
}

func TestListFoldersCap(t *testing.T) {
	t.Parallel()
	e := setup(t)
	// 1700 top folders, each with a chain of two below: 5100 folders.
	pgtest.Exec(t, e.pool, `INSERT INTO documents (id, space, path, slug, title, content_hash, created_by)
		SELECT gen_random_uuid(), 'wiki', 'f' || lpad(i::text, 5, '0') || '/a/b', 'd', 'T', '\x00'::bytea, $1
		FROM generate_series(1, 1700) AS i`, e.owner.ID)
	// Another viewer, who can read none of them, sees none.
	require.Empty(t, e.list(t, pgtest.PersonViewer(pgtest.CreatePerson(t, e.pool).ID), db.SpaceWiki))

	fs := e.list(t, e.ov, db.SpaceWiki)
	require.Len(t, fs, document.MaxFolders)
	listed := make(map[string]bool, len(fs))
	for i, f := range fs {
		if i > 0 {
			require.True(t, folderLess(fs[i-1].Path, f.Path), "%q before %q", fs[i-1].Path, f.Path)
		}
		if p := parentOf(f.Path); p != "" {
			require.True(t, listed[p], "%q listed without its parent", f.Path)
		}
		listed[f.Path] = true
		require.Equal(t, 1, f.Documents)
	}
	// 5000 = 1666*3 + 2: the cut falls inside the 1667th chain.
	require.Equal(t, document.Folder{Path: "f00001", Documents: 1, HasChildren: true}, fs[0])
	require.Equal(t, document.Folder{Path: "f01667/a", Documents: 1, HasChildren: true}, fs[len(fs)-1])
	require.False(t, listed["f01667/a/b"])
	require.False(t, listed["f01668"])

	// The tree is not capped.
	require.Len(t, e.tree(t, e.ov, "").Folders, 1700)
	require.Equal(t, fmt.Sprintf("f%05d", 1700), e.tree(t, e.ov, "").Folders[1699].Path)
}

// counting is a db.DBTX that counts the statements sent through it.
type counting struct {
	q db.DBTX
	n int
}

func (c *counting) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	c.n++
	return c.q.Exec(ctx, sql, args...)
}

func (c *counting) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	c.n++
	return c.q.Query(ctx, sql, args...)
}

func (c *counting) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	c.n++
	return c.q.QueryRow(ctx, sql, args...)
}

func TestFoldersStatementCounts(t *testing.T) {
	t.Parallel()
	e := setup(t)
	for _, p := range []string{"", "a", "a/b", "a/b/c", "d"} {
		e.doc(t, e.owner.ID, p)
	}
	c := &counting{q: e.pool}
	fs, err := document.ListFolders(e.ctx, c, e.ov, document.SpaceWiki)
	require.NoError(t, err)
	require.Len(t, fs, 4)
	require.Equal(t, 1, c.n, "ListFolders is one statement")

	c.n = 0
	tr, err := document.FolderTree(e.ctx, c, e.ov, document.SpaceWiki, "a")
	require.NoError(t, err)
	require.Len(t, tr.Folders, 1)
	require.Len(t, tr.Documents, 1)
	require.LessOrEqual(t, c.n, 2, "FolderTree is at most two statements")
}
