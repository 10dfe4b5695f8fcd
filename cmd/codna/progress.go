package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// progressBar shows a long command's progress (reindex, import, export): a
// bar redrawn in place on a terminal, a plain line every few seconds
// otherwise (logs, pipes).
type progressBar struct {
	w        io.Writer
	terminal bool
	start    time.Time
	name     string // the command, starting a plain line
	noun     string // what is counted: "documents", "pages"

	mu       sync.Mutex
	lastLine time.Time
	drawn    bool
}

func newProgressBar(w io.Writer, name, noun string) *progressBar {
	f, ok := w.(*os.File)
	return &progressBar{w: w, terminal: ok && term.IsTerminal(int(f.Fd())), start: time.Now(), name: name, noun: noun}
}

// progressLineEvery is how often a plain progress line is written.
const progressLineEvery = 5 * time.Second

// set shows that done of total are done.
func (p *progressBar) set(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	elapsed := time.Since(p.start)
	rate := float64(done) / max(elapsed.Seconds(), 1e-9)
	if !p.terminal {
		if time.Since(p.lastLine) < progressLineEvery && done < total {
			return
		}
		p.lastLine = time.Now()
		fmt.Fprintf(p.w, "%s: %d/%d %s (%.0f/s)\n", p.name, done, total, p.noun, rate)
		return
	}
	const width = 30
	frac := 1.0
	if total > 0 {
		frac = min(float64(done)/float64(total), 1)
	}
	full := int(frac * width)
	fmt.Fprintf(p.w, "\r[%s%s] %3.0f%% %d/%d %s, %.0f/s ", strings.Repeat("=", full), strings.Repeat(" ", width-full),
		frac*100, done, total, p.noun, rate)
	p.drawn = true
}

// finish ends the bar's line.
func (p *progressBar) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprintln(p.w)
	}
}
