package server

import (
	"crypto/rand"
	"sync"

	"github.com/google/uuid"
)

// requestIDs hands out random (version 4) uuids for requests that bring no
// X-Request-Id, from crypto/rand read 64 ids at a time: uuid.NewString
// reads crypto/rand per id, a system call's worth of a request's CPU.
var requestIDs struct {
	sync.Mutex
	buf  [64 * 16]byte
	left int // ids not yet handed out, at the end of buf
}

// newRequestID returns a new random uuid in its canonical text form.
func newRequestID() string {
	var u uuid.UUID
	requestIDs.Lock()
	if requestIDs.left == 0 {
		_, _ = rand.Read(requestIDs.buf[:]) // crypto/rand.Read never fails (Go 1.24+)
		requestIDs.left = len(requestIDs.buf) / 16
	}
	requestIDs.left--
	off := requestIDs.left * 16
	copy(u[:], requestIDs.buf[off:off+16])
	clear(requestIDs.buf[off : off+16]) // an id handed out is not kept
	requestIDs.Unlock()
	u[6] = u[6]&0x0f | 0x40 // version 4
	u[8] = u[8]&0x3f | 0x80 // variant RFC 4122
	return u.String()
}
