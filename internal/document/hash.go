// Package document owns documents: addresses, revisions and content hashes.
//
// By file: service.go is the Service and what every write shares (the row
// locks, the revision and event rows); create.go, update.go (content:
// saves, restored versions, body edits), move.go (addresses) and trash.go
// (delete, restore) are the writes, ingest.go those of ingestion and
// import; read.go, folders.go and access.go are the reads and the access
// rule; validate.go and frontmatter.go check and parse input; purge.go
// empties the trash.
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
