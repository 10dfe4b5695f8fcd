package app_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/app"
)

// module is the module path the constructors' import paths start with.
const module = "codna/"

// constructors are the functions that build a service, or a worker or job
// the App runs, by import path. Only internal/app calls them (`make lint`
// runs TestServiceConstructorsAreCalledOnlyInApp), but for:
//   - the package that declares one (its own construction, and its tests);
//   - the tests of a service package (a directory below one of these
//     import paths), which build the collaborators they test with — the
//     internal ones cannot import internal/app, which imports them;
//   - internal/pgtest, which the service packages' tests import, for the
//     same reason (pgtest.CreateDocument builds the documents service).
var constructors = map[string][]string{
	"codna/internal/access":     {"New", "NewFolderService", "NewFolderApplier"},
	"codna/internal/activity":   {"New"},
	"codna/internal/agent":      {"New"},
	"codna/internal/auth":       {"New"},
	"codna/internal/automation": {"New"},
	"codna/internal/collab":     {"New"},
	"codna/internal/comment":    {"New", "NewReanchorer"},
	"codna/internal/document":   {"New", "NewPurger"},
	"codna/internal/favorite":   {"New"},
	"codna/internal/files":      {"New", "NewMaintenance"},
	"codna/internal/inbox":      {"New", "NewLiveCounts"},
	"codna/internal/ingest":     {"New"},
	"codna/internal/linkgraph":  {"New", "NewBackfiller", "NewConsumer", "NewKeeper"},
	"codna/internal/live":       {"New"},
	"codna/internal/mail":       {"New"},
	"codna/internal/manage":     {"New"},
	"codna/internal/mention":    {"New", "NewConsumer"},
	"codna/internal/outbox":     {"New"},
	"codna/internal/search":     {"New", "NewBackfill"},
	"codna/internal/space":      {"New"},
	"codna/internal/sso":        {"New"},
	"codna/internal/transfer":   {"New"},
	"codna/internal/watch":      {"New"},
	"codna/internal/webhook":    {"New"},
}

// workerMethods are the services' methods that build a worker the App
// runs, by the import paths of the services that have them. A call of a
// method by one of these names counts whatever its receiver, and may be
// made where a call of any of those packages' constructors may.
var workerMethods = map[string][]string{
	"NewImportWorker": {"codna/internal/transfer"},
	"NewExportWorker": {"codna/internal/transfer"},
	"NewRunner":       {"codna/internal/automation"},
	"NewScheduler":    {"codna/internal/automation"},
	"NewMatcher":      {"codna/internal/automation"},
	"NewWorker":       {"codna/internal/ingest"},
	"NewSender":       {"codna/internal/mail", "codna/internal/webhook"},
}

// allowedDirs may call any constructor (see constructors).
var allowedDirs = []string{"internal/app", "internal/pgtest"}

// Every service the App holds has its constructor in the table, so that a
// service added to app.Services is checked too.
func TestEveryServiceIsInTheConstructorTable(t *testing.T) {
	t.Parallel()
	typ := reflect.TypeFor[app.Services]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		require.Equal(t, reflect.Pointer, f.Type.Kind(), "Services.%s is a pointer to a service", f.Name)
		pkg := f.Type.Elem().PkgPath()
		require.Contains(t, constructors, pkg, "Services.%s's package %s: add its constructors to the table", f.Name, pkg)
	}
}

// Nothing outside internal/app (and the exceptions of constructors) calls
// a service's constructor: a new service is wired in one place.
func TestServiceConstructorsAreCalledOnlyInApp(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	var found []string
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata" || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		file, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, call := range constructorCalls(file) {
			if !slices.ContainsFunc(call.pkgs, func(p string) bool { return allowed(filepath.ToSlash(rel), p) }) {
				found = append(found, fset.Position(call.pos).String()[len(root)+1:]+": "+call.name)
			}
		}
		return nil
	})
	require.NoError(t, err)
	sort.Strings(found)
	require.Empty(t, found, "service constructors called outside internal/app: take the service from an App (app.New, or apptest.New in a test) instead")
}

// call is a constructor called, and the import paths of the packages it
// may belong to (one, but for a worker method several services have).
type call struct {
	pos  token.Pos
	pkgs []string
	name string
}

// constructorCalls lists the calls of constructors and worker methods in f.
func constructorCalls(f *ast.File) []call {
	imports := map[string]string{} // local name → import path
	for _, s := range f.Imports {
		p, err := strconv.Unquote(s.Path.Value)
		if err != nil || constructors[p] == nil {
			continue
		}
		name := path.Base(p)
		if s.Name != nil {
			name = s.Name.Name
		}
		imports[name] = p
	}
	var out []call
	ast.Inspect(f, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok {
			if p, ok := imports[id.Name]; ok {
				for _, fn := range constructors[p] {
					if sel.Sel.Name == fn {
						out = append(out, call{pos: c.Pos(), pkgs: []string{p}, name: id.Name + "." + fn})
					}
				}
				return true
			}
		}
		if ps, ok := workerMethods[sel.Sel.Name]; ok {
			out = append(out, call{pos: c.Pos(), pkgs: ps, name: "(" + path.Base(ps[0]) + ")." + sel.Sel.Name})
		}
		return true
	})
	return out
}

// allowed says whether the file at rel (slash-separated, from the
// repository's root) may call a constructor of the package at import path
// pkg.
func allowed(rel, pkg string) bool {
	dir := path.Dir(rel)
	under := func(d string) bool { return dir == d || strings.HasPrefix(dir, d+"/") }
	for _, d := range allowedDirs {
		if under(d) {
			return true
		}
	}
	if under(strings.TrimPrefix(pkg, module)) {
		return true
	}
	if strings.HasSuffix(rel, "_test.go") {
		for p := range constructors {
			if under(strings.TrimPrefix(p, module)) {
				return true
			}
		}
	}
	return false
}
