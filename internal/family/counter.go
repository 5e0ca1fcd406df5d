package family

import (
	"math/bits"

	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// allDigits has bits 1..9 set: a unit that holds every digit.
const allDigits uint16 = 0x3fe

// completions counts the completions of puzzle, stopping once it has found
// limit of them or visited budget search nodes. finished is false when the
// budget ran out first, in which case count is only a lower bound.
//
// It is a plain bitmask backtracking search on the cell with the fewest
// candidates. A branch ends at a blank cell with no candidate and also at a
// unit where some digit has no place left: that second test settles the
// grids digitShutOut builds at the first node, and spares most other grids
// without completion a long search.
func completions(puzzle grid.Grid, limit, budget int) (count int, finished bool) {
	if !puzzle.Valid() {
		return 0, true
	}
	s := counter{cells: puzzle, limit: limit, budget: budget}
	for cell, v := range puzzle {
		if v != 0 {
			s.place(cell, v)
		}
	}
	s.search()
	return s.count, !s.exhausted
}

type counter struct {
	cells         grid.Grid
	row, col, box [grid.Size]uint16 // digits present, bit d for digit d
	limit, budget int
	nodes, count  int
	exhausted     bool
	first         grid.Grid // the first completion found
	order         *rng.Rand // when set, candidates are tried in random order
}

func (s *counter) place(cell int, d uint8) {
	bit := uint16(1) << d
	s.cells[cell] = d
	s.row[grid.RowOf(cell)] |= bit
	s.col[grid.ColOf(cell)] |= bit
	s.box[grid.BoxOf(cell)] |= bit
}

func (s *counter) remove(cell int) {
	bit := uint16(1) << s.cells[cell]
	s.cells[cell] = 0
	s.row[grid.RowOf(cell)] &^= bit
	s.col[grid.ColOf(cell)] &^= bit
	s.box[grid.BoxOf(cell)] &^= bit
}

// search explores the current position; it returns once the subtree is
// done, the limit is reached or the budget is spent.
func (s *counter) search() {
	if s.nodes == s.budget {
		s.exhausted = true
		return
	}
	s.nodes++
	best, bestCandidates, bestCount := -1, uint16(0), grid.Size+1
	// Digits still possible somewhere in each unit, placed ones included.
	rowCover, colCover, boxCover := s.row, s.col, s.box
	for cell, v := range s.cells {
		if v != 0 {
			continue
		}
		r, c, b := grid.RowOf(cell), grid.ColOf(cell), grid.BoxOf(cell)
		candidates := allDigits &^ (s.row[r] | s.col[c] | s.box[b])
		n := bits.OnesCount16(candidates)
		if n == 0 {
			return
		}
		rowCover[r] |= candidates
		colCover[c] |= candidates
		boxCover[b] |= candidates
		if n < bestCount {
			best, bestCandidates, bestCount = cell, candidates, n
		}
	}
	if best < 0 {
		if s.count == 0 {
			s.first = s.cells
		}
		s.count++
		return
	}
	for i := range grid.Size {
		if rowCover[i] != allDigits || colCover[i] != allDigits || boxCover[i] != allDigits {
			return
		}
	}
	var digits [grid.Size]uint8
	n := 0
	for candidates := bestCandidates; candidates != 0; candidates &= candidates - 1 {
		digits[n] = uint8(bits.TrailingZeros16(candidates))
		n++
	}
	if s.order != nil {
		s.order.Shuffle(n, func(i, j int) { digits[i], digits[j] = digits[j], digits[i] })
	}
	for _, d := range digits[:n] {
		s.place(best, d)
		s.search()
		s.remove(best)
		if s.count >= s.limit || s.exhausted {
			return
		}
	}
}
