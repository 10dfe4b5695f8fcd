package db

import (
	"context"
	"encoding/binary"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// The documents list's rows (a page's fifty, sixteen columns each) are
// decoded from their raw columns, as the link ends' are (each.go): pgx's
// scan plans each column of each row through interfaces, a pointer target
// per nullable column and a reflecting array plan for the tags (the values
// shared with the other raw decoders are read by rawvalue.go). A statement
// whose columns are not exactly what listRowColumns expects, and a row
// decodeListRow cannot read exactly, go through pgx's scan as before.

// eachListRow runs one of the two documents-list queries (their rows are
// the same columns) and calls fn with each row in order.
func eachListRow(ctx context.Context, db DBTX, query string, args []any, fn func(*DocumentListByUpdatedRow)) error {
	rows, err := db.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	var r DocumentListByUpdatedRow
	d := listDecoder{}
	var targets []any // pgx's scan targets, made for the first row that needs them
	raw := listRowColumns(rows.FieldDescriptions()) && TimesAreUnix(rows.Conn())
	for rows.Next() {
		r = DocumentListByUpdatedRow{}
		if !raw || !d.decode(rows.RawValues(), &r) {
			if targets == nil {
				targets = scanTargets(&r, &d.arena, &d.uuids)
			}
			r = DocumentListByUpdatedRow{}
			if err := rows.Scan(targets...); err != nil {
				return err
			}
		}
		fn(&r)
	}
	return rows.Err()
}

// listRowColumns reports whether a documents list statement's columns are
// as decodeListRow reads them: named and ordered as it expects, uuid,
// int4, timestamptz and text[] in binary, text (or varchar) and the enums
// in either format.
func listRowColumns(fields []pgconn.FieldDescription) bool {
	want := []uint32{pgtype.UUIDOID, AnyEnum, pgtype.TextOID, pgtype.TextOID, pgtype.TextOID, pgtype.TextArrayOID, AnyEnum, pgtype.Int4OID, pgtype.UUIDOID, pgtype.UUIDOID,
		pgtype.TimestamptzOID, pgtype.TimestamptzOID, pgtype.TimestamptzOID, pgtype.TimestamptzOID, pgtype.TimestamptzOID, pgtype.Int4OID}
	names := []string{"id", "space", "path", "slug", "title", "tags", "status", "version", "created_by", "updated_by",
		"created_at", "updated_at", "deleted_at", "purge_after", "quarantined_at", "level"}
	return ColumnsAre(fields, names, want)
}

// listDecoder decodes the rows of one statement: their strings through
// one arena, their tags' slices, nullable uuids and times from shared
// chunks (a value kept keeps its chunk: the request's memory).
type listDecoder struct {
	arena textArena
	uuids []uuid.UUID
	times []time.Time
	tags  StringSlices
}

// decode fills r from one row's raw columns; false, with r to be scanned
// by pgx instead, for anything it cannot read exactly: a NULL where the
// row has no pointer, a value of another size, a label its enum does not
// name, an infinite or out-of-range time, tags of more than one dimension
// or with a NULL element.
func (d *listDecoder) decode(cols [][]byte, r *DocumentListByUpdatedRow) bool {
	if len(cols) != 16 {
		return false
	}
	for i, c := range cols {
		nullable := i == 9 || i >= 12 && i <= 14 // updated_by and the three times
		if c == nil && !nullable {
			return false
		}
	}
	if len(cols[0]) != 16 || len(cols[7]) != 4 || len(cols[8]) != 16 || len(cols[15]) != 4 {
		return false
	}
	space, ok := labelOf(cols[1], spaces)
	if !ok {
		return false
	}
	status, ok := labelOf(cols[6], statuses)
	if !ok {
		return false
	}
	createdAt, ok := DecodeTimestamptz(cols[10])
	if !ok {
		return false
	}
	updatedAt, ok := DecodeTimestamptz(cols[11])
	if !ok {
		return false
	}
	var nullable [3]time.Time
	for i := range nullable {
		if c := cols[12+i]; c != nil {
			if nullable[i], ok = DecodeTimestamptz(c); !ok {
				return false
			}
		}
	}
	if cols[9] != nil && len(cols[9]) != 16 {
		return false
	}
	tags, ok := DecodeTextArray(cols[5], &d.tags, d.arena.string)
	if !ok {
		return false
	}
	r.ID = uuid.UUID(cols[0])
	r.Space = space
	r.Path = d.arena.string(cols[2])
	r.Slug = d.arena.string(cols[3])
	r.Title = d.arena.string(cols[4])
	r.Tags = tags
	r.Status = status
	r.Version = int32(binary.BigEndian.Uint32(cols[7]))
	r.CreatedBy = uuid.UUID(cols[8])
	if cols[9] != nil {
		r.UpdatedBy = d.uuid(uuid.UUID(cols[9]))
	}
	r.CreatedAt, r.UpdatedAt = createdAt, updatedAt
	for i, dst := range [...]**time.Time{&r.DeletedAt, &r.PurgeAfter, &r.QuarantinedAt} {
		if cols[12+i] != nil {
			*dst = d.time(nullable[i])
		}
	}
	r.Level = int32(binary.BigEndian.Uint32(cols[15]))
	return true
}

// labelOf is the value of all named label, the label the constant holds
// (as the enum codec hands out).
func labelOf[E ~string](label []byte, all []E) (E, bool) {
	for _, v := range all {
		if string(v) == string(label) {
			return v, true
		}
	}
	return "", false
}

// The enums' values, listed once (sqlc's All…Values build a slice per call).
var (
	spaces   = AllSpaceValues()
	statuses = AllDocumentStatusValues()
)

// uuid and time return a pointer to a copy of their value in the
// decoder's chunks.
func (d *listDecoder) uuid(u uuid.UUID) *uuid.UUID {
	if len(d.uuids) == 0 {
		d.uuids = make([]uuid.UUID, uuidChunk)
	}
	p := &d.uuids[0]
	d.uuids = d.uuids[1:]
	*p = u
	return p
}

func (d *listDecoder) time(t time.Time) *time.Time {
	if len(d.times) == 0 {
		d.times = make([]time.Time, 16)
	}
	p := &d.times[0]
	d.times = d.times[1:]
	*p = t
	return p
}
