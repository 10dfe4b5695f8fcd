package db_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/pgtest"
)

// TestEachFormsMatchTheirQueries holds each row-by-row form (each.go) to
// its generated method: the same rows, in the same order, field for field
// — so a query whose columns or parameters change cannot leave its Each
// form scanning the old ones. The links cover a readable target, one the
// reader cannot read, a pending link with no target, and tags and nullable
// columns set and unset.
func TestEachFormsMatchTheirQueries(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	owner := pgtest.CreatePerson(t, d.Pool)
	reader := pgtest.CreatePerson(t, d.Pool)
	ids := []uuid.UUID{uuid.New(), uuid.New(), uuid.New()}
	_, err := d.Pool.Exec(ctx, `INSERT INTO documents (id, space, path, slug, title, content_hash, tags, created_by, updated_by, deleted_at)
		SELECT id, 'wiki', 'each', 'doc-' || n, 'Doc ' || n, '\x00'::bytea, CASE WHEN n = 1 THEN '{a,b}'::text[] ELSE '{}' END,
		       $2::uuid, CASE WHEN n = 2 THEN NULL ELSE $2::uuid END, NULL
		FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, n)`, ids, owner.ID)
	require.NoError(t, err)
	_, err = d.Pool.Exec(ctx, `UPDATE documents SET quarantined_at = now() - interval '1 day 0.123457 seconds', purge_after = '1999-12-31 23:59:59.5+00', tags = '{"", "é"}' WHERE id = $1`, ids[2])
	require.NoError(t, err)
	_, err = d.Pool.Exec(ctx, `INSERT INTO document_links (id, source_id, target_id, href_as_written, resolved_address, link_text, state)
		VALUES (gen_random_uuid(), $1, $2, 'doc-2.md', 'wiki:each/doc-2', 'two', 'resolved'),
		       (gen_random_uuid(), $1, $3, 'doc-3.md', 'wiki:each/doc-3', NULL, 'resolved'),
		       (gen_random_uuid(), $1, NULL, 'nowhere.md', NULL, 'none', 'pending'),
		       (gen_random_uuid(), $2, $1, 'doc-1.md', 'wiki:each/doc-1', 'one', 'stale_text')`, ids[0], ids[1], ids[2])
	require.NoError(t, err)
	// The reader reads documents 1 and 2, not 3.
	_, err = d.Pool.Exec(ctx, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission, granted_by)
		SELECT gen_random_uuid(), id, 'user', $2, 'read', $3 FROM unnest($1::uuid[]) id`, ids[:2], reader.ID, owner.ID)
	require.NoError(t, err)

	for _, actor := range []uuid.UUID{owner.ID, reader.ID} {
		for _, p := range []db.DocumentLinkListEndsParams{
			{ActorID: actor, ActorIsPerson: true, SourceIds: ids, TargetIds: []uuid.UUID{}},
			{ActorID: actor, ActorIsPerson: true, SourceIds: []uuid.UUID{}, TargetIds: ids},
			{ActorID: actor, ActorIsPerson: true, SourceIds: ids, TargetIds: ids},
		} {
			want, err := db.Q.DocumentLinkListEnds(ctx, d.Pool, p)
			require.NoError(t, err)
			require.NotEmpty(t, want)
			var got []db.DocumentLinkListEndsRow
			require.NoError(t, db.Q.DocumentLinkListEndsEach(ctx, d.Pool, p, func(r *db.DocumentLinkListEndsRow) { got = append(got, *r) }))
			require.Equal(t, want, got)

			// The narrow form: the same rows, in the same order, as the
			// wide one's columns it keeps.
			narrow := db.DocumentLinkListEndTitlesParams(p)
			wantN, err := db.Q.DocumentLinkListEndTitles(ctx, d.Pool, narrow)
			require.NoError(t, err)
			var gotN []db.DocumentLinkListEndTitlesRow
			require.NoError(t, db.Q.DocumentLinkListEndTitlesEach(ctx, d.Pool, narrow, func(r *db.DocumentLinkListEndTitlesRow) { gotN = append(gotN, *r) }))
			require.Equal(t, wantN, gotN)
			require.Len(t, wantN, len(want))
			rows, err := d.Pool.Query(ctx, db.EndTitlesQuery, db.EndTitlesArgs(narrow)...)
			require.NoError(t, err)
			fields := rows.FieldDescriptions()
			require.True(t, db.EndTitleColumns(fields), "the narrow form decodes its rows itself")
			swapped := append([]pgconn.FieldDescription(nil), fields...)
			swapped[4], swapped[5] = swapped[5], swapped[4]
			require.False(t, db.EndTitleColumns(swapped), "two uuid columns moved: scanned by name, never swapped")
			rows.Close()
			for i, w := range want {
				require.Equal(t, db.DocumentLinkListEndTitlesRow{
					Outgoing: w.Outgoing, EndID: w.EndID, SortKey: w.SortKey, ID: w.ID, SourceID: w.SourceID, TargetID: w.TargetID,
					State: w.State, FarID: w.FarID, FarTitle: w.FarTitle, FarLevel: w.FarLevel,
				}, wantN[i])
			}
		}

		byUpdated := db.DocumentListByUpdatedParams{ActorID: actor, ActorIsPerson: true, Tags: []string{}, RowLimit: 10}
		wantUp, err := db.Q.DocumentListByUpdated(ctx, d.Pool, byUpdated)
		require.NoError(t, err)
		require.NotEmpty(t, wantUp)
		var gotUp []db.DocumentListByUpdatedRow
		require.NoError(t, db.Q.DocumentListByUpdatedEach(ctx, d.Pool, byUpdated, func(r *db.DocumentListByUpdatedRow) { gotUp = append(gotUp, *r) }))
		require.Equal(t, wantUp, gotUp)
		rows, err := d.Pool.Query(ctx, db.ListByUpdatedQuery, db.ListByUpdatedArgs(byUpdated)...)
		require.NoError(t, err)
		fields := rows.FieldDescriptions()
		require.True(t, db.ListRowColumns(fields), "the list's rows are decoded by the form itself")
		require.True(t, db.TimesAreUnix(rows.Conn()), "the pool's times scan as time.Unix's")
		swapped := append([]pgconn.FieldDescription(nil), fields...)
		swapped[10], swapped[11] = swapped[11], swapped[10]
		require.False(t, db.ListRowColumns(swapped), "two time columns moved: scanned by name, never swapped")
		n := 0
		for rows.Next() {
			var r db.DocumentListByUpdatedRow
			require.True(t, db.DecodeListRow(rows.RawValues(), &r), "row %d decoded raw", n)
			require.Equal(t, wantUp[n], r)
			n++
		}
		require.NoError(t, rows.Err())
		require.Equal(t, len(wantUp), n)

		byTitle := db.DocumentListByTitleParams{ActorID: actor, ActorIsPerson: true, Tags: []string{"a"}, RowLimit: 10}
		wantTi, err := db.Q.DocumentListByTitle(ctx, d.Pool, byTitle)
		require.NoError(t, err)
		require.Len(t, wantTi, 1)
		var gotTi []db.DocumentListByTitleRow
		require.NoError(t, db.Q.DocumentListByTitleEach(ctx, d.Pool, byTitle, func(r *db.DocumentListByTitleRow) { gotTi = append(gotTi, *r) }))
		require.Equal(t, wantTi, gotTi)
	}
}

// The narrow form's own decoding takes only what it can read exactly: a
// NULL, a value of another size or a state label not a LinkState leaves
// the row to pgx's scan.
func TestEndTitleRowsDecodeOnlyWhatTheyExpect(t *testing.T) {
	t.Parallel()
	id := uuid.New()
	good := func() [][]byte {
		return [][]byte{{1}, id[:], []byte("sort"), id[:], id[:], id[:], []byte("resolved"), id[:], []byte("Title"), {0, 0, 0, 2}}
	}
	var r db.DocumentLinkListEndTitlesRow
	require.True(t, db.DecodeEndTitle(good(), &r))
	require.Equal(t, db.DocumentLinkListEndTitlesRow{Outgoing: true, EndID: id, SortKey: "sort", ID: id, SourceID: id, TargetID: id,
		State: db.LinkStateResolved, FarID: id, FarTitle: "Title", FarLevel: 2}, r)
	for name, change := range map[string]func(c [][]byte){
		"NULL":          func(c [][]byte) { c[5] = nil },
		"short uuid":    func(c [][]byte) { c[1] = c[1][:15] },
		"wide bool":     func(c [][]byte) { c[0] = []byte{0, 1} },
		"short int":     func(c [][]byte) { c[9] = c[9][:2] },
		"unknown label": func(c [][]byte) { c[6] = []byte("nope") },
	} {
		c := good()
		change(c)
		require.False(t, db.DecodeEndTitle(c, &r), name)
	}
	require.False(t, db.DecodeEndTitle(good()[:9], &r), "a column missing")
}

// The list's own decoding likewise: NULL only where the row has a pointer,
// times pgx would scan (no infinity), tags of one dimension without NULLs.
func TestListRowsDecodeOnlyWhatTheyExpect(t *testing.T) {
	t.Parallel()
	id := uuid.New()
	ts := []byte{0, 0, 0, 0, 0, 0, 0, 1} // 2000-01-01 00:00:00.000001 UTC
	tags := []byte{0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 25, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 1, 'a', 0, 0, 0, 0}
	good := func() [][]byte {
		return [][]byte{id[:], []byte("wiki"), []byte("p"), []byte("s"), []byte("T"), tags, []byte("active"), {0, 0, 0, 3},
			id[:], nil, ts, ts, nil, ts, nil, {0, 0, 0, 2}}
	}
	var r db.DocumentListByUpdatedRow
	require.True(t, db.DecodeListRow(good(), &r))
	at := time.Unix(946_684_800, 1_000)
	require.Equal(t, db.DocumentListByUpdatedRow{ID: id, Space: db.SpaceWiki, Path: "p", Slug: "s", Title: "T", Tags: []string{"a", ""},
		Status: db.DocumentStatusActive, Version: 3, CreatedBy: id, CreatedAt: at, UpdatedAt: at, PurgeAfter: &at, Level: 2}, r)
	noTags := good()
	noTags[5] = []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 25}
	require.True(t, db.DecodeListRow(noTags, &r))
	require.Equal(t, []string{}, r.Tags, "an empty array is an empty slice, as pgx scans it")
	for name, change := range map[string]func(c [][]byte){
		"NULL id":          func(c [][]byte) { c[0] = nil },
		"NULL created_at":  func(c [][]byte) { c[10] = nil },
		"short updated_by": func(c [][]byte) { c[9] = id[:15] },
		"infinity":         func(c [][]byte) { c[11] = []byte{0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff} },
		"-infinity":        func(c [][]byte) { c[13] = []byte{0x80, 0, 0, 0, 0, 0, 0, 0} },
		"short time":       func(c [][]byte) { c[10] = ts[:4] },
		"unknown space":    func(c [][]byte) { c[1] = []byte("nope") },
		"unknown status":   func(c [][]byte) { c[6] = []byte("nope") },
		"NULL tag": func(c [][]byte) {
			c[5] = []byte{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 25, 0, 0, 0, 1, 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff}
		},
		"2-d tags": func(c [][]byte) {
			c[5] = []byte{0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 25, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1}
		},
		"truncated tags": func(c [][]byte) { c[5] = tags[:len(tags)-2] },
	} {
		c := good()
		change(c)
		require.False(t, db.DecodeListRow(c, &r), name)
	}
	require.False(t, db.DecodeListRow(good()[:15], &r), "a column missing")
}
