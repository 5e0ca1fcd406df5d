package cbc

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/grid"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func TestWriteLPGolden(t *testing.T) {
	tests := []struct {
		name   string
		givens map[int]uint8
	}{
		{name: "three_givens", givens: map[int]uint8{grid.CellAt(0, 0): 5, grid.CellAt(4, 4): 9, grid.CellAt(8, 7): 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var g grid.Grid
			for cell, v := range tc.givens {
				g[cell] = v
			}
			var buf bytes.Buffer
			if err := WriteLP(&buf, g); err != nil {
				t.Fatalf("WriteLP: got error %v, want nil", err)
			}
			golden := filepath.Join("testdata", tc.name+".lp")
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("reading golden file (run go test -update to create it): %v", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("WriteLP output differs from %s; got:\n%s", golden, firstDifference(buf.String(), string(want)))
			}
		})
	}
}

// firstDifference shows the first line where got and want part.
func firstDifference(got, want string) string {
	gotLines, wantLines := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(gotLines), len(wantLines)) {
		var g, w string
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if g != w {
			return fmt.Sprintf("line %d: got %q, want %q", i+1, g, w)
		}
	}
	return "(no line differs)"
}

func TestWriteLPRejectsBadValue(t *testing.T) {
	var g grid.Grid
	g[grid.CellAt(2, 3)] = 10
	err := WriteLP(&bytes.Buffer{}, g)
	if err == nil || !strings.Contains(err.Error(), "row 3 column 4") {
		t.Errorf("WriteLP with a 10 at row 3 column 4: got error %v, want one naming row 3 column 4", err)
	}
}

func TestVarNameRoundTrip(t *testing.T) {
	for cell := range grid.Cells {
		for d := 1; d <= grid.Size; d++ {
			name := varName(cell, d)
			gotCell, gotDigit, ok := parseVarName(name)
			if !ok || gotCell != cell || gotDigit != d {
				t.Fatalf("parseVarName(%q): got %d, %d, %v, want %d, %d, true", name, gotCell, gotDigit, ok, cell, d)
			}
		}
	}
	for _, name := range []string{"", "x", "x11", "x1111", "y111", "x011", "x10a", "X111"} {
		if _, _, ok := parseVarName(name); ok {
			t.Errorf("parseVarName(%q): got ok, want not ok", name)
		}
	}
}
