package permission_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	agentsvc "codna/internal/agent"
	"codna/internal/auth"
	"codna/internal/automation"
	"codna/internal/document"
	"codna/internal/files"
	"codna/internal/inbox"
	"codna/internal/ingest"
	"codna/internal/linkgraph"
	"codna/internal/live"
	"codna/internal/manage"
	"codna/internal/search"
	pgsearch "codna/internal/search/postgres"
	"codna/internal/transfer"
)

// services builds every service over pool — nil for the bare services the
// refusals are proved on: a method that reached the database before it
// checked its actor would panic there — with the live counts on hub. Each
// value is a pointer to a service struct; every exported method of each
// is in the table.
//
// When the composition root (internal/app) lands, this list becomes the
// fields of its Services struct, walked by reflection, so a service added
// there is covered without a change here.
func services(pool *pgxpool.Pool, hub *live.Hub, tempDir string) []any {
	log := slog.New(slog.DiscardHandler)
	cheap := auth.Config{Argon2: auth.CheapArgon2}
	authSvc := auth.New(pool, cheap, log)
	docs := document.New(pool, document.DefaultConfig)
	var store files.Store
	if pool != nil {
		store = files.NewPostgres(pool)
	}
	fs := files.New(pool, store, docs, 1<<20)
	in := ingest.New(pool, store, docs, fs, 1<<20)
	links := linkgraph.NewService(pool, docs)
	sharing := access.NewService(pool)
	var backend search.Backend
	if pool != nil {
		backend = pgsearch.New(pool)
	}
	finder := search.NewService(pool, backend, docs)
	return []any{
		sharing,
		access.NewFolderService(pool),
		agentsvc.New(pool),
		authSvc,
		automation.New(pool, automation.Services{Docs: docs, Sharing: sharing, Search: finder}, nil, log),
		docs,
		fs,
		inbox.NewService(pool),
		inbox.NewLiveCounts(pool, hub, authSvc, log),
		in,
		links,
		manage.New(pool, auth.CheapArgon2),
		finder,
		transfer.New(pool, store, docs, fs, in, links, transfer.Config{TempDir: tempDir, MaxArchiveBytes: 8 << 20}),
	}
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
