package main

import (
	"context"
	"fmt"
	"io"

	"github.com/google/uuid"
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
	var owner uuid.UUID
	err = db.InTx(ctx, pool, func(tx db.DBTX) error {
		// Serialise concurrent first starts of several replicas.
		if err := db.LockXact(ctx, tx, db.LockDemo); err != nil {
			return err
		}
		n, err := db.Q.UserCountPeople(ctx, tx)
		if err != nil || n > 0 {
			return err
		}
		u, err := db.Q.UserCreate(ctx, tx, db.UserCreateParams{
			ID: uuid.Must(uuid.NewV7()), Email: demoEmail, Name: "Demo Person", Kind: string(auth.KindPerson), PasswordHash: &hash,
		})
		if err != nil {
			return err
		}
		owner = u.ID
		seeded = true
		return nil
	})
	if err != nil {
		return err
	}
	if !seeded {
		return nil
	}
	docs := document.New(pool, document.DefaultConfig)
	actx := auth.WithActor(ctx, &auth.Actor{UserID: owner, Kind: auth.KindPerson})
	for _, d := range demoDocs {
		if _, err := docs.Create(actx, document.CreateInput{
			Space: document.SpaceWiki, Path: d.path, Slug: d.slug, Title: &d.title, Content: d.content, Tags: []string{"demo"},
		}); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "\n  Demo person created. Sign in with\n    email:    %s\n    password: %s\n\n", demoEmail, password)
	return nil
}
