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

// explore guesses each candidate digit, in increasing order, of the cell guessCell picks on the
// propagated, unsolved board b, which it may change.
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
// sees the most open cells in its row, column and box, then the most cells with two candidates,
// the first in reading order among equals: its guess settles the most.
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
	if pairs[0]|pairs[1]|pairs[2] == 0 {
		return b.fewestCandidatesCell()
	}
	// Bands 0 and 1 are taken together as one 54-bit word, whose bit i stands for cell i; bit i of
	// band 2's word stands for cell 54+i.
	open01 := uint64(b.open[0]) | uint64(b.open[1])<<bandCells
	pairs01 := uint64(pairs[0]) | uint64(pairs[1])<<bandCells
	// best packs the score above the cell's distance from the end, so that the largest is the
	// best cell and, among equals, the first in reading order; taking it by max keeps the
	// unpredictable comparisons off the branches.
	best := 0
	for left := pairs01; left != 0; left &= left - 1 {
		cell := bits.TrailingZeros64(left) & 127
		best = max(best, pairScore(open01, pairs01, b.open[2], pairs[2], cell)<<7|(127-cell))
	}
	for left := pairs[2]; left != 0; left &= left - 1 {
		cell := (2*bandCells + bits.TrailingZeros32(left)) & 127
		best = max(best, pairScore(open01, pairs01, b.open[2], pairs[2], cell)<<7|(127-cell))
	}
	at := 127 - best&127
	band = int(cellBand[at])
	cell = cellBit[at]
	return band, cell, b.digitsAt(band, cell)
}

// pairScore is guessCell's score of a cell: 32 points for each open cell it sees and one for each
// cell with two candidates (at most 20, so they only break ties).
func pairScore(open01, pairs01 uint64, open2, pairs2 uint32, cell int) int {
	return 32*(bits.OnesCount64(open01&peers01[cell])+bits.OnesCount32(open2&peers2[cell])) +
		bits.OnesCount64(pairs01&peers01[cell]) + bits.OnesCount32(pairs2&peers2[cell])
}

// fewestCandidatesCell is the slow path of guessCell, for boards without a two-candidate cell:
// an open cell with the fewest candidates, among those the one that sees the most open cells,
// the first in reading order among equals.
func (b *board) fewestCandidatesCell() (band int, cell, choices uint32) {
	fewest, best := digits+1, -1
	open01 := uint64(b.open[0]) | uint64(b.open[1])<<bandCells
	for bd := range bands {
		for open := b.open[bd]; open != 0; open &= open - 1 {
			c := open & -open
			d := b.digitsAt(bd, c)
			n := bits.OnesCount32(d)
			if n > fewest {
				continue
			}
			at := (bd*bandCells + bits.TrailingZeros32(c)) & 127
			seen := bits.OnesCount64(open01&peers01[at]) + bits.OnesCount32(b.open[2]&peers2[at])
			if n < fewest || seen > best {
				fewest, best, band, cell, choices = n, seen, bd, c, d
			}
		}
	}
	return band, cell, choices
}

// peers01[cell] is the set of the cells of bands 0 and 1 that share a row, column or box with
// cell, band 1 above band 0's 27 bits; peers2[cell] is that of band 2. The tables are sized to a
// power of two so that an index masked to it needs no bounds check.
var (
	peers01 [128]uint64
	peers2  [128]uint32
)

func init() {
	for cell := range cells {
		band, row, column := cell/bandCells, cell%bandCells/9, cell%9
		// Every band holds the cell's column; its own band holds its row and box too.
		var seen [bands]uint64
		for b := range seen {
			seen[b] = columnSpread << column
		}
		seen[band] |= rowAll<<(9*row) | 7*columnSpread<<(column/3*3)
		seen[band] &^= 1 << (cell % bandCells)
		peers01[cell], peers2[cell] = seen[0]|seen[1]<<bandCells, uint32(seen[2])
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
