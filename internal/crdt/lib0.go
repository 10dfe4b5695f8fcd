package crdt

import (
	"errors"
	"unicode/utf8"
)

// ErrMalformed is returned for bytes that do not follow the lib0 encoding
// Yjs and y-protocols write: a varint longer than 53 bits, a length past the
// end of the message, a string that is not UTF-8.
var ErrMalformed = errors.New("crdt: malformed message")

// reader reads lib0's binary encoding (docs/design.md "Co-editing: the wire"):
// unsigned varints of 7 bits per byte, low group first; byte arrays and
// strings prefixed with their length. Every read is bounded by the input.
type reader struct {
	b   []byte
	pos int
	err error
}

func (r *reader) fail() {
	if r.err == nil {
		r.err = ErrMalformed
	}
	r.pos = len(r.b)
}

// done reports whether every byte was read.
func (r *reader) done() bool { return r.pos >= len(r.b) }

func (r *reader) byte() byte {
	if r.pos >= len(r.b) {
		r.fail()
		return 0
	}
	c := r.b[r.pos]
	r.pos++
	return c
}

// uint reads an unsigned varint. lib0 numbers are JavaScript numbers: more
// than 53 bits is refused, as lib0 itself does.
func (r *reader) uint() uint64 {
	var n uint64
	for shift := 0; ; shift += 7 {
		if shift > 49 {
			r.fail()
			return 0
		}
		c := r.byte()
		if r.err != nil {
			return 0
		}
		n |= uint64(c&0x7f) << shift
		if c < 0x80 {
			if n > 1<<53-1 {
				r.fail()
				return 0
			}
			return n
		}
	}
}

// int reads lib0's signed varint: the first byte holds the sign (0x40) and
// six bits, the rest seven bits each.
func (r *reader) int() int64 {
	c := r.byte()
	n := uint64(c & 0x3f)
	neg := c&0x40 != 0
	if c&0x80 != 0 {
		for shift := 6; ; shift += 7 {
			if shift > 48 {
				r.fail()
				return 0
			}
			c = r.byte()
			if r.err != nil {
				return 0
			}
			n |= uint64(c&0x7f) << shift
			if c < 0x80 {
				break
			}
		}
	}
	if n > 1<<53-1 {
		r.fail()
		return 0
	}
	if neg {
		return -int64(n)
	}
	return int64(n)
}

// bytes reads a length-prefixed byte array without copying.
func (r *reader) bytes() []byte {
	n := r.uint()
	if r.err != nil || n > uint64(len(r.b)-r.pos) {
		r.fail()
		return nil
	}
	b := r.b[r.pos : r.pos+int(n)]
	r.pos += int(n)
	return b
}

// string reads a length-prefixed UTF-8 string.
func (r *reader) string() string {
	b := r.bytes()
	if r.err == nil && !utf8.Valid(b) {
		r.fail()
	}
	return string(b)
}

// skip advances n bytes.
func (r *reader) skip(n int) {
	if n > len(r.b)-r.pos {
		r.fail()
		return
	}
	r.pos += n
}

// anyValue skips one value of lib0's "any" encoding (ContentAny, ContentDoc's
// options), at most depth levels deep.
func (r *reader) anyValue(depth int) {
	if depth > 32 {
		r.fail()
		return
	}
	switch t := r.byte(); t {
	case 127, 126, 121, 120: // undefined, null, false, true
	case 125:
		r.int()
	case 124:
		r.skip(4)
	case 123, 122:
		r.skip(8)
	case 119:
		r.string()
	case 118:
		n := r.uint()
		for i := uint64(0); i < n && r.err == nil; i++ {
			r.string()
			r.anyValue(depth + 1)
		}
	case 117:
		n := r.uint()
		for i := uint64(0); i < n && r.err == nil; i++ {
			r.anyValue(depth + 1)
		}
	case 116:
		r.bytes()
	default:
		r.fail()
	}
}

// writer writes lib0's encoding.
type writer struct{ b []byte }

func (w *writer) uint(n uint64) {
	for n >= 0x80 {
		w.b = append(w.b, byte(n)|0x80)
		n >>= 7
	}
	w.b = append(w.b, byte(n))
}

func (w *writer) bytes(b []byte) {
	w.uint(uint64(len(b)))
	w.b = append(w.b, b...)
}

func (w *writer) string(s string) {
	w.uint(uint64(len(s)))
	w.b = append(w.b, s...)
}
