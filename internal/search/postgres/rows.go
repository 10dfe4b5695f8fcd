package postgres

import (
	"context"
	"encoding/binary"
	"math"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"codna/internal/db"
)

// rawRows is a DBTX whose rows decode the search statements' rows (kind,
// document_id, score, updated_at, value, body, tags: db.SearchEntryFindRow)
// from their raw bytes instead of through pgx's scan plans: a search's ~120
// rows (the page's hits with their ~4 KB bodies, then the counted matches
// with their space and tags) cost pgx a plan lookup and an allocation or
// more per column. The counted rows' kinds, spaces and tags repeat, so each
// distinct one is allocated once per statement. Any other statement, a
// connection whose times pgx scans otherwise (db.TimesAreUnix), or a row
// with a value the decoder does not expect (a NULL, another size, an
// infinite or out-of-range time, a NULL or a second dimension in the tags),
// is scanned by pgx as before. The timestamptz and text[] values and the
// column check are internal/db's (rawvalue.go), shared with its own raw
// decoders.
type rawRows struct{ db.DBTX }

func (r rawRows) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	rows, err := r.DBTX.Query(ctx, sql, args...)
	if err != nil {
		return rows, err
	}
	raw := db.ColumnsAre(rows.FieldDescriptions(), entryNames, entryTypes) && db.TimesAreUnix(rows.Conn())
	return &entryRows{Rows: rows, raw: raw}, nil
}

// The search statements' columns as decode reads them: named and ordered
// as it expects, uuid, float8, timestamptz and text[] in binary, text in
// either format (the same bytes).
var (
	entryNames = []string{"kind", "document_id", "score", "updated_at", "value", "body", "tags"}
	entryTypes = []uint32{pgtype.TextOID, pgtype.UUIDOID, pgtype.Float8OID, pgtype.TimestamptzOID, pgtype.TextOID, pgtype.TextOID, pgtype.TextArrayOID}
)

// entryRows decodes rows for rawRows.
type entryRows struct {
	pgx.Rows
	raw    bool              // the columns are as decode reads them
	seen   map[string]string // the kinds, counted rows' spaces and tags read so far
	tags   db.StringSlices   // where rows' tags are cut from
	direct int               // rows decoded from their raw bytes (for tests)
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
	if len(cols[1]) != 16 || len(cols[2]) != 8 {
		return false
	}
	t, ok := db.DecodeTimestamptz(cols[3])
	if !ok {
		return false
	}
	ts, ok := db.DecodeTextArray(cols[6], &r.tags, r.intern)
	if !ok {
		return false
	}
	*kind = r.intern(cols[0])
	copy(id[:], cols[1])
	*score = math.Float64frombits(binary.BigEndian.Uint64(cols[2]))
	*at = t
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
