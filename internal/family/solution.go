package family

import (
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// fillBudget bounds one attempt at filling the empty grid. A fill with
// random digit order on the fewest-candidates cell almost never backtracks,
// so the bound only guards against a pathological stream; an attempt that
// reaches it is dropped and the next one drawn.
const fillBudget = 1 << 12

// Solution returns a random valid full grid: the empty grid filled by a
// backtracking search that tries digits in random order.
//
// Relabelling and rearranging one fixed base grid would be cheaper, but
// every result would then be the same grid up to symmetry, and tests built
// from it would all share its structure: the usual base grid, for one, has
// no four cells u v / v u on two rows of a band or two columns of a stack,
// the pattern behind most puzzles with two solutions.
func Solution(r *rng.Rand) grid.Grid {
	for {
		s := counter{limit: 1, budget: fillBudget, order: r}
		s.search()
		if s.count == 1 {
			return s.first
		}
	}
}
