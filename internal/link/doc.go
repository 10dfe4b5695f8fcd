// Package link finds, resolves and rewrites the links between documents of
// the knowledge base (docs/design.md#links). It is pure: no database, no other
// codna package; anything may use it.
//
// The knowledge base is a file tree: a document lives at
// /<space>/<path>/<slug>.md. A body's links are found by goldmark
// (CommonMark + GFM), which alone decides what is a link (Extract, Scan);
// an href as written is turned into an Address relative to the source's
// folder (Resolve, IsInternal, Relative); and hrefs are rewritten in place,
// at their byte ranges, never by re-rendering (RewriteHrefs, Rebase,
// Retarget, Drop, Append).
//
// goldmark's AST does not say where a link's destination or a reference
// definition lies in the source. Scan gets those ranges from goldmark
// itself: its link parser and its link reference paragraph transformer are
// wrapped so that, while goldmark parses, the reader's positions around
// each link and definition are recorded; a small scanner then walks the
// destination with goldmark's own reader and rules, and every range is
// checked against the node's Destination. So Scan and Extract agree on
// every link by construction; the tests check it against an independent
// goldmark parse, on generated bodies and under fuzzing.
package link
