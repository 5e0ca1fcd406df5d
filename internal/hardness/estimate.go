package hardness

import (
	"math/bits"

	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// EstimateNodes returns Knuth's estimate of the number of nodes Enumerate visits on puzzle, without
// the cap: the mean over probes random walks from the root, each choosing a child uniformly at
// every node, of 1 + d1 + d1*d2 + ..., where d1, d2, ... are the numbers of children met on the
// way (D. E. Knuth, "Estimating the efficiency of backtrack programs", 1975). Each walk costs one
// root-to-leaf path, so trees far beyond any enumeration are estimated in microseconds; the
// estimate is unbiased but spread widely on lopsided trees. Givens that break a rule estimate
// 1, as Enumerate counts them.
func EstimateNodes(r *rng.Rand, puzzle grid.Grid, probes int) float64 {
	if probes < 1 || !puzzle.Valid() {
		return 1
	}
	e := newEnumerator(puzzle)
	total := 0.0
	for range probes {
		walk := e // each walk starts from the root: the enumerator is a value
		total += walk.probe(r)
	}
	return total / float64(probes)
}

// probe walks from the current position to a leaf of the enumerating search, choosing the
// children as Enumerate orders them but at random, and returns the walk's estimate of the
// subtree's size. It changes e.
func (e *enumerator) probe(r *rng.Rand) float64 {
	estimate, weight := 1.0, 1.0
	for e.open > 0 {
		best, bestCandidates, bestCount := -1, uint16(0), grid.Size+1
		for i, cell := range e.blanks[:e.open] {
			candidates := allDigits &^ (e.row[cellRow[cell]] | e.col[cellCol[cell]] | e.box[cellBox[cell]])
			n := bits.OnesCount16(candidates)
			if n < bestCount {
				best, bestCandidates, bestCount = i, candidates, n
				if n <= 1 {
					break
				}
			}
		}
		if bestCount == 0 {
			break
		}
		// The conversion rounds the product before the sum: Go may otherwise fuse the two into
		// one multiply-add on some processors, and a climb must choose alike on every machine.
		weight = float64(weight * float64(bestCount))
		estimate += weight
		for skip := r.IntN(bestCount); skip > 0; skip-- {
			bestCandidates &= bestCandidates - 1
		}
		bit := bestCandidates & -bestCandidates
		last := e.open - 1
		e.blanks[best], e.blanks[last] = e.blanks[last], e.blanks[best]
		cell := e.blanks[last]
		e.open--
		e.row[cellRow[cell]] |= bit
		e.col[cellCol[cell]] |= bit
		e.box[cellBox[cell]] |= bit
	}
	return estimate
}
