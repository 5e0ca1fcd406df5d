// Package testlib is the vocabulary a checker and a validator speak: testlib's four results of
// checking an output or validating an input, and the exit codes that carry them to a judging
// system, under testlib's protocol (Codeforces, Polygon, most Chinese OI judges) or the Kattis
// one (Kattis, DOMjudge). The judge's own verdicts (AC, TLE...) are internal/outcome's.
package testlib

import "fmt"

// Result is the outcome of judging a contestant's output or validating a test input.
type Result uint8

// The four outcomes, as testlib names them.
const (
	// OK accepts the output, or the input.
	OK Result = iota
	// WrongAnswer rejects an output that is well formed but wrong.
	WrongAnswer
	// PresentationError rejects an output that is not in the expected format.
	PresentationError
	// Fail blames the jury, not the contestant: a bad input or answer file, an answer the
	// contestant beats, a checker that broke or was invoked wrongly. A validator says Fail for an
	// invalid input.
	Fail
)

// String returns the name testlib prints before its message, in lower case: "ok",
// "wrong answer", "presentation error" or "fail".
func (v Result) String() string {
	switch v {
	case OK:
		return "ok"
	case WrongAnswer:
		return "wrong answer"
	case PresentationError:
		return "presentation error"
	case Fail:
		return "fail"
	}
	return fmt.Sprintf("Result(%d)", uint8(v))
}
