package main

import (
	"context"
	"fmt"
	"io"

	"codna/internal/app"
	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/space"
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
// into a database with no people yet (manage's CreateFirstPerson). It sets
// the wiki's default to everyone-read first, as a team would, so the demo's
// pages — and every page people create in the wiki — are read by the next
// person who signs in. It prints the sign-in to w.
func seedDemo(ctx context.Context, a *app.App, w io.Writer) error {
	password := auth.NewSecret("")[:16]
	owner, seeded, err := a.Manage.CreateFirstPerson(auth.ManagementContext(ctx), demoEmail, "Demo Person", password)
	if err != nil || !seeded {
		return err
	}
	if _, err := a.Space.SetDefault(auth.ManagementContext(ctx), document.SpaceWiki, space.EveryoneRead); err != nil {
		return err
	}
	actx := auth.WithActor(ctx, &auth.Actor{UserID: owner.ID, Kind: auth.KindPerson})
	for _, d := range demoDocs {
		if _, err := a.Space.Create(actx, space.NewPage{CreateInput: document.CreateInput{
			Space: document.SpaceWiki, Path: d.path, Slug: d.slug, Title: &d.title, Content: d.content, Tags: []string{"demo"},
		}}); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "\n  Demo person created. Sign in with\n    email:    %s\n    password: %s\n\n", demoEmail, password)
	return nil
}
