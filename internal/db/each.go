package db

import (
	"context"
	"reflect"

	"github.com/google/uuid"
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
func (q *Queries) DocumentLinkListEndTitlesEach(ctx context.Context, db DBTX, arg DocumentLinkListEndTitlesParams, fn func(*DocumentLinkListEndTitlesRow)) error {
	return eachRow(ctx, db, documentLinkListEndTitles, paramsOf(&arg), fn)
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
	v := reflect.ValueOf(&r).Elem()
	targets := make([]any, v.NumField())
	arena := &textArena{}
	var uuids []uuid.UUID
	for i := range targets {
		f := v.Field(i)
		switch f.Type() {
		case stringType:
			targets[i] = arenaString{dst: f.Addr().Interface().(*string), arena: arena}
			continue
		case uuidPointerType:
			targets[i] = &arenaUUID{dst: f.Addr().Interface().(**uuid.UUID), chunk: &uuids}
			continue
		case stringsType:
			targets[i] = &arenaStrings{dst: f.Addr().Interface().(*[]string), elem: arenaElement{arena: arena}}
			continue
		}
		targets[i] = f.Addr().Interface()
	}
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

// DocumentListByUpdatedEach is DocumentListByUpdated, calling fn with each
// row in order, as DocumentLinkListEndsEach does.
func (q *Queries) DocumentListByUpdatedEach(ctx context.Context, db DBTX, arg DocumentListByUpdatedParams, fn func(*DocumentListByUpdatedRow)) error {
	return eachRow(ctx, db, documentListByUpdated, paramsOf(&arg), fn)
}

// DocumentListByTitleEach is DocumentListByTitle, calling fn with each row
// in order, as DocumentLinkListEndsEach does.
func (q *Queries) DocumentListByTitleEach(ctx context.Context, db DBTX, arg DocumentListByTitleParams, fn func(*DocumentListByTitleRow)) error {
	return eachRow(ctx, db, documentListByTitle, paramsOf(&arg), fn)
}
