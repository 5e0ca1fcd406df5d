package validate

import (
	"fmt"
	"io"

	"bullseye/internal/grid"
)

// Classic validates a classic batch input read from r, named name in messages: one or more
// lines of 81 cells, '1'..'9' for a given and '.' or '0' for a blank, each ended by LF,
// optionally followed by a last line "end"; when lenient, also CRLF line ends, spaces at the
// end of a line, '#' comment lines and empty lines. Each puzzle must meet rules. It returns the
// puzzles in order; errors are *grid.SyntaxError, or the reader's failure.
func Classic(r io.Reader, name string, rules Rules) ([]grid.Grid, error) {
	in := newReader(r, name)
	var puzzles []grid.Grid
	for {
		switch c := in.peek(); {
		case c == eof:
			if len(puzzles) == 0 {
				return nil, in.expected("a puzzle line")
			}
			return puzzles, in.end()
		case rules.Lenient && c == '#':
			for c != '\n' && c != eof {
				in.take()
				c = in.peek()
			}
			if err := in.eoln(true); err != nil {
				return nil, err
			}
		case rules.Lenient && (c == '\n' || c == '\r' || c == ' '):
			if err := in.eoln(true); err != nil {
				return nil, err
			}
		case c == 'e':
			if len(puzzles) == 0 {
				return nil, in.expected("a puzzle line")
			}
			if err := endLine(in, rules.Lenient); err != nil {
				return nil, err
			}
			return puzzles, in.end()
		default:
			line := in.line
			p, err := puzzleLine(in, rules.Lenient)
			if err != nil {
				return nil, err
			}
			err = constraints(p, name, line, rules, func(cell int) (int, int) { return line, cell + 1 })
			if err != nil {
				return nil, err
			}
			puzzles = append(puzzles, p)
		}
	}
}

// puzzleLine reads one line of 81 cells and its line end.
func puzzleLine(in *reader, lenient bool) (grid.Grid, error) {
	var p grid.Grid
	for cell := range grid.Cells {
		c := in.peek()
		switch {
		case c >= '1' && c <= '9':
			p[cell] = byte(c - '0')
		case c == '.' || c == '0':
		default:
			return grid.Grid{}, in.expected("a digit 1..9, '.' or '0'")
		}
		in.take()
	}
	return p, in.eoln(lenient)
}

// endLine reads the line "end" that may close a batch.
func endLine(in *reader, lenient bool) error {
	for _, want := range []byte("end") {
		if in.peek() != int(want) {
			return in.expected(fmt.Sprintf("%q of \"end\"", string(want)))
		}
		in.take()
	}
	return in.eoln(lenient)
}
