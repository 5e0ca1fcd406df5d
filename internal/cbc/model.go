package cbc

import (
	"bufio"
	"fmt"
	"io"

	"bullseye/internal/grid"
)

// termsPerLine keeps LP lines short; CBC's LP reader accepts a term list
// split over any number of lines.
const termsPerLine = 9

// WriteLP writes the 0/1 model of target sudoku for givens in CPLEX LP
// format. Givens are fixed by equality rows rather than left out, so that a
// broken rule shows up as an infeasible model instead of being hidden.
func WriteLP(w io.Writer, givens grid.Grid) error {
	for cell, v := range givens {
		if v > grid.Size {
			return fmt.Errorf("row %d column %d holds %d, want 0..9", grid.RowOf(cell)+1, grid.ColOf(cell)+1, v)
		}
	}
	out := bufio.NewWriter(w)

	fmt.Fprintln(out, `\ target sudoku: one binary x<row><col><digit> per cell and digit`)
	fmt.Fprintln(out, "Maximize")
	fmt.Fprint(out, " score:")
	terms := 0
	for cell := range grid.Cells {
		for d := 1; d <= grid.Size; d++ {
			if terms > 0 && terms%termsPerLine == 0 {
				fmt.Fprint(out, "\n ")
			}
			fmt.Fprintf(out, " + %d %s", grid.Weight(cell)*d, varName(cell, d))
			terms++
		}
	}
	fmt.Fprintln(out)

	fmt.Fprintln(out, "Subject To")
	for cell := range grid.Cells {
		writeExactlyOne(out, fmt.Sprintf("cell_r%dc%d", grid.RowOf(cell)+1, grid.ColOf(cell)+1), func(i int) string {
			return varName(cell, i+1)
		})
	}
	for _, unit := range grid.Units() {
		cells := unit.Cells()
		for d := 1; d <= grid.Size; d++ {
			writeExactlyOne(out, fmt.Sprintf("%s%d_d%d", unit.Kind, unit.Index+1, d), func(i int) string {
				return varName(cells[i], d)
			})
		}
	}
	for cell, v := range givens {
		if v != 0 {
			fmt.Fprintf(out, " given_r%dc%d: %s = 1\n", grid.RowOf(cell)+1, grid.ColOf(cell)+1, varName(cell, int(v)))
		}
	}

	fmt.Fprintln(out, "Binary")
	for cell := range grid.Cells {
		for d := 1; d <= grid.Size; d++ {
			fmt.Fprintf(out, " %s\n", varName(cell, d))
		}
	}
	fmt.Fprintln(out, "End")
	return out.Flush()
}

// writeExactlyOne writes the row "name: variable(0) + ... + variable(8) = 1".
func writeExactlyOne(out *bufio.Writer, name string, variable func(i int) string) {
	fmt.Fprintf(out, " %s:", name)
	for i := range grid.Size {
		fmt.Fprintf(out, " + %s", variable(i))
	}
	fmt.Fprintln(out, " = 1")
}

// varName names the variable "cell holds digit d".
func varName(cell, d int) string {
	return fmt.Sprintf("x%d%d%d", grid.RowOf(cell)+1, grid.ColOf(cell)+1, d)
}

// parseVarName is the inverse of varName.
func parseVarName(name string) (cell, d int, ok bool) {
	if len(name) != 4 || name[0] != 'x' {
		return 0, 0, false
	}
	var n [3]int
	for i := range n {
		c := name[1+i]
		if c < '1' || c > '9' {
			return 0, 0, false
		}
		n[i] = int(c - '0')
	}
	return grid.CellAt(n[0]-1, n[1]-1), n[2], true
}
