package family

import (
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// Search effort Hidden spends on one candidate grid, and the number of
// candidates it tries before it falls back to a construction that needs no
// search. Below about 15 givens nearly every candidate is completable, hence
// the fallback. Few candidates need a deep search (at 15-24 givens about 1
// in 200 takes over 20,000 nodes); one over budget is dropped, never guessed.
const (
	hiddenBudget   = 1 << 18
	hiddenAttempts = 50
)

// Hidden returns givens cells that break no rule (Valid is true) yet have
// no completion: the givens of a random solution with one of them changed
// to a digit its row, column and box do not show. Completion is ruled out
// by an exact search. MinHiddenGivens <= givens <= MaxHiddenGivens.
func Hidden(r *rng.Rand, givens int) grid.Grid {
	checkGivens("Hidden", givens, MinHiddenGivens, MaxHiddenGivens)
	for attempt := 0; ; attempt++ {
		if attempt == hiddenAttempts && givens <= maxDigitShutOutGivens {
			return digitShutOut(r, givens)
		}
		if puzzle, ok := changedGiven(r, givens); ok {
			return puzzle
		}
	}
}

// changedGiven tries one candidate: a random solution, one cell changed to
// a random other digit d, the cells holding d in that cell's row, column
// and box left blank so that nothing clashes, and the other givens chosen
// at random. ok reports that the search proved it has no completion.
func changedGiven(r *rng.Rand, givens int) (puzzle grid.Grid, ok bool) {
	solution := Solution(r)
	changed := r.IntN(grid.Cells)
	d := otherDigit(r, solution[changed])
	blank := map[int]bool{changed: true}
	for _, cell := range peers(changed) {
		if solution[cell] == d {
			blank[cell] = true
		}
	}
	var free []int
	for cell := range grid.Cells {
		if !blank[cell] {
			free = append(free, cell)
		}
	}
	if givens-1 > len(free) {
		return grid.Grid{}, false
	}
	puzzle = keep(solution, choose(r, free, givens-1))
	puzzle[changed] = d
	count, finished := completions(puzzle, 1, hiddenBudget)
	return puzzle, finished && count == 0
}

// maxDigitShutOutGivens is the most givens digitShutOut can always place:
// it must leave blank the changed cell and the up to three cells that would
// clash with its new digit.
const maxDigitShutOutGivens = grid.Cells - 3

// digitShutOut builds a grid with no completion directly: some box cannot
// hold some digit d. Of a random solution it gives the d of the two other
// boxes of the band, which bars d from two rows of the box, and of the two
// other boxes of the stack, which bars two columns; the one cell left, where
// the solution has d, gets another digit. The remaining givens are other
// cells of the solution, skipping those that would clash with that digit.
func digitShutOut(r *rng.Rand, givens int) grid.Grid {
	solution := Solution(r)
	changed := r.IntN(grid.Cells)
	d := solution[changed]
	e := otherDigit(r, d)
	var puzzle grid.Grid
	puzzle[changed] = e
	placed := 1
	row, col := grid.RowOf(changed), grid.ColOf(changed)
	for cell, v := range solution {
		sameBand := grid.RowOf(cell)/3 == row/3
		sameStack := grid.ColOf(cell)/3 == col/3
		if v == d && cell != changed && (sameBand || sameStack) {
			puzzle[cell] = d
			placed++
		}
	}
	clashes := map[int]bool{}
	for _, cell := range peers(changed) {
		if solution[cell] == e {
			clashes[cell] = true
		}
	}
	var free []int
	for cell := range grid.Cells {
		if puzzle[cell] == 0 && !clashes[cell] {
			free = append(free, cell)
		}
	}
	for _, cell := range choose(r, free, givens-placed) {
		puzzle[cell] = solution[cell]
	}
	return puzzle
}

// otherDigit returns a random digit other than d.
func otherDigit(r *rng.Rand, d uint8) uint8 {
	return uint8((int(d)-1+1+r.IntN(grid.Size-1))%grid.Size + 1)
}

// peers returns the 20 cells sharing a row, a column or a box with cell.
func peers(cell int) []int {
	var result []int
	for other := range grid.Cells {
		if other != cell && (grid.RowOf(other) == grid.RowOf(cell) ||
			grid.ColOf(other) == grid.ColOf(cell) || grid.BoxOf(other) == grid.BoxOf(cell)) {
			result = append(result, other)
		}
	}
	return result
}
