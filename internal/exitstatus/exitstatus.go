// Package exitstatus carries the status a command ends with inside the error its action returns:
// one error type for every command of the kit (it implements cli.ExitCoder), and the one rule
// that maps a returned error to a status.
package exitstatus

import (
	"errors"
	"fmt"
)

// Error ends a program with Code. A nil Err ends it without a message: what it prints has
// already said why.
type Error struct {
	Code int
	Err  error
}

func (e *Error) Error() string {
	if e.Err == nil {
		return ""
	}
	return e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// ExitCode returns the status the error ends the program with.
func (e *Error) ExitCode() int { return e.Code }

// New returns err ending the program with code.
func New(code int, err error) error { return &Error{Code: code, Err: err} }

// Errorf returns a message formatted as fmt.Errorf does, ending the program with code.
func Errorf(code int, format string, args ...any) error {
	return &Error{Code: code, Err: fmt.Errorf(format, args...)}
}

// Silent returns an error that ends the program with code and prints nothing.
func Silent(code int) error { return &Error{Code: code} }

// Of returns the status err ends a program with: ok for nil, the code of the first error in its
// chain that has one (an Error, or any cli.ExitCoder), and otherwise fallback.
func Of(err error, ok, fallback int) int {
	if err == nil {
		return ok
	}
	var coder interface{ ExitCode() int }
	if errors.As(err, &coder) {
		return coder.ExitCode()
	}
	return fallback
}
