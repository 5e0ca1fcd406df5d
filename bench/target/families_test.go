package main

import (
	"testing"

	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

func TestFamiliesShape(t *testing.T) {
	byKey := map[string]benchFamily{}
	for _, f := range families() {
		byKey[f.key] = f
	}
	countGivens := func(f benchFamily) map[int]int {
		counts := map[int]int{}
		for _, in := range f.inputs {
			counts[in.givens.Givens()]++
		}
		return counts
	}

	tests := []struct {
		key        string
		wantCounts map[int]int // givens -> number of inputs
	}{
		{key: "official", wantCounts: map[int]int{30: 8, 26: 8, 24: 4}},
		{key: "low-clue", wantCounts: map[int]int{17: 3, 18: 3, 19: 3, 20: 3, 21: 3, 22: 3, 23: 3}},
		{key: "packed", wantCounts: map[int]int{24: 15}},
		{key: "empty", wantCounts: map[int]int{0: 1, 1: 5}},
	}
	for _, tc := range tests {
		t.Run(tc.key, func(t *testing.T) {
			f, ok := byKey[tc.key]
			if !ok {
				t.Fatalf("no family %q", tc.key)
			}
			got := countGivens(f)
			for givens, want := range tc.wantCounts {
				if got[givens] != want {
					t.Errorf("inputs with %d givens: got %d, want %d", givens, got[givens], want)
				}
			}
			if len(got) != len(tc.wantCounts) {
				t.Errorf("givens counts: got %v, want %v", got, tc.wantCounts)
			}
			for _, in := range f.inputs {
				if !in.givens.Valid() {
					t.Errorf("%s breaks a rule:\n%s", in.name, in.givens)
				}
			}
		})
	}
}

func TestPackedGivensStayInThreeUnits(t *testing.T) {
	for _, in := range packed(rng.New(benchSeed)).inputs {
		rows, cols, boxes := map[int]bool{}, map[int]bool{}, map[int]bool{}
		for cell, v := range in.givens {
			if v != 0 {
				rows[grid.RowOf(cell)/3] = true
				cols[grid.ColOf(cell)/3] = true
				boxes[grid.BoxOf(cell)] = true
			}
		}
		if len(rows) != 1 && len(cols) != 1 && len(boxes) > 3 {
			t.Errorf("%s: givens spread over bands %v, stacks %v, boxes %v; want one band, one stack or three boxes", in.name, rows, cols, boxes)
		}
	}
}

func TestFamiliesAreReproducible(t *testing.T) {
	first, second := families(), families()
	for i := range first {
		for j := range first[i].inputs {
			if first[i].inputs[j].givens != second[i].inputs[j].givens {
				t.Fatalf("%s / %s differs between two calls", first[i].name, first[i].inputs[j].name)
			}
		}
	}
}
