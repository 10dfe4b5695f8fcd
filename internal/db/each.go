package db

import (
	"context"
	"encoding/binary"
	"reflect"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// The Each forms below run a generated query, its SQL and its Row type
// unchanged, and hand each row to fn as it is read instead of collecting
// them: sqlc's generated method appends rows to a slice that starts empty,
// so a result of n rows of the wide link-list Row costs the copies of every
// doubling (some 3n rows' bytes) before the caller has looked at one. The
// callers of these queries turn rows into their own structs at once and
// keep none. A query read through its Each form counts as called for
// TestQueriesAreAllCalled; TestEachFormsMatchTheirQueries holds each form to
// the rows its generated method returns.

// DocumentLinkListEndsEach is DocumentLinkListEnds, calling fn with each
// row in order. The row fn gets is valid during the call only; what it
// holds (strings, slices, pointers) is its own to keep.
func (q *Queries) DocumentLinkListEndsEach(ctx context.Context, db DBTX, arg DocumentLinkListEndsParams, fn func(*DocumentLinkListEndsRow)) error {
	return eachRow(ctx, db, documentLinkListEnds, paramsOf(&arg), fn)
}

// DocumentLinkListEndTitlesEach is DocumentLinkListEndTitles, calling fn
// with each row in order, as DocumentLinkListEndsEach does.
//
// Its rows (a documents page's few hundred) are decoded from their raw
// columns when the statement's columns are the types and formats it
// expects (decodeEndTitle); a row that is not decodable that way, or a
// statement whose columns are not, is scanned by pgx as eachRow does.
func (q *Queries) DocumentLinkListEndTitlesEach(ctx context.Context, db DBTX, arg DocumentLinkListEndTitlesParams, fn func(*DocumentLinkListEndTitlesRow)) error {
	rows, err := db.Query(ctx, documentLinkListEndTitles, paramsOf(&arg)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	var r DocumentLinkListEndTitlesRow
	arena := &textArena{}
	var targets []any // pgx's scan targets, made for the first row that needs them
	raw := endTitleColumns(rows.FieldDescriptions())
	for rows.Next() {
		r = DocumentLinkListEndTitlesRow{}
		if !raw || !decodeEndTitle(rows.RawValues(), &r, arena) {
			if targets == nil {
				targets = scanTargets(&r, arena, new([]uuid.UUID))
			}
			r = DocumentLinkListEndTitlesRow{}
			if err := rows.Scan(targets...); err != nil {
				return err
			}
		}
		fn(&r)
	}
	return rows.Err()
}

// endTitleColumns reports whether DocumentLinkListEndTitles' columns are as
// decodeEndTitle reads them: named and ordered as it expects (a statement
// that moved two columns of one type must not swap two fields), bool, uuid
// and int4 in binary, text (or varchar) and the link_state enum in either
// format (the same bytes).
func endTitleColumns(fields []pgconn.FieldDescription) bool {
	want := []uint32{pgtype.BoolOID, pgtype.UUIDOID, pgtype.TextOID, pgtype.UUIDOID, pgtype.UUIDOID, pgtype.UUIDOID, AnyEnum, pgtype.UUIDOID, pgtype.TextOID, pgtype.Int4OID}
	names := []string{"outgoing", "end_id", "sort_key", "id", "source_id", "target_id", "state", "far_id", "far_title", "far_level"}
	return ColumnsAre(fields, names, want)
}

// decodeEndTitle fills r from one row's raw columns; false, with r to be
// scanned by pgx instead, for anything but the non-NULL values of the
// expected sizes (or a state label LinkState does not name).
func decodeEndTitle(cols [][]byte, r *DocumentLinkListEndTitlesRow, arena *textArena) bool {
	if len(cols) != 10 {
		return false
	}
	for _, c := range cols {
		if c == nil {
			return false
		}
	}
	if len(cols[0]) != 1 || len(cols[9]) != 4 {
		return false
	}
	for _, i := range [...]int{1, 3, 4, 5, 7} {
		if len(cols[i]) != 16 {
			return false
		}
	}
	state, ok := linkStateOf(cols[6])
	if !ok {
		return false
	}
	r.Outgoing = cols[0][0] != 0
	r.EndID = uuid.UUID(cols[1])
	r.SortKey = arena.string(cols[2])
	r.ID = uuid.UUID(cols[3])
	r.SourceID = uuid.UUID(cols[4])
	r.TargetID = uuid.UUID(cols[5])
	r.State = state
	r.FarID = uuid.UUID(cols[7])
	r.FarTitle = arena.string(cols[8])
	r.FarLevel = int32(binary.BigEndian.Uint32(cols[9]))
	return true
}

// linkStateOf is the LinkState named label, the label the constant holds
// (as the enum codec hands out).
func linkStateOf(label []byte) (LinkState, bool) {
	for _, s := range AllLinkStateValues() {
		if string(s) == string(label) {
			return s, true
		}
	}
	return "", false
}

// paramsOf lists a generated Params struct's fields in order: sqlc declares
// them in the order of the query's $1, $2, ….
var (
	stringType  = reflect.TypeFor[string]()
	stringsType = reflect.TypeFor[[]string]()

	uuidPointerType = reflect.TypeFor[*uuid.UUID]()
)

func paramsOf(params any) []any {
	v := reflect.ValueOf(params).Elem()
	out := make([]any, v.NumField())
	for i := range out {
		out[i] = v.Field(i).Interface()
	}
	return out
}

// eachRow runs query and scans each row into one R, by position (sqlc
// declares a Row's fields in the order of the query's columns), zeroed
// before each row so nothing of one row is left in the next. Its string
// and []string fields are scanned through one textArena for the whole
// statement, its nullable uuids into shared chunks.
func eachRow[R any](ctx context.Context, db DBTX, query string, args []any, fn func(*R)) error {
	rows, err := db.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	var r R
	targets := scanTargets(&r, &textArena{}, new([]uuid.UUID))
	for rows.Next() {
		var zero R
		r = zero
		if err := rows.Scan(targets...); err != nil {
			return err
		}
		fn(&r)
	}
	return rows.Err()
}

// scanTargets returns pgx scan targets for r's fields, in order: its
// string and []string fields through arena, its nullable uuids into
// chunks shared through uuids, the others as themselves.
func scanTargets[R any](r *R, arena *textArena, uuids *[]uuid.UUID) []any {
	v := reflect.ValueOf(r).Elem()
	targets := make([]any, v.NumField())
	for i := range targets {
		f := v.Field(i)
		switch f.Type() {
		case stringType:
			targets[i] = arenaString{dst: f.Addr().Interface().(*string), arena: arena}
			continue
		case uuidPointerType:
			targets[i] = &arenaUUID{dst: f.Addr().Interface().(**uuid.UUID), chunk: uuids}
			continue
		case stringsType:
			targets[i] = &arenaStrings{dst: f.Addr().Interface().(*[]string), elem: arenaElement{arena: arena}}
			continue
		}
		targets[i] = f.Addr().Interface()
	}
	return targets
}

// DocumentListByUpdatedEach is DocumentListByUpdated, calling fn with each
// row in order, as DocumentLinkListEndsEach does; its rows are decoded
// from their raw columns where they can be (listrows.go).
func (q *Queries) DocumentListByUpdatedEach(ctx context.Context, db DBTX, arg DocumentListByUpdatedParams, fn func(*DocumentListByUpdatedRow)) error {
	return eachListRow(ctx, db, documentListByUpdated, paramsOf(&arg), fn)
}

// DocumentListByTitleEach is DocumentListByTitle, calling fn with each row
// in order, as DocumentListByUpdatedEach does (the two rows are the same
// columns).
func (q *Queries) DocumentListByTitleEach(ctx context.Context, db DBTX, arg DocumentListByTitleParams, fn func(*DocumentListByTitleRow)) error {
	return eachListRow(ctx, db, documentListByTitle, paramsOf(&arg), func(r *DocumentListByUpdatedRow) { fn((*DocumentListByTitleRow)(r)) })
}
