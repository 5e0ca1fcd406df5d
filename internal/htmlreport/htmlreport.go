// Package htmlreport renders a judged contest as one self-contained HTML page, made to be read
// on a projector. Its board is the ranking and the contestants x tests matrix in one table,
// sized to the window: up to 50 tests fit a 1600-pixel window, the tests' names without their
// group, their groups in a second head row. A contestant whose every test was accepted is one
// cell, "every test accepted"; beside a failure the accepted tests are pale. The details follow
// for the contestants with something to show, and only their tests not accepted: verdict,
// times, memory, the checker's message, the first difference where the message does not say it,
// and, for a target output with a grid, that grid beside an optimal one with the cells that
// differ or break a rule marked. The tests someone failed are drawn once: the input with the
// target's rings shaded by weight, and an optimal grid. So the page grows with what went wrong,
// not with the class. Tests beyond the contest's narrower bounds (NOIP's) are marked, and the
// score within them has its column. The page loads nothing: no script, font, style sheet or
// image from anywhere, so that it opens the same offline, from a USB stick, years later.
package htmlreport

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"bullseye/internal/answer"
	"bullseye/internal/contest"
	"bullseye/internal/grid"
	"bullseye/internal/outcome"
	"bullseye/internal/warnings"
)

// Page is what the page shows.
type Page struct {
	// Title heads the page.
	Title string
	// Class is the class's name, the contest folder's ("" for one submission); Date is when
	// it was judged, as the page shows it.
	Class, Date string
	Contest     *contest.Contest
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

//go:embed hacks.html.tmpl
var hacksTemplate string

var tmpl = template.Must(template.New("page").Funcs(template.FuncMap{
	"ms":    formatMS,
	"mib":   mebibytes,
	"score": formatScore,
}).Parse(pageTemplate + hacksTemplate))

// Write writes the page.
func (p *Page) Write(w io.Writer) error {
	return tmpl.Execute(w, p.view())
}

// The board's column widths, in pixels: what a 1600-pixel window leaves the tests' columns
// (about 21 pixels each for 50 tests) once the contestant's own columns have theirs.
const (
	fixedColumns = 52 + 64 + 84 + 88 // rank, score, CPU time, language
	withinColumn = 56                // the score within the contest's bounds
	widestTest   = 56                // a test's column when few tests leave room
	// The contestant's column fits the longest name, within these bounds and what a
	// 1600-pixel window (projectorWidth inside the page's margins) leaves once each test has
	// narrowTest pixels; a longer name wraps, whole.
	narrowestWho, widestWho    = 150, 380
	projectorWidth, narrowTest = 1544, 24
	// whoPerRune is the width of a name's character, whoPadding the cell's padding.
	whoPerRune, whoPadding = 11, 16
)

// view is the page's data as the template reads it.
type view struct {
	Title       string
	Class, Date string
	// WhoStyle sizes the contestant's column, to the longest name.
	WhoStyle template.CSS
	// Failing are the contestants with something to show, as the first screen lists them:
	// each with a one-line reason.
	Failing []*contestantView
	Style   template.CSS
	Contest *contest.Contest
	// TestsNote says how many tests, and how many lie beyond the contest's bounds.
	TestsNote string
	// BoardStyle sizes the board: its width, from the number of tests.
	BoardStyle template.CSS
	Legend     []legendEntry // the verdicts the board shows
	NotRun     bool          // the board shows a test that did not run
	Groups     []groupHead   // the tests' groups, over their columns, when there are several
	TestHeads  []testHead
	Vertical   bool // the tests' heads are written downwards: some are long
	Within     *boundsView
	Rule       string
	// Contestants are every contestant, in rank order; Details the ones with something to
	// show: a test not accepted, a compiler's message, a note.
	Contestants []*contestantView
	Details     []*contestantView
	Perfect     int // contestants whose every test was accepted
	Tests       []testView
	// Passed names the tests no contestant failed, whose grids are not drawn.
	Passed []string
	Target bool
	// Hacks is the hacking phase's section, nil without one.
	Hacks *hacksView
}

// boundsView is what the page says of the narrower statement's bounds the tests are weighed
// against, when some tests lie beyond them.
type boundsView struct {
	Name, Title, Rule string
	Beyond            []string // the tests beyond them
	Only              bool     // only the tests within them were judged
}

// testHead is a test's column head: its name without its group, and why it lies beyond the
// contest's bounds ("" within).
type testHead struct{ Name, Short, Beyond string }

// groupHead is a group's head over its tests' columns.
type groupHead struct {
	Name string
	Span int
}

type legendEntry struct {
	Verdict outcome.Verdict
	Letter  string
	Name    string
}

type testView struct {
	Name, Answer, Beyond string
	Input, Optimal       *gridView
}

type contestantView struct {
	contest.Contestant
	Index int
	// Within is the score within the contest's bounds, when some tests lie beyond them.
	Within string
	// Time is the CPU time of the accepted tests, "–" with none.
	Time string
	// Cells are the board's cells, one per test; none when Span says it all: "every test
	// accepted", or why nothing ran (SpanClass is then the cell's class).
	Cells           []boardCell
	Span, SpanClass string
	// ShortSpan is Span on a phone's narrow row.
	ShortSpan string
	// NoteText says why a contestant was not judged; CompilerMessage is the compiler's.
	NoteText, CompilerMessage string
	// Warned are the compiler's warnings of undefined behaviour, when a failure's verdict is
	// one they may explain.
	Warned []string
	// Failures are the tests not accepted, with their details; Accepted sums up the others.
	Failures []cellView
	Accepted string
	HasRerun bool
	// HasDetails tells that the contestant has an article in the Details section; the others'
	// rows say it all.
	HasDetails bool
	// Reason says in one line why the contestant lost points; LanguageName is the
	// language as people name it.
	Reason, LanguageName string
	// Badge is the verdict the reason begins with (CE for a compilation error), "–" when
	// nothing ran; BadgeClass its colour's class.
	Badge, BadgeClass string
}

// boardCell is one test of a contestant on the board: Short is its name without its group.
type boardCell struct {
	Class, Letter, Short, Link, Tip string
	Beyond                          bool
}

// cellView is one contestant's test that was not accepted: its result, and the grids of a
// target test whose output has one.
type cellView struct {
	contest.Result
	// Tests names the tests of a row that stands for several failures alike (the same verdict
	// and message, nothing else to show), its figures the slowest one's; "" for one test.
	Tests        string
	ID           string
	Class, Label string
	Beyond       string
	TestLink     string // the test's grids in the Tests section, when drawn there
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
	v := view{Title: p.Title, Class: p.Class, Date: p.Date, Style: template.CSS(pageStyle), Contest: c, Rule: contest.RankingRule, Hacks: newHacksView(c.Hacks)}
	v.Legend, v.NotRun = legend(c)
	v.Groups, v.TestHeads, v.Vertical = testHeads(c.Tests)
	for i := range v.TestHeads {
		v.TestHeads[i].Beyond = c.Beyond[v.TestHeads[i].Name]
	}
	_, mixed := c.ScoreWithin(contest.Contestant{})
	widest := max(narrowestWho, min(widestWho, projectorWidth-fixedColumns-narrowTest*len(c.Tests)))
	who := narrowestWho
	for _, x := range c.Contestants {
		who = max(who, min(widest, whoPadding+whoPerRune*utf8.RuneCountInString(x.Name)))
	}
	v.WhoStyle = template.CSS(fmt.Sprintf("width: %dpx", who))
	width := fixedColumns + who
	if mixed {
		width += withinColumn
	}
	v.BoardStyle = template.CSS(fmt.Sprintf("width: min(100%%, %dpx)", width+widestTest*len(c.Tests)))
	v.TestsNote = fmt.Sprintf("%d", len(c.Tests))
	if c.Bounds != nil && (mixed || c.WithinOnly) {
		v.Within = &boundsView{Name: c.Bounds.Name, Title: c.Bounds.Title, Rule: c.Bounds.Rule, Only: c.WithinOnly}
		for _, t := range c.Tests {
			if c.Beyond[t] != "" {
				v.Within.Beyond = append(v.Within.Beyond, t)
			}
		}
		if c.WithinOnly {
			v.TestsNote += ", those within " + c.Bounds.Title
		} else {
			v.TestsNote += fmt.Sprintf(": %d within %s, %d beyond", len(c.Tests)-len(v.Within.Beyond), c.Bounds.Title, len(v.Within.Beyond))
		}
	}

	tests := map[string]Test{}
	for _, t := range p.Tests {
		tests[t.Name] = t
		if t.Input != nil {
			v.Target = true
		}
	}
	failed := map[string]bool{}
	for i, x := range c.Contestants {
		cv := newContestantView(c, x, i, tests, mixed)
		for _, f := range cv.Failures {
			failed[f.Test] = true
		}
		if cv.Span == everyTestAccepted {
			v.Perfect++
		}
		v.Contestants = append(v.Contestants, cv)
		if len(cv.Failures) > 0 || cv.NoteText != "" || cv.CompilerMessage != "" || x.Hint != "" || len(cv.Warned) > 0 {
			cv.HasDetails = true
			v.Details = append(v.Details, cv)
		}
		if cv.Reason != "" {
			cv.Badge, cv.BadgeClass = "–", "none"
			if x.Status == contest.CompileError {
				cv.Badge, cv.BadgeClass = string(outcome.CompileError), string(outcome.CompileError)
			}
			for _, r := range x.Results {
				if r.Verdict != outcome.Accepted {
					cv.Badge, cv.BadgeClass = string(r.Verdict), string(r.Verdict)
					break
				}
			}
			v.Failing = append(v.Failing, cv)
		}
	}
	for _, t := range p.Tests {
		if !failed[t.Name] {
			v.Passed = append(v.Passed, t.Name)
			continue
		}
		tv := testView{Name: t.Name, Answer: bestScore(t.Answer), Beyond: c.Beyond[t.Name]}
		if t.Input != nil {
			tv.Input = inputGrid(*t.Input)
			tv.Input.Note += ", " + tv.Answer
		}
		if t.Optimal != nil {
			tv.Optimal = optimalGrid(t.Input, *t.Optimal)
		}
		v.Tests = append(v.Tests, tv)
	}
	drawn := map[string]bool{}
	for _, t := range v.Tests {
		drawn[t.Name] = t.Input != nil
	}
	for _, cv := range v.Contestants {
		for k := range cv.Failures {
			if drawn[cv.Failures[k].Test] {
				cv.Failures[k].TestLink = "t-" + cv.Failures[k].Test
			}
		}
	}
	return v
}

// everyTestAccepted is the board's one cell for a contestant whose every test was accepted.
const everyTestAccepted = "every test accepted"

// newContestantView returns contestant x's row of the board and, for the tests not accepted,
// their details.
func newContestantView(c *contest.Contest, x contest.Contestant, index int, tests map[string]Test, mixed bool) *contestantView {
	cv := &contestantView{Contestant: x, Index: index, Time: "–", Reason: x.Reason(), LanguageName: languageNames[x.Language]}
	cv.NoteText = x.Explanation()
	if x.Status == contest.CompileError {
		cv.CompilerMessage = x.Note
	}
	if x.Score > 0 {
		cv.Time = formatMS(x.AcceptedMS)
	}
	if within, ok := c.ScoreWithin(x); ok && mixed {
		cv.Within = formatScore(within)
	}
	if len(x.Results) == 0 {
		cv.Span, cv.SpanClass = string(x.Status), "none"
		if x.Status == contest.CompileError {
			cv.SpanClass = string(outcome.CompileError)
		}
		return cv
	}
	var accepted []string
	var slowest contest.Result
	for k, name := range c.Tests {
		cell := boardCell{Class: "none", Letter: string(contest.NotRun), Short: shortName(name), Beyond: c.Beyond[name] != ""}
		if k >= len(x.Results) {
			cell.Tip = fmt.Sprintf("%s: not run", name)
			cv.Cells = append(cv.Cells, cell)
			continue
		}
		r := x.Results[k]
		cell.Class, cell.Letter = string(r.Verdict), string(contest.Letter(r.Verdict))
		if r.Verdict == outcome.Accepted {
			accepted = append(accepted, shortName(name))
			if r.CPUMS >= slowest.CPUMS {
				slowest = r
			}
			cv.Cells = append(cv.Cells, cell)
			continue
		}
		f := cellView{Result: r, ID: fmt.Sprintf("r%d-%d", index, k), Class: string(r.Verdict), Label: string(r.Verdict), Beyond: c.Beyond[name]}
		if saysItAll(r.Message, r.FirstDifference) {
			f.FirstDifference = nil
		}
		if t, ok := tests[name]; ok {
			f.addGrids(t)
		}
		cv.Failures = append(cv.Failures, f)
		cv.HasRerun = cv.HasRerun || r.Rerun
		cell.Link = f.ID
		cell.Tip = fmt.Sprintf("%s: %s, %s", name, r.Verdict.Name(), formatMS(r.CPUMS))
		if r.Message != "" {
			cell.Tip += ": " + clipText(r.Message, 160)
		}
		cv.Cells = append(cv.Cells, cell)
	}
	if len(cv.Failures) == 0 && len(accepted) == len(c.Tests) {
		cv.Cells = nil
		cv.Span, cv.SpanClass, cv.ShortSpan = everyTestAccepted, string(outcome.Accepted), fmt.Sprintf("all %d AC", len(c.Tests))
		cv.Accepted = fmt.Sprintf("slowest %s, %s", slowest.Test, formatMS(slowest.CPUMS))
		return cv
	}
	if v := cv.Failures[0].Verdict; len(cv.Failures) == len(c.Tests) && len(c.Tests) > 1 && !slices.ContainsFunc(cv.Failures, func(f cellView) bool { return f.Verdict != v }) {
		// One verdict on every test: one cell says it, as for a contestant who passed them all.
		cv.Cells = nil
		cv.Span, cv.SpanClass, cv.ShortSpan = v.Name()+" on every test", string(v), fmt.Sprintf("all %d %s", len(c.Tests), v)
	}
	if slices.ContainsFunc(cv.Failures, func(f cellView) bool { return warnings.Explains(f.Verdict) }) {
		for _, w := range warnings.Undefined(x.Warnings) {
			cv.Warned = append(cv.Warned, w.String())
		}
	}
	var moved map[string]string
	cv.Failures, moved = groupAlike(cv.Failures)
	for k := range cv.Cells {
		if to, ok := moved[cv.Cells[k].Link]; ok {
			cv.Cells[k].Link = to
		}
	}
	if len(accepted) > 0 {
		cv.Accepted = fmt.Sprintf("accepted on %d of %d tests: %s; the slowest %s, %s", len(accepted), len(c.Tests),
			ranges(accepted), slowest.Test, formatMS(slowest.CPUMS))
	}
	return cv
}

// languageNames are the languages as people name them.
var languageNames = map[string]string{
	"c": "C", "cpp": "C++", "go": "Go", "python": "Python", "pascal": "Pascal", "java": "Java", "exe": "program",
}

// groupAlike makes one row of the failures alike: the same verdict and the same message but
// for its numbers ("expected 2855, found 0", "expected 2829, found 0"), and nothing else to
// show (no first difference, no grid). The row stands where the first of them was, with the
// slowest one's figures and the first one's message, which says when the others' numbers
// differ; moved maps the ids of the rows it replaces to its own, where the board's cells lead.
func groupAlike(failures []cellView) (rows []cellView, moved map[string]string) {
	type key struct {
		verdict outcome.Verdict
		message string
	}
	plain := func(f cellView) bool { return f.FirstDifference == nil && f.Found == nil }
	keyOf := func(f cellView) key { return key{f.Verdict, withoutNumbers(f.Message)} }
	groups := map[key][]int{}
	for i, f := range failures {
		if plain(f) {
			k := keyOf(f)
			groups[k] = append(groups[k], i)
		}
	}
	moved = map[string]string{}
	for i, f := range failures {
		k := keyOf(f)
		members := groups[k]
		if !plain(f) || len(members) < 2 {
			rows = append(rows, f)
			continue
		}
		moved[f.ID] = failures[members[0]].ID
		if members[0] != i {
			continue
		}
		row := failures[members[0]]
		var names []string
		same := true
		for _, m := range members {
			names = append(names, shortName(failures[m].Test))
			same = same && failures[m].Message == row.Message
			if failures[m].CPUMS > row.CPUMS {
				row.Result = failures[m].Result
			}
		}
		row.Message = failures[members[0]].Message
		if !same {
			row.Message = fmt.Sprintf("%s: %s (the others alike, with their own numbers)", failures[members[0]].Test, row.Message)
		}
		row.ID = failures[members[0]].ID
		row.Tests = fmt.Sprintf("%s%s (%d tests)", groupOf(row.Test), ranges(names), len(members))
		rows = append(rows, row)
	}
	return rows, moved
}

// withoutNumbers returns a message with each run of digits as one '#'.
func withoutNumbers(message string) string {
	var b strings.Builder
	digits := false
	for _, r := range message {
		if r >= '0' && r <= '9' {
			if !digits {
				b.WriteByte('#')
			}
			digits = true
			continue
		}
		digits = false
		b.WriteRune(r)
	}
	return b.String()
}

// groupOf returns a test's group with its slash, "" for a test of a folder.
func groupOf(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[:i+1]
	}
	return ""
}

// saysItAll reports whether a message already shows a first difference: one line, the first,
// whose expected and found text the message quotes ("expected 2855, found 2853"), or whose
// -1 it words ("you say there is a solution scoring 2429, but there is none").
func saysItAll(message string, d *contest.Difference) bool {
	if d == nil {
		return true
	}
	if d.Line != 1 || len(d.Expected) != 1 || len(d.Found) != 1 {
		return false
	}
	expected, found := strings.TrimSpace(d.Expected[0]), strings.TrimSpace(d.Found[0])
	says := func(text string) bool { return text == "-1" || strings.Contains(message, text) }
	return found != "" && expected != "" && says(expected) && says(found)
}

// ranges writes a list of test names, each run of consecutive numbers as one range:
// "01–17 19".
func ranges(names []string) string {
	var out []string
	for i := 0; i < len(names); {
		j := i
		for j+1 < len(names) && consecutive(names[j], names[j+1]) {
			j++
		}
		switch {
		case j == i:
			out = append(out, names[i])
		case j == i+1:
			out = append(out, names[i], names[j])
		default:
			out = append(out, names[i]+"–"+names[j])
		}
		i = j + 1
	}
	return strings.Join(out, " ")
}

// consecutive reports whether test names a and b are numbers, b one more than a.
func consecutive(a, b string) bool {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	return errA == nil && errB == nil && y == x+1
}

// addGrids draws, for a target test whose output has a grid after its score, the contestant's
// grid beside an optimal one, with the cells that differ or break a rule marked. The input's
// own grid is drawn once, in the Tests section.
func (cell *cellView) addGrids(t Test) {
	// Only a judged output's grid is the contestant's answer: a crash's or a time-out's output
	// is cut short, and what it holds may be a debugging print.
	if t.Input == nil || cell.Verdict != outcome.WrongAnswer && cell.Verdict != outcome.PresentationError {
		return
	}
	found, err := answer.ReadTarget(strings.NewReader(cell.Output))
	if err != nil || !found.HasGrid {
		return
	}
	if t.Optimal != nil {
		cell.Optimal = optimalGrid(t.Input, *t.Optimal)
	}
	cell.Found, cell.FoundProblem = foundGrid(*t.Input, found, t.Optimal)
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
		notRun = notRun || len(x.Results) > 0 && len(x.Results) < len(c.Tests)
	}
	var entries []legendEntry
	for _, v := range outcome.Verdicts {
		if seen[v] {
			entries = append(entries, legendEntry{v, string(contest.Letter(v)), v.Name()})
		}
	}
	return entries, notRun
}

// testHeads returns the tests' column heads, each test's name without its group
// ("official/05" is "05"), and the groups' heads over them when the tests come from several.
// Heads longer than three characters are written downwards, to keep the columns narrow.
func testHeads(names []string) ([]groupHead, []testHead, bool) {
	heads := make([]testHead, len(names))
	var groups []groupHead
	vertical := false
	for i, n := range names {
		heads[i] = testHead{Name: n, Short: shortName(n)}
		vertical = vertical || len([]rune(heads[i].Short)) > 3
		group, _, found := strings.Cut(n, "/")
		if !found {
			group = ""
		}
		if len(groups) == 0 || groups[len(groups)-1].Name != group {
			groups = append(groups, groupHead{Name: group})
		}
		groups[len(groups)-1].Span++
	}
	if len(groups) < 2 {
		groups = nil
	}
	return groups, heads, vertical
}

// shortName is a test's name without its group.
func shortName(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[i+1:]
	}
	return name
}

func clipText(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "..."
	}
	return s
}

func formatScore(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) }

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
