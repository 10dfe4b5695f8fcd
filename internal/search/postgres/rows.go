package postgres

import (
	"context"
	"encoding/binary"
	"math"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"codna/internal/db"
)

// rawRows is a DBTX whose rows decode the search statements' rows (kind,
// document_id, score, updated_at, value, body, tags: db.SearchEntryFindRow)
// from their raw bytes instead of through pgx's scan plans: a search's ~120
// rows (the page's hits with their ~4 KB bodies, then the counted matches
// with their space and tags) cost pgx a plan lookup and an allocation or
// more per column. The counted rows' kinds, spaces and tags repeat, so each
// distinct one is allocated once per statement. Any other statement, or a
// row with a value the decoder does not expect (a NULL, another size, an
// infinite time, a NULL or a second dimension in the tags), is scanned by
// pgx as before.
type rawRows struct{ db.DBTX }

func (r rawRows) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	rows, err := r.DBTX.Query(ctx, sql, args...)
	if err != nil {
		return rows, err
	}
	return &entryRows{Rows: rows, raw: entryColumns(rows.FieldDescriptions())}, nil
}

// entryRows decodes rows for rawRows.
type entryRows struct {
	pgx.Rows
	raw    bool              // the columns are as decodeEntry reads them
	seen   map[string]string // the kinds, counted rows' spaces and tags read so far
	tags   []string          // where rows' tags are cut from
	direct int               // rows decoded from their raw bytes (for tests)
}

// entryColumns reports whether a statement's columns are the search
// statements' columns as decodeEntry reads them: named and ordered as it
// expects, uuid, float8, timestamptz and text[] in binary, text in either
// format (the same bytes).
func entryColumns(fields []pgconn.FieldDescription) bool {
	const text, textArray = pgtype.TextOID, pgtype.TextArrayOID
	names := [...]string{"kind", "document_id", "score", "updated_at", "value", "body", "tags"}
	types := [...]uint32{text, pgtype.UUIDOID, pgtype.Float8OID, pgtype.TimestamptzOID, text, text, textArray}
	if len(fields) != len(names) {
		return false
	}
	for i, f := range fields {
		if f.Name != names[i] || f.DataTypeOID != types[i] {
			return false
		}
		if types[i] != text && f.Format != pgtype.BinaryFormatCode {
			return false
		}
	}
	return true
}

// Scan implements pgx.Rows: from the raw bytes when the destinations are a
// db.SearchEntryFindRow's fields and the row is as expected, else by pgx.
func (r *entryRows) Scan(dest ...any) error {
	if r.raw && len(dest) == 7 && r.decode(r.Rows.RawValues(), dest) {
		r.direct++
		return nil
	}
	return r.Rows.Scan(dest...)
}

// pgEpoch is 2000-01-01 UTC, where Postgres's binary timestamps count from,
// in microseconds since 1970; timeBound is a bound on the microseconds
// decoded here (about ±3,000 years around it): beyond it (infinity
// included) pgx decides.
const (
	pgEpoch   = 946_684_800 * 1_000_000
	timeBound = 1 << 56
)

func (r *entryRows) decode(cols [][]byte, dest []any) bool {
	kind, ok0 := dest[0].(*string)
	id, ok1 := dest[1].(*uuid.UUID)
	score, ok2 := dest[2].(*float64)
	at, ok3 := dest[3].(*time.Time)
	value, ok4 := dest[4].(*string)
	body, ok5 := dest[5].(*string)
	tags, ok6 := dest[6].(*[]string)
	if !(ok0 && ok1 && ok2 && ok3 && ok4 && ok5 && ok6) || len(cols) != 7 {
		return false
	}
	for _, c := range cols {
		if c == nil {
			return false
		}
	}
	if len(cols[1]) != 16 || len(cols[2]) != 8 || len(cols[3]) != 8 {
		return false
	}
	micros := int64(binary.BigEndian.Uint64(cols[3]))
	if micros <= -timeBound || micros >= timeBound {
		return false
	}
	ts, ok := r.decodeTags(cols[6])
	if !ok {
		return false
	}
	*kind = r.intern(cols[0])
	copy(id[:], cols[1])
	*score = math.Float64frombits(binary.BigEndian.Uint64(cols[2]))
	// As pgx decodes it: time.Unix of the seconds and nanoseconds since
	// 1970, in the local zone.
	*at = time.Unix(pgEpoch/1_000_000+micros/1_000_000, pgEpoch%1_000_000*1_000+micros%1_000_000*1_000)
	if *kind == "counted" {
		*value = r.intern(cols[4])
	} else {
		*value = string(cols[4])
	}
	*body = string(cols[5])
	*tags = ts
	return true
}

// intern is b as a string, allocated once per distinct value.
func (r *entryRows) intern(b []byte) string {
	if s, ok := r.seen[string(b)]; ok {
		return s
	}
	if r.seen == nil {
		r.seen = map[string]string{}
	}
	s := string(b)
	r.seen[s] = s
	return s
}

// noTags is an empty array's tags: empty, not nil, as pgx scans it.
var noTags = []string{}

// decodeTags decodes a text[] in binary (one dimension, no NULL), as pgx
// scans it into a []string; false for anything else.
func (r *entryRows) decodeTags(b []byte) ([]string, bool) {
	if len(b) < 12 {
		return nil, false
	}
	dims, hasNull := binary.BigEndian.Uint32(b), binary.BigEndian.Uint32(b[4:])
	if hasNull != 0 {
		return nil, false
	}
	if dims == 0 {
		return noTags, len(b) == 12
	}
	if dims != 1 || len(b) < 20 {
		return nil, false
	}
	n := int(int32(binary.BigEndian.Uint32(b[12:])))
	b = b[20:]
	if n < 0 || n > len(b)/4 {
		return nil, false
	}
	if n == 0 {
		return noTags, len(b) == 0
	}
	if cap(r.tags)-len(r.tags) < n {
		r.tags = make([]string, 0, max(256, n))
	}
	start := len(r.tags)
	for range n {
		if len(b) < 4 {
			r.tags = r.tags[:start]
			return nil, false
		}
		l := int(int32(binary.BigEndian.Uint32(b)))
		if l < 0 || l > len(b)-4 {
			r.tags = r.tags[:start]
			return nil, false
		}
		r.tags = append(r.tags, r.intern(b[4:4+l]))
		b = b[4+l:]
	}
	if len(b) != 0 {
		r.tags = r.tags[:start]
		return nil, false
	}
	return r.tags[start:len(r.tags):len(r.tags)], true
}
