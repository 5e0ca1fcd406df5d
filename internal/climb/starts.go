package climb

import (
	"cmp"
	"slices"

	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// Start is the shape of a fresh start: which cells of a random full grid it shows.
type Start uint8

// The shapes. Those that pack the givens fill their area first and spread the rest at random.
const (
	// Random shows cells chosen uniformly at random.
	Random Start = iota
	// Band packs the givens into one band of three rows: the other two bands are free, and
	// their completions astronomically many.
	Band
	// Stack packs them into one stack of three columns.
	Stack
	// Boxes packs them into three boxes.
	Boxes
	// Rim shows the cells of the outer rings first and leaves the centre blank.
	Rim
	// LowCentre relabels the grid so that the digits covering the most weight are the lowest,
	// and shows the 25 cells nearest the centre first: few high digits near the centre, far from
	// what a bound that assumes them expects.
	LowCentre
	startKinds
)

// Starts lists every shape, in order.
var Starts = []Start{Random, Band, Stack, Boxes, Rim, LowCentre}

var startNames = [startKinds]string{"random", "band", "stack", "boxes", "rim", "low-centre"}

// String returns the shape's name: "random", "low-centre".
func (s Start) String() string {
	if s < startKinds {
		return startNames[s]
	}
	return "unknown"
}

// start returns a fresh input of the shape with n givens.
func start(r *rng.Rand, shape Start, n int) state {
	solution := family.Solution(r)
	var order []int
	switch shape {
	case Band, Stack:
		kind := grid.Row
		if shape == Stack {
			kind = grid.Column
		}
		first := 3 * r.IntN(3)
		order = packed(r, func(cell int) bool {
			line := grid.RowOf(cell)
			if kind == grid.Column {
				line = grid.ColOf(cell)
			}
			return line >= first && line < first+3
		})
	case Boxes:
		boxes := r.Perm(grid.Size)[:3]
		order = packed(r, func(cell int) bool { return slices.Contains(boxes, grid.BoxOf(cell)) })
	case Rim:
		order = r.Perm(grid.Cells)
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(grid.Weight(a), grid.Weight(b)) })
	case LowCentre:
		solution = lowCentre(solution)
		order = packed(r, func(cell int) bool { return grid.Weight(cell) >= 8 })
	default:
		order = r.Perm(grid.Cells)
	}
	return newState(solution, order, n)
}

// packed returns every cell, those inside the area first, each part in random order.
func packed(r *rng.Rand, inside func(cell int) bool) []int {
	order := r.Perm(grid.Cells)
	slices.SortStableFunc(order, func(a, b int) int {
		switch ia, ib := inside(a), inside(b); {
		case ia == ib:
			return 0
		case ia:
			return -1
		}
		return 1
	})
	return order
}

// lowCentre relabels a full grid so that the digit whose cells weigh most becomes 1, the next 2,
// and so on: of its relabellings, the one that scores least.
func lowCentre(solution grid.Grid) grid.Grid {
	var weight [grid.Size + 1]int
	for cell, v := range solution {
		weight[v] += grid.Weight(cell)
	}
	digits := []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9}
	slices.SortStableFunc(digits, func(a, b uint8) int { return cmp.Compare(weight[b], weight[a]) })
	var label [grid.Size + 1]uint8
	for i, d := range digits {
		label[d] = uint8(i + 1)
	}
	for cell, v := range solution {
		solution[cell] = label[v]
	}
	return solution
}
