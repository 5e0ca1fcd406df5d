package classic

import (
	"strings"
	"testing"
)

// solvedGrid is a valid full grid; unavoidable (below) is it with the four corners of a
// rectangle emptied, which leaves exactly two solutions: the digits 7 and 4 can swap.
const (
	solvedGrid  = "756381249938427651421956378397642815645718923182539467219865734863174592574293186"
	unavoidable = ".563812.9938427651.219563.8397642815645718923182539467219865734863174592574293186"
	swapped     = "456381279938427651721956348397642815645718923182539467219865734863174592574293186"
)

func mustParse(t testing.TB, line string) Puzzle {
	t.Helper()
	p, err := Parse(line)
	if err != nil {
		t.Fatalf("parsing %q: %v", line, err)
	}
	return p
}

func TestParse(t *testing.T) {
	blankDots := strings.Repeat(".", 80) + "5"
	blankZeros := strings.Repeat("0", 80) + "5"
	var wantBlank Puzzle
	wantBlank[80] = 5
	tests := []struct {
		name    string
		line    string
		want    Puzzle
		wantErr string
	}{
		{name: "dots", line: blankDots, want: wantBlank},
		{name: "zeros", line: blankZeros, want: wantBlank},
		{name: "carriage return and blanks", line: " " + blankDots + "\t\r", want: wantBlank},
		{name: "full grid", line: solvedGrid, want: gridOf(solvedGrid)},
		{name: "empty line", line: "", wantErr: "0 characters, want 81"},
		{name: "short", line: blankDots[1:], wantErr: "80 characters, want 81"},
		{name: "long", line: blankDots + ".", wantErr: "82 characters, want 81"},
		{name: "stray letter", line: "x" + blankDots[1:], wantErr: `character 'x' at column 1`},
		{name: "inner blank", line: blankDots[:40] + " " + blankDots[41:], wantErr: `character ' ' at column 41`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse(tc.line)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// gridOf converts an 81-digit string without blanks, for test tables.
func gridOf(digits string) Puzzle {
	var p Puzzle
	for i := range p {
		p[i] = digits[i] - '0'
	}
	return p
}

func TestString(t *testing.T) {
	tests := []struct {
		name string
		p    Puzzle
		want string
	}{
		{name: "empty", p: Puzzle{}, want: strings.Repeat(".", 81)},
		{name: "full", p: gridOf(solvedGrid), want: solvedGrid},
		{name: "out of range", p: Puzzle{12}, want: "?" + strings.Repeat(".", 80)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.p.String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestGivens(t *testing.T) {
	tests := []struct {
		name string
		line string
		want int
	}{
		{name: "empty", line: strings.Repeat(".", 81), want: 0},
		{name: "unavoidable", line: unavoidable, want: 77},
		{name: "full", line: solvedGrid, want: 81},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := mustParse(t, tc.line).Givens(); got != tc.want {
				t.Errorf("got %d, want %d", got, tc.want)
			}
		})
	}
}

func TestSolves(t *testing.T) {
	withCell := func(grid string, cell int, digit byte) string {
		b := []byte(grid)
		b[cell] = digit
		return string(b)
	}
	// Swapping two cells of a row keeps the row valid but breaks their columns.
	rowSwap := []byte(solvedGrid)
	rowSwap[0], rowSwap[1] = rowSwap[1], rowSwap[0]
	tests := []struct {
		name     string
		solution string
		puzzle   string
		want     bool
	}{
		{name: "valid, empty puzzle", solution: solvedGrid, puzzle: strings.Repeat(".", 81), want: true},
		{name: "valid, keeps givens", solution: solvedGrid, puzzle: unavoidable, want: true},
		{name: "other solution", solution: swapped, puzzle: unavoidable, want: true},
		{name: "changes a given", solution: swapped, puzzle: solvedGrid, want: false},
		{name: "blank cell", solution: withCell(solvedGrid, 40, '.'), puzzle: unavoidable, want: false},
		{name: "row repeat", solution: withCell(solvedGrid, 0, '5'), puzzle: strings.Repeat(".", 81), want: false},
		{name: "column repeat", solution: string(rowSwap), puzzle: strings.Repeat(".", 81), want: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := mustParse(t, tc.solution).Solves(mustParse(t, tc.puzzle))
			if got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("value above 9", func(t *testing.T) {
		s := gridOf(solvedGrid)
		s[0] = 10
		if s.Solves(Puzzle{}) {
			t.Errorf("got true, want false")
		}
	})
}

func FuzzParse(f *testing.F) {
	f.Add(solvedGrid)
	f.Add(unavoidable)
	f.Add(strings.Repeat("0", 81) + "\r")
	f.Add("")
	f.Add("end")
	f.Fuzz(func(t *testing.T, line string) {
		p, err := Parse(line)
		if err != nil {
			return
		}
		for i, v := range p {
			if v > 9 {
				t.Fatalf("cell %d: got %d, want 0-9", i, v)
			}
		}
		again, err := Parse(p.String())
		if err != nil || again != p {
			t.Fatalf("round trip of %q: got %v, %v, want %v", line, again, err, p)
		}
	})
}
