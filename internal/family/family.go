// Package family builds the families of target-sudoku inputs the kit tests
// and benchmarks against: random puzzles, givens packed into one band, one
// stack or three boxes, grids that break no rule yet have no completion,
// and grids that break a rule. Every function draws only from the
// *rng.Rand it is given, so a seed fixes its output.
//
// A givens count outside a function's documented range is a caller's bug
// and panics; commands check their arguments against the limits below
// before calling.
package family

import (
	"fmt"

	"bullseye/internal/grid"
)

// Limits on the givens count, beyond the obvious 0..81.
const (
	// MaxAreaGivens is the most givens Band, Stack and Boxes can place:
	// the 27 cells of their area.
	MaxAreaGivens = 27
	// MinHiddenGivens is the fewest givens Hidden builds: its surest
	// construction shuts a digit out of a box with five.
	MinHiddenGivens = 5
	// MaxHiddenGivens is the most givens Hidden builds: with 80 givens and
	// no clash the blank cell always has its digit.
	MaxHiddenGivens = 79
	// MinClashGivens is the fewest givens Clash builds: a clash takes two.
	MinClashGivens = 2
)

// checkGivens panics unless lo <= givens <= hi.
func checkGivens(function string, givens, lo, hi int) {
	if givens < lo || givens > hi {
		panic(fmt.Sprintf("family: %s needs %d..%d givens, got %d", function, lo, hi, givens))
	}
}

// keep returns the puzzle showing only the given cells of solution.
func keep(solution grid.Grid, cells []int) grid.Grid {
	var puzzle grid.Grid
	for _, cell := range cells {
		puzzle[cell] = solution[cell]
	}
	return puzzle
}
