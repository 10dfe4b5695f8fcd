package db_test

// The checks in this file read source only, no database. `make lint` runs
// them (go test -run '^TestQueries'), so CI fails on a query no code calls
// or one that breaks the conventions of docs/development.md.

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// root is the repository root, two levels above this package.
const root = "../.."

// generatedQueries lists the methods sqlc generated on *Queries, by name,
// with the file each is in.
func generatedQueries(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "internal/db/*.sql.go"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 {
				continue
			}
			if star, ok := fn.Recv.List[0].Type.(*ast.StarExpr); ok {
				if id, ok := star.X.(*ast.Ident); ok && id.Name == "Queries" {
					out[fn.Name.Name] = filepath.Base(f)
				}
			}
		}
	}
	return out
}

// TestQueriesAreAllCalled fails on a query in sql/queries that no product
// code calls: every generated method must appear as db.Q.Name(…) (Q.Name(…)
// inside this package), or its row-by-row form db.Q.NameEach(…), in a
// non-test, non-generated Go file of the module.
// Test files do not count — a query only a test calls is dead product code
// (give the test a query of its own in its file, or plain SQL).
func TestQueriesAreAllCalled(t *testing.T) {
	t.Parallel()
	queries := generatedQueries(t)
	called := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "vendor" || name == "node_modules") {
				return filepath.SkipDir
			}
			// A nested module (internal/tools) is not this module's code.
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		if filepath.Dir(rel) == filepath.Join("internal", "db") && (strings.HasSuffix(rel, ".sql.go") || strings.HasSuffix(rel, "querier.go") || strings.HasSuffix(rel, "models.go")) {
			return nil
		}
		file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			name := sel.Sel.Name
			switch x := sel.X.(type) {
			case *ast.SelectorExpr: // db.Q.Name(…)
				if pkg, ok := x.X.(*ast.Ident); ok && pkg.Name == "db" && x.Sel.Name == "Q" {
					called[name] = true
				}
			case *ast.Ident: // Q.Name(…) within package db
				if x.Name == "Q" && file.Name.Name == "db" {
					called[name] = true
				}
			}
			// db.Q.NameEach(…), the row-by-row form of a query (each.go),
			// runs Name's statement.
			if base, ok := strings.CutSuffix(name, "Each"); ok && called[name] {
				called[base] = true
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	var unused []string
	for name, file := range queries {
		if !called[name] {
			unused = append(unused, name+" ("+strings.TrimSuffix(file, ".go")+")")
		}
	}
	slices.Sort(unused)
	require.Empty(t, unused, "queries no product code calls: delete them from sql/queries and run make generate")
}

var (
	nameLine   = regexp.MustCompile(`^-- name: (\w+) :\w+$`)
	createLine = regexp.MustCompile(`(?i)CREATE TABLE (?:IF NOT EXISTS )?(\w+)`)
)

// entity is the CamelCase singular of a table name: documents → Document,
// document_access → DocumentAccess, identities → Identity.
func entity(table string) string {
	words := strings.Split(table, "_")
	last := words[len(words)-1]
	switch {
	case strings.HasSuffix(last, "ches"), strings.HasSuffix(last, "shes"), strings.HasSuffix(last, "xes"):
		last = strings.TrimSuffix(last, "es")
	case strings.HasSuffix(last, "ies"):
		last = strings.TrimSuffix(last, "ies") + "y"
	case strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss"):
		last = strings.TrimSuffix(last, "s")
	}
	words[len(words)-1] = last
	var b strings.Builder
	for _, w := range words {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// TestQueriesFollowConventions checks sql/queries: one file per table named
// after a table the migrations create, each query named after its file's
// entity (EntityVerb) with a one-line comment that starts with its name, and
// no two queries with the same statement.
func TestQueriesFollowConventions(t *testing.T) {
	t.Parallel()
	tables := map[string]bool{}
	migrations, err := filepath.Glob(filepath.Join(root, "migrations/*.up.sql"))
	require.NoError(t, err)
	for _, m := range migrations {
		b, err := os.ReadFile(m)
		require.NoError(t, err)
		for _, match := range createLine.FindAllStringSubmatch(string(b), -1) {
			tables[strings.ToLower(match[1])] = true
		}
	}
	require.NotEmpty(t, tables)

	files, err := filepath.Glob(filepath.Join(root, "sql/queries/*.sql"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	statements := map[string]string{}
	for _, f := range files {
		table := strings.TrimSuffix(filepath.Base(f), ".sql")
		require.True(t, tables[table], "%s: no migration creates a table %q", filepath.Base(f), table)
		prefix := entity(table)
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		lines := strings.Split(string(b), "\n")
		name, body := "", []string{}
		flush := func() {
			if name == "" {
				return
			}
			stmt := strings.Join(strings.Fields(strings.Join(body, " ")), " ")
			if other, dup := statements[stmt]; dup {
				t.Errorf("%s and %s are the same statement: merge their callers onto one", other, name)
			}
			statements[stmt] = name
		}
		for i, line := range lines {
			m := nameLine.FindStringSubmatch(line)
			if m == nil {
				if name != "" && !strings.HasPrefix(line, "--") {
					body = append(body, line)
				}
				continue
			}
			flush()
			name, body = m[1], nil
			rest, ok := strings.CutPrefix(name, prefix)
			if !ok || rest == "" || !(rest[0] >= 'A' && rest[0] <= 'Z') {
				t.Errorf("%s: query %s is not named %sVerb", filepath.Base(f), name, prefix)
			}
			if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "-- "+name+" ") {
				t.Errorf("%s: query %s needs a one-line comment starting with its name", filepath.Base(f), name)
			} else if i+2 < len(lines) && strings.HasPrefix(lines[i+2], "--") {
				t.Errorf("%s: query %s's comment is longer than one line", filepath.Base(f), name)
			}
		}
		flush()
	}
}
