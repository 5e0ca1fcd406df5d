package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bullseye/internal/bounds"
	"bullseye/internal/outcome"
	"bullseye/internal/runner"
	"bullseye/internal/testlib"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const emptyGrid = "0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n" +
	"0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n"

// sample returns a report of four tests: accepted, wrong, over the time limit after a rerun,
// and crashed.
func sample() *Report {
	ms := func(n int64) int64 { return n * 1000 }
	r := &Report{
		Submission: "wa.cpp", Language: "cpp", Problem: "target", Tests: "official",
		Limits:   LimitsOf(runner.Limits{CPU: 2 * time.Second, Wall: 5 * time.Second, Memory: 128 << 20, Output: 16 << 20}),
		Isolated: true,
	}
	outcomes := []outcome.Outcome{
		{Verdict: outcome.Accepted, Message: "2906, the best score", Run: runner.Meta{CPUMicros: ms(12), WallMicros: ms(14), PeakKiB: 3300}},
		{Verdict: outcome.WrongAnswer, Message: "expected 2906, found 2905", Run: runner.Meta{CPUMicros: ms(3), WallMicros: ms(4), PeakKiB: 1800}, Output: []byte("2905\n")},
		{Verdict: outcome.TimeLimit, Message: "CPU time over the limit of 2 s", Run: runner.Meta{CPUMicros: ms(2013), WallMicros: ms(2020), PeakKiB: 1900, Signal: 9, Stopped: runner.StoppedCPU}},
		{Verdict: outcome.RuntimeError, Message: "signal 11 (segmentation fault)", Run: runner.Meta{CPUMicros: 400, WallMicros: 900, PeakKiB: 1500, Signal: 11}},
	}
	for i, o := range outcomes {
		t := TestOf("official/0"+string(rune('1'+i)), o, strings.Repeat("ab", 32))
		t.SetReference(4 * time.Millisecond)
		t.Detail = &Detail{InputFile: "tests/target/official/0" + string(rune('1'+i)) + ".in", Input: []byte(emptyGrid), Expected: []byte("2906\n"), Found: o.Output}
		r.Results = append(r.Results, t)
	}
	r.Results[2].Rerun = true
	r.Summarize()
	return r
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("got\n%s\nwant (%s)\n%s", got, path, want)
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		name  string
		write func(*Report, *bytes.Buffer, Style) error
	}{
		{"table", func(r *Report, b *bytes.Buffer, s Style) error { return r.WriteTable(b, s) }},
		{"summary", func(r *Report, b *bytes.Buffer, s Style) error { return r.WriteSummary(b, s) }},
		{"failure", func(r *Report, b *bytes.Buffer, s Style) error { return r.WriteFailure(b, s) }},
	}
	for _, tc := range tests {
		for _, color := range []bool{false, true} {
			name := tc.name
			if color {
				name += "-color"
			}
			t.Run(name, func(t *testing.T) {
				var b bytes.Buffer
				if err := tc.write(sample(), &b, Style{Color: color}); err != nil {
					t.Fatal(err)
				}
				if !color && bytes.Contains(b.Bytes(), []byte("\x1b[")) {
					t.Errorf("plain text holds an escape sequence:\n%s", b.Bytes())
				}
				golden(t, name+".golden", b.Bytes())
			})
		}
	}
}

func TestJSON(t *testing.T) {
	var b bytes.Buffer
	if err := sample().WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	golden(t, "report.json", b.Bytes())
	var back Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatalf("reading the JSON back: %v", err)
	}
	if got := *back.Results[3].Signal; got != 11 || back.Results[3].SignalName != "SIGSEGV" || back.Results[3].ExitCode != nil {
		t.Errorf("crashed test: got signal %d (%s), exit code %v; want 11 (SIGSEGV) and no exit code", got, back.Results[3].SignalName, back.Results[3].ExitCode)
	}
	if got := *back.Results[0].ExitCode; got != 0 {
		t.Errorf("accepted test: exit code %d, want 0", got)
	}
}

func TestSummarize(t *testing.T) {
	test := func(v outcome.Verdict, cpu float64) Test { return Test{Name: string(v), Verdict: v, CPUMS: cpu} }
	tests := []struct {
		name    string
		report  Report
		verdict outcome.Verdict
		score   float64
		slowest string
	}{
		{"all accepted", Report{Results: []Test{test(outcome.Accepted, 5), test(outcome.Accepted, 9)}}, outcome.Accepted, 100, "AC"},
		{"first failure decides", Report{Results: []Test{test(outcome.Accepted, 5), test(outcome.TimeLimit, 2000), test(outcome.WrongAnswer, 1)}}, outcome.TimeLimit, 33.3, "TLE"},
		{"judge failure", Report{Results: []Test{test(outcome.WrongAnswer, 1), test(outcome.Failure, 0)}}, outcome.Failure, 0, "WA"},
		{"compilation error", Report{Compile: &Compile{Verdict: outcome.CompileError, Message: "main.cpp:1: error"}}, outcome.CompileError, 0, ""},
		{"no tests", Report{}, outcome.Failure, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.report.Summarize()
			s := tc.report.Summary
			if s.Verdict != tc.verdict || s.Score != tc.score {
				t.Errorf("got %s with %v, want %s with %v", s.Verdict, s.Score, tc.verdict, tc.score)
			}
			slowest := ""
			if s.Slowest != nil {
				slowest = s.Slowest.Name
			}
			if slowest != tc.slowest {
				t.Errorf("slowest: got %q, want %q", slowest, tc.slowest)
			}
		})
	}
}

func TestFailureOfAClassicOutput(t *testing.T) {
	r := &Report{Results: []Test{{
		Name: "batch/01", Verdict: outcome.WrongAnswer, Message: "line 2: not a solution",
		Detail: &Detail{
			InputFile: "01.in", Input: bytes.Repeat([]byte(strings.Repeat(".", 81)+"\n"), 30),
			Expected: []byte("1\n2\n"), Found: []byte("1\n\x003\n"),
			Compared: &testlib.Comparison{FirstLine: 1, Expected: []string{"1", "2"}, Found: []string{"1", "3"}},
		},
	}}}
	var b bytes.Buffer
	if err := r.WriteFailure(&b, Style{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"... (18 more lines, 2460 bytes in all)", `    \x003`, "--- expected", "-2", "+3"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("failure section lacks %q:\n%s", want, b.String())
		}
	}
}

func TestProgress(t *testing.T) {
	var b bytes.Buffer
	p := NewProgress(&b, true)
	p.Update(0, 20, "official/01")
	p.Clear()
	p.Clear()
	if want := "\r\x1b[Kjudging 1/20: official/01\r\x1b[K"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	b.Reset()
	off := NewProgress(&b, false)
	off.Update(0, 1, "x")
	off.Clear()
	if b.Len() != 0 {
		t.Errorf("a disabled progress line wrote %q", b.String())
	}
}

// TestTableShowsWholeMessages keeps the message column whole: it is the last, and the end of a
// message ("... or reads standard input that never comes") is often what explains it.
func TestTableShowsWholeMessages(t *testing.T) {
	r := sample()
	long := "wall-clock time over the limit of 5 s with little CPU time: the program waits or sleeps, or reads standard input that never comes"
	r.Results[3].Message = long
	var b strings.Builder
	if err := r.WriteTable(&b, Style{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), long+"\n") {
		t.Errorf("the table cuts the message:\n%s", b.String())
	}
	if !strings.Contains(b.String(), "x ref: ") {
		t.Errorf("the table does not say what x ref means:\n%s", b.String())
	}
}

// TestBounds checks what a report says of a statement's narrower bounds: over a mixed test
// set, the tests beyond them marked and the tests within them scored apart; over the tests
// within them alone (--bounds), a score that says so.
func TestBounds(t *testing.T) {
	mixed := sample()
	mixed.Bounds = &bounds.NOIP
	mixed.Results[1].Beyond = "17 givens, fewer than 24"
	mixed.Results[3].Beyond = "a grid already full"
	mixed.Summarize()
	if w := mixed.Summary.Within; w == nil || w.Passed != 1 || w.Total != 2 || w.Score != 50 {
		t.Errorf("within the bounds: got %+v, want 1 of 2, 50 points", w)
	}
	only := sample()
	only.Bounds, only.WithinOnly = &bounds.NOIP, true
	only.Summarize()
	if only.Summary.Within != nil {
		t.Errorf("every test within the bounds: got %+v, want no part scored apart", only.Summary.Within)
	}
	tests := []struct {
		name   string
		report *Report
		write  func(*Report, *bytes.Buffer) error
		want   []string
	}{
		{"mixed table", mixed, func(r *Report, b *bytes.Buffer) error { return r.WriteTable(b, Style{}) }, []string{
			"official/02 †  WA", "official/04 †  RE", "official/03    TLE*",
			"† beyond NOIP's bounds (at least 24 givens and a blank to fill): the kit's statement allows it (--bounds noip leaves it out)"}},
		{"mixed summary", mixed, func(r *Report, b *bytes.Buffer) error { return r.WriteSummary(b, Style{}) }, []string{
			"score 25/100: 1 of 4 tests passed", "within NOIP's bounds (at least 24 givens and a blank to fill): 50/100, 1 of 2 tests passed; beyond them: 0 of 2"}},
		{"within only", only, func(r *Report, b *bytes.Buffer) error { return r.WriteSummary(b, Style{}) }, []string{
			"score 25/100 within NOIP's bounds alone (at least 24 givens and a blank to fill): 1 of 4 tests passed"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tc.write(tc.report, &b); err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("got\n%s\nwant it to hold %q", b.String(), w)
				}
			}
		})
	}
}

// TestRerunFootnotes checks that the table's footnotes say why tests ran again, each reason
// once: near a limit in parallel (also when a row does not say), held back by the load.
func TestRerunFootnotes(t *testing.T) {
	heldBack := "stopped at the wall clock while the machine's load held it back"
	tests := []struct {
		name string
		why  []string // per rerun row; the other rows did not run again
		want []string
	}{
		{"none", nil, nil},
		{"near, unsaid", []string{""}, []string{"* came near a limit when run in parallel; this verdict is from a run alone"}},
		{"held back, twice", []string{heldBack, heldBack}, []string{"* " + heldBack + "; this verdict is from a run alone"}},
		{"both", []string{heldBack, "came near a limit when run in parallel"}, []string{
			"* " + heldBack + "; this verdict is from a run alone",
			"* came near a limit when run in parallel; this verdict is from a run alone",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := sample()
			for i := range r.Results {
				r.Results[i].Rerun, r.Results[i].RerunWhy = false, ""
			}
			for i, why := range tc.why {
				r.Results[i].Rerun, r.Results[i].RerunWhy = true, why
			}
			var b strings.Builder
			if err := r.WriteTable(&b, Style{}); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, line := range strings.Split(b.String(), "\n") {
				if strings.HasPrefix(line, "* ") {
					got = append(got, line)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got footnotes\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}
