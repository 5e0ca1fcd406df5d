package report

import (
	"fmt"
	"io"
	"sync"
)

// Progress keeps one line on a terminal up to date while tests run, and clears it when they are
// done. A Progress that is not enabled writes nothing, for output that is not a terminal.
type Progress struct {
	mu      sync.Mutex
	w       io.Writer
	enabled bool
	shown   bool
}

// NewProgress returns a progress line on w, written only when enabled.
func NewProgress(w io.Writer, enabled bool) *Progress { return &Progress{w: w, enabled: enabled} }

// Update shows that name starts after started of total did.
func (p *Progress) Update(started, total int, name string) {
	p.Show(fmt.Sprintf("judging %d/%d: %s", started+1, total, name))
}

// Show replaces the line with text.
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
