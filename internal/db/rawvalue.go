package db

import (
	"encoding/binary"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// The raw row decoders (the documents list's rows in listrows.go, the
// link ends' in each.go, the search statements' in internal/search/postgres)
// read a row's columns from the bytes Postgres sent instead of through pgx's
// scan plans, and must answer exactly as pgx's scan would. The helpers below
// are what they share: whether a statement's columns are what a decoder
// reads, and the binary timestamptz and text[] values. Each helper says
// false for anything it does not read exactly as pgx would, and its caller
// then scans the row through pgx as before (which decodes it, or fails with
// pgx's own error).

// AnyEnum in ColumnsAre's types stands for an enum (its oid is the
// database's), read in either format: text and binary are the same bytes.
const AnyEnum = 0

// ColumnsAre reports whether a statement's columns are named names and of
// the types want, in order (a statement that moved two columns of one type
// must not swap two fields): text (or varchar) and AnyEnum in either
// format, every other type in binary.
func ColumnsAre(fields []pgconn.FieldDescription, names []string, want []uint32) bool {
	if len(fields) != len(want) || len(names) != len(want) {
		return false
	}
	for i, f := range fields {
		if f.Name != names[i] {
			return false
		}
		switch want[i] {
		case AnyEnum:
		case pgtype.TextOID:
			if f.DataTypeOID != pgtype.TextOID && f.DataTypeOID != pgtype.VarcharOID {
				return false
			}
		default:
			if f.DataTypeOID != want[i] || f.Format != pgtype.BinaryFormatCode {
				return false
			}
		}
	}
	return true
}

// TimesAreUnix reports whether c's timestamptz columns scan as
// DecodeTimestamptz decodes them: with no ScanLocation set on the codec
// (the time is time.Unix's, in the local zone). Without a connection (a
// DBTX that has none) it is false, and the raw decoding is not used.
func TimesAreUnix(c *pgx.Conn) bool {
	if c == nil {
		return false
	}
	t, ok := c.TypeMap().TypeForOID(pgtype.TimestamptzOID)
	if !ok {
		return false
	}
	codec, ok := t.Codec.(*pgtype.TimestamptzCodec)
	return ok && codec.ScanLocation == nil
}

// Postgres's binary timestamps count microseconds from 2000-01-01 UTC.
const unixToY2K = 946_684_800 // seconds

// The bound of DecodeTimestamptz, in microseconds from 2000-01-01 UTC:
// exactly the range pgx's scan into a time.Time accepts (pgtype's
// minDateTime and endTimestamp, [4714-11-24 BC, 294277-01-01) — Postgres's
// own timestamptz range), so a value the decoder declines is one pgx
// rejects too. A narrower bound would be safe but leave valid times to
// pgx; a wider one would decode what pgx reports as out of range. The
// infinities (the extreme int64s, which pgx refuses to scan into a
// time.Time) lie outside it, so the one comparison excludes them too.
var (
	firstMicro = (time.Date(-4713, 11, 24, 0, 0, 0, 0, time.UTC).Unix() - unixToY2K) * 1_000_000
	endMicro   = (time.Date(294277, 1, 1, 0, 0, 0, 0, time.UTC).Unix() - unixToY2K) * 1_000_000
)

// DecodeTimestamptz is a binary timestamptz as pgx scans it into a
// time.Time on a connection where TimesAreUnix: time.Unix of the instant,
// in the local zone. False for anything else: another size, an infinity,
// a time outside pgx's range.
func DecodeTimestamptz(b []byte) (time.Time, bool) {
	if len(b) != 8 {
		return time.Time{}, false
	}
	micro := int64(binary.BigEndian.Uint64(b))
	if micro < firstMicro || micro >= endMicro {
		return time.Time{}, false
	}
	return time.Unix(unixToY2K+micro/1_000_000, micro%1_000_000*1_000), true
}

// StringSlices hands out the []string a decoder fills, cut from shared
// chunks (a slice kept keeps its chunk: the request's memory). The zero
// value is ready to use.
type StringSlices struct{ free []string }

// Make returns n empty strings, capped so that nothing appended to them
// reaches a neighbour's; an empty slice, not nil, for n = 0 (as pgx's scan
// of an empty array gives).
func (s *StringSlices) Make(n int) []string {
	switch {
	case n == 0:
		return []string{} // no allocation
	case n > 64:
		return make([]string, n)
	}
	if len(s.free) < n {
		s.free = make([]string, 256)
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

// DecodeTextArray is a binary text[] as pgx scans it into a []string: nil
// for NULL, an empty slice for an array of no elements, else one string
// per element, made by str from the element's bytes (which it must copy:
// they are the row's) into a slice from slices. False for more than one
// dimension, a NULL element or malformed bytes.
func DecodeTextArray(b []byte, slices *StringSlices, str func([]byte) string) ([]string, bool) {
	if b == nil {
		return nil, true
	}
	if len(b) < 12 || binary.BigEndian.Uint32(b[4:]) != 0 { // the header; a NULL element
		return nil, false
	}
	switch binary.BigEndian.Uint32(b) { // dimensions
	case 0:
		return slices.Make(0), len(b) == 12
	case 1:
	default:
		return nil, false
	}
	if len(b) < 20 {
		return nil, false
	}
	n := int(int32(binary.BigEndian.Uint32(b[12:])))
	rest := b[20:]
	if n < 0 || n > len(rest)/4 {
		return nil, false
	}
	out := slices.Make(n)
	for i := range out {
		if len(rest) < 4 {
			return nil, false
		}
		l := int(int32(binary.BigEndian.Uint32(rest)))
		rest = rest[4:]
		if l < 0 || l > len(rest) {
			return nil, false
		}
		out[i] = str(rest[:l])
		rest = rest[l:]
	}
	return out, len(rest) == 0
}
