package postgres

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/pgtest"
	"codna/internal/search"
)

// recordedRows is rawRows keeping the rows it hands out, to count what
// they decoded themselves.
type recordedRows struct {
	rawRows
	rows []*entryRows
}

func (r *recordedRows) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	rows, err := r.rawRows.Query(ctx, sql, args...)
	if e, ok := rows.(*entryRows); ok {
		r.rows = append(r.rows, e)
	}
	return rows, err
}

func (r *recordedRows) direct() int {
	n := 0
	for _, e := range r.rows {
		n += e.direct
	}
	return n
}

// TestRawRowsDecodeAsPgxScans runs every search statement through pgx's
// scan and through rawRows: the same rows, each of them decoded from its raw
// bytes by rawRows.
func TestRawRowsDecodeAsPgxScans(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	owner := lanterns(t, d)
	readers := []uuid.UUID{owner.ID}
	find := lanternFind(readers)
	few := db.SearchEntryFindFewParams{
		Terms: find.Terms, Groups: find.Groups, Prefixes: find.Prefixes, AnyTerms: find.AnyTerms, AnyGroups: find.AnyGroups, AnyPrefixes: find.AnyPrefixes,
		Readers: readers, Spaces: find.Spaces, Tags: find.Tags, Statuses: find.Statuses, RowOffset: 0, RowLimit: 21, CountMax: 100,
	}
	list := db.SearchEntryListParams{Readers: readers, Spaces: []string{}, Tags: []string{}, Statuses: []string{}, RowLimit: 21, CountMax: 100}
	typo := db.SearchEntryFindTypoParams{
		Typo: "lanterm", Readers: readers, Terms: []string{"lanterm"}, Groups: []int32{1}, Prefixes: []bool{false},
		Spaces: []string{}, Tags: []string{}, Statuses: []string{}, CountMax: 100, RowLimit: 21,
	}
	for _, c := range []struct {
		name string
		run  func(db.DBTX) ([]row, error)
	}{
		{"SearchEntryFind", func(x db.DBTX) ([]row, error) { return db.Q.SearchEntryFind(ctx, customPlans{x}, find) }},
		{"SearchEntryFindFew", func(x db.DBTX) ([]row, error) {
			rs, err := db.Q.SearchEntryFindFew(ctx, x, few)
			return convert(rs), err
		}},
		{"SearchEntryFindMid", func(x db.DBTX) ([]row, error) {
			rs, err := db.Q.SearchEntryFindMid(ctx, x, db.SearchEntryFindMidParams(few))
			return convert(rs), err
		}},
		{"SearchEntryList", func(x db.DBTX) ([]row, error) {
			rs, err := db.Q.SearchEntryList(ctx, customPlans{x}, list)
			return convert(rs), err
		}},
		{"SearchEntryListFew", func(x db.DBTX) ([]row, error) {
			rs, err := db.Q.SearchEntryListFew(ctx, x, listFew(list))
			return convert(rs), err
		}},
		{"SearchEntryFindTypo", func(x db.DBTX) ([]row, error) {
			rs, err := db.Q.SearchEntryFindTypo(ctx, x, typo)
			return convert(rs), err
		}},
	} {
		want, err := c.run(d.Pool)
		require.NoError(t, err, c.name)
		require.NotEmpty(t, want, c.name)
		rec := &recordedRows{rawRows: rawRows{d.Pool}}
		got, err := c.run(rec)
		require.NoError(t, err, c.name)
		require.Equal(t, want, got, c.name)
		require.Equal(t, len(want), rec.direct(), "%s: every row decoded from its raw bytes", c.name)
	}
}

// lanterns is forty documents matching "lant" (with bodies of up to some
// 10 KB, in two spaces, with up to three tags) in the search index, and
// their owner.
func lanterns(t testing.TB, d *pgtest.DB) pgtest.Person {
	owner := pgtest.CreatePerson(t, d.Pool)
	var entries []search.Entry
	for i := range 40 {
		body := fmt.Sprintf("lantern number %d. %s", i, strings.Repeat("Filler words, then more. ", i*10))
		doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Space: []document.Space{document.SpaceWiki, document.SpaceRaw}[i%2], Title: fmt.Sprintf("Lantern page %d", i), Content: body})
		entries = append(entries, search.Entry{
			ID: doc.ID, Space: string(doc.Space), Path: doc.Path, Slug: doc.Slug, Title: doc.Title, Status: string(doc.Status),
			Tags: []string{"ops", "lamp-" + fmt.Sprint(i%3), "ünïcode"}[:i%4], OwnerID: owner.ID, UpdatedAt: doc.UpdatedAt, Body: body, Version: int64(doc.Version),
		})
	}
	require.NoError(t, New(d.Pool).Apply(context.Background(), d.Pool, entries, nil))
	return owner
}

// BenchmarkRawRowsDecode measures the decoding of one search statement's
// rows (SearchEntryList over the forty lanterns: the page's hits with their
// bodies, then the counted matches) from their raw bytes, without the
// database: ns and allocations per statement.
func BenchmarkRawRowsDecode(b *testing.B) {
	d := pgtest.New(b)
	owner := lanterns(b, d)
	rec := &rawValues{DBTX: d.Pool}
	want, err := db.Q.SearchEntryFind(context.Background(), customPlans{rec}, lanternFind([]uuid.UUID{owner.ID}))
	require.NoError(b, err)
	require.Len(b, rec.rows, len(want))
	var r row
	dest := []any{&r.Kind, &r.DocumentID, &r.Score, &r.UpdatedAt, &r.Value, &r.Body, &r.Tags}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		e := &entryRows{raw: true}
		for _, cols := range rec.rows {
			if !e.decode(cols, dest) {
				b.Fatal("a row not decoded from its raw bytes")
			}
		}
	}
}

// lanternFind is the search for "lant*" by readers, a page of 21 with up
// to 100 counted.
func lanternFind(readers []uuid.UUID) db.SearchEntryFindParams {
	return db.SearchEntryFindParams{
		AnyTerms: []string{"lant"}, AnyGroups: []int32{1}, AnyPrefixes: []bool{true},
		Terms: []string{"lant"}, Groups: []int32{1}, Prefixes: []bool{true},
		Spaces: []string{}, Tags: []string{}, Statuses: []string{}, Readers: readers,
		RowEnd: 21, RowOffset: 0, RowLimit: 21, CountMax: 100,
	}
}

// rawValues is a DBTX keeping a copy of each row's raw bytes as it is
// scanned.
type rawValues struct {
	db.DBTX
	rows [][][]byte
}

func (r *rawValues) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	rows, err := r.DBTX.Query(ctx, sql, args...)
	return &copiedRows{Rows: rows, to: r}, err
}

type copiedRows struct {
	pgx.Rows
	to *rawValues
}

func (c *copiedRows) Scan(dest ...any) error {
	cols := make([][]byte, len(c.RawValues()))
	for i, v := range c.RawValues() {
		cols[i] = bytes.Clone(v)
	}
	c.to.rows = append(c.to.rows, cols)
	return c.Rows.Scan(dest...)
}

// convert is rows of another search statement (the same columns) as rows.
func convert[R ~struct {
	Kind       string
	DocumentID uuid.UUID
	Score      float64
	UpdatedAt  time.Time
	Value      string
	Body       string
	Tags       []string
}](rs []R) []row {
	out := make([]row, len(rs))
	for i, r := range rs {
		out[i] = row(r)
	}
	return out
}

// TestRawRowsLeaveTheUnexpectedToPgx: a row with a NULL, a value of
// another size, an infinite time or tags with a NULL, in two dimensions or
// malformed is not decoded here (pgx scans it); the values' own decoders
// are held to pgx's scan in internal/db (TestRawValuesDecodeAsPgxScans).
func TestRawRowsLeaveTheUnexpectedToPgx(t *testing.T) {
	t.Parallel()
	m := pgtype.NewMap()
	encode := func(oid uint32, v any) []byte {
		b, err := m.Encode(oid, pgtype.BinaryFormatCode, v, nil)
		require.NoError(t, err)
		return b
	}
	id := uuid.New()
	at := time.Unix(1_700_000_000, 123_456_000)
	tags := encode(pgtype.TextArrayOID, []string{"a", "ops", "ünï"})
	good := func() [][]byte {
		return [][]byte{[]byte("counted"), id[:], encode(pgtype.Float8OID, 0.5), encode(pgtype.TimestamptzOID, at), []byte("wiki"), []byte("body"), tags}
	}
	var r row
	dest := []any{&r.Kind, &r.DocumentID, &r.Score, &r.UpdatedAt, &r.Value, &r.Body, &r.Tags}
	require.True(t, (&entryRows{}).decode(good(), dest))
	require.Equal(t, row{Kind: "counted", DocumentID: id, Score: 0.5, UpdatedAt: at, Value: "wiki", Body: "body", Tags: []string{"a", "ops", "ünï"}}, r)
	noTags := good()
	noTags[6] = encode(pgtype.TextArrayOID, []string{})
	require.True(t, (&entryRows{}).decode(noTags, dest))
	require.Equal(t, []string{}, r.Tags, "an empty array is an empty slice, as pgx scans it")
	for name, change := range map[string]func(c [][]byte){
		"NULL kind":   func(c [][]byte) { c[0] = nil },
		"NULL tags":   func(c [][]byte) { c[6] = nil },
		"short uuid":  func(c [][]byte) { c[1] = c[1][:15] },
		"short score": func(c [][]byte) { c[2] = c[2][:4] },
		"short time":  func(c [][]byte) { c[3] = c[3][:4] },
		"infinity": func(c [][]byte) {
			c[3] = encode(pgtype.TimestamptzOID, pgtype.Timestamptz{InfinityModifier: pgtype.Infinity, Valid: true})
		},
		"-infinity": func(c [][]byte) {
			c[3] = encode(pgtype.TimestamptzOID, pgtype.Timestamptz{InfinityModifier: pgtype.NegativeInfinity, Valid: true})
		},
		"NULL tag":       func(c [][]byte) { c[6] = encode(pgtype.TextArrayOID, []*string{nil}) },
		"truncated tags": func(c [][]byte) { c[6] = tags[:len(tags)-2] },
		"2-d tags": func(c [][]byte) {
			c[6] = encode(pgtype.TextArrayOID, pgtype.Array[string]{Elements: []string{"a", "b"}, Dims: []pgtype.ArrayDimension{{Length: 2, LowerBound: 1}, {Length: 1, LowerBound: 1}}, Valid: true})
		},
	} {
		c := good()
		change(c)
		require.False(t, (&entryRows{}).decode(c, dest), name)
	}
	require.False(t, (&entryRows{}).decode(good()[:6], dest), "a column missing")
}
