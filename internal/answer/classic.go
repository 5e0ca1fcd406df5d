package answer

import (
	"fmt"
	"strings"

	"bullseye/internal/grid"
)

// ClassicNoSolution is the line of a classic output for a puzzle without a solution.
const ClassicNoSolution = "no solution"

// classicLine is one line of a classic output: a grid, or the claim that there is none.
type classicLine struct {
	text       string // the line without the whitespace around it
	grid       grid.Grid
	noSolution bool
}

// parseClassicLine reads line number of a classic output: 81 digits, or "no solution", with any
// spaces, tabs and CR around. A '0' or '.' reads as a blank, for the judge to reject as one.
func parseClassicLine(raw string, number int) (classicLine, error) {
	text := strings.TrimLeft(raw, " \t\r")
	col := len(raw) - len(text) + 1
	text = strings.TrimRight(text, " \t\r")
	out := classicLine{text: text}
	if text == ClassicNoSolution {
		out.noSolution = true
		return out, nil
	}
	if len(text) != grid.Cells {
		found := "an empty line"
		if text != "" {
			found = quoteLine(text)
		}
		return out, &grid.SyntaxError{Line: number, Col: col, Msg: fmt.Sprintf("expected %d digits or %q, found %s", grid.Cells, ClassicNoSolution, found)}
	}
	for cell := range grid.Cells {
		switch c := text[cell]; {
		case c >= '0' && c <= '9':
			out.grid[cell] = c - '0'
		case c == '.':
		default:
			return out, &grid.SyntaxError{Line: number, Col: col + cell, Msg: fmt.Sprintf("expected a digit, found %q", text[cell:cell+1])}
		}
	}
	return out, nil
}

// quoteLine quotes a line with Go escapes, shortened when long.
func quoteLine(text string) string {
	if len(text) <= 2*maxQuoted {
		return fmt.Sprintf("%q", text)
	}
	return fmt.Sprintf("%q... (%d bytes)", text[:2*maxQuoted], len(text))
}
