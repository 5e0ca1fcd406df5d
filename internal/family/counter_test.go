package family

import (
	"testing"

	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// naiveCompletions counts completions up to limit by filling blanks in
// reading order, trying every digit: too slow for sparse grids, but simple
// enough to check completions against.
func naiveCompletions(g grid.Grid, limit int) int {
	if !g.Valid() {
		return 0
	}
	cell := 0
	for cell < grid.Cells && g[cell] != 0 {
		cell++
	}
	if cell == grid.Cells {
		return 1
	}
	count := 0
	for d := uint8(1); d <= grid.Size && count < limit; d++ {
		g[cell] = d
		if g.Valid() {
			count += naiveCompletions(g, limit-count)
		}
	}
	return count
}

// deadlyRectangle returns four cells of solution on two rows and two
// columns, holding u v / v u, with the rows in one band or the columns in
// one stack: swapping u and v there gives a second solution.
func deadlyRectangle(solution grid.Grid) (cells []int, ok bool) {
	for r1 := range grid.Size {
		for r2 := r1 + 1; r2 < grid.Size; r2++ {
			for c1 := range grid.Size {
				for c2 := c1 + 1; c2 < grid.Size; c2++ {
					if r1/3 != r2/3 && c1/3 != c2/3 {
						continue
					}
					a, b := grid.CellAt(r1, c1), grid.CellAt(r1, c2)
					c, d := grid.CellAt(r2, c1), grid.CellAt(r2, c2)
					if solution[a] == solution[d] && solution[b] == solution[c] {
						return []int{a, b, c, d}, true
					}
				}
			}
		}
	}
	return nil, false
}

func TestCompletionsKnownCounts(t *testing.T) {
	// Not every solution has a deadly rectangle, but most random ones do.
	r := rng.New(1)
	var solution grid.Grid
	var rectangle []int
	for tries := 0; rectangle == nil; tries++ {
		if tries == 100 {
			t.Fatal("no deadly rectangle in 100 random solutions, want one in most")
		}
		solution = Solution(r)
		rectangle, _ = deadlyRectangle(solution)
	}
	twoWays := solution
	for _, cell := range rectangle {
		twoWays[cell] = 0
	}
	rowBlank := solution
	for col := range grid.Size {
		rowBlank[grid.CellAt(4, col)] = 0
	}
	clash := solution
	clash[0] = 0
	clash[1] = solution[2]
	// Digit 1 can go nowhere in box 1: rows 1 and 2 and columns 1 and 2
	// already have a 1, and r3c3 is taken.
	var noPlace grid.Grid
	noPlace[grid.CellAt(0, 3)] = 1
	noPlace[grid.CellAt(1, 6)] = 1
	noPlace[grid.CellAt(3, 0)] = 1
	noPlace[grid.CellAt(6, 1)] = 1
	noPlace[grid.CellAt(2, 2)] = 5
	tests := []struct {
		name  string
		g     grid.Grid
		limit int
		want  int
	}{
		{"full grid", solution, 10, 1},
		{"one row blank", rowBlank, 10, 1},
		{"deadly rectangle blank", twoWays, 10, 2},
		{"deadly rectangle blank, limit 1", twoWays, 1, 1},
		{"clash", clash, 10, 0},
		{"digit with no place in a box", noPlace, 10, 0},
		{"empty grid, limit 1000", grid.Grid{}, 1000, 1000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			count, finished := completions(tc.g, tc.limit, 1<<20)
			if count != tc.want || !finished {
				t.Errorf("got (%d, %v), want (%d, true)", count, finished, tc.want)
			}
		})
	}
}

func TestCompletionsBudget(t *testing.T) {
	// The empty grid has far more completions than ten nodes can count.
	count, finished := completions(grid.Grid{}, 1000, 10)
	if finished || count != 0 {
		t.Errorf("got (%d, %v), want (0, false)", count, finished)
	}
}

func TestCompletionsAgreeWithNaiveCount(t *testing.T) {
	r := rng.New(99)
	trials := 300
	if testing.Short() {
		trials = 60
	}
	for i := range trials {
		// 45 to 60 givens keeps the naive count quick; changing a given
		// now and then brings in grids with no completion.
		puzzle := Random(r, 45+r.IntN(16))
		if i%3 == 0 {
			cell := r.IntN(grid.Cells)
			puzzle[cell] = uint8(1 + r.IntN(grid.Size))
		}
		want := naiveCompletions(puzzle, 50)
		got, finished := completions(puzzle, 50, 1<<20)
		if got != want || !finished {
			t.Fatalf("puzzle %d:\n%s\ngot (%d, %v), want (%d, true)", i, puzzle, got, finished, want)
		}
	}
}
