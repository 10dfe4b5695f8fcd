package db_test

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
)

// TestRawValuesDecodeAsPgxScans holds the shared raw decoders (rawvalue.go)
// to pgx's own scan of the same bytes: where a decoder answers, its value
// is pgx's; where it declines (the row then goes to pgx), the cases are the
// ones named — here for timestamptz an infinity, a time outside pgx's range
// (which pgx's scan rejects too) or another size.
func TestRawValuesDecodeAsPgxScans(t *testing.T) {
	t.Parallel()
	m := pgtype.NewMap()
	micros := func(us int64) []byte { return binary.BigEndian.AppendUint64(nil, uint64(us)) }
	// pgx's range in microseconds from 2000-01-01: [4714-11-24 BC, 294277-01-01).
	first := (time.Date(-4713, 11, 24, 0, 0, 0, 0, time.UTC).Unix() - 946_684_800) * 1_000_000
	end := (time.Date(294277, 1, 1, 0, 0, 0, 0, time.UTC).Unix() - 946_684_800) * 1_000_000
	for _, c := range []struct {
		name string
		b    []byte
		ok   bool
	}{
		{"the epoch", micros(0), true},
		{"a microsecond after", micros(1), true},
		{"a microsecond before", micros(-1), true},
		{"a second and a half before", micros(-1_500_000), true},
		{"2023", micros(753_000_000_123_456), true},
		{"beyond ±2^56 µs (year 4284)", micros(1<<56 + 1), true},
		{"before -2^56 µs (year 284 BC)", micros(-1<<56 - 1), true},
		{"the first time", micros(first), true},
		{"the last time", micros(end - 1), true},
		{"before the first", micros(first - 1), false},
		{"the end", micros(end), false},
		{"infinity", micros(math.MaxInt64), false},
		{"-infinity", micros(math.MinInt64), false},
		{"one short of infinity", micros(math.MaxInt64 - 1), false},
		{"one past -infinity", micros(math.MinInt64 + 1), false},
		{"short", micros(0)[:7], false},
		{"NULL", nil, false},
	} {
		got, ok := db.DecodeTimestamptz(c.b)
		require.Equal(t, c.ok, ok, c.name)
		var want time.Time
		err := m.Scan(pgtype.TimestamptzOID, pgtype.BinaryFormatCode, c.b, &want)
		if !ok {
			require.Error(t, err, "%s: declined, and pgx's scan fails", c.name)
			continue
		}
		require.NoError(t, err, c.name)
		require.Equal(t, want, got, c.name)
		require.Equal(t, want.Location(), got.Location(), c.name)
	}

	encode := func(v any) []byte {
		b, err := m.Encode(pgtype.TextArrayOID, pgtype.BinaryFormatCode, v, nil)
		require.NoError(t, err)
		return b
	}
	long := strings.Repeat("x", 5000)
	many := make([]string, 100)
	for i := range many {
		many[i] = strings.Repeat("t", i)
	}
	good := encode([]string{"a", "", "ünï"})
	cases := []struct {
		name string
		b    []byte
		ok   bool
	}{
		{"NULL", nil, true},
		{"empty", encode([]string{}), true},
		{"three", good, true},
		{"one long", encode([]string{long}), true},
		{"a hundred", encode(many), true},
		{"a NULL element", encode([]*string{ptr("a"), nil}), false},
		{"two dimensions", encode(pgtype.Array[string]{Elements: []string{"a", "b"}, Dims: []pgtype.ArrayDimension{{Length: 2, LowerBound: 1}, {Length: 1, LowerBound: 1}}, Valid: true}), false},
		{"trailing bytes", append(encode([]string{"a"}), 0), false},
	}
	for i := range len(good) {
		cases = append(cases, struct {
			name string
			b    []byte
			ok   bool
		}{"cut", good[:i], false})
	}
	var slices db.StringSlices
	for _, c := range cases {
		got, ok := db.DecodeTextArray(c.b, &slices, func(b []byte) string { return string(b) })
		require.Equal(t, c.ok, ok, "%s %x", c.name, c.b)
		if !ok {
			continue
		}
		var want []string
		require.NoError(t, m.Scan(pgtype.TextArrayOID, pgtype.BinaryFormatCode, c.b, &want), c.name)
		require.Equal(t, want, got, c.name)
		require.Equal(t, want == nil, got == nil, "%s: nil as pgx's", c.name)
		require.Equal(t, len(got), cap(got), "%s: capped, so an append cannot reach a neighbour's", c.name)
	}
}
