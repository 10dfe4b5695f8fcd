package pgcluster

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
)

// logWriter receives postgres's stdout and stderr, one Write at a time (the
// same *logWriter is both, so os/exec serialises the writes), and forwards
// every line to the logger and the tail.
type logWriter struct {
	log   *slog.Logger
	tail  *logTail
	buf   []byte
	level slog.Level // of the last line: continuation lines (DETAIL, HINT) keep it
}

func (w *logWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			break
		}
		w.line(string(w.buf[:i]))
		w.buf = w.buf[i+1:]
	}
	if len(w.buf) > 64<<10 { // a runaway line: flush it anyway
		w.line(string(w.buf))
		w.buf = w.buf[:0]
	}
	return len(p), nil
}

func (w *logWriter) line(s string) {
	s = strings.TrimRight(s, "\r")
	if strings.TrimSpace(s) == "" {
		return
	}
	w.tail.add(s)
	severity, msg, ok := strings.Cut(s, ":  ")
	switch {
	case !ok:
		msg = s
	case severity == "FATAL" || severity == "PANIC" || severity == "ERROR":
		w.level = slog.LevelError
	case severity == "WARNING":
		w.level = slog.LevelWarn
	case severity == "LOG" || severity == "INFO" || severity == "NOTICE":
		w.level = slog.LevelInfo
	case strings.HasPrefix(severity, "DEBUG"):
		w.level = slog.LevelDebug
	case severity == "DETAIL" || severity == "HINT" || severity == "CONTEXT" || severity == "STATEMENT" || severity == "LOCATION":
		msg = s // keep the label, at the level of the line it belongs to
	default:
		msg = s
	}
	w.log.Log(context.Background(), w.level, msg, "source", "postgres")
}

// logTail keeps the last lines postgres logged, to quote in errors.
type logTail struct {
	mu    sync.Mutex
	lines []string
	max   int
}

func newLogTail(n int) *logTail { return &logTail{max: n} }

func (t *logTail) add(s string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.lines) == t.max {
		t.lines = append(t.lines[:0], t.lines[1:]...)
	}
	t.lines = append(t.lines, s)
}

// quote returns the kept lines as an indented block prefixed with a newline,
// or "" when postgres logged nothing.
func (t *logTail) quote() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.lines) == 0 {
		return ""
	}
	return "\npostgres log (last lines):\n    " + strings.Join(t.lines, "\n    ")
}

// has reports whether a kept line contains one of subs.
func (t *logTail) has(subs ...string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, l := range t.lines {
		for _, sub := range subs {
			if strings.Contains(l, sub) {
				return true
			}
		}
	}
	return false
}
