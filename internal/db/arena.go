package db

import (
	"errors"
	"unsafe"
)

// textArena hands out strings that share chunks it allocates: the Each
// forms scan every text column of a statement's rows through one, so a
// page's titles, paths and hrefs cost a few allocations instead of one
// each (a string column was the largest count of a documents page's
// allocations). A chunk's bytes are written once, before the strings over
// them exist, and never again, so the strings are as immutable as any.
// A string kept keeps its chunk alive; the rows of one statement are read
// for one request, so that is the request's memory.
type textArena struct {
	buf []byte
}

// arenaChunk is the size of one chunk; a value larger than a quarter of it
// gets an allocation of its own rather than wasting a chunk's rest.
const arenaChunk = 4 << 10

// string returns b's bytes as a string over the arena's memory.
func (a *textArena) string(b []byte) string {
	switch {
	case len(b) == 0:
		return ""
	case len(b) > arenaChunk/4:
		return string(b)
	}
	if cap(a.buf)-len(a.buf) < len(b) {
		a.buf = make([]byte, 0, arenaChunk)
	}
	start := len(a.buf)
	a.buf = append(a.buf, b...)
	return unsafe.String(&a.buf[start], len(b))
}

// arenaString scans a text column into dst through arena: pgx hands a
// BytesScanner the row's own bytes (valid until the next row), which the
// arena copies.
type arenaString struct {
	dst   *string
	arena *textArena
}

var errNullString = errors.New("cannot scan NULL into a string")

// ScanBytes implements pgtype.BytesScanner; NULL is an error, as pgx's own
// scan into a string is.
func (s arenaString) ScanBytes(b []byte) error {
	if b == nil {
		return errNullString
	}
	*s.dst = s.arena.string(b)
	return nil
}
