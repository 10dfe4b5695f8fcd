package server

import (
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
)

// deadlineBody is a request body read under deadlines on the connection
// (docs/operations.md, Limits): each read waits at most idle for bytes to
// come, and the whole body arrives within total of the request's start. A
// slow client is cut off, however little it sends; http.Server's own
// ReadTimeout would bound a long upload as tightly as a small request.
type deadlineBody struct {
	io.ReadCloser
	rc    *http.ResponseController
	idle  time.Duration
	end   time.Time
	mu    sync.Mutex
	done  bool // read to its end, or refused: no deadline renewed again
	unset bool // the connection's deadline was cleared
}

func newDeadlineBody(w http.ResponseWriter, body io.ReadCloser, idle, total time.Duration) *deadlineBody {
	b := &deadlineBody{ReadCloser: body, rc: http.NewResponseController(w), idle: idle, end: time.Now().Add(total)}
	b.renew()
	return b
}

// renew puts the connection's read deadline idle ahead, but not past end.
func (b *deadlineBody) renew() {
	d := time.Now().Add(b.idle)
	if b.end.Before(d) {
		d = b.end
	}
	_ = b.rc.SetReadDeadline(d) // not supported (a test recorder): no deadline
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	b.mu.Lock()
	if !b.done {
		b.renew()
	}
	b.mu.Unlock()
	n, err := b.ReadCloser.Read(p)
	if err != nil {
		b.mu.Lock()
		if !b.done {
			// Read whole: http.Server now watches the connection for the
			// client going away, which a deadline would mistake for it.
			b.done = true
			if err == io.EOF {
				_ = b.rc.SetReadDeadline(time.Time{})
			}
		}
		b.mu.Unlock()
	}
	return n, err
}

// stop ends the body's reading at once: a refused request's body is not
// waited for (http.Server would read up to 256 KiB of it to reuse the
// connection).
func (b *deadlineBody) stop() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done = true
	_ = b.rc.SetReadDeadline(time.Now())
}

// uploadSlots counts the multipart requests each person has running on
// this replica (CODNA_MAX_UPLOADS_PER_USER).
type uploadSlots struct {
	mu      sync.Mutex
	running map[uuid.UUID]int
}

// acquire takes one of user's n slots, or reports false when all are
// taken; release gives it back.
func (u *uploadSlots) acquire(user uuid.UUID, n int) (release func(), ok bool) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.running == nil {
		u.running = map[uuid.UUID]int{}
	}
	if u.running[user] >= n {
		return nil, false
	}
	u.running[user]++
	return func() {
		u.mu.Lock()
		defer u.mu.Unlock()
		if u.running[user]--; u.running[user] <= 0 {
			delete(u.running, user)
		}
	}, true
}

func (s *Server) maxUploadsPerUser() int {
	if s.cfg.MaxUploadsPerUser > 0 {
		return s.cfg.MaxUploadsPerUser
	}
	return DefaultConfig.MaxUploadsPerUser
}

func (s *Server) bodyIdleTimeout() time.Duration {
	if s.cfg.BodyIdleTimeout > 0 {
		return s.cfg.BodyIdleTimeout
	}
	return DefaultConfig.BodyIdleTimeout
}
