package clues

import (
	"math/bits"

	"bullseye/internal/classic"
	"bullseye/internal/rng"
)

// Minimal returns a minimal puzzle of solution: no clue (no mirror pair of clues, when
// symmetric) can be removed without admitting a second solution. It removes the units in a
// random order, each one unless that would admit a second solution. One pass is enough: a unit
// that cannot go stays necessary, since removing others only adds solutions.
func Minimal(r *rng.Rand, solution classic.Puzzle, symmetric bool) classic.Puzzle {
	puzzle, _ := carve(r, solution, 0, symmetric)
	return puzzle
}

// Down returns a puzzle of solution with a unique solution and exactly n clues, removing units in
// a random order as Minimal does but stopping at n. ok is false when the puzzle became minimal
// (or, symmetric, could not hit n exactly) above n: callers try again with another solution or
// another order.
func Down(r *rng.Rand, solution classic.Puzzle, n int, symmetric bool) (puzzle classic.Puzzle, ok bool) {
	return carve(r, solution, n, symmetric)
}

func carve(r *rng.Rand, solution classic.Puzzle, floor int, symmetric bool) (classic.Puzzle, bool) {
	puzzle := solution
	clues := cells
	order := units(symmetric)
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for _, unit := range order {
		if clues == floor {
			break
		}
		if clues-len(unit) < floor {
			continue
		}
		if removable(&puzzle, &solution, unit) {
			for _, cell := range unit {
				puzzle[cell] = 0
			}
			clues -= len(unit)
		}
	}
	return puzzle, clues == floor
}

// removable reports whether blanking the cells of unit in puzzle, whose only solution is
// solution, keeps that solution the only one. Any other solution differs from it somewhere in
// unit; sorting such solutions by the first cell of unit where they differ, it looks for one
// that keeps the cells before that cell, puts another candidate digit there and leaves the cells
// after it blank. Most candidates die in propagation, so this costs less than counting the
// solutions of the blanked puzzle to two, which must find the known one again first.
func removable(puzzle, solution *classic.Puzzle, unit []int) bool {
	trial := *puzzle
	for _, cell := range unit {
		trial[cell] = 0
	}
	for _, cell := range unit {
		others := candidates(&trial, cell) &^ (1 << solution[cell])
		for ; others != 0; others &= others - 1 {
			d := uint8(bits.TrailingZeros16(others))
			trial[cell] = d
			if classic.Count(trial, 1) > 0 {
				return false
			}
		}
		trial[cell] = solution[cell]
	}
	return true
}
