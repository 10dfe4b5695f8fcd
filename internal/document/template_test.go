package document_test

import (
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

func TestFillPlaceholders(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 6, 23, 30, 0, 0, time.FixedZone("east", 3*3600))
	got := document.FillPlaceholders("# {{title}}\n\n{{ date }} by {{author}}; {{other}} {{date}}", "Retro", "Ana", now)
	require.Equal(t, "# Retro\n\n2026-12-06 by Ana; {{other}} 2026-12-06", got, "the date is UTC, unknown placeholders stay")
}

func TestCreateFromTemplate(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	owner := pgtest.CreatePerson(t, b.pool)
	me := pgtest.CreatePerson(t, b.pool)
	tpl := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{
		Space: document.SpaceWiki, Path: "meetings", Title: "Meeting notes",
		Content: "# {{title}}\n\nDate: {{date}}\nAuthor: {{author}}\n", Tags: []string{"template", "meeting"},
	})
	pgtest.Grant(t, b.pool, tpl.ID, "group", auth.EveryoneID, "read")

	ctx := pgtest.ActingAs(me)
	d, err := b.svc.Create(ctx, document.CreateInput{
		Space: document.SpaceOutput, Path: "notes", Slug: "weekly", Title: pgtest.Ptr("Weekly sync"),
		Tags: []string{"team"}, TemplateID: &tpl.ID,
	})
	require.NoError(t, err)
	today := time.Now().UTC().Format(time.DateOnly)
	require.Equal(t, "# Weekly sync\n\nDate: "+today+"\nAuthor: "+me.Name+"\n", d.Content)
	require.Equal(t, []string{"meeting", "team"}, d.Tags, "the template's tags without template, then the given ones")
	require.Equal(t, me.ID, d.OwnerID)

	tpls, err := b.svc.Templates(ctx)
	require.NoError(t, err)
	require.Len(t, tpls, 1)
	require.Equal(t, tpl.ID, tpls[0].ID)
}

func TestCreateFromTemplateRefusals(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	owner := pgtest.CreatePerson(t, b.pool)
	me := pgtest.CreatePerson(t, b.pool)
	hidden := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Title: "Secret template", Content: "x", Tags: []string{"template"}})
	mine := pgtest.CreateDocument(t, b.pool, me.ID, pgtest.Doc{Title: "Mine", Content: "{{title}}", Tags: []string{"template"}})
	ctx := pgtest.ActingAs(me)
	in := func(id uuid.UUID, content string) document.CreateInput {
		return document.CreateInput{Space: document.SpaceWiki, Slug: "new-" + uuid.NewString()[:8], Title: pgtest.Ptr("New"),
			Content: content, TemplateID: &id}
	}

	_, err := b.svc.Create(ctx, in(hidden.ID, ""))
	pgtest.RequireCode(t, err, fault.NotFound, "templateId")
	_, err = b.svc.Create(ctx, in(uuid.New(), ""))
	pgtest.RequireCode(t, err, fault.NotFound, "templateId")
	_, err = b.svc.Create(ctx, in(mine.ID, "my own body"))
	pgtest.RequireCode(t, err, fault.BadInput, "content")

	// A template in the trash is no template.
	_, err = b.svc.Delete(ctx, mine.ID)
	require.NoError(t, err)
	_, err = b.svc.Create(ctx, in(mine.ID, ""))
	pgtest.RequireCode(t, err, fault.NotFound, "templateId")

	tpls, err := b.svc.Templates(ctx)
	require.NoError(t, err)
	require.Empty(t, tpls, "neither another's unshared template nor a trashed one is listed")
	tpls, err = b.svc.Templates(pgtest.ActingAsManagement())
	require.NoError(t, err)
	require.Empty(t, tpls)
}
