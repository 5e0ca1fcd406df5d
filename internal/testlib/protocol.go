package testlib

// Exit codes of testlib's checkers and validators.
const (
	ExitOK                = 0
	ExitWrongAnswer       = 1
	ExitPresentationError = 2
	ExitFail              = 3
)

// Exit codes of the Kattis output-validator protocol. Kattis has no presentation error, so a
// malformed output is a wrong answer there; every other code, ExitFail included, reads as a judge
// error.
const (
	ExitKattisAccepted    = 42
	ExitKattisWrongAnswer = 43
)

// Protocol is the convention by which a verdict leaves the program.
type Protocol uint8

// The two protocols the kit speaks.
const (
	// ProtocolTestlib exits 0, 1, 2 or 3.
	ProtocolTestlib Protocol = iota
	// ProtocolKattis exits 42 or 43, or ExitFail when the jury or the checker is at fault.
	ProtocolKattis
)

// ExitCode returns the exit code that carries v under protocol p.
func (p Protocol) ExitCode(v Result) int {
	if p == ProtocolKattis {
		switch v {
		case OK:
			return ExitKattisAccepted
		case WrongAnswer, PresentationError:
			return ExitKattisWrongAnswer
		}
		return ExitFail
	}
	switch v {
	case OK:
		return ExitOK
	case WrongAnswer:
		return ExitWrongAnswer
	case PresentationError:
		return ExitPresentationError
	}
	return ExitFail
}
