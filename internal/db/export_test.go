package db

import "github.com/jackc/pgx/v5/pgconn"

// For the tests of package db_test: whether DocumentLinkListEndTitlesEach
// decodes a statement with these columns itself, and one row's decoding.
var (
	EndTitleColumns = func(f []pgconn.FieldDescription) bool { return endTitleColumns(f) }
	DecodeEndTitle  = func(cols [][]byte, r *DocumentLinkListEndTitlesRow) bool {
		return decodeEndTitle(cols, r, &textArena{})
	}
	EndTitlesQuery = documentLinkListEndTitles
	EndTitlesArgs  = func(p DocumentLinkListEndTitlesParams) []any { return paramsOf(&p) }
)
