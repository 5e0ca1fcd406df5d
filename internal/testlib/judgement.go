package testlib

import "fmt"

// Judgement is a result with its explanation: one line a contestant understands and, when a
// textual comparison explains the fault best, the lines compared.
type Judgement struct {
	Result   Result
	Message  string      // one line, lower case, no final full stop
	Compared *Comparison // nil when no comparison helps
}

// Comparison is a short stretch of the expected and the found text around a fault, for a diff.
type Comparison struct {
	FirstLine int      // 1-based number of the first line of both stretches
	Expected  []string // lines without their line ends
	Found     []string
}

// Accept returns an OK judgement with a formatted message.
func Accept(format string, args ...any) Judgement { return judgement(OK, format, args) }

// Reject returns a wrong-answer judgement with a formatted message.
func Reject(format string, args ...any) Judgement { return judgement(WrongAnswer, format, args) }

// Malformed returns a presentation-error judgement with a formatted message.
func Malformed(format string, args ...any) Judgement {
	return judgement(PresentationError, format, args)
}

// Failure returns a fail judgement with a formatted message.
func Failure(format string, args ...any) Judgement { return judgement(Fail, format, args) }

func judgement(v Result, format string, args []any) Judgement {
	return Judgement{Result: v, Message: fmt.Sprintf(format, args...)}
}

// String renders the judgement's line as testlib does, the verdict first:
// "wrong answer: expected 2852, found 2849".
func (j Judgement) String() string {
	if j.Message == "" {
		return j.Result.String()
	}
	return j.Result.String() + ": " + j.Message
}
