package report

import (
	"strings"
	"testing"

	"bullseye/internal/outcome"
	"bullseye/internal/warnings"
)

// TestWarningsBesideAFailure checks that the summary gives the compiler's warnings of undefined
// behaviour beside a verdict they may explain, and only there.
func TestWarningsBesideAFailure(t *testing.T) {
	ws := []warnings.Warning{
		{File: "sudoku.cpp", Line: 14, Column: 1, Option: "-Wreturn-type", Message: "no return statement in function returning non-void", Undefined: true},
		{File: "sudoku.cpp", Line: 3, Column: 5, Option: "-Wunused-variable", Message: "unused variable 'x'"},
	}
	note := "note: the compiler warned of undefined behaviour, which may explain the time limit exceeded:\n    sudoku.cpp:14:1: warning: no return statement in function returning non-void [-Wreturn-type]\n"
	tests := []struct {
		name     string
		verdicts []outcome.Verdict
		compile  *Compile
		want     string // "" for no note
	}{
		{"a time-out", []outcome.Verdict{outcome.Accepted, outcome.TimeLimit}, nil, note},
		{"every test accepted", []outcome.Verdict{outcome.Accepted}, nil, ""},
		{"a failure of the judge", []outcome.Verdict{outcome.Failure}, nil, ""},
		{"a compilation error", nil, &Compile{Verdict: outcome.CompileError, Message: "x"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := &Report{Warnings: ws, Compile: tc.compile}
			for _, v := range tc.verdicts {
				r.Results = append(r.Results, Test{Name: "t", Verdict: v})
			}
			r.Summarize()
			var b strings.Builder
			if err := r.WriteSummary(&b, Style{}); err != nil {
				t.Fatal(err)
			}
			_, got, _ := strings.Cut(b.String(), "note: the compiler")
			if got != "" {
				got = "note: the compiler" + got
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
