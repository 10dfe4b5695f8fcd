package permission_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"log/slog"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/app"
	"codna/internal/app/apptest"
)

// services builds the composition root over pool — nil for the bare
// services the refusals are proved on: a method that reached the database
// before it checked its actor would panic there — and returns it with every
// field of its Services, each a pointer to a service struct whose exported
// methods are all in the table. A service added to app.Services is covered
// without a change here; its methods then need their entries.
func services(t testing.TB, pool *pgxpool.Pool) (*app.App, []any) {
	t.Helper()
	cfg := apptest.Config()
	cfg.Files.TempDir = t.TempDir()
	cfg.Files.MaxFileBytes = 1 << 20
	cfg.Files.MaxImportBytes = 8 << 20
	a := app.New(pool, cfg, slog.New(slog.DiscardHandler)) // nothing started: nothing to stop
	v := reflect.ValueOf(a.Services)
	out := make([]any, 0, v.NumField())
	for i := range v.NumField() {
		out = append(out, v.Field(i).Interface())
	}
	return a, out
}

// serviceTypes lists the service types declared under internal/ — every
// struct type named Service or …Service — as package.Type, from the
// source, so that a new service package is noticed even before it is
// wired into the list above.
func serviceTypes(t *testing.T) []string {
	t.Helper()
	var out []string
	dirs, err := filepath.Glob(filepath.Join("..", "*"))
	require.NoError(t, err)
	for _, dir := range dirs {
		pkgs, err := parser.ParseDir(token.NewFileSet(), dir, func(fi fs.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, parser.SkipObjectResolution)
		require.NoError(t, err)
		for name, pkg := range pkgs {
			for _, f := range pkg.Files {
				for _, decl := range f.Decls {
					gd, ok := decl.(*ast.GenDecl)
					if !ok || gd.Tok != token.TYPE {
						continue
					}
					for _, spec := range gd.Specs {
						ts := spec.(*ast.TypeSpec)
						if _, isStruct := ts.Type.(*ast.StructType); isStruct && strings.HasSuffix(ts.Name.Name, "Service") && ts.Name.IsExported() {
							out = append(out, name+"."+ts.Name.Name)
						}
					}
				}
			}
		}
	}
	return out
}
