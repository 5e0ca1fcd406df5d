package main

import (
	"strings"
	"testing"
)

// rows joins nine rows of nine numbers, the contest layout.
func rows(sep, eol string, cells [cells]int) string {
	var b strings.Builder
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			if c > 0 {
				b.WriteString(sep)
			}
			b.WriteByte(byte('0' + cells[r*9+c]))
		}
		b.WriteString(eol)
	}
	return b.String()
}

func TestReadAcceptsAnyWhitespace(t *testing.T) {
	t.Parallel()
	var want [cells]int
	for x := range want {
		want[x] = (x*7 + x/9) % 10
	}
	for _, tc := range []struct{ name, input string }{
		{"contest layout", rows(" ", "\n", want)},
		{"crlf and trailing spaces", rows(" ", " \r\n", want)},
		{"no final newline", strings.TrimSuffix(rows(" ", "\n", want), "\n")},
		{"tabs and blank lines", "\n\n" + rows("\t", "\n\n", want)},
		{"one long line", rows(" ", " ", want)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := read(strings.NewReader(tc.input), "sudoku.in")
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if got != want {
				t.Errorf("got %v, want %v", got, want)
			}
		})
	}
}

func TestReadRejectsMalformedInput(t *testing.T) {
	t.Parallel()
	var zeros [cells]int
	valid := rows(" ", "\n", zeros)
	for _, tc := range []struct{ name, input, want string }{
		{"a letter", valid[:22] + "x" + valid[23:], `sudoku.in:2:5: expected a digit 0..9 (number 12 of 81), found "x"`},
		{"a ten", "10" + valid[1:], `sudoku.in:1:1: expected a digit 0..9 (number 1 of 81), found "10"`},
		{"a negative number", "-1" + valid[1:], `sudoku.in:1:1: expected a digit 0..9 (number 1 of 81), found "-1"`},
		{"80 numbers", valid[:len(valid)-2], `sudoku.in:9:17: expected 81 numbers, found only 80`},
		{"82 numbers", valid + "0\n", `sudoku.in:10:1: expected end of input after 81 numbers, found "0"`},
		{"empty", "", `sudoku.in:1:1: expected 81 numbers, found only 0`},
		{"a control byte", "\x00" + valid[1:], `sudoku.in:1:1: expected a digit 0..9 (number 1 of 81), found "\x00"`},
		{"too long", valid + strings.Repeat(" ", maxInput), `sudoku.in: input longer than 1048576 bytes, expected 81 numbers`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := read(strings.NewReader(tc.input), "sudoku.in")
			if err == nil {
				t.Fatalf("got no error, want %q", tc.want)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// FuzzRead checks that no input makes read panic, and that whatever it accepts it accepts again
// in the contest layout with the same cells.
func FuzzRead(f *testing.F) {
	var zeros [cells]int
	f.Add([]byte(rows(" ", "\n", zeros)))
	f.Add([]byte(rows(" ", " \r\n", zeros)))
	f.Add([]byte("1 2 3"))
	f.Add([]byte("10 x"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := read(strings.NewReader(string(data)), "fuzz")
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "fuzz") || strings.Contains(msg, "\n") {
				t.Fatalf("message %q must name the input and fit on one line", msg)
			}
			return
		}
		again, err := read(strings.NewReader(rows(" ", "\n", g)), "fuzz")
		if err != nil || again != g {
			t.Fatalf("re-reading the accepted grid: got %v, %v; want %v", again, err, g)
		}
	})
}
