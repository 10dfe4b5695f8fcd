// Package playground holds the GraphQL playground's build for the server to
// embed: GraphiQL built from this folder's sources into dist/ by
// `npm run build:playground` in frontend/ and checked in, so every binary
// serves it without Node.js and without a CDN (docs/api.md). make
// check-generated rebuilds it and fails when the checked-in build is stale.
package playground

import "embed"

// Dist is the build: index.html (the page) and assets/ (its scripts and
// styles, named by content hash).
//
//go:embed dist
var Dist embed.FS
