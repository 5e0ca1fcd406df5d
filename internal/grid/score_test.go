package grid

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestWeightMatchesProblemTable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "weights.golden"))
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(string(data))
	if len(fields) != Cells {
		t.Fatalf("weights.golden: got %d numbers, want %d", len(fields), Cells)
	}
	for cell, field := range fields {
		want, err := strconv.Atoi(field)
		if err != nil {
			t.Fatalf("weights.golden: %v", err)
		}
		if got := Weight(cell); got != want {
			t.Errorf("Weight(%d) (r%dc%d): got %d, want %d", cell, RowOf(cell)+1, ColOf(cell)+1, got, want)
		}
	}
}

func TestScore(t *testing.T) {
	var ones, nines Grid
	for cell := range Cells {
		ones[cell], nines[cell] = 1, 9
	}
	// The sum of all weights: 32 cells of 6, 24 of 7, 16 of 8, 8 of 9, 1 of 10.
	const weightSum = 32*6 + 24*7 + 16*8 + 8*9 + 10
	tests := []struct {
		name string
		g    Grid
		want int
	}{
		{"empty grid", Grid{}, 0},
		{"all ones", ones, weightSum},
		{"all nines", nines, 9 * weightSum},
		{"centre 9 only", Grid{40: 9}, 90},
		{"corner 9 only", Grid{80: 9}, 54},
		{"best completion of the empty grid", mustReadFile(t, filepath.Join("testdata", "max-empty.txt")), 2906},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.g.Score(); got != tc.want {
				t.Errorf("Score: got %d, want %d", got, tc.want)
			}
		})
	}
}
