package validate

import (
	"io"

	"bullseye/internal/grid"
)

// Target validates a target input read from r, named name in messages: exactly 9 lines of 9
// digits 0..9 separated by single spaces, each line ended by LF (or, when lenient, by spaces
// and CRLF), nothing after the ninth; at least rules.MinGivens givens; and, unless
// rules.AllowConflicts, no two equal givens in a row, column or box. Errors are
// *grid.SyntaxError, or the reader's failure.
func Target(r io.Reader, name string, rules Rules) (grid.Grid, error) {
	in := newReader(r, name)
	var g grid.Grid
	for row := range grid.Size {
		for col := range grid.Size {
			c := in.peek()
			if c < '0' || c > '9' {
				return grid.Grid{}, in.expected("a digit 0..9")
			}
			in.take()
			g[grid.CellAt(row, col)] = byte(c - '0')
			if col < grid.Size-1 {
				if err := in.space(); err != nil {
					return grid.Grid{}, err
				}
			}
		}
		if err := in.eoln(rules.Lenient); err != nil {
			return grid.Grid{}, err
		}
	}
	if err := in.end(); err != nil {
		return grid.Grid{}, err
	}
	return g, constraints(g, name, 1, rules, func(cell int) (int, int) {
		return grid.RowOf(cell) + 1, 2*grid.ColOf(cell) + 1
	})
}
