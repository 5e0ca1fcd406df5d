package family

import (
	"fmt"

	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// BenchmarkSeed fixes every benchmark input: runs on different days compare
// the same grids.
const BenchmarkSeed = 2009

// Input is one benchmark grid, named for per-input reports.
type Input struct {
	Name   string
	Givens grid.Grid
}

// Set is a named set of inputs reported as one row of a benchmark table.
type Set struct {
	Key    string // short name a command line selects it by
	Name   string
	Inputs []Input
}

// BenchmarkSets builds the benchmark families the solvers are measured on:
// official-like, low-clue, packed, and the empty and one-given grids. Each
// set draws from its own stream, so changing one leaves the others' grids
// unchanged.
func BenchmarkSets() []Set {
	return []Set{
		officialLike(rng.New(BenchmarkSeed)),
		lowClue(rng.New(BenchmarkSeed + 1)),
		packed(rng.New(BenchmarkSeed + 2)),
		emptyAndOneGiven(rng.New(BenchmarkSeed + 3)),
	}
}

// FewGiven is the few-given set: random inputs with 2 to 16 givens, below the statement's
// bounds, where the completions are countless and the bound must do everything. It draws from a
// stream of its own, beside BenchmarkSets' families, which bench/target and bench/peers both
// measure.
func FewGiven() Set {
	r := rng.New(BenchmarkSeed + 10)
	f := Set{Key: "few-given", Name: "few-given 2-16"}
	for givens := 2; givens <= 16; givens++ {
		f.Inputs = append(f.Inputs, Input{
			Name:   fmt.Sprintf("random %d givens", givens),
			Givens: Random(r, givens),
		})
	}
	return f
}

// officialLike is the contest's own shape: 8 inputs with 30 givens, 8 with
// 26 and 4 with 24, spread at random.
func officialLike(r *rng.Rand) Set {
	f := Set{Key: "official", Name: "official-like"}
	for _, group := range []struct{ givens, count int }{{30, 8}, {26, 8}, {24, 4}} {
		for i := range group.count {
			f.Inputs = append(f.Inputs, Input{
				Name:   fmt.Sprintf("random %d givens #%d", group.givens, i+1),
				Givens: Random(r, group.givens),
			})
		}
	}
	return f
}

// lowClue has three random inputs for each count from 23 down to 17 givens;
// the fewest come last, so a slow solver gives up on them, not on the rest.
func lowClue(r *rng.Rand) Set {
	f := Set{Key: "low-clue", Name: "low-clue 17-23"}
	for givens := 23; givens >= 17; givens-- {
		for i := range 3 {
			f.Inputs = append(f.Inputs, Input{
				Name:   fmt.Sprintf("random %d givens #%d", givens, i+1),
				Givens: Random(r, givens),
			})
		}
	}
	return f
}

// packed puts 24 givens into one band, one stack or three boxes: legal
// inputs with astronomically many completions.
func packed(r *rng.Rand) Set {
	f := Set{Key: "packed", Name: "packed 24"}
	for i := range 3 {
		f.Inputs = append(f.Inputs, Input{Name: fmt.Sprintf("band #%d", i+1), Givens: Band(r, 24)})
	}
	for i := range 3 {
		f.Inputs = append(f.Inputs, Input{Name: fmt.Sprintf("stack #%d", i+1), Givens: Stack(r, 24)})
	}
	for _, boxes := range []struct {
		what  string
		boxes [3]int
		count int
	}{
		{"diagonal", [3]int{0, 4, 8}, 2},
		{"anti-diagonal", [3]int{2, 4, 6}, 1},
		{"corners", [3]int{0, 2, 6}, 1},
		{"corners", [3]int{0, 2, 8}, 1},
		{"corners", [3]int{0, 6, 8}, 1},
		{"corners", [3]int{2, 6, 8}, 1},
		{"boxes", [3]int{0, 1, 3}, 1},
		{"boxes", [3]int{1, 3, 5}, 1},
	} {
		for i := range boxes.count {
			f.Inputs = append(f.Inputs, Input{
				Name:   fmt.Sprintf("%s %v #%d", boxes.what, boxes.boxes, i+1),
				Givens: Boxes(r, 24, boxes.boxes),
			})
		}
	}
	return f
}

// emptyAndOneGiven is the empty grid and grids with a single given: the
// most completions of all.
func emptyAndOneGiven(r *rng.Rand) Set {
	f := Set{Key: "empty", Name: "empty, one given", Inputs: []Input{{Name: "empty grid"}}}
	for i := range 5 {
		var g grid.Grid
		cell := r.IntN(grid.Cells)
		g[cell] = uint8(r.IntBetween(1, grid.Size))
		f.Inputs = append(f.Inputs, Input{
			Name:   fmt.Sprintf("one given #%d (%d at r%dc%d)", i+1, g[cell], grid.RowOf(cell)+1, grid.ColOf(cell)+1),
			Givens: g,
		})
	}
	return f
}
