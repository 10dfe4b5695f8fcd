// Package crdt reads the Yjs binary formats in Go: updates (to check them
// before they are stored or relayed), state vectors, and the y-websocket and
// awareness messages of the co-editing socket. It never builds a document:
// the text itself is the engine's (docs/design.md "Co-editing").
package crdt

import "errors"

// Root is the name of the one shared type of a page: its body, a Y.Text.
const Root = "content"

// ErrForeign is returned for an update that writes anything but text into
// the root Y.Text: another root type, a map entry, a nested type, a format
// or an embed. The app never writes those; refusing them keeps the stored
// document a plain text the server can read.
var ErrForeign = errors.New("crdt: update writes outside the page's text")

// content references of Yjs items (the low five bits of a struct's info).
const (
	refGC      = 0
	refDeleted = 1
	refJSON    = 2
	refBinary  = 3
	refString  = 4
	refEmbed   = 5
	refFormat  = 6
	refType    = 7
	refAny     = 8
	refDoc     = 9
	refSkip    = 10
)

const (
	bitOrigin      = 0x80
	bitRightOrigin = 0x40
	bitParentSub   = 0x20
)

// Update is what an update holds, as far as the server needs to know.
type Update struct {
	// Inserted counts the UTF-16 code units of text the update inserts (Yjs
	// measures Y.Text in them, as JavaScript strings do).
	Inserted int
	// InsertedBytes counts the same text's UTF-8 bytes (the body limit's
	// measure).
	InsertedBytes int
	// Deleted sums the lengths of the update's delete set: an upper bound of
	// what it removes (ranges may name text already deleted).
	Deleted int
	// Ends maps each client whose structs the update carries to the clock
	// just past its last struct.
	Ends map[uint64]uint64
}

// Empty reports whether the update changes nothing: no struct and no
// deletion (what a client that has nothing new sends as sync step 2).
func (u Update) Empty() bool { return len(u.Ends) == 0 && u.Deleted == 0 }

// maxCount bounds a count read from the input by the bytes left, so a forged
// count cannot make the reader loop: each counted thing takes a byte or more.
func maxCount(r *reader) uint64 { return uint64(len(r.b) - r.pos) }

// ReadUpdate checks an update in Yjs's v1 encoding and summarises it. It
// returns ErrMalformed for bytes that are not an update and ErrForeign for
// one that writes anything but strings (or deletions) into the root text.
func ReadUpdate(b []byte) (Update, error) {
	r := &reader{b: b}
	u := Update{Ends: map[uint64]uint64{}}
	clients := r.uint()
	if clients > maxCount(r) {
		r.fail()
	}
	for i := uint64(0); i < clients && r.err == nil; i++ {
		structs := r.uint()
		client := r.uint()
		clock := r.uint()
		if structs > maxCount(r) {
			r.fail()
		}
		end := clock
		for j := uint64(0); j < structs && r.err == nil; j++ {
			info := r.byte()
			var n uint64
			switch ref := info & 0x1f; ref {
			case refGC:
				n = r.uint()
				end = clock + n
			case refSkip:
				n = r.uint()
			default:
				var err error
				n, err = readItem(r, info, &u)
				if err != nil {
					return Update{}, err
				}
				end = clock + n
			}
			if r.err == nil && n == 0 {
				r.fail() // every struct covers at least one clock
			}
			clock += n
			if clock > 1<<53 {
				r.fail()
			}
		}
		if r.err == nil && end > 0 {
			if end > u.Ends[client] {
				u.Ends[client] = end
			}
		}
	}
	readDeleteSet(r, &u)
	if r.err == nil && !r.done() {
		r.fail()
	}
	if r.err != nil {
		return Update{}, r.err
	}
	return u, nil
}

// readItem reads one item after its info byte and returns its length.
func readItem(r *reader, info byte, u *Update) (uint64, error) {
	if info&bitOrigin != 0 {
		r.uint()
		r.uint()
	}
	if info&bitRightOrigin != 0 {
		r.uint()
		r.uint()
	}
	if info&(bitOrigin|bitRightOrigin) == 0 {
		// No neighbour to inherit a parent from: the parent is written out,
		// and it must be the root text itself.
		if r.uint() != 1 {
			if r.err != nil {
				return 0, r.err
			}
			return 0, ErrForeign // parented by an item: a nested type
		}
		if name := r.string(); r.err == nil && name != Root {
			return 0, ErrForeign
		}
		if info&bitParentSub != 0 {
			return 0, ErrForeign // a map entry
		}
	}
	switch info & 0x1f {
	case refDeleted:
		return r.uint(), r.err
	case refString:
		s := r.string()
		if r.err != nil {
			return 0, r.err
		}
		n := utf16Len(s)
		u.Inserted += n
		u.InsertedBytes += len(s)
		return uint64(n), nil
	case refJSON, refBinary, refEmbed, refFormat, refType, refAny, refDoc:
		return 0, ErrForeign
	default:
		r.fail()
		return 0, r.err
	}
}

func readDeleteSet(r *reader, u *Update) {
	clients := r.uint()
	if clients > maxCount(r) {
		r.fail()
	}
	for i := uint64(0); i < clients && r.err == nil; i++ {
		r.uint() // client
		ranges := r.uint()
		if ranges > maxCount(r) {
			r.fail()
		}
		for j := uint64(0); j < ranges && r.err == nil; j++ {
			r.uint() // clock
			n := r.uint()
			if n > 1<<32 {
				r.fail()
			}
			u.Deleted += int(n)
		}
	}
}

// utf16Len is the length of s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, c := range s {
		n++
		if c >= 0x10000 {
			n++ // a surrogate pair
		}
	}
	return n
}

// StateVector maps each client to the clock just past what is known of it.
type StateVector map[uint64]uint64

// ReadStateVector reads an encoded state vector (sync step 1's payload).
func ReadStateVector(b []byte) (StateVector, error) {
	r := &reader{b: b}
	n := r.uint()
	if n > maxCount(r) {
		r.fail()
	}
	sv := StateVector{}
	for i := uint64(0); i < n && r.err == nil; i++ {
		c := r.uint()
		sv[c] = r.uint()
	}
	if r.err == nil && !r.done() {
		r.fail()
	}
	if r.err != nil {
		return nil, r.err
	}
	return sv, nil
}

// Encode writes the state vector in Yjs's encoding.
func (sv StateVector) Encode() []byte {
	w := &writer{}
	w.uint(uint64(len(sv)))
	for c, k := range sv {
		w.uint(c)
		w.uint(k)
	}
	return w.b
}

// Merge raises sv to every end of u.
func (sv StateVector) Merge(u Update) {
	for c, e := range u.Ends {
		if e > sv[c] {
			sv[c] = e
		}
	}
}

// FromText returns a new document holding text, written as client: one
// string item under the root text "content", as yjs writes a fresh
// document's first insert (byte for byte the engine's FromText). It is
// written in Go because the engine takes seconds on a 1 MB page
// (QuickJS encodes the string character by character), over its wall
// limit: a large page's first room could not open.
func FromText(text string, client uint32) []byte {
	w := &writer{b: make([]byte, 0, len(text)+32)}
	if text == "" {
		w.uint(0) // no structs
		w.uint(0) // no deletions
		return w.b
	}
	w.uint(1) // one client
	w.uint(1) // one struct
	w.uint(uint64(client))
	w.uint(0)            // clock
	w.b = append(w.b, 4) // info: ContentString, no origins, no parentSub
	w.uint(1)            // the parent is a root type, by name
	w.string(Root)       // ... "content"
	w.string(text)       // the content
	w.uint(0)            // no deletions
	return w.b
}
