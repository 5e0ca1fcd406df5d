package clues

import (
	"math/bits"

	"bullseye/internal/classic"
	"bullseye/internal/rng"
)

// WithoutOne returns the unique puzzle p, whose solution is solution, with one clue (one mirror
// pair or the centre, when symmetric) removed so that it has several solutions: the puzzles a
// checker must accept any valid completion of. It tries the clues in a random order; ok is false
// when every one can go without admitting a second solution. Any clue of a minimal puzzle will do.
func WithoutOne(r *rng.Rand, p, solution classic.Puzzle, symmetric bool) (puzzle classic.Puzzle, ok bool) {
	order := units(symmetric)
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for _, unit := range order {
		if p[unit[0]] == 0 || removable(&p, &solution, unit) {
			continue
		}
		for _, cell := range unit {
			p[cell] = 0
		}
		return p, true
	}
	return p, false
}

// Changed returns p with one clue changed to another digit that no clue in its row, column or
// box shows, such that the puzzle has no solution at all: no rule is broken, yet a solver must
// search to learn that nothing fits. It tries the clues and digits in a random order; ok is false
// when every change leaves a solution.
func Changed(r *rng.Rand, p classic.Puzzle) (puzzle classic.Puzzle, ok bool) {
	for _, cell := range r.Perm(cells) {
		if p[cell] == 0 {
			continue
		}
		original := p[cell]
		p[cell] = 0
		others := candidates(&p, cell) &^ (1 << original)
		var digits []uint8
		for ; others != 0; others &= others - 1 {
			digits = append(digits, uint8(bits.TrailingZeros16(others)))
		}
		r.Shuffle(len(digits), func(i, j int) { digits[i], digits[j] = digits[j], digits[i] })
		for _, d := range digits {
			p[cell] = d
			if classic.Count(p, 1) == 0 {
				return p, true
			}
		}
		p[cell] = original
	}
	return p, false
}
