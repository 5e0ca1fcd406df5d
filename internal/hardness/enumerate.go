// Package hardness measures how much work a puzzle gives a plain enumerating solver, the usual
// contest answer to target sudoku (depth-first search on the cell with the fewest candidates,
// visiting every completion to keep the best score): the measures internal/climb maximizes to
// make the kit's anti-brute-force tests.
package hardness

import (
	"math/bits"

	"bullseye/internal/grid"
)

// allDigits has bits 1..9 set.
const allDigits uint16 = 0x3fe

// Work is what one enumeration cost.
type Work struct {
	// Nodes is the number of search nodes visited: the root and one per digit placed.
	Nodes int64
	// Completions is the number of completions found.
	Completions int64
	// Capped reports that the enumeration stopped at its node cap, so both counts are lower
	// bounds.
	Capped bool
}

// Enumerate runs the plain enumerating search on puzzle until it has visited every completion
// or maxNodes search nodes, whichever comes first. Givens that break a rule cost one node and
// have no completion, as an enumerator that checks them first would find. The search prunes
// only a blank cell left without a candidate: no bound, no score, no other deduction, since
// the point is to measure the solvers that have none.
func Enumerate(puzzle grid.Grid, maxNodes int64) Work {
	if maxNodes < 1 {
		return Work{Capped: true}
	}
	if !puzzle.Valid() {
		return Work{Nodes: 1}
	}
	e := newEnumerator(puzzle)
	e.maxNodes = maxNodes
	e.search()
	return e.work
}

// newEnumerator sets up the search at the root: the blanks to fill and the digits each row,
// column and box already holds.
func newEnumerator(puzzle grid.Grid) enumerator {
	var e enumerator
	for cell, v := range puzzle {
		if v == 0 {
			e.blanks[e.open] = uint8(cell)
			e.open++
			continue
		}
		bit := uint16(1) << v
		e.row[grid.RowOf(cell)] |= bit
		e.col[grid.ColOf(cell)] |= bit
		e.box[grid.BoxOf(cell)] |= bit
	}
	return e
}

// enumerator keeps the digits present in each unit and, in blanks[:open], the cells still
// blank; the search swaps the chosen cell to the end of that list and back.
type enumerator struct {
	row, col, box [grid.Size]uint16
	blanks        [grid.Cells]uint8
	open          int
	maxNodes      int64
	work          Work
}

// search visits the current position and everything below it; it reports false once the node
// cap has stopped the enumeration.
func (e *enumerator) search() bool {
	if e.work.Nodes == e.maxNodes {
		e.work.Capped = true
		return false
	}
	e.work.Nodes++
	if e.open == 0 {
		e.work.Completions++
		return true
	}
	best, bestCandidates, bestCount := -1, uint16(0), grid.Size+1
	for i, cell := range e.blanks[:e.open] {
		r, c, b := cellRow[cell], cellCol[cell], cellBox[cell]
		candidates := allDigits &^ (e.row[r] | e.col[c] | e.box[b])
		n := bits.OnesCount16(candidates)
		if n < bestCount {
			best, bestCandidates, bestCount = i, candidates, n
			if n <= 1 {
				break
			}
		}
	}
	if bestCount == 0 {
		return true
	}
	last := e.open - 1
	e.blanks[best], e.blanks[last] = e.blanks[last], e.blanks[best]
	cell := e.blanks[last]
	e.open--
	r, c, b := cellRow[cell], cellCol[cell], cellBox[cell]
	going := true
	for candidates := bestCandidates; candidates != 0 && going; candidates &= candidates - 1 {
		bit := candidates & -candidates
		e.row[r] |= bit
		e.col[c] |= bit
		e.box[b] |= bit
		going = e.search()
		e.row[r] &^= bit
		e.col[c] &^= bit
		e.box[b] &^= bit
	}
	e.open++
	e.blanks[best], e.blanks[last] = e.blanks[last], e.blanks[best]
	return going
}

// The units of each cell, looked up rather than divided in the innermost loop.
var cellRow, cellCol, cellBox [grid.Cells]uint8

func init() {
	for cell := range grid.Cells {
		cellRow[cell] = uint8(grid.RowOf(cell))
		cellCol[cell] = uint8(grid.ColOf(cell))
		cellBox[cell] = uint8(grid.BoxOf(cell))
	}
}
