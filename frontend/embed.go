// Package frontend holds the web app's build for the server to embed: the
// Vite build in dist/app when the binary was built after it, and always the
// placeholder dist/index.html that says how to build it (docs/operations.md).
package frontend

import "embed"

// Dist is the dist folder: app/ (the build, when there is one) and
// index.html (the placeholder).
//
//go:embed all:dist
var Dist embed.FS
