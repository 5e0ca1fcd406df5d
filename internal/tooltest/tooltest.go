// Package tooltest gates the tests that need a program of the system: a compiler, an
// interpreter, bubblewrap.
package tooltest

import (
	"os"
	"os/exec"
	"testing"
)

// Require skips the test when program is not on PATH, except under CI (the CI variable set),
// whose script installs it: there a missing program fails the test, so that no check lapses
// silently. debianPackage names the package that installs it.
func Require(t testing.TB, program, debianPackage string) {
	t.Helper()
	if _, err := exec.LookPath(program); err == nil {
		return
	}
	Missing(t, program+" is not on PATH: install the Debian package "+debianPackage)
}

// Missing skips the test for a reason the machine gives, or fails it under CI.
func Missing(t testing.TB, reason string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatal(reason + " (under CI, .ci/run must provide it)")
	}
	t.Skip(reason)
}
