package document

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/internal/db"
)

// There is no folders table. A folder is what the path of a document
// implies — path "codna/adr" implies the folders "codna" and "codna/adr" —
// and only live documents the viewer can read (access level above none,
// deleted_at IS NULL) imply anything, so a folder holding nothing the viewer
// can read does not exist for them and looks exactly like a folder that was
// never there. A document at the space root (path "") implies no folder.
//
// Folders sort by their path segments compared bytewise
// (string_to_array(path, '/') COLLATE "C"): a parent comes right before its
// children, and "codna/adr" comes after "codna" and before "codna-old".

// MaxFolders is the most folders ListFolders returns.
const MaxFolders = 5000

// Folder is a folder as a viewer sees it.
type Folder struct {
	Path        string // "codna/adr"
	Documents   int    // live readable documents in it and beneath it, drafts and archived included
	HasChildren bool   // whether it has subfolders the viewer can see
}

// FolderDocument is a document listed directly in a folder (no body).
type FolderDocument struct {
	ID        uuid.UUID
	Space     Space
	Path      string
	Slug      string
	Title     string
	Status    Status
	UpdatedAt time.Time
}

// Tree is one level of a space: the subfolders directly under Path and the
// documents directly in it.
type Tree struct {
	Space     Space
	Path      string // "" is the space root
	Folders   []Folder
	Documents []FolderDocument
}

// ListFolders returns every folder of space that v can see, each with the
// number of live documents v can read in it and beneath it (drafts and
// archived included, tombstones never), in folder order: each folder right
// after its parent. At most MaxFolders are returned: past that the folders
// that sort last are left out, and since a parent sorts before its children
// no folder is ever listed without its parent. A space in which v sees no
// folder gives an empty, non-nil slice. It runs one SQL statement; q may be a
// pool or a transaction. The only errors are the database's.
//
// v must come from ViewerOf: management and nobody have no Viewer and see no
// folder.
func ListFolders(ctx context.Context, q db.DBTX, v Viewer, space Space) ([]Folder, error) {
	rows, err := db.Q.DocumentListFolders(ctx, q, db.DocumentListFoldersParams{
		MaxFolders: MaxFolders, Space: dbSpace(space), ActorID: v.ID, ActorIsPerson: v.IsPerson,
	})
	if err != nil {
		return nil, err
	}
	out := make([]Folder, 0, len(rows))
	for _, r := range rows {
		out = append(out, Folder{Path: r.Path, Documents: int(r.Documents), HasChildren: r.HasChildren})
	}
	return out, nil
}

// FolderTree returns one level of space as v sees it: the folders directly
// under path, in folder order, each with its count and whether it has
// subfolders v can see (the same folders and counts ListFolders gives), and
// the live documents v can read directly in path, by slug compared bytewise.
// path "" is the space root; any other path is matched as given, segment by
// segment, with no normalisation (a leading or trailing "/" matches nothing).
//
// A path under which v can see nothing — no such folder, or a folder holding
// only documents v cannot read — gives an empty Tree (Space and Path set,
// Folders and Documents empty and non-nil) and no error, so a folder v cannot
// see looks exactly like one that does not exist. It runs two SQL statements;
// pass a REPEATABLE READ transaction as q for both to see one snapshot. The
// only errors are the database's.
//
// v must come from ViewerOf: management and nobody have no Viewer.
func FolderTree(ctx context.Context, q db.DBTX, v Viewer, space Space, path string) (Tree, error) {
	subs, err := db.Q.DocumentListSubfolders(ctx, q, db.DocumentListSubfoldersParams{
		Path: path, Space: dbSpace(space), ActorID: v.ID, ActorIsPerson: v.IsPerson,
	})
	if err != nil {
		return Tree{}, err
	}
	docs, err := db.Q.DocumentListInFolder(ctx, q, db.DocumentListInFolderParams{
		Space: dbSpace(space), Path: path, ActorID: v.ID, ActorIsPerson: v.IsPerson,
	})
	if err != nil {
		return Tree{}, err
	}
	t := Tree{
		Space:     space,
		Path:      path,
		Folders:   make([]Folder, 0, len(subs)),
		Documents: make([]FolderDocument, 0, len(docs)),
	}
	for _, r := range subs {
		t.Folders = append(t.Folders, Folder{Path: r.Path, Documents: int(r.Documents), HasChildren: r.HasChildren})
	}
	for _, r := range docs {
		t.Documents = append(t.Documents, FolderDocument{
			ID: r.ID, Space: spaceFromDB(r.Space), Path: r.Path, Slug: r.Slug, Title: r.Title, Status: statusFromDB(r.Status), UpdatedAt: r.UpdatedAt,
		})
	}
	return t, nil
}

// Folders lists every folder of a space the actor can see (ListFolders).
// Management sees none. Errors: UNAUTHENTICATED for nobody; BAD_USER_INPUT
// on space.
func (s *Service) Folders(ctx context.Context, space Space) ([]Folder, error) {
	v, ok, err := reader(ctx)
	if err != nil {
		return nil, err
	}
	if !ok {
		return []Folder{}, nil
	}
	sp, err := ParseSpace("space", string(space))
	if err != nil {
		return nil, err
	}
	return ListFolders(ctx, s.pool, v, sp)
}

// FolderTree is one level of a space as the actor sees it (FolderTree).
// A folder the actor cannot see is an empty tree, exactly like a missing
// one; management sees an empty tree. Errors: UNAUTHENTICATED for nobody;
// BAD_USER_INPUT on space or path.
func (s *Service) FolderTree(ctx context.Context, space Space, path string) (Tree, error) {
	v, ok, err := reader(ctx)
	if err != nil {
		return Tree{}, err
	}
	if !ok {
		// Management's empty tree echoes the address asked, checked or not:
		// it learns nothing either way.
		p, _ := NormalizePath(path)
		return Tree{Space: Space(strings.ToLower(string(space))), Path: p, Folders: []Folder{}, Documents: []FolderDocument{}}, nil
	}
	sp, err := ParseSpace("space", string(space))
	if err != nil {
		return Tree{}, err
	}
	p, err := NormalizePath(path)
	if err != nil {
		return Tree{}, err
	}
	return FolderTree(ctx, s.pool, v, sp, p)
}
