package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// TestUsageErrors runs the generator in process on bad command lines: each exits with status 2
// and one line naming the fault, on standard error alone. The binary itself is run on a few of
// them, end to end, by testdata/script/usage.txtar.
func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // a regular expression the line matches
	}{
		{[]string{"target"}, `^generator: --givens is required \(or --full\)$`},
		{[]string{"target", "--givens", "82"}, `--givens 82 is out of range 0-81`},
		{[]string{"target", "--givens", "-1"}, `--givens -1 is out of range 0-81`},
		{[]string{"target", "--givens", "30", "--colour", "red"}, `flag provided but not defined: -colour; see generator target --help`},
		{[]string{"target", "--givens", "30", "extra"}, `target takes no arguments, found "extra"`},
		{[]string{"target", "--givens", "30", "--shape", "round"}, `--shape "round" is not one of random, band, stack, boxes, symmetric`},
		{[]string{"target", "--givens", "28", "--shape", "band"}, `--shape band holds at most 27 givens, --givens is 28`},
		{[]string{"target", "--givens", "24", "--boxes", "1,5,9"}, `--boxes goes only with --shape boxes`},
		{[]string{"target", "--givens", "24", "--shape", "boxes", "--boxes", "1,5"}, `want three box numbers 1-9`},
		{[]string{"target", "--givens", "24", "--shape", "boxes", "--boxes", "1,5,10"}, `"10" is not a box number 1-9`},
		{[]string{"target", "--givens", "24", "--shape", "boxes", "--boxes", "4,5,4"}, `box 4 appears twice`},
		{[]string{"target", "--givens", "24", "--shape", "stack", "--unique"}, `--unique needs --shape random or symmetric`},
		{[]string{"target", "--givens", "16", "--unique"}, `--unique needs at least 17 givens`},
		{[]string{"target", "--givens", "24", "--attempts", "5"}, `--attempts goes only with --unique`},
		{[]string{"target", "--givens", "24", "--unique", "--no-solution", "hidden"}, `--unique and --no-solution contradict each other`},
		{[]string{"target", "--givens", "4", "--no-solution", "hidden"}, `--no-solution hidden needs 5-79 givens, --givens is 4`},
		{[]string{"target", "--givens", "1", "--no-solution", "clash"}, `--no-solution clash needs 2-81 givens`},
		{[]string{"target", "--givens", "24", "--no-solution", "maybe"}, `--no-solution "maybe" is not hidden or clash`},
		{[]string{"target", "--givens", "24", "--no-solution", "clash", "--shape", "band"}, `--no-solution makes random shapes only`},
		{[]string{"target", "--full", "--givens", "81"}, `--full makes a complete grid: it does not go with --givens`},
		{[]string{"hard"}, `--givens is required`},
		{[]string{"hard", "--givens", "24", "--steps", "0"}, `--steps 0: want at least 1`},
		{[]string{"hard", "--givens", "24", "--measure", "speed"}, `--measure "speed" is not nodes, completions or estimate`},
		{[]string{"hard", "--givens", "24", "--time", "-1s"}, `--time -1s: want a positive duration`},
		{[]string{"classic", "--count", "0"}, `--count 0 is out of range 1-10000000`},
		{[]string{"classic", "--clues", "16"}, `--clues 16 is out of range 17-81`},
		{[]string{"classic", "--clues", "78", "--solutions", "several"}, `--solutions several needs at most 77 clues`},
		{[]string{"classic", "--solutions", "two"}, `--solutions "two" is not unique, several or none`},
		{[]string{"suite", "--jobs", "0"}, `--jobs 0: want at least 1`},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"generator"}, tc.args...), &stdout, &stderr)
			if code != exitUsage {
				t.Errorf("exit status %d, want %d (stderr %q)", code, exitUsage, stderr.String())
			}
			if !regexp.MustCompile("(?m)" + tc.want).MatchString(stderr.String()) {
				t.Errorf("stderr %q does not match %q", stderr.String(), tc.want)
			}
			if lines := strings.Count(strings.TrimSuffix(stderr.String(), "\n"), "\n"); lines != 0 || stdout.Len() != 0 {
				t.Errorf("stderr %q (%d lines more than one), stdout %q: want one line on stderr alone", stderr.String(), lines, stdout.String())
			}
		})
	}
}
