package grid

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mustReadFile reads a fixture grid or stops the test.
func mustReadFile(t *testing.T, path string) Grid {
	t.Helper()
	g, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestIndices(t *testing.T) {
	tests := []struct {
		name          string
		cell          int
		row, col, box int
	}{
		{"first cell", 0, 0, 0, 0},
		{"end of first row", 8, 0, 8, 2},
		{"start of second row", 9, 1, 0, 0},
		{"centre", 40, 4, 4, 4},
		{"box 5 corner", 33, 3, 6, 5},
		{"box 7 middle", 67, 7, 4, 7},
		{"last cell", 80, 8, 8, 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := RowOf(tc.cell); got != tc.row {
				t.Errorf("RowOf(%d): got %d, want %d", tc.cell, got, tc.row)
			}
			if got := ColOf(tc.cell); got != tc.col {
				t.Errorf("ColOf(%d): got %d, want %d", tc.cell, got, tc.col)
			}
			if got := BoxOf(tc.cell); got != tc.box {
				t.Errorf("BoxOf(%d): got %d, want %d", tc.cell, got, tc.box)
			}
			if got := CellAt(tc.row, tc.col); got != tc.cell {
				t.Errorf("CellAt(%d, %d): got %d, want %d", tc.row, tc.col, got, tc.cell)
			}
		})
	}
}

func TestGivensAndComplete(t *testing.T) {
	full := mustReadFile(t, filepath.Join("testdata", "max-empty.txt"))
	oneBlank := full
	oneBlank[40] = 0
	tests := []struct {
		name     string
		g        Grid
		givens   int
		complete bool
	}{
		{"empty", Grid{}, 0, false},
		{"one given", Grid{7: 3}, 1, false},
		{"one blank", oneBlank, 80, false},
		{"full", full, 81, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.g.Givens(); got != tc.givens {
				t.Errorf("Givens: got %d, want %d", got, tc.givens)
			}
			if got := tc.g.Complete(); got != tc.complete {
				t.Errorf("Complete: got %v, want %v", got, tc.complete)
			}
		})
	}
}

func TestStringMatchesContestFormat(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "max-empty.txt"))
	if err != nil {
		t.Fatal(err)
	}
	g := mustReadFile(t, filepath.Join("testdata", "max-empty.txt"))
	if got := g.String(); got != string(want) {
		t.Errorf("String: got\n%s\nwant\n%s", got, want)
	}
	var buf bytes.Buffer
	n, err := g.WriteTo(&buf)
	if err != nil {
		t.Fatalf("WriteTo: %v", err)
	}
	if buf.String() != string(want) || n != int64(len(want)) {
		t.Errorf("WriteTo: got %d bytes %q, want %d bytes %q", n, buf.String(), len(want), want)
	}
	empty := strings.Repeat("0 0 0 0 0 0 0 0 0\n", 9)
	if got := (Grid{}).String(); got != empty {
		t.Errorf("String of the empty grid: got %q, want %q", got, empty)
	}
}

func TestParseStringRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		var g Grid
		for cell := range g {
			g[cell] = uint8(r.IntN(10))
		}
		got, err := Parse([]byte(g.String()))
		if err != nil {
			t.Fatalf("grid %d: Parse(String()): %v", i, err)
		}
		if got != g {
			t.Fatalf("grid %d: Parse(String()): got\n%s\nwant\n%s", i, got, g)
		}
	}
}

func TestParseLine(t *testing.T) {
	const sample = "053000080007080052820000730000000000308000020000000300060000800030000007080605203"
	tests := []struct {
		name, line, wantErr string
	}{
		{name: "a grid", line: sample},
		{name: "short", line: sample[:80], wantErr: "got 80 characters, want the 81 digits of a grid"},
		{name: "long", line: sample + "0", wantErr: "got 82 characters"},
		{name: "a letter", line: sample[:4] + "x" + sample[5:], wantErr: `column 5: got 'x', want a digit 0..9`},
		{name: "spaces", line: strings.Repeat("0 ", 40) + "0", wantErr: "column 2: got ' '"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ParseLine(tc.line)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Line(); got != tc.line {
				t.Errorf("Line(ParseLine(s)): got %s, want %s", got, tc.line)
			}
		})
	}
}

func FuzzParseLine(f *testing.F) {
	f.Add("053000080007080052820000730000000000308000020000000300060000800030000007080605203")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseLine(s)
		if err != nil {
			return
		}
		if got := g.Line(); got != s {
			t.Errorf("Line(ParseLine(%q)) = %q", s, got)
		}
		back, err := Parse([]byte(g.String()))
		if err != nil || back != g {
			t.Errorf("Parse(String()) of %q: got %v, %v", s, back.Line(), err)
		}
	})
}
