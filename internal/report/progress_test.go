package report

import (
	"strings"
	"testing"
)

func TestProgressLines(t *testing.T) {
	tests := []struct {
		name            string
		terminal, quiet bool
		want            string
	}{
		{"not a terminal: a line per step, none for details", false, false, "judge: judging 1/2: a\njudge: judging 2/2: b\n"},
		{"a terminal: one line kept up to date, then cleared", true, false, "\r\x1b[Kjudging 1/2: a\r\x1b[Kdetail\r\x1b[Kjudging 2/2: b\r\x1b[K"},
		{"quiet", false, true, ""},
		{"quiet on a terminal", true, true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			p := NewProgressFor(&b, tc.terminal, tc.quiet, "judge: ")
			p.Update(0, 2, "a")
			p.Show("detail")
			p.Update(1, 2, "b")
			p.Clear()
			if b.String() != tc.want {
				t.Errorf("got %q, want %q", b.String(), tc.want)
			}
		})
	}
}

// TestProgressEscapesName checks that a test's name cannot forge a line of the log or move a
// terminal's cursor: it shows escaped.
func TestProgressEscapesName(t *testing.T) {
	var b strings.Builder
	p := NewProgressFor(&b, false, false, "judge: ")
	p.Update(0, 1, "a\njudge: judging 1/1: b\x1b[2J")
	if want := "judge: judging 1/1: a\\njudge: judging 1/1: b\\x1b[2J\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}
