package classic

import (
	"testing"

	"bullseye/internal/rng"
)

func TestCount(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string
		limit  int
		want   int
	}{
		{name: "full grid", puzzle: solvedGrid, limit: 2, want: 1},
		{name: "two solutions, limit 2", puzzle: unavoidable, limit: 2, want: 2},
		{name: "two solutions, limit 5", puzzle: unavoidable, limit: 5, want: 2},
		{name: "two solutions, limit 1", puzzle: unavoidable, limit: 1, want: 1},
		{name: "empty grid, limit 2", puzzle: emptyGrid, limit: 2, want: 2},
		{name: "empty grid, limit 1000", puzzle: emptyGrid, limit: 1000, want: 1000},
		{name: "limit 0", puzzle: solvedGrid, limit: 0, want: 0},
		{name: "negative limit", puzzle: emptyGrid, limit: -3, want: 0},
		{name: "row conflict", puzzle: rowConflict, limit: 2, want: 0},
		{name: "column conflict", puzzle: columnConflict, limit: 2, want: 0},
		{name: "box conflict", puzzle: boxConflict, limit: 2, want: 0},
		{name: "no completion", puzzle: noCompletion, limit: 2, want: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Count(mustParse(t, tc.puzzle), tc.limit); got != tc.want {
				t.Errorf("got %d, want %d", got, tc.want)
			}
		})
	}
}

// thinnedPuzzles cuts n puzzles from random grids, each keeping a number of givens drawn between
// 17 and 40: from no solution (after a changed digit) to many.
func thinnedPuzzles(seed uint64, n int) []Puzzle {
	r := rng.New(seed)
	var puzzles []Puzzle
	for i := range n {
		p := RandomSolution(r)
		keep := r.IntBetween(17, 40)
		for _, cell := range r.Perm(cells)[keep:] {
			p[cell] = 0
		}
		if i%5 == 0 {
			// Change one given: most such puzzles have no solution.
			for cell := range p {
				if p[cell] != 0 {
					p[cell] = p[cell]%9 + 1
					break
				}
			}
		}
		puzzles = append(puzzles, p)
	}
	return puzzles
}

func TestCountGenerated(t *testing.T) {
	const limit = 3
	counts := make(map[int]int)
	for i, p := range thinnedPuzzles(11, 300) {
		want, _ := referenceCount(p, limit)
		if got := Count(p, limit); got != want {
			t.Fatalf("puzzle %d (%v): got %d, want %d", i, p, got, want)
		}
		counts[want]++
	}
	// The set must exercise every answer, or the comparison proves little.
	for n := 0; n <= limit; n++ {
		if counts[n] == 0 {
			t.Errorf("got no puzzle with %d solutions, want some (counts %v)", n, counts)
		}
	}
}

// TestCountGuesses checks that CountGuesses counts as Count does, and that a puzzle settled by
// propagation alone takes no guess while the empty grid takes some.
func TestCountGuesses(t *testing.T) {
	for i, p := range thinnedPuzzles(5, 100) {
		n, guesses := CountGuesses(p, 2)
		if want := Count(p, 2); n != want || guesses < 0 {
			t.Fatalf("puzzle %d (%v): got %d solutions after %d guesses, want %d", i, p, n, guesses, want)
		}
	}
	if n, guesses := CountGuesses(mustParse(t, solvedGrid), 2); n != 1 || guesses != 0 {
		t.Errorf("full grid: got %d solutions after %d guesses, want 1 after 0", n, guesses)
	}
	if n, guesses := CountGuesses(Puzzle{}, 2); n != 2 || guesses == 0 {
		t.Errorf("empty grid: got %d solutions after %d guesses, want 2 after some", n, guesses)
	}
}
