// Package validate is the kit's strict validator of test inputs, in the manner of testlib's
// validators: it reads a file byte by byte against the exact format (single spaces, LF line
// ends, a final newline, nothing after) and checks the problem's constraints, naming the file,
// line and column of the first fault. It validates both problems' formats and sums up what a
// whole test set covers.
package validate

// Rules are the format and constraints an input must meet.
type Rules struct {
	// Lenient accepts CRLF line ends and spaces at the end of a line, as the real contest data
	// has; for the classic batch format it also accepts '#' comment lines and empty lines, as the
	// real puzzle sets have.
	Lenient bool
	// MinGivens is the fewest givens a grid may have.
	MinGivens int
	// AllowConflicts accepts givens that break a rule (two equal digits in a row, column or
	// box); by default such an input is invalid.
	AllowConflicts bool
}

// Minimum givens by default: the official bound of the target problem (every test has at least
// 24), and none for the classic problem, whose statement sets no bound.
const (
	TargetMinGivens  = 24
	ClassicMinGivens = 0
)
