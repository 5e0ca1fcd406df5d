// Package clues chooses which cells of a full grid a puzzle shows: cells removed one by one (or in
// 180-degree symmetric pairs) while the solution stays unique, down to a clue count or until no
// more can go; and, from such puzzles, ones with several solutions or none. Every choice draws
// only from the *rng.Rand it is given, so a seed fixes the puzzle.
//
// Uniqueness is decided by the fast core of package classic, whose count-to-one speed sets the
// speed of every generator built on this package.
package clues

import (
	"bullseye/internal/classic"
	"bullseye/internal/rng"
)

const (
	cells  = 81
	centre = cells / 2
)

// mirror returns the cell 180 degrees around the centre from cell.
func mirror(cell int) int { return cells - 1 - cell }

// units returns the groups of cells removed together: every cell alone, or, when symmetric, the
// pairs of mirror cells and the centre alone.
func units(symmetric bool) [][]int {
	var result [][]int
	for cell := range cells {
		switch {
		case !symmetric:
			result = append(result, []int{cell})
		case cell == centre:
			result = append(result, []int{cell})
		case cell < centre:
			result = append(result, []int{cell, mirror(cell)})
		}
	}
	return result
}

// Symmetric returns a puzzle showing n cells of solution, chosen at random so that a shown cell's
// mirror is shown too: the centre when n is odd, and n/2 random pairs of mirror cells.
// 0 <= n <= 81.
func Symmetric(r *rng.Rand, solution classic.Puzzle, n int) classic.Puzzle {
	var puzzle classic.Puzzle
	if n%2 == 1 {
		puzzle[centre] = solution[centre]
	}
	pairs := r.Perm(centre)
	for _, cell := range pairs[:n/2] {
		puzzle[cell] = solution[cell]
		puzzle[mirror(cell)] = solution[mirror(cell)]
	}
	return puzzle
}

// peers[cell] lists the 20 cells that share a row, a column or a box with cell.
var peers [cells][20]uint8

func init() {
	for cell := range cells {
		n := 0
		for other := range cells {
			r, c, or, oc := cell/9, cell%9, other/9, other%9
			if other != cell && (r == or || c == oc || (r/3 == or/3 && c/3 == oc/3)) {
				peers[cell][n] = uint8(other)
				n++
			}
		}
	}
}

// candidates returns the digits (bit d for digit d) that no peer of cell shows in p.
func candidates(p *classic.Puzzle, cell int) uint16 {
	var seen uint16
	for _, peer := range peers[cell] {
		seen |= 1 << p[peer]
	}
	return 0x3fe &^ seen
}
