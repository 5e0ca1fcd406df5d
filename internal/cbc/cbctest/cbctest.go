// Package cbctest gates the tests that need the cbc program. It does not import package cbc, so
// that package's own tests can use it too.
package cbctest

import (
	"os"
	"os/exec"
	"testing"
)

// Require skips the test when cbc is not on PATH, except under CI (the CI variable set), whose
// script installs it: there a missing cbc fails the test, so a cross-check never silently lapses.
func Require(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("cbc"); err == nil {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatal("cbc is not on PATH under CI: .ci/run must install the Debian package coinor-cbc")
	}
	t.Skip("cbc is not on PATH: install the Debian package coinor-cbc to run this cross-check")
}
