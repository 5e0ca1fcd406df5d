package family

import (
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// Clash returns givens cells of a random solution in which one given was
// changed to the digit of a given in its row, column or box, so that at
// least one rule is broken. MinClashGivens <= givens <= 81.
func Clash(r *rng.Rand, givens int) grid.Grid {
	checkGivens("Clash", givens, MinClashGivens, grid.Cells)
	solution := Solution(r)
	changed := r.IntN(grid.Cells)
	neighbours := peers(changed)
	copied := neighbours[r.IntN(len(neighbours))]
	var rest []int
	for cell := range grid.Cells {
		if cell != changed && cell != copied {
			rest = append(rest, cell)
		}
	}
	puzzle := keep(solution, append(choose(r, rest, givens-2), copied))
	puzzle[changed] = solution[copied]
	return puzzle
}
