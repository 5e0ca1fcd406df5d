// Package validator is the kit's input and output validators behind the command lines and exit
// codes of the Kattis problem package format: the kit's own strict input validation and checker.
// A problem package carries the C++ twins of these programs (checker/cpp), which every judging
// system can build; this package is what they are compared with, and Rules reads the arguments
// of a test group as both read them.
//
// An input validator reads the input on standard input, takes the validation rules as
// arguments (the `checker validate` flags a group of the manifest names), and exits 42 for a
// valid input, 43 for an invalid one, and 3 when it was invoked wrongly.
//
// An output validator is invoked as `run INPUT ANSWER FEEDBACK_DIR < OUTPUT`, as Kattis and
// DOMjudge call it, and gives the verdict, exit code and verdict line `checker check --kattis`
// gives: 42 accepted, 43 wrong answer (a presentation error included), 3 when the jury's files
// or the validator are at fault. The line, and for a faulty classic line the lines around it, go
// to FEEDBACK_DIR/judgemessage.txt.
package validator

import (
	"fmt"
	"io"

	"bullseye/internal/testlib"
)

// Exit codes of an input validator: the format accepts an input only on 42; 43 is the
// conventional code for a rejected one. A validator invoked wrongly exits testlib.ExitFail.
const (
	ExitValid   = 42
	ExitInvalid = 43
)

// recoverFail turns a panic into a fail line on stderr and the exit code ExitFail, so that a
// broken validator reads as a judge error with a reason, never as a verdict.
func recoverFail(stderr io.Writer, code *int) {
	if r := recover(); r != nil {
		fmt.Fprintf(stderr, "FAIL the validator broke: %v\n", r)
		*code = testlib.ExitFail
	}
}
