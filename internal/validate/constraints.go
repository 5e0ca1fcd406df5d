package validate

import (
	"fmt"

	"bullseye/internal/grid"
)

// constraints checks the givens of g, read at line firstLine of file name; position maps a
// cell to its line and column, for a conflict to point at its last cell.
func constraints(g grid.Grid, name string, firstLine int, rules Rules, position func(cell int) (line, col int)) error {
	if n := g.Givens(); n < rules.MinGivens {
		return &grid.SyntaxError{File: name, Line: firstLine, Col: 1, Msg: fmt.Sprintf("%d givens, fewer than the minimum of %d", n, rules.MinGivens)}
	}
	if rules.AllowConflicts {
		return nil
	}
	if conflicts := g.Conflicts(); len(conflicts) > 0 {
		c := conflicts[0]
		line, col := position(c.Cells[len(c.Cells)-1])
		return &grid.SyntaxError{File: name, Line: line, Col: col, Msg: fmt.Sprintf("givens break a rule: %s", c)}
	}
	return nil
}
