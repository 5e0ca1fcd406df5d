package validator

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/problem"
	"bullseye/internal/testlib"
	"bullseye/internal/validate"
)

func TestRules(t *testing.T) {
	tests := []struct {
		name    string
		problem problem.Problem
		args    []string
		want    validate.Rules
		err     string
	}{
		{"target defaults", problem.Target, nil, validate.Rules{MinGivens: 24}, ""},
		{"classic defaults", problem.Classic, nil, validate.Rules{MinGivens: 0}, ""},
		{"the hard group's arguments", problem.Target, []string{"--min-givens", "0", "--allow-conflicts"}, validate.Rules{MinGivens: 0, AllowConflicts: true}, ""},
		{"one dash and an equals sign", problem.Target, []string{"-min-givens=17", "-lenient"}, validate.Rules{MinGivens: 17, Lenient: true}, ""},
		{"an unknown flag", problem.Target, []string{"--report"}, validate.Rules{}, "flag provided but not defined: -report"},
		{"a test case's argument", problem.Target, []string{"--allow-conflicts", "extra"}, validate.Rules{}, `unexpected "extra"`},
		{"a bound out of range", problem.Target, []string{"--min-givens", "82"}, validate.Rules{}, "--min-givens 82 is out of range 0-81"},
		{"a bound that is no number", problem.Classic, []string{"--min-givens", "ten"}, validate.Rules{}, "invalid value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Rules(tc.problem, tc.args)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("got error %v, want none", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("got error %v, want one saying %q", err, tc.err)
			case got != tc.want:
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// FuzzRules checks that any arguments give rules within bounds or an error, never a panic.
func FuzzRules(f *testing.F) {
	f.Add("--min-givens 0 --allow-conflicts")
	f.Add("-lenient --min-givens=81")
	f.Add("--min-givens -1 x")
	f.Fuzz(func(t *testing.T, line string) {
		rules, err := Rules(problem.Target, strings.Fields(line))
		if err == nil && (rules.MinGivens < 0 || rules.MinGivens > 81) {
			t.Errorf("%q: got MinGivens %d, want 0-81 or an error", line, rules.MinGivens)
		}
	})
}

func fixture(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestInput(t *testing.T) {
	target, classic := fixture(t, "target.in"), fixture(t, "classic.in")
	empty := strings.Repeat("0 0 0 0 0 0 0 0 0\n", 9)
	tests := []struct {
		name    string
		problem string
		args    []string
		input   string
		code    int
		line    string
	}{
		{"a valid target input", "target", nil, target, ExitValid, "ok stdin is valid"},
		{"CRLF line ends", "target", nil, strings.ReplaceAll(target, "\n", "\r\n"), ExitInvalid, "FAIL stdin:1:18: "},
		{"CRLF line ends, leniently", "target", []string{"--lenient"}, strings.ReplaceAll(target, "\n", "\r\n"), ExitValid, "ok "},
		{"too few givens", "target", nil, empty, ExitInvalid, "FAIL stdin:"},
		{"too few givens, with the hard group's arguments", "target", []string{"--min-givens", "0", "--allow-conflicts"}, empty, ExitValid, "ok "},
		{"a valid classic batch", "classic", nil, classic, ExitValid, "ok stdin is valid"},
		{"a classic line of 80 cells", "classic", nil, strings.Repeat(".", 80) + "\n", ExitInvalid, "FAIL stdin:1:"},
		{"an empty classic input", "classic", nil, "", ExitInvalid, "FAIL stdin:1:1: "},
		{"bad arguments", "target", []string{"--bogus"}, target, testlib.ExitFail, "FAIL usage: "},
		{"an unknown problem", "killer", nil, target, testlib.ExitFail, `FAIL unknown problem "killer"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			code := RunInput(tc.problem, tc.args, strings.NewReader(tc.input), &stderr)
			if code != tc.code || !strings.HasPrefix(stderr.String(), tc.line) || strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("got exit code %d and %q, want %d and one line starting %q", code, stderr.String(), tc.code, tc.line)
			}
		})
	}
}

func TestOutput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	targetIn, targetAns := write("target.in", fixture(t, "target.in")), write("target.ans", fixture(t, "target.ans"))
	classicIn, classicAns := write("classic.in", fixture(t, "classic.in")), write("classic.ans", fixture(t, "classic.ans"))
	classicLines := strings.SplitAfter(fixture(t, "classic.ans"), "\n")
	feedback := t.TempDir()
	tests := []struct {
		name    string
		problem string
		args    []string
		output  string
		code    int
		message string // judgemessage.txt, "" when none is written
	}{
		{"the jury's answer", "target", []string{targetIn, targetAns, feedback}, "2855\n", 42, "ok 2855, the best score\n"},
		{"a wrong score", "target", []string{targetIn, targetAns, feedback}, "2854\n", 43, "wrong answer expected 2855, found 2854\n"},
		{"no integer", "target", []string{targetIn, targetAns, feedback}, "many\n", 43, "wrong output format line 1, column 1: "},
		{"a wrong classic line", "classic", []string{classicIn, classicAns, feedback}, classicLines[0] + "no solution\n" + classicLines[2], 43,
			"wrong answer puzzle 2: you say there is no solution, but there is one\n--- expected\n+++ found\n@@ from line 1 @@\n " +
				strings.TrimSuffix(classicLines[0], "\n") + "\n-" + strings.TrimSuffix(classicLines[1], "\n") + "\n+no solution\n " + classicLines[2],
		},
		{"a jury answer that is no answer", "target", []string{targetIn, targetIn, feedback}, "2855\n", testlib.ExitFail, "FAIL reading the jury's answer: "},
		{"a missing input", "target", []string{filepath.Join(dir, "absent.in"), targetAns, feedback}, "2855\n", testlib.ExitFail, "FAIL reading the input: "},
		{"a missing feedback folder", "target", []string{targetIn, targetAns, filepath.Join(dir, "absent")}, "2855\n", testlib.ExitFail, ""},
		{"too few arguments", "target", []string{targetIn, targetAns}, "2855\n", testlib.ExitFail, ""},
		{"output validator arguments", "target", []string{targetIn, targetAns, feedback, "case_sensitive"}, "2855\n", testlib.ExitFail, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(filepath.Join(feedback, JudgeMessage))
			var stderr bytes.Buffer
			code := RunOutput(tc.problem, tc.args, strings.NewReader(tc.output), &stderr)
			message, _ := os.ReadFile(filepath.Join(feedback, JudgeMessage))
			if code != tc.code {
				t.Errorf("got exit code %d, want %d (stderr %q)", code, tc.code, stderr.String())
			}
			if !strings.HasPrefix(string(message), tc.message) || (tc.message == "") != (len(message) == 0) {
				t.Errorf("judgemessage.txt: got %q, want %q...", message, tc.message)
			}
			if first, _, _ := strings.Cut(string(message), "\n"); first != "" && !strings.HasPrefix(stderr.String(), first) {
				t.Errorf("stderr: got %q, want the verdict's line %q", stderr.String(), first)
			}
		})
	}
}

func TestComparison(t *testing.T) {
	got := comparison(&testlib.Comparison{FirstLine: 4, Expected: []string{"a", "b", "c"}, Found: []string{"a", "x"}})
	want := "--- expected\n+++ found\n@@ from line 4 @@\n a\n-b\n+x\n-c\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestPanicIsAJudgeError(t *testing.T) {
	broken := problem.Target
	broken.Check = func(_, _, _ io.Reader) testlib.Judgement { panic("boom") }
	dir := t.TempDir()
	input := filepath.Join(dir, "in")
	if err := os.WriteFile(input, []byte(fixture(t, "target.in")), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	code := Output(broken, []string{input, input, dir}, strings.NewReader(""), &stderr)
	if code != testlib.ExitFail || stderr.String() != "FAIL the validator broke: boom\n" {
		t.Errorf("got exit code %d and %q, want %d and the panic's reason", code, stderr.String(), testlib.ExitFail)
	}
}
