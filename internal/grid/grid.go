// Package grid is the 9x9 sudoku model shared by every tool of the kit:
// cell indexing, the contest text format, the target weights and the rules.
package grid

import (
	"fmt"
	"io"
	"strconv"
)

// Size is the side of the grid and the number of digits.
const Size = 9

// Cells is the number of cells of the grid.
const Cells = Size * Size

// Grid holds a 9x9 sudoku row by row: cell r*9+c; 0 is a blank, 1..9 a digit.
type Grid [Cells]uint8

// RowOf returns the 0-based row of a cell.
func RowOf(cell int) int { return cell / Size }

// ColOf returns the 0-based column of a cell.
func ColOf(cell int) int { return cell % Size }

// BoxOf returns the 0-based box of a cell; boxes are numbered row by row.
func BoxOf(cell int) int { return RowOf(cell)/3*3 + ColOf(cell)/3 }

// CellAt returns the cell index of 0-based row r and column c.
func CellAt(r, c int) int { return r*Size + c }

// Givens returns the number of non-zero cells.
func (g Grid) Givens() int {
	n := 0
	for _, v := range g {
		if v != 0 {
			n++
		}
	}
	return n
}

// Complete reports whether no cell is blank.
func (g Grid) Complete() bool {
	for _, v := range g {
		if v == 0 {
			return false
		}
	}
	return true
}

// String renders the grid in the contest format: 9 lines of 9 numbers
// separated by single spaces, each line ended by "\n".
func (g Grid) String() string { return string(g.appendText(make([]byte, 0, 2*Cells))) }

// WriteTo writes the grid in the contest format (see String) to w.
func (g Grid) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(g.appendText(make([]byte, 0, 2*Cells)))
	return int64(n), err
}

// Line renders the grid on one line: its 81 digits in reading order, 0 for a blank, as
// adversarial families and manifests store inputs. A value above 9 shows as '?'.
func (g Grid) Line() string {
	b := make([]byte, Cells)
	for cell, v := range g {
		b[cell] = '?'
		if v <= Size {
			b[cell] = '0' + v
		}
	}
	return string(b)
}

// ParseLine reads the one-line form Line writes: exactly 81 digits 0..9. The error names the
// first character at fault by its 1-based column.
func ParseLine(s string) (Grid, error) {
	var g Grid
	if len(s) != Cells {
		return g, fmt.Errorf("got %d characters, want the %d digits of a grid", len(s), Cells)
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return g, fmt.Errorf("column %d: got %q, want a digit 0..9", i+1, s[i])
		}
		g[i] = s[i] - '0'
	}
	return g, nil
}

func (g Grid) appendText(b []byte) []byte {
	for cell, v := range g {
		// strconv rather than '0'+v so that a corrupt value stays readable.
		b = strconv.AppendUint(b, uint64(v), 10)
		if ColOf(cell) == Size-1 {
			b = append(b, '\n')
		} else {
			b = append(b, ' ')
		}
	}
	return b
}
