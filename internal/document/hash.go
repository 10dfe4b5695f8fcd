// Package document owns documents: addresses, revisions and content hashes.
package document

import (
	"crypto/sha256"
	"encoding/binary"
)

// ContentHash is sha256 over a length-prefixed encoding of title, content and
// the tags in stored order: each field is preceded by its byte length (and
// the tag list by its count), so no two different saves can collide by
// shifting text between fields.
func ContentHash(title, content string, tags []string) []byte {
	h := sha256.New()
	var n [8]byte
	put := func(s string) {
		binary.BigEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	put(title)
	put(content)
	binary.BigEndian.PutUint64(n[:], uint64(len(tags)))
	h.Write(n[:])
	for _, t := range tags {
		put(t)
	}
	return h.Sum(nil)
}
