package answer

import (
	"fmt"

	"bullseye/internal/grid"
)

// fault tells what keeps g from solving puzzle, worded to follow "your grid" or "the jury's
// grid": a blank cell, a changed given, or a broken rule. It returns "" when g solves puzzle.
func fault(puzzle, g grid.Grid) string {
	for cell, v := range g {
		if v == 0 {
			return "leaves " + cellName(cell) + " blank"
		}
	}
	if cell, ok := g.Extends(puzzle); !ok {
		return fmt.Sprintf("changes the given %d at %s to %d", puzzle[cell], cellName(cell), g[cell])
	}
	if g.Valid() {
		return ""
	}
	return "breaks a rule: " + g.Conflicts()[0].String()
}

// cellName names a cell as grid.Conflict does, 1-based: "r4c5".
func cellName(cell int) string {
	return fmt.Sprintf("r%dc%d", grid.RowOf(cell)+1, grid.ColOf(cell)+1)
}
