package main

import (
	"context"
	"fmt"
	"io"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
)

const demoEmail = "demo@codna.local"

var demoDocs = []struct{ path, slug, title, content string }{
	{"", "welcome", "Welcome to CoDNA",
		"Every change here is a revision, kept forever.\n\nStart with [the onboarding guide](engineering/onboarding.md).\n"},
	{"engineering", "onboarding", "Onboarding",
		"Set up your machine with [laptop setup](onboarding/laptop-setup.md), then read [the welcome page](../welcome.md).\n"},
	{"engineering/onboarding", "laptop-setup", "Laptop setup",
		"1. Install Go.\n2. Install Postgres.\n3. Run `make run`.\n"},
}

// seedDemo creates a demo person and a few linked wiki documents, once: only
// into a database with no people yet. It prints the sign-in to w.
func seedDemo(ctx context.Context, pool *pgxpool.Pool, params auth.Argon2Params, w io.Writer) error {
	password := auth.NewSecret("")[:16]
	hash, err := auth.HashPassword(params, password)
	if err != nil {
		return err
	}
	seeded := false
	err = db.InTx(ctx, pool, func(tx pgx.Tx, q *db.Queries) error {
		// Serialise concurrent first starts of several replicas.
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('codna.demo'))"); err != nil {
			return err
		}
		n, err := q.UserCountPeople(ctx)
		if err != nil || n > 0 {
			return err
		}
		u, err := q.UserCreate(ctx, db.UserCreateParams{
			ID: uuid.Must(uuid.NewV7()), Email: demoEmail, Name: "Demo Person", Kind: string(auth.KindPerson), PasswordHash: &hash,
		})
		if err != nil {
			return err
		}
		for _, d := range demoDocs {
			doc, err := q.DocumentCreate(ctx, db.DocumentCreateParams{
				ID: uuid.Must(uuid.NewV7()), Space: db.SpaceWiki, Path: d.path, Slug: d.slug, Title: d.title,
				Content: d.content, FrontmatterExtra: []byte("{}"), Tags: []string{"demo"}, Status: db.DocumentStatusActive,
				ContentHash: document.ContentHash(d.title, d.content, []string{"demo"}), CreatedBy: u.ID,
			})
			if err != nil {
				return err
			}
			rev, err := q.DocumentRevisionCreate(ctx, db.DocumentRevisionCreateParams{
				ID: uuid.Must(uuid.NewV7()), DocumentID: doc.ID, Version: 1, Title: doc.Title, Path: doc.Path, Slug: doc.Slug,
				Content: doc.Content, Tags: doc.Tags, FrontmatterExtra: doc.FrontmatterExtra, ChangeKind: "create", AuthorID: &u.ID,
			})
			if err != nil {
				return err
			}
			if err := q.EventCreate(ctx, db.EventCreateParams{
				ID: uuid.Must(uuid.NewV7()), EventType: "document.created", SubjectType: "document",
				SubjectID: &doc.ID, DocumentID: &doc.ID, ActorID: &u.ID, RevisionID: &rev.ID, Payload: []byte("{}"),
			}); err != nil {
				return err
			}
		}
		seeded = true
		return nil
	})
	if err != nil {
		return err
	}
	if seeded {
		fmt.Fprintf(w, "\n  Demo person created. Sign in with\n    email:    %s\n    password: %s\n\n", demoEmail, password)
	}
	return nil
}
