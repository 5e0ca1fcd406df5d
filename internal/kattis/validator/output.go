package validator

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"bullseye/internal/problem"
	"bullseye/internal/testlib"
)

// JudgeMessage is the feedback file a judging system shows the judges.
const JudgeMessage = "judgemessage.txt"

// Output runs the output validator of p with the format's arguments, INPUT ANSWER FEEDBACK_DIR,
// and the contestant's output on stdin. It writes the verdict's line, and the compared lines
// when they explain the fault, to FEEDBACK_DIR/judgemessage.txt, prints the line on stderr, and
// returns the Kattis exit code: 42 accepted, 43 wrong answer, testlib.ExitFail for a fault of
// the jury's files, of the arguments or of the validator.
func Output(p problem.Problem, args []string, stdin io.Reader, stderr io.Writer) (code int) {
	defer recoverFail(stderr, &code)
	switch {
	case len(args) < 3:
		fmt.Fprintln(stderr, testlib.Failure("usage: want INPUT ANSWER FEEDBACK_DIR < OUTPUT, found %d arguments", len(args)).Line())
		return testlib.ExitFail
	case len(args) > 3:
		// The package sets no output_validator_args; any would be a setup this validator does
		// not know.
		fmt.Fprintln(stderr, testlib.Failure("usage: unexpected argument %q after INPUT ANSWER FEEDBACK_DIR", args[3]).Line())
		return testlib.ExitFail
	}
	input, answer, feedbackDir := args[0], args[1], args[2]
	j := p.CheckFiles(input, answer, func() (io.Reader, *testlib.Judgement) { return stdin, nil })
	message := j.Line() + "\n"
	if j.Compared != nil {
		message += comparison(j.Compared)
	}
	if err := os.WriteFile(filepath.Join(feedbackDir, JudgeMessage), []byte(message), 0o644); err != nil {
		j = testlib.Failure("writing the verdict: %v", err)
	}
	fmt.Fprintln(stderr, j.Line())
	return testlib.ProtocolKattis.ExitCode(j.Result)
}

// RunOutput is Output for the problem named problem, as a generated main calls it.
func RunOutput(name string, args []string, stdin io.Reader, stderr io.Writer) int {
	p, err := problem.Lookup(name)
	if err != nil {
		fmt.Fprintln(stderr, testlib.Failure("%v", err).Line())
		return testlib.ExitFail
	}
	return Output(p, args, stdin, stderr)
}

// comparison renders the lines around a fault line by line: ' ' for a line both sides share, '-'
// for the expected one and '+' for the found one where they differ. The kit's checker shows the
// same lines as a character diff; a judge host has no use for the colours and the extra module.
func comparison(c *testlib.Comparison) string {
	var b strings.Builder
	fmt.Fprintf(&b, "--- expected\n+++ found\n@@ from line %d @@\n", c.FirstLine)
	for i := range max(len(c.Expected), len(c.Found)) {
		switch {
		case i < len(c.Expected) && i < len(c.Found) && c.Expected[i] == c.Found[i]:
			b.WriteString(" " + c.Expected[i] + "\n")
		default:
			if i < len(c.Expected) {
				b.WriteString("-" + c.Expected[i] + "\n")
			}
			if i < len(c.Found) {
				b.WriteString("+" + c.Found[i] + "\n")
			}
		}
	}
	return b.String()
}
