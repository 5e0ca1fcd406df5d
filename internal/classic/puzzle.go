package classic

import (
	"fmt"
	"strings"
)

// Puzzle is a 9x9 grid read row by row: cell r*9+c holds 0 for a blank or a digit 1-9. It has the
// layout of grid.Grid, so either converts to the other.
type Puzzle [cells]uint8

// Parse reads a puzzle in the one-line format: 81 characters row by row, '1'-'9' for a given and
// '.' or '0' for a blank. Surrounding blanks and a carriage return are ignored.
func Parse(line string) (Puzzle, error) {
	var p Puzzle
	line = strings.Trim(line, " \t\r")
	if len(line) != cells {
		return p, fmt.Errorf("parsing puzzle: %d characters, want %d", len(line), cells)
	}
	for i := 0; i < cells; i++ {
		switch c := line[i]; {
		case c >= '1' && c <= '9':
			p[i] = c - '0'
		case c == '.' || c == '0':
		default:
			return p, fmt.Errorf("parsing puzzle: character %q at column %d, want 1-9, '.' or '0'", c, i+1)
		}
	}
	return p, nil
}

// String returns the puzzle in the one-line format, '.' for a blank and '?' for a cell above 9.
func (p Puzzle) String() string {
	var text [cells]byte
	for i, v := range p {
		switch {
		case v == 0:
			text[i] = '.'
		case v <= digits:
			text[i] = '0' + v
		default:
			text[i] = '?'
		}
	}
	return string(text[:])
}

// Givens returns the number of filled cells.
func (p Puzzle) Givens() int {
	n := 0
	for _, v := range p {
		if v != 0 {
			n++
		}
	}
	return n
}

// Solves reports whether s is a full grid that follows the rules (each digit once in every row,
// column and box) and keeps every given of p.
func (s Puzzle) Solves(p Puzzle) bool {
	var rows, columns, boxes [9]uint16
	for cell, v := range s {
		if v < 1 || v > digits || (p[cell] != 0 && p[cell] != v) {
			return false
		}
		bit := uint16(1) << v
		r, c := cell/9, cell%9
		box := r/3*3 + c/3
		if rows[r]&bit != 0 || columns[c]&bit != 0 || boxes[box]&bit != 0 {
			return false
		}
		rows[r] |= bit
		columns[c] |= bit
		boxes[box] |= bit
	}
	return true
}
