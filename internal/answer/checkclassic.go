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

// diffContext is how many lines a comparison shows on each side of the faulty one.
const diffContext = 2

// CheckClassic judges a contestant's classic output: line i answers puzzle i of the input,
// with a solution of it (any one, since a puzzle may have several) or "no solution" exactly
// where there is none; nothing but whitespace may follow the last line. The jury's answer has the
// same format and is checked first: its grids must solve their puzzles, and its "no solution"
// lines are confirmed with the classic solver, so a bad jury answer is a Fail. The contestant's
// lines are then judged in order and the first fault decides: a malformed line is a
// presentation error, a wrong one a wrong answer, and either comes with the lines around it,
// expected and found, for a diff.
func CheckClassic(input, output, jury io.Reader) testlib.Judgement {
	puzzles, err := classic.ReadPuzzles(input)
	if err != nil {
		return testlib.Failure("reading the input: %v", err)
	}
	want, err := readClassicAnswer(jury, puzzles)
	if err != nil {
		return testlib.Failure("reading the jury's answer: %v", err)
	}
	for i, answer := range want {
		if answer.noSolution && classic.Count(puzzles[i], 1) > 0 {
			return testlib.Failure("the jury says puzzle %d has no solution, but it has one", i+1)
		}
	}
	c := classicJudge{puzzles: puzzles, want: want, out: newLines(skipBOM(output))}
	return c.judge()
}

// readClassicAnswer reads and checks the jury's answer to puzzles.
func readClassicAnswer(r io.Reader, puzzles []classic.Puzzle) ([]classicLine, error) {
	in := newLines(r)
	want := make([]classicLine, len(puzzles))
	for i, puzzle := range puzzles {
		raw, err := in.next()
		if err != nil {
			return nil, lineError(err, i+1)
		}
		if want[i], err = parseClassicLine(raw, i+1); err != nil {
			return nil, err
		}
		if want[i].noSolution {
			continue
		}
		if f := fault(grid.Grid(puzzle), want[i].grid); f != "" {
			return nil, fmt.Errorf("puzzle %d: the jury's grid %s", i+1, f)
		}
	}
	return want, in.end(answersName(len(puzzles)))
}

// lineError explains why line number of an output could not be read.
func lineError(err error, number int) error {
	switch {
	case errors.Is(err, io.EOF):
		return &grid.SyntaxError{Line: number, Col: 1, Msg: fmt.Sprintf("expected the answer to puzzle %d, found the end of the output", number)}
	case errors.Is(err, errLineTooLong):
		return &grid.SyntaxError{Line: number, Col: 1, Msg: fmt.Sprintf("expected the answer to puzzle %d, found a line longer than %d bytes", number, MaxLine)}
	}
	return err
}

func answersName(n int) string {
	if n == 1 {
		return "the answer to the only puzzle"
	}
	return fmt.Sprintf("the answers to %d puzzles", n)
}

// classicJudge walks the contestant's lines, keeping the last few for a comparison.
type classicJudge struct {
	puzzles []classic.Puzzle
	want    []classicLine
	out     *lines
	found   []string // the lines read so far, at most diffContext+1 of them kept
	first   int      // 0-based index of found[0]
}

func (c *classicJudge) judge() testlib.Judgement {
	for i, puzzle := range c.puzzles {
		raw, err := c.out.next()
		if err != nil {
			err = lineError(err, i+1)
			var syntax *grid.SyntaxError
			if !errors.As(err, &syntax) {
				return testlib.Failure("reading the output: %v", err)
			}
			return c.compared(testlib.Malformed("%v", err), i)
		}
		got, err := parseClassicLine(raw, i+1)
		c.keep(got.text)
		if err != nil {
			return c.compared(testlib.Malformed("%v", err), i)
		}
		if j, wrong := c.judgeLine(i, grid.Grid(puzzle), got); wrong {
			return c.compared(j, i)
		}
	}
	if err := c.out.end(answersName(len(c.puzzles))); err != nil {
		var syntax *grid.SyntaxError
		if !errors.As(err, &syntax) {
			return testlib.Failure("reading the output: %v", err)
		}
		return testlib.Malformed("%v", err)
	}
	if len(c.puzzles) == 1 {
		return testlib.Accept("1 puzzle, answered right")
	}
	return testlib.Accept("%d puzzles, all answered right", len(c.puzzles))
}

// judgeLine judges the answer to puzzle i; wrong is false when it is right.
func (c *classicJudge) judgeLine(i int, puzzle grid.Grid, got classicLine) (j testlib.Judgement, wrong bool) {
	want := c.want[i]
	switch {
	case got.noSolution && want.noSolution:
		return j, false
	case got.noSolution:
		return testlib.Reject("puzzle %d: you say there is no solution, but there is one", i+1), true
	}
	if f := fault(puzzle, got.grid); f != "" {
		return testlib.Reject("puzzle %d: your grid %s", i+1, f), true
	}
	if want.noSolution {
		return testlib.Failure("the contestant's answer beats the jury's: puzzle %d has a solution, the jury says none", i+1), true
	}
	return j, false
}

// keep remembers a line read, dropping the oldest beyond what a comparison shows.
func (c *classicJudge) keep(line string) {
	c.found = append(c.found, line)
	if len(c.found) > diffContext+1 {
		c.found = c.found[1:]
		c.first++
	}
}

// compared attaches to j the lines around line i (0-based): the jury's answer and the
// contestant's output, read a few lines further for context.
func (c *classicJudge) compared(j testlib.Judgement, i int) testlib.Judgement {
	for range diffContext {
		line, err := c.out.next()
		if err != nil {
			break
		}
		c.found = append(c.found, strings.Trim(line, " \t\r"))
	}
	var expected []string
	for k := c.first; k < len(c.want) && k <= i+diffContext; k++ {
		expected = append(expected, c.want[k].text)
	}
	j.Compared = &testlib.Comparison{FirstLine: c.first + 1, Expected: expected, Found: c.found}
	return j
}
