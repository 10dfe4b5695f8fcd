// Package migrations holds the golang-migrate files of the CoDNA schema,
// embedded so the binary can migrate a database with nothing beside it.
package migrations

import "embed"

// FS holds every *.sql migration file.
//
//go:embed *.sql
var FS embed.FS
