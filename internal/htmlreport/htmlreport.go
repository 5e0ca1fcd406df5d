// Package htmlreport renders a judged contest as one self-contained HTML page, made to be read
// on a projector: the ranking, the contestants x tests matrix of coloured verdicts, and for each
// contestant and test the details a student needs (verdict, times, memory, the checker's
// message, the first difference) and, for target sudoku, the grids: the input with the target's
// rings shaded by weight, the contestant's grid beside an optimal one with the cells that differ
// or break a rule marked. The page loads nothing: no script, font, style sheet or image from
// anywhere, so that it opens the same offline, from a USB stick, years later.
package htmlreport

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"

	"bullseye/internal/answer"
	"bullseye/internal/contest"
	"bullseye/internal/grid"
	"bullseye/internal/outcome"
)

// Page is what the page shows.
type Page struct {
	// Title heads the page.
	Title   string
	Contest *contest.Contest
	// Tests describe the contest's tests, in its order.
	Tests []Test
}

// Test is what the page knows of a test beyond its name.
type Test struct {
	Name string
	// Input is the puzzle of a target test; nil for classic sudoku.
	Input *grid.Grid
	// Answer is the jury's answer's first line: the best score or -1.
	Answer string
	// Optimal is a grid that scores Answer; nil when unknown or there is none.
	Optimal *grid.Grid
}

//go:embed page.html.tmpl
var pageTemplate string

//go:embed page.css
var pageStyle string

var tmpl = template.Must(template.New("page").Funcs(template.FuncMap{
	"ms":      formatMS,
	"mib":     mebibytes,
	"score":   func(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) },
	"name":    contest.VerdictName,
	"letters": letterCells,
}).Parse(pageTemplate))

// Write writes the page.
func (p *Page) Write(w io.Writer) error {
	return tmpl.Execute(w, p.view())
}

// view is the page's data as the template reads it.
type view struct {
	Title       string
	Style       template.CSS
	Contest     *contest.Contest
	Legend      []legendEntry // the verdicts the matrix shows
	NotRun      bool          // the matrix shows a test that did not run
	Tests       []testView
	TestHeads   []testHead
	Contestants []contestantView
	Target      bool
}

// testHead is a test's column head: its name without the part all tests share.
type testHead struct{ Name, Short string }

type legendEntry struct {
	Verdict outcome.Verdict
	Name    string
}

type testView struct {
	Name, Answer   string
	Input, Optimal *gridView
}

type contestantView struct {
	contest.Contestant
	Index int
	Cells []cellView
	// Span is the text of the one cell a contestant none of whose tests ran has in the
	// matrix, SpanClass its class.
	Span, SpanClass string
	// NoteText says why a contestant was not judged; CompilerMessage is the compiler's.
	NoteText, CompilerMessage string
	HasRerun                  bool
}

// cellView is one contestant's test: its result, and the grids of a failing target test.
type cellView struct {
	contest.Result
	ID           string
	Link         string // where the matrix's cell leads
	Class, Label string // the verdict's class and text, "none" and "–" when not run
	Ran          bool
	Tip          string
	Show         bool // the details below the row: a failure, or a grid to see
	Input        *gridView
	Found        *gridView
	Optimal      *gridView
	FoundProblem string // what is wrong with the contestant's grid, for the caption
}

// gridView is a grid drawn as a table of cells.
type gridView struct {
	Caption string
	Note    string
	Rows    [grid.Size][grid.Size]cellMark
}

// cellMark is a cell of a drawn grid: its digit and its classes.
type cellMark struct {
	Digit string
	Class string
}

func (p *Page) view() view {
	c := p.Contest
	v := view{Title: p.Title, Style: template.CSS(pageStyle), Contest: c}
	v.Legend, v.NotRun = legend(c)
	tests := map[string]Test{}
	for _, t := range p.Tests {
		tests[t.Name] = t
		if t.Input != nil {
			v.Target = true
		}
		tv := testView{Name: t.Name, Answer: bestScore(t.Answer)}
		if t.Input != nil {
			tv.Input = inputGrid(*t.Input)
		}
		if t.Optimal != nil {
			tv.Optimal = optimalGrid(t.Input, *t.Optimal)
		}
		v.Tests = append(v.Tests, tv)
	}
	v.TestHeads = testHeads(c.Tests)
	for i, x := range c.Contestants {
		cv := contestantView{Contestant: x, Index: i}
		cv.NoteText = x.Explanation()
		if x.Status == contest.CompileError {
			cv.CompilerMessage = x.Note
		}
		if len(x.Results) == 0 {
			cv.Span, cv.SpanClass = string(x.Status), "none"
			if x.Status == contest.CompileError {
				cv.SpanClass = string(outcome.CompileError)
			}
		}
		for k, name := range c.Tests {
			cell := cellView{ID: fmt.Sprintf("r%d-%d", i, k), Link: fmt.Sprintf("c%d", i), Class: "none", Label: "–"}
			if k < len(x.Results) {
				cell.Result, cell.Ran = x.Results[k], true
				cell.Link, cell.Class, cell.Label = cell.ID, string(cell.Verdict), string(cell.Verdict)
				cv.HasRerun = cv.HasRerun || cell.Rerun
				cell.Tip = fmt.Sprintf("%s %s: %s, %s", x.Name, name, cell.Verdict.Name(), formatMS(cell.CPUMS))
				if cell.Message != "" {
					cell.Tip += ": " + cell.Message
				}
			} else {
				cell.Result = contest.Result{Test: name}
				cell.Tip = fmt.Sprintf("%s %s: not run (%s)", x.Name, name, x.Status)
			}
			if t, ok := tests[name]; ok && cell.Ran {
				cell.addGrids(t)
			}
			cv.Cells = append(cv.Cells, cell)
		}
		v.Contestants = append(v.Contestants, cv)
	}
	return v
}

// addGrids draws a target test's grids for the cell's details: the input, the contestant's grid
// when the output has one, and an optimal grid. An accepted test without a grid shows none.
func (cell *cellView) addGrids(t Test) {
	failed := cell.Verdict != outcome.Accepted
	cell.Show = failed && (cell.Message != "" || cell.FirstDifference != nil)
	if t.Input == nil {
		return
	}
	found, err := answer.ReadTarget(strings.NewReader(cell.Output))
	hasGrid := err == nil && found.HasGrid
	if !failed && !hasGrid {
		return
	}
	cell.Show = true
	cell.Input = inputGrid(*t.Input)
	if t.Optimal != nil {
		cell.Optimal = optimalGrid(t.Input, *t.Optimal)
	}
	cell.Input.Note += ", " + bestScore(t.Answer)
	if hasGrid {
		cell.Found, cell.FoundProblem = foundGrid(*t.Input, found, t.Optimal)
	}
}

// legend returns the verdicts the contest's results hold, in report order, and whether a
// test did not run.
func legend(c *contest.Contest) ([]legendEntry, bool) {
	seen := map[outcome.Verdict]bool{}
	notRun := false
	for _, x := range c.Contestants {
		for _, r := range x.Results {
			seen[r.Verdict] = true
		}
		notRun = notRun || len(x.Results) < len(c.Tests)
	}
	var entries []legendEntry
	for _, v := range outcome.Verdicts {
		if seen[v] {
			entries = append(entries, legendEntry{v, v.Name()})
		}
	}
	return entries, notRun
}

// testHeads returns the tests' column heads: "official/05" is "05" when every test is in
// official.
func testHeads(names []string) []testHead {
	prefix := ""
	if len(names) > 0 {
		if i := strings.LastIndexByte(names[0], '/'); i >= 0 {
			prefix = names[0][:i+1]
		}
	}
	for _, n := range names {
		if !strings.HasPrefix(n, prefix) {
			prefix = ""
		}
	}
	heads := make([]testHead, len(names))
	for i, n := range names {
		heads[i] = testHead{Name: n, Short: strings.TrimPrefix(n, prefix)}
	}
	return heads
}

func inputGrid(puzzle grid.Grid) *gridView {
	g := &gridView{Caption: "input", Note: fmt.Sprintf("%d givens", puzzle.Givens())}
	for cell, d := range puzzle {
		m := cellMark{Class: "w" + strconv.Itoa(grid.Weight(cell))}
		if d != 0 {
			m.Digit = strconv.Itoa(int(d))
			m.Class += " given"
		}
		g.Rows[grid.RowOf(cell)][grid.ColOf(cell)] = m
	}
	return g
}

func optimalGrid(puzzle *grid.Grid, best grid.Grid) *gridView {
	g := &gridView{Caption: "an optimal grid", Note: fmt.Sprintf("scores %d", best.Score())}
	for cell, d := range best {
		m := cellMark{Digit: digit(d), Class: "w" + strconv.Itoa(grid.Weight(cell))}
		if puzzle != nil && puzzle[cell] != 0 {
			m.Class += " given"
		}
		g.Rows[grid.RowOf(cell)][grid.ColOf(cell)] = m
	}
	return g
}

// foundGrid draws the contestant's grid with the cells that break a rule (a blank, a changed
// given, a digit twice in a unit) and those that differ from the optimal grid marked, and
// returns it with what is wrong with it.
func foundGrid(puzzle grid.Grid, found answer.Target, best *grid.Grid) (*gridView, string) {
	g := found.Grid
	broken := map[int]bool{}
	var problems []string
	for cell, d := range g {
		switch {
		case d == 0:
			broken[cell] = true
		case puzzle[cell] != 0 && puzzle[cell] != d:
			broken[cell] = true
		}
	}
	if len(broken) > 0 {
		problems = append(problems, fmt.Sprintf("%d blank or changed cells", len(broken)))
	}
	conflicts := g.Conflicts()
	for _, c := range conflicts {
		for _, cell := range c.Cells {
			broken[cell] = true
		}
	}
	if len(conflicts) > 0 {
		problems = append(problems, conflicts[0].String())
	}
	differ := 0
	v := &gridView{Caption: "the contestant's grid", Note: fmt.Sprintf("claims %s, scores %d", found.Score, g.Score())}
	if len(broken) > 0 {
		v.Note = fmt.Sprintf("claims %s, breaks the rules", found.Score)
	}
	for cell, d := range g {
		m := cellMark{Digit: digit(d), Class: "w" + strconv.Itoa(grid.Weight(cell))}
		if puzzle[cell] != 0 {
			m.Class += " given"
		}
		switch {
		case broken[cell]:
			m.Class += " broken"
		case best != nil && best[cell] != d:
			m.Class += " differs"
			differ++
		}
		v.Rows[grid.RowOf(cell)][grid.ColOf(cell)] = m
	}
	if best != nil {
		problems = append(problems, fmt.Sprintf("%d other cells differ from the optimal grid", differ))
	}
	return v, "the contestant's grid: " + strings.Join(problems, "; ")
}

// bestScore words the jury's answer.
func bestScore(answer string) string {
	if answer == "-1" {
		return "no solution (-1)"
	}
	return "best score " + answer
}

func mebibytes(kib int64) string {
	if kib%1024 == 0 {
		return fmt.Sprintf("%d MiB", kib/1024)
	}
	return fmt.Sprintf("%.1f MiB", float64(kib)/1024)
}

func digit(d uint8) string {
	if d == 0 {
		return ""
	}
	return strconv.Itoa(int(d))
}

func formatMS(ms float64) string {
	if ms < 10 {
		return fmt.Sprintf("%.1f ms", ms)
	}
	return fmt.Sprintf("%.0f ms", ms)
}

// letterCells splits a verdict string into its letters and their verdicts' classes.
func letterCells(s string) []cellMark {
	cells := make([]cellMark, len(s))
	for i := range len(s) {
		cells[i] = cellMark{Digit: s[i : i+1], Class: letterClass[s[i]]}
	}
	return cells
}

var letterClass = map[byte]string{
	'A': "AC", 'W': "WA", 'P': "PE", 'T': "TLE", 'M': "MLE", 'R': "RE", 'O': "OLE", 'C': "CE", 'F': "FAIL", '-': "none",
}
