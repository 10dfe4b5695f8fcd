package db

import (
	"errors"
	"unsafe"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
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

// arenaStrings scans a text[] column into dst, its elements through arena
// (pgx's generic slice plan reflects on every element and allocates each).
// It is a pgtype.ArraySetter: NULL is a nil slice, an empty array an empty
// one, as pgx's own scan into a []string gives.
type arenaStrings struct {
	dst  *[]string
	elem arenaElement
}

// arenaElement is the target of one element: the slot ScanIndex points it at.
type arenaElement struct {
	dst   *string
	arena *textArena
}

// ScanBytes implements pgtype.BytesScanner for one element; a NULL
// element is an error, as for a []string.
func (e *arenaElement) ScanBytes(b []byte) error {
	if b == nil {
		return errNullString
	}
	*e.dst = e.arena.string(b)
	return nil
}

// SetDimensions implements pgtype.ArraySetter.
func (s *arenaStrings) SetDimensions(dimensions []pgtype.ArrayDimension) error {
	if dimensions == nil {
		*s.dst = nil
		return nil
	}
	n := 1
	for _, d := range dimensions {
		n *= int(d.Length)
	}
	if len(dimensions) == 0 {
		n = 0
	}
	*s.dst = make([]string, n)
	return nil
}

// ScanIndex implements pgtype.ArraySetter: element i goes into the slice.
func (s *arenaStrings) ScanIndex(i int) any {
	s.elem.dst = &(*s.dst)[i]
	return &s.elem
}

// ScanIndexType implements pgtype.ArraySetter: what pgx plans the elements'
// scan for.
func (s *arenaStrings) ScanIndexType() any {
	return &arenaElement{}
}

// arenaUUID scans a nullable uuid column into dst, the value in a chunk
// of uuids shared by the statement's rows rather than an allocation each.
type arenaUUID struct {
	dst   **uuid.UUID
	chunk *[]uuid.UUID
}

// uuidChunk is how many uuids one chunk holds.
const uuidChunk = 64

// set points dst at a copy of u in the chunk.
func (a *arenaUUID) set(u uuid.UUID) {
	if len(*a.chunk) == 0 {
		*a.chunk = make([]uuid.UUID, uuidChunk)
	}
	p := &(*a.chunk)[0]
	*a.chunk = (*a.chunk)[1:]
	*p = u
	*a.dst = p
}
