package contest

import (
	"testing"

	"bullseye/internal/outcome"
	"bullseye/internal/warnings"
)

func TestReason(t *testing.T) {
	noReturn := warnings.Warning{File: "sudoku.cpp", Line: 14, Column: 1, Option: "-Wreturn-type", Message: "no return statement in function returning non-void", Undefined: true}
	failing := func(ws []warnings.Warning, hint string, verdicts ...outcome.Verdict) Contestant {
		c := judged("x", 1, verdicts...)
		for i := range c.Results {
			if c.Results[i].Verdict != ac {
				c.Results[i].Message = "exit code 1:\nthe program ended"
			}
		}
		c.Warnings, c.Hint = ws, hint
		return c
	}
	tests := []struct {
		name string
		c    Contestant
		want string
	}{
		{"accepted", judged("x", 1, ac, ac), ""},
		{"a run-time error the compiler warned of", failing([]warnings.Warning{noReturn}, "opens code.in", ac, outcome.RuntimeError),
			"RE on 1 of 2 tests (first 2); the compiler warned: sudoku.cpp:14: no return statement in function returning non-void [-Wreturn-type]; exit code 1: the program ended"},
		{"the same verdict on every test", failing(nil, "", tle, tle, tle), "TLE on 3 of 3 tests (first 1): exit code 1: the program ended"},
		{"no warning: the note on files", failing(nil, "the source opens code.in", wa), "WA on 1 of 1 tests (first 1): exit code 1: the program ended; the source opens code.in"},
		{"a compilation error", Contestant{Status: CompileError, Note: "sudoku.cpp: In function 'int main()':\nsudoku.cpp:3:1: error: expected ';'\n    3 | }"}, "compilation error: sudoku.cpp:3:1: error: expected ';'"},
		{"a misnamed file", Contestant{Status: NoSubmission, Note: "found main.cpp; expected sudoku.cpp"}, "no submission: found main.cpp; expected sudoku.cpp"},
		{"no file", Contestant{Status: NoSubmission}, "no submission"},
	}
	for _, tc := range tests {
		if got := tc.c.Reason(); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
