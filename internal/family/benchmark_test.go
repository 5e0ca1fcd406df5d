package family

import (
	"testing"

	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

func TestFamiliesShape(t *testing.T) {
	byKey := map[string]Set{}
	for _, f := range BenchmarkSets() {
		byKey[f.Key] = f
	}
	countGivens := func(f Set) map[int]int {
		counts := map[int]int{}
		for _, in := range f.Inputs {
			counts[in.Givens.Givens()]++
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
			for _, in := range f.Inputs {
				if !in.Givens.Valid() {
					t.Errorf("%s breaks a rule:\n%s", in.Name, in.Givens)
				}
			}
		})
	}
}

func TestPackedGivensStayInThreeUnits(t *testing.T) {
	for _, in := range packed(rng.New(BenchmarkSeed)).Inputs {
		rows, cols, boxes := map[int]bool{}, map[int]bool{}, map[int]bool{}
		for cell, v := range in.Givens {
			if v != 0 {
				rows[grid.RowOf(cell)/3] = true
				cols[grid.ColOf(cell)/3] = true
				boxes[grid.BoxOf(cell)] = true
			}
		}
		if len(rows) != 1 && len(cols) != 1 && len(boxes) > 3 {
			t.Errorf("%s: givens spread over bands %v, stacks %v, boxes %v; want one band, one stack or three boxes", in.Name, rows, cols, boxes)
		}
	}
}

func TestFamiliesAreReproducible(t *testing.T) {
	first, second := BenchmarkSets(), BenchmarkSets()
	for i := range first {
		for j := range first[i].Inputs {
			if first[i].Inputs[j].Givens != second[i].Inputs[j].Givens {
				t.Fatalf("%s / %s differs between two calls", first[i].Name, first[i].Inputs[j].Name)
			}
		}
	}
}

func TestFewGiven(t *testing.T) {
	first, second := FewGiven(), FewGiven()
	if got, want := len(first.Inputs), 15; got != want {
		t.Fatalf("inputs: got %d, want %d", got, want)
	}
	for i, in := range first.Inputs {
		if got, want := in.Givens.Givens(), i+2; got != want {
			t.Errorf("%s: got %d givens, want %d", in.Name, got, want)
		}
		if !in.Givens.Valid() {
			t.Errorf("%s breaks a rule:\n%s", in.Name, in.Givens)
		}
		if in.Givens != second.Inputs[i].Givens {
			t.Errorf("%s differs between two calls", in.Name)
		}
	}
}
