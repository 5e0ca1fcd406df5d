package classic

import "bullseye/internal/rng"

// RandomSolution returns a full valid grid drawn from r. It first draws, for every cell in reading
// order, an order of preference of the nine digits, then returns the first grid in that order:
// the grid whose first cell holds its most preferred digit that still allows a completion, and
// so on cell by cell. The grid is thus fixed by r's stream alone, whatever changes in how the
// solver propagates or guesses. It is spread over all grids, though not exactly uniformly.
func RandomSolution(r *rng.Rand) Puzzle {
	var preference [cells][digits]uint8
	for cell := range preference {
		for i, digit := range r.Perm(digits) {
			preference[cell][i] = uint8(digit)
		}
	}
	var b board
	var empty Puzzle
	b.load(&empty)
	s := searcher{limit: 1, preference: &preference}
	s.start(&b)
	return s.first
}
