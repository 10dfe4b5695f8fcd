package watch

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

func TestAutoWatchNeverOverridesAWatchOrAMute(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	ctx := context.Background()
	p := pgtest.CreatePerson(t, d.Pool)
	a := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{Slug: "a"})
	b := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{Slug: "b"})

	added, err := AutoInTx(ctx, d.Pool, p.ID, a.ID, SourceComment)
	require.NoError(t, err)
	require.True(t, added)
	added, err = AutoInTx(ctx, d.Pool, p.ID, a.ID, SourceMention)
	require.NoError(t, err)
	require.False(t, added, "the first source stays")
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM watches WHERE user_id = $1 AND source = 'comment'`, p.ID))

	pgtest.Exec(t, d.Pool, `INSERT INTO watches (id, user_id, document_id, source, muted) VALUES (gen_random_uuid(), $1, $2, 'manual', true)`, p.ID, b.ID)
	added, err = AutoInTx(ctx, d.Pool, p.ID, b.ID, SourceAuthor)
	require.NoError(t, err)
	require.False(t, added, "a mute keeps automatic sources out")
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM watches WHERE user_id = $1 AND document_id = $2 AND muted`, p.ID, b.ID))
}
