package permission_test

import (
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

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
