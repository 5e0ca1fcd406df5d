package contest

import (
	"fmt"
	"strings"

	"bullseye/internal/outcome"
	"bullseye/internal/warnings"
)

// Reason says in one line why the contestant lost points, for the ranking, the CSV and the
// page: why nothing was judged, the compiler's first error, or the first verdict other than AC
// with the number of tests that got it; then the compiler's warning of undefined behaviour that
// may explain it, which says more than the run's message, then that message, then the note on
// the files the source opens. "" when every test was accepted.
func (c *Contestant) Reason() string {
	if c.Status == CompileError {
		return "compilation error: " + firstError(c.Note)
	}
	if e := c.Explanation(); e != "" {
		return e
	}
	var first *Result
	same := 0
	for i := range c.Results {
		r := &c.Results[i]
		if r.Verdict == outcome.Accepted {
			continue
		}
		if first == nil {
			first = r
		}
		if r.Verdict == first.Verdict {
			same++
		}
	}
	if first == nil {
		return ""
	}
	reason := fmt.Sprintf("%s on %d of %d tests (first %s)", first.Verdict, same, len(c.Results), first.Test)
	warned := false
	if undefined := warnings.Undefined(c.Warnings); len(undefined) > 0 && warnings.Explains(first.Verdict) {
		w := undefined[0]
		reason += fmt.Sprintf("; the compiler warned: %s:%d: %s", w.File, w.Line, w.Message)
		if w.Option != "" {
			reason += " [" + w.Option + "]"
		}
		warned = true
	}
	if first.Message != "" {
		if warned {
			reason += "; " + oneLine(first.Message)
		} else {
			reason += ": " + oneLine(first.Message)
		}
	}
	if c.Hint != "" && !warned {
		reason += "; " + oneLine(c.Hint)
	}
	return reason
}

// firstError returns the first line of a compiler's message that names an error, else its
// first line.
func firstError(message string) string {
	lines := strings.Split(message, "\n")
	for _, line := range lines {
		if strings.Contains(line, "error") || strings.Contains(line, "Error") {
			return strings.TrimSpace(line)
		}
	}
	return strings.TrimSpace(lines[0])
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
