package main

import (
	"fmt"

	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// benchSeed fixes every benchmark input: runs on different days compare
// the same grids.
const benchSeed = 2009

// input is one benchmark grid, named for the per-input report.
type input struct {
	name   string
	givens grid.Grid
}

// benchFamily is a named set of inputs reported as one table row.
type benchFamily struct {
	key    string // what -families selects it by
	name   string
	inputs []input
}

// families builds the benchmark families of the issue: official-like,
// low-clue, packed, and the empty and one-given grids. Each family draws
// from its own stream, so changing one leaves the others' grids unchanged.
func families() []benchFamily {
	return []benchFamily{
		officialLike(rng.New(benchSeed)),
		lowClue(rng.New(benchSeed + 1)),
		packed(rng.New(benchSeed + 2)),
		emptyAndOneGiven(rng.New(benchSeed + 3)),
	}
}

// officialLike is the contest's own shape: 8 inputs with 30 givens, 8 with
// 26 and 4 with 24, spread at random.
func officialLike(r *rng.Rand) benchFamily {
	f := benchFamily{key: "official", name: "official-like"}
	for _, group := range []struct{ givens, count int }{{30, 8}, {26, 8}, {24, 4}} {
		for i := range group.count {
			f.inputs = append(f.inputs, input{
				name:   fmt.Sprintf("random %d givens #%d", group.givens, i+1),
				givens: family.Random(r, group.givens),
			})
		}
	}
	return f
}

// lowClue has three random inputs for each count from 23 down to 17 givens;
// the fewest come last, so a slow solver gives up on them, not on the rest.
func lowClue(r *rng.Rand) benchFamily {
	f := benchFamily{key: "low-clue", name: "low-clue 17-23"}
	for givens := 23; givens >= 17; givens-- {
		for i := range 3 {
			f.inputs = append(f.inputs, input{
				name:   fmt.Sprintf("random %d givens #%d", givens, i+1),
				givens: family.Random(r, givens),
			})
		}
	}
	return f
}

// packed puts 24 givens into one band, one stack or three boxes: legal
// inputs with astronomically many completions.
func packed(r *rng.Rand) benchFamily {
	f := benchFamily{key: "packed", name: "packed 24"}
	for i := range 3 {
		f.inputs = append(f.inputs, input{name: fmt.Sprintf("band #%d", i+1), givens: family.Band(r, 24)})
	}
	for i := range 3 {
		f.inputs = append(f.inputs, input{name: fmt.Sprintf("stack #%d", i+1), givens: family.Stack(r, 24)})
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
			f.inputs = append(f.inputs, input{
				name:   fmt.Sprintf("%s %v #%d", boxes.what, boxes.boxes, i+1),
				givens: family.Boxes(r, 24, boxes.boxes),
			})
		}
	}
	return f
}

// emptyAndOneGiven is the empty grid and grids with a single given: the
// most completions of all.
func emptyAndOneGiven(r *rng.Rand) benchFamily {
	f := benchFamily{key: "empty", name: "empty, one given", inputs: []input{{name: "empty grid"}}}
	for i := range 5 {
		var g grid.Grid
		cell := r.IntN(grid.Cells)
		g[cell] = uint8(r.IntBetween(1, grid.Size))
		f.inputs = append(f.inputs, input{
			name:   fmt.Sprintf("one given #%d (%d at r%dc%d)", i+1, g[cell], grid.RowOf(cell)+1, grid.ColOf(cell)+1),
			givens: g,
		})
	}
	return f
}
