package classic

import "math/bits"

// searcher walks the tree of guesses depth first. Each guess copies the board, so backtracking
// is just dropping the copy, and nothing is allocated on the way.
type searcher struct {
	limit int    // stop after this many solutions
	count int    // solutions found so far
	first Puzzle // the first solution found
	// guesses counts the boards copied for a guess (every branch of a guessed cell but the
	// last): the work of a search, which the benchmarks report.
	guesses int
}

// start propagates a freshly loaded board and explores it.
func (s *searcher) start(b *board) {
	if b.propagate() {
		s.settle(b)
	}
}

// settle records a propagated board when it is solved and explores it otherwise.
func (s *searcher) settle(b *board) {
	if b.solved() {
		if s.count == 0 {
			b.grid(&s.first)
		}
		s.count++
		return
	}
	s.explore(b)
}

// explore guesses each candidate digit, in increasing order, of an open cell with the fewest
// candidates of the propagated, unsolved board b, which it may change.
func (s *searcher) explore(b *board) {
	band, cell, choices := b.guessCell()
	// child is declared outside the loop: escape analysis keeps it on the stack only then.
	var child board
	for choices != 0 {
		digit := bits.TrailingZeros32(choices)
		choices &= choices - 1
		if choices == 0 {
			// The last choice needs no copy: b is not looked at again.
			if b.assign(digit, band, cell) && b.propagate() {
				s.settle(b)
			}
			return
		}
		child = *b
		s.guesses++
		if child.assign(digit, band, cell) && child.propagate() {
			s.settle(&child)
			if s.count >= s.limit {
				return
			}
		}
	}
}

// guessCell returns an open cell (band and one-bit band word) with the fewest candidate digits,
// and the set of those digits. After propagation no open cell has fewer than two candidates, so
// cells with two are the ones to look at whenever there are any. Among them it takes the one that
// sees the most open cells in its row, column and box, and then the most cells with two
// candidates, the first in reading order among equals: its guess settles the most, which on hard
// puzzles halves the number of guesses.
func (b *board) guessCell() (band int, cell, choices uint32) {
	var pairs [bands]uint32
	for bd := range bands {
		var once, twice, thrice uint32
		for j := bd; j < bandDigits; j += bands {
			w := b.candidates[j&31]
			thrice |= twice & w
			twice |= once & w
			once |= w
		}
		pairs[bd] = b.open[bd] & twice &^ thrice
	}
	best, bestBand, bestCell := -1, 0, uint32(0)
	for bd := range bands {
		for left := pairs[bd]; left != 0; left &= left - 1 {
			cell := bd*bandCells + bits.TrailingZeros32(left)
			peers := &peerCells[cell%cells]
			// Open cells first; cells with two candidates, at most 20, only break ties.
			score := 32*b.openPeers(cell) + bits.OnesCount32(pairs[0]&peers[0]) +
				bits.OnesCount32(pairs[1]&peers[1]) + bits.OnesCount32(pairs[2]&peers[2])
			if score > best {
				best, bestBand, bestCell = score, bd, left&-left
			}
		}
	}
	if best < 0 {
		return b.fewestCandidatesCell()
	}
	return bestBand, bestCell, b.digitsAt(bestBand, bestCell)
}

// fewestCandidatesCell is the slow path of guessCell, for boards without a two-candidate cell.
func (b *board) fewestCandidatesCell() (band int, cell, choices uint32) {
	fewest, best := digits+1, -1
	for bd := range bands {
		for open := b.open[bd]; open != 0; open &= open - 1 {
			c := open & -open
			d := b.digitsAt(bd, c)
			n := bits.OnesCount32(d)
			if n > fewest {
				continue
			}
			seen := b.openPeers(bd*bandCells + bits.TrailingZeros32(c))
			if n < fewest || seen > best {
				fewest, best, band, cell, choices = n, seen, bd, c, d
			}
		}
	}
	return band, cell, choices
}

// openPeers returns the number of open cells among the 20 that share a row, column or box with
// the cell.
func (b *board) openPeers(cell int) int {
	peers := &peerCells[cell%cells]
	return bits.OnesCount32(b.open[0]&peers[0]) + bits.OnesCount32(b.open[1]&peers[1]) +
		bits.OnesCount32(b.open[2]&peers[2])
}

// peerCells[cell][band] is the set of the cells of band that share a row, column or box with cell.
var peerCells [cells][bands]uint32

func init() {
	for cell := range cells {
		for other := range cells {
			r, c, or, oc := cell/9, cell%9, other/9, other%9
			if other != cell && (r == or || c == oc || (r/3 == or/3 && c/3 == oc/3)) {
				peerCells[cell][other/bandCells] |= 1 << (other % bandCells)
			}
		}
	}
}

// digitsAt returns the set of the candidate digits of cell (a one-bit band word) of band.
func (b *board) digitsAt(band int, cell uint32) uint32 {
	var set uint32
	for digit := range digits {
		if b.candidates[(digit*bands+band)&31]&cell != 0 {
			set |= 1 << digit
		}
	}
	return set
}
