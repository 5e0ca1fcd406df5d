package testlib

// Error carries a judgement out of a command as a Go error, so that main can end the program
// with the judgement's exit code. It implements urfave/cli's ExitCoder. An accepting judgement is
// an Error too, since under the Kattis protocol acceptance exits 42, not 0.
type Error struct {
	Judgement
	Protocol Protocol
}

// Error returns the judgement's line as testlib prints it (Judgement.Line).
func (e *Error) Error() string { return e.Judgement.Line() }

// ExitCode returns the exit code of the judgement under the error's protocol.
func (e *Error) ExitCode() int { return e.Protocol.ExitCode(e.Result) }

// Exit wraps a judgement into an *Error for protocol p.
func Exit(j Judgement, p Protocol) *Error { return &Error{Judgement: j, Protocol: p} }

// Usage returns the testlib fail error of a command invoked wrongly: a checker that cannot tell
// what to judge blames the jury's setup, never the contestant.
func Usage(format string, args ...any) *Error {
	j := Failure(format, args...)
	j.Message = "usage: " + j.Message
	return Exit(j, ProtocolTestlib)
}
