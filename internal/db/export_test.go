package db

import (
	"github.com/jackc/pgx/v5/pgconn"
)

// For the tests of package db_test: whether DocumentLinkListEndTitlesEach
// decodes a statement with these columns itself, and one row's decoding.
var (
	EndTitleColumns = func(f []pgconn.FieldDescription) bool { return endTitleColumns(f) }
	DecodeEndTitle  = func(cols [][]byte, r *DocumentLinkListEndTitlesRow) bool {
		return decodeEndTitle(cols, r, &textArena{})
	}
	EndTitlesQuery = documentLinkListEndTitles
	EndTitlesArgs  = func(p DocumentLinkListEndTitlesParams) []any { return paramsOf(&p) }

	// The same for the documents list's rows (listrows.go).
	ListRowColumns = func(f []pgconn.FieldDescription) bool { return listRowColumns(f) }
	DecodeListRow  = func(cols [][]byte, r *DocumentListByUpdatedRow) bool { return (&listDecoder{}).decode(cols, r) }
	DecodeListPage = func(page [][][]byte) bool {
		d, r := listDecoder{}, DocumentListByUpdatedRow{}
		for _, cols := range page {
			if !d.decode(cols, &r) {
				return false
			}
		}
		return true
	}
	ListByUpdatedQuery = documentListByUpdated
	ListByUpdatedArgs  = func(p DocumentListByUpdatedParams) []any { return paramsOf(&p) }
)
