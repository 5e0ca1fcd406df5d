package answer

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"bullseye/internal/classic"
	"bullseye/internal/grid"
	"bullseye/internal/testlib"
)

// CheckTarget judges a contestant's target output against the jury's answer for one input, in
// this order: the input and the jury's answer must be well formed (else Fail); a contestant's
// grid that beats the jury's answer is a Fail; so is a jury's answer the input disproves (a -1
// for a puzzle with a completion, a score for one without, a score other than that of the only
// completion, a score no grid reaches, a wrong grid). Then the contestant: a first line that is
// not an integer is a presentation error, a wrong score a wrong answer, a malformed grid a
// presentation error, and a grid that is not a solution or does not score what the first line
// says a wrong answer.
func CheckTarget(input, output, jury io.Reader) testlib.Judgement {
	puzzle, err := grid.Read(input, "")
	if err != nil {
		return testlib.Failure("reading the input: %v", err)
	}
	want, err := ReadTarget(jury)
	if err == nil {
		err = want.Rest
	}
	if err != nil {
		return testlib.Failure("reading the jury's answer: %v", err)
	}
	first := &firstLine{r: skipBOM(output)}
	got, err := ReadTarget(first)
	var syntax *grid.SyntaxError
	if err != nil && !errors.As(err, &syntax) {
		return testlib.Failure("reading the output: %v", err)
	}
	if err == nil && got.HasGrid && fault(puzzle, got.Grid) == "" {
		if score := got.Grid.Score(); want.Score.Value == NoSolution || int64(score) > want.Score.Value {
			return testlib.Failure("the contestant's answer beats the jury's: their grid scores %d, the jury's answer is %s", score, want.Score)
		}
	}
	if msg := disprove(puzzle, want); msg != "" {
		return testlib.Failure("%s", msg)
	}
	var j testlib.Judgement
	if err != nil {
		j = testlib.Malformed("%v", err)
	} else {
		j = judgeTarget(puzzle, want, got)
	}
	switch {
	case j.Result != testlib.OK && looksLikeRow(first.text()):
		j.Message += fmt.Sprintf("; the output's first line looks like a row of a grid: %s (the score comes first, on a line of its own)", clipRow(first.text()))
	case j.Result == testlib.WrongAnswer && err == nil && got.Score.Value != NoSolution && (got.Score.Value < MinScore || got.Score.Value > MaxScore):
		// The search may be right: the score is not one a grid has.
		if want.Score.Value == NoSolution {
			j.Message += fmt.Sprintf("; no grid scores %s: print -1 when nothing completes the grid", got.Score)
		} else {
			j.Message += fmt.Sprintf("; no grid scores %s: a completed grid scores from %d to %d (weight x digit summed over all 81 cells, givens included)", got.Score, MinScore, MaxScore)
		}
	}
	return j
}

// firstLine passes a reader's bytes on and keeps the first line of them, up to 256 bytes.
type firstLine struct {
	r    io.Reader
	line []byte
	done bool
}

func (f *firstLine) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	for _, c := range p[:n] {
		if f.done {
			break
		}
		if c == '\n' || len(f.line) == 256 {
			f.done = true
			break
		}
		f.line = append(f.line, c)
	}
	return n, err
}

func (f *firstLine) text() string { return strings.TrimSpace(string(f.line)) }

// looksLikeRow reports whether a line is a row of a sudoku grid rather than a score: nine
// digits, each alone or all together, as a program that prints its grid instead of its score,
// or before it, writes them.
func looksLikeRow(line string) bool {
	f := strings.Fields(line)
	if len(f) == 1 {
		f = strings.Split(f[0], "")
	}
	if len(f) != 9 {
		return false
	}
	for _, d := range f {
		if len(d) != 1 || d[0] < '0' || d[0] > '9' {
			return false
		}
	}
	return true
}

func clipRow(line string) string {
	if len(line) > 40 {
		return line[:40] + "..."
	}
	return line
}

// disprove returns what the input proves wrong in the jury's answer, or "". It counts the
// puzzle's completions with the classic solver, which settles -1 and unique puzzles exactly.
func disprove(puzzle grid.Grid, want Target) string {
	if want.Score.Value == NoSolution {
		if classic.Count(classic.Puzzle(puzzle), 1) > 0 {
			return "the jury says there is no solution, but the puzzle has one"
		}
		return ""
	}
	if want.Score.Value < MinScore || want.Score.Value > MaxScore {
		return fmt.Sprintf("the jury's answer %s is not -1 and no grid scores it: scores run from %d to %d", want.Score, MinScore, MaxScore)
	}
	switch classic.Count(classic.Puzzle(puzzle), 2) {
	case 0:
		return fmt.Sprintf("the jury's answer is %s, but the puzzle has no solution", want.Score)
	case 1:
		only, _ := classic.Solve(classic.Puzzle(puzzle))
		if score := grid.Grid(only).Score(); int64(score) != want.Score.Value {
			return fmt.Sprintf("the jury's answer is %s, but the puzzle's only solution scores %d", want.Score, score)
		}
	}
	if want.HasGrid {
		if f := fault(puzzle, want.Grid); f != "" {
			return "the jury's grid " + f
		}
		if score := want.Grid.Score(); int64(score) != want.Score.Value {
			return fmt.Sprintf("the jury's grid scores %d, the jury's answer is %s", score, want.Score)
		}
	}
	return ""
}

// judgeTarget judges a well-formed first line, and the grid after it, against a jury's answer
// the input does not disprove.
func judgeTarget(puzzle grid.Grid, want, got Target) testlib.Judgement {
	gridFault := ""
	if got.HasGrid {
		gridFault = fault(puzzle, got.Grid)
	}
	switch {
	case want.Score.Value == NoSolution && got.Score.Value == NoSolution:
		if got.Rest != nil {
			return testlib.Malformed("%v", got.Rest)
		}
		return testlib.Accept("-1, there is no solution")
	case want.Score.Value == NoSolution:
		return testlib.Reject("you say there is a solution scoring %s, but there is none", got.Score)
	case got.Score.Value == NoSolution:
		return testlib.Reject("you say there is no solution, but there is one scoring %s", want.Score)
	case got.Score.Value != want.Score.Value:
		if got.HasGrid && gridFault == "" && int64(got.Grid.Score()) == got.Score.Value {
			return testlib.Reject("expected %s, found %s: your grid is valid but does not score the most", want.Score, got.Score)
		}
		return testlib.Reject("expected %s, found %s", want.Score, got.Score)
	case got.Rest != nil:
		return testlib.Malformed("%v", got.Rest)
	case !got.HasGrid:
		return testlib.Accept("%s, the best score", got.Score)
	case gridFault != "":
		return testlib.Reject("your grid %s", gridFault)
	case int64(got.Grid.Score()) != got.Score.Value:
		return testlib.Reject("your grid scores %d, you printed %s", got.Grid.Score(), got.Score)
	}
	return testlib.Accept("%s, the best score, with a grid that scores it", got.Score)
}
