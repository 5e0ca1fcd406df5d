package report

import (
	"fmt"
	"io"
	"sync"

	"bullseye/internal/untrusted"
)

// Progress says how far a long step has gone. On a terminal it keeps one line up to date and
// clears it when the step is done; on output that is not a terminal (a log, a pipe, a CI job)
// it writes one line per step (a test, a contestant), so that a judging of minutes is never
// silent; quiet, it writes nothing.
type Progress struct {
	mu      sync.Mutex
	w       io.Writer
	enabled bool // a line kept up to date, on a terminal
	lines   bool // one line per step
	prefix  string
	shown   bool
}

// NewProgress returns a progress line on w, written only when enabled.
func NewProgress(w io.Writer, enabled bool) *Progress { return &Progress{w: w, enabled: enabled} }

// NewProgressFor returns the progress for w: a line kept up to date on a terminal, else one
// line per step, each beginning with prefix; nothing when quiet.
func NewProgressFor(w io.Writer, terminal, quiet bool, prefix string) *Progress {
	return &Progress{w: w, enabled: terminal && !quiet, lines: !terminal && !quiet, prefix: prefix}
}

// Update shows that name (a test's, escaped here) starts after started of total did: a step.
func (p *Progress) Update(started, total int, name string) {
	p.Step(fmt.Sprintf("judging %d/%d: %s", started+1, total, untrusted.Line(name)))
}

// Step shows text, a step of its own: on a terminal it replaces the line, elsewhere it is a
// line of its own.
func (p *Progress) Step(text string) {
	if p.lines {
		p.mu.Lock()
		defer p.mu.Unlock()
		fmt.Fprintf(p.w, "%s%s\n", p.prefix, text)
		return
	}
	p.Show(text)
}

// Show replaces the line with text, on a terminal only: a detail too fine for a line of its
// own.
func (p *Progress) Show(text string) {
	if !p.enabled {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "\r\x1b[K%s", clip(text, 100))
	p.shown = true
}

// Clear removes the line.
func (p *Progress) Clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}
