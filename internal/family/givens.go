package family

import (
	"fmt"

	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// Random returns givens cells of a random solution, the cells chosen
// uniformly at random; 0 <= givens <= 81.
func Random(r *rng.Rand, givens int) grid.Grid {
	puzzle, _ := random(r, givens)
	return puzzle
}

func random(r *rng.Rand, givens int) (puzzle, solution grid.Grid) {
	checkGivens("Random", givens, 0, grid.Cells)
	solution = Solution(r)
	return keep(solution, choose(r, allCells(), givens)), solution
}

// Band returns givens cells of a random solution, all inside one random
// band (rows 3b..3b+2); 0 <= givens <= 27.
func Band(r *rng.Rand, givens int) grid.Grid {
	puzzle, _ := band(r, givens)
	return puzzle
}

func band(r *rng.Rand, givens int) (puzzle, solution grid.Grid) {
	checkGivens("Band", givens, 0, MaxAreaGivens)
	solution = Solution(r)
	b := r.IntN(3)
	return keep(solution, choose(r, unitsArea(grid.Row, b*3, b*3+1, b*3+2), givens)), solution
}

// Stack returns givens cells of a random solution, all inside one random
// stack (columns 3s..3s+2); 0 <= givens <= 27.
func Stack(r *rng.Rand, givens int) grid.Grid {
	puzzle, _ := stack(r, givens)
	return puzzle
}

func stack(r *rng.Rand, givens int) (puzzle, solution grid.Grid) {
	checkGivens("Stack", givens, 0, MaxAreaGivens)
	solution = Solution(r)
	s := r.IntN(3)
	return keep(solution, choose(r, unitsArea(grid.Column, s*3, s*3+1, s*3+2), givens)), solution
}

// Boxes returns givens cells of a random solution, all inside the three
// named boxes (0-based, numbered row by row: {0, 4, 8} is the diagonal,
// {0, 2, 6} three corners); the boxes must be distinct and 0 <= givens <= 27.
func Boxes(r *rng.Rand, givens int, boxes [3]int) grid.Grid {
	puzzle, _ := inBoxes(r, givens, boxes)
	return puzzle
}

func inBoxes(r *rng.Rand, givens int, boxes [3]int) (puzzle, solution grid.Grid) {
	for i, b := range boxes {
		if b < 0 || b >= grid.Size || (i > 0 && b == boxes[0]) || (i > 1 && b == boxes[1]) {
			panic(fmt.Sprintf("family: Boxes needs three distinct boxes 0..8, got %v", boxes))
		}
	}
	checkGivens("Boxes", givens, 0, MaxAreaGivens)
	solution = Solution(r)
	return keep(solution, choose(r, unitsArea(grid.Box, boxes[:]...), givens)), solution
}

// choose returns n of the cells, chosen uniformly at random.
func choose(r *rng.Rand, cells []int, n int) []int {
	r.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	return cells[:n]
}

func allCells() []int {
	cells := make([]int, grid.Cells)
	for i := range cells {
		cells[i] = i
	}
	return cells
}

// unitsArea returns the cells of the units of one kind with the given
// indices.
func unitsArea(kind grid.UnitKind, indices ...int) []int {
	var cells []int
	for _, i := range indices {
		unit := grid.Unit{Kind: kind, Index: i}.Cells()
		cells = append(cells, unit[:]...)
	}
	return cells
}
