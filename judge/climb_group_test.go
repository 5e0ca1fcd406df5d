package main

import (
	"strings"
	"testing"
)

// TestClimbSaysTheGroupFails checks that a climb says first when the program already fails a
// test of the group climbed inputs go to, within the climb's givens.
func TestClimbSaysTheGroupFails(t *testing.T) {
	requireSandbox(t)
	tests := []struct {
		givens string
		want   string // "" for no note
	}{
		{"24-80", "note: the hard group already holds an input of 24 to 80 givens that the program fails (hard/04 WA): ./judge.sh --group hard shows them all; the climb looks for another\n"},
		// No test of the group has 81 givens but a full grid, which a climb does not climb.
		{"81-81", ""},
	}
	for _, tc := range tests {
		r := runJudge(t, "--climb", "--givens", tc.givens, "--climb-time", "1s", "--time-limit", "0.5s", submission("wrong_answer/zero.py"))
		got := ""
		if i := strings.Index(r.stdout, "note: the hard group"); i >= 0 {
			got = r.stdout[i:]
			got = got[:strings.IndexByte(got, '\n')+1]
		}
		if got != tc.want {
			t.Errorf("--givens %s: got note %q, want %q; stdout:\n%s\nstderr:\n%s", tc.givens, got, tc.want, r.stdout, r.stderr)
		}
	}
}
