package classic

import (
	"math/bits"

	"bullseye/internal/rng"
)

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
	var grid Puzzle
	if b.propagate() {
		firstInOrder(&b, &preference, &grid)
	}
	return grid
}

// firstInOrder writes into grid the first solution of the propagated board b in the order of
// preference: it goes through the open cells in reading order and tries the digits of each in
// the order the preference lists. It reports whether b has a solution, and may change b.
func firstInOrder(b *board, preference *[cells][digits]uint8, grid *Puzzle) bool {
	if b.solved() {
		b.grid(grid)
		return true
	}
	band := 0
	for b.open[band] == 0 {
		band++
	}
	cell := b.open[band] & -b.open[band]
	choices := b.digitsAt(band, cell)
	for _, digit := range preference[(band*bandCells+bits.TrailingZeros32(cell))%cells] {
		if choices>>digit&1 == 0 {
			continue
		}
		child := *b
		if child.assign(int(digit), band, cell) && child.propagate() && firstInOrder(&child, preference, grid) {
			return true
		}
	}
	return false
}
