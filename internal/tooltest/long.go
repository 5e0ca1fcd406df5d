package tooltest

import (
	"os"
	"testing"
)

// LongVariable names the environment variable that turns the long tier on: the heaviest
// cross-checks (CBC over hundreds of inputs, brute force over thousands, climbs), which
// `.ci/run` runs after the everyday suite.
const LongVariable = "BULLSEYE_LONG"

// LongTier reports whether the long tier is on (BULLSEYE_LONG=1).
func LongTier() bool { return os.Getenv(LongVariable) == "1" }

// Long skips a test of the long tier unless the tier is on, saying how to run it.
func Long(t testing.TB) {
	t.Helper()
	if !LongTier() {
		t.Skip("long tier: run with " + LongVariable + "=1")
	}
}

// Pick returns everyday on the everyday suite and long on the long tier: the size of a
// cross-check that samples more widely when there is time for it.
func Pick[T any](everyday, long T) T {
	if LongTier() {
		return long
	}
	return everyday
}
