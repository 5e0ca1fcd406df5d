package family

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func TestSolutionIsValidAndComplete(t *testing.T) {
	r := rng.New(1)
	seen := map[grid.Grid]bool{}
	for i := range 200 {
		g := Solution(r)
		if !g.Complete() || !g.Valid() {
			t.Fatalf("solution %d:\n%s\ngot complete %v, conflicts %v; want complete with none", i, g, g.Complete(), g.Conflicts())
		}
		seen[g] = true
	}
	if len(seen) != 200 {
		t.Errorf("got %d distinct solutions of 200, want all distinct", len(seen))
	}
}

// inArea reports whether every given of puzzle lies in a cell accepted by
// inside.
func inArea(puzzle grid.Grid, inside func(cell int) bool) bool {
	for cell, v := range puzzle {
		if v != 0 && !inside(cell) {
			return false
		}
	}
	return true
}

// inOneOfThree reports whether every given lies in one of the three bands
// (or stacks) that part numbers 0..2.
func inOneOfThree(puzzle grid.Grid, part func(cell int) int) bool {
	for p := range 3 {
		if inArea(puzzle, func(cell int) bool { return part(cell) == p }) {
			return true
		}
	}
	return false
}

func TestSolutionFamiliesKeepTheirPromise(t *testing.T) {
	bandOf := func(cell int) int { return grid.RowOf(cell) / 3 }
	stackOf := func(cell int) int { return grid.ColOf(cell) / 3 }
	inBoxesOf := func(boxes [3]int) func(puzzle grid.Grid) bool {
		return func(puzzle grid.Grid) bool {
			return inArea(puzzle, func(cell int) bool {
				b := grid.BoxOf(cell)
				return b == boxes[0] || b == boxes[1] || b == boxes[2]
			})
		}
	}
	tests := []struct {
		name   string
		make   func(r *rng.Rand, givens int) (puzzle, solution grid.Grid)
		givens []int
		inside func(puzzle grid.Grid) bool
	}{
		{"random", random, []int{0, 1, 17, 24, 30, 80, 81}, func(grid.Grid) bool { return true }},
		{"band", band, []int{0, 1, 9, 24, 27}, func(p grid.Grid) bool { return inOneOfThree(p, bandOf) }},
		{"stack", stack, []int{0, 1, 9, 24, 27}, func(p grid.Grid) bool { return inOneOfThree(p, stackOf) }},
		{"diagonal boxes", func(r *rng.Rand, n int) (grid.Grid, grid.Grid) { return inBoxes(r, n, [3]int{0, 4, 8}) },
			[]int{0, 1, 24, 27}, inBoxesOf([3]int{0, 4, 8})},
		{"corner boxes", func(r *rng.Rand, n int) (grid.Grid, grid.Grid) { return inBoxes(r, n, [3]int{0, 2, 6}) },
			[]int{0, 1, 24, 27}, inBoxesOf([3]int{0, 2, 6})},
		{"boxes in any order", func(r *rng.Rand, n int) (grid.Grid, grid.Grid) { return inBoxes(r, n, [3]int{7, 3, 5}) },
			[]int{24, 27}, inBoxesOf([3]int{3, 5, 7})},
	}
	for _, tc := range tests {
		for _, givens := range tc.givens {
			t.Run(fmt.Sprintf("%s/%d givens", tc.name, givens), func(t *testing.T) {
				r := rng.New(uint64(givens))
				for range 20 {
					puzzle, solution := tc.make(r, givens)
					if got := puzzle.Givens(); got != givens {
						t.Fatalf("givens: got %d, want %d", got, givens)
					}
					if !solution.Complete() || !solution.Valid() {
						t.Fatalf("solution not a valid full grid:\n%s", solution)
					}
					if cell, ok := solution.Extends(puzzle); !ok {
						t.Fatalf("cell %d: got %d, want the solution's %d", cell, puzzle[cell], solution[cell])
					}
					if !tc.inside(puzzle) {
						t.Fatalf("givens outside the promised area:\n%s", puzzle)
					}
				}
			})
		}
	}
}

func TestExportedMatchUnexported(t *testing.T) {
	tests := []struct {
		name     string
		exported func(r *rng.Rand) grid.Grid
		inner    func(r *rng.Rand) (grid.Grid, grid.Grid)
	}{
		{"Random", func(r *rng.Rand) grid.Grid { return Random(r, 24) }, func(r *rng.Rand) (grid.Grid, grid.Grid) { return random(r, 24) }},
		{"Band", func(r *rng.Rand) grid.Grid { return Band(r, 24) }, func(r *rng.Rand) (grid.Grid, grid.Grid) { return band(r, 24) }},
		{"Stack", func(r *rng.Rand) grid.Grid { return Stack(r, 24) }, func(r *rng.Rand) (grid.Grid, grid.Grid) { return stack(r, 24) }},
		{"Boxes", func(r *rng.Rand) grid.Grid { return Boxes(r, 24, [3]int{0, 4, 8}) }, func(r *rng.Rand) (grid.Grid, grid.Grid) { return inBoxes(r, 24, [3]int{0, 4, 8}) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.exported(rng.New(3))
			want, _ := tc.inner(rng.New(3))
			if got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestHiddenIsValidButUncompletable(t *testing.T) {
	counts := []int{MinHiddenGivens, 8, 12, 17, 20, 24, 30, 50, 77, 78, MaxHiddenGivens}
	perCount := 10
	if testing.Short() {
		perCount = 3
	}
	for _, givens := range counts {
		t.Run(fmt.Sprintf("%d givens", givens), func(t *testing.T) {
			r := rng.New(uint64(givens))
			for range perCount {
				puzzle := Hidden(r, givens)
				if got := puzzle.Givens(); got != givens {
					t.Fatalf("givens: got %d, want %d", got, givens)
				}
				if !puzzle.Valid() {
					t.Fatalf("got conflicts %v, want none in\n%s", puzzle.Conflicts(), puzzle)
				}
				count, finished := completions(puzzle, 1, 1<<24)
				if count != 0 || !finished {
					t.Fatalf("got (%d, %v) completions, want (0, true) for\n%s", count, finished, puzzle)
				}
			}
		})
	}
}

func TestDigitShutOut(t *testing.T) {
	// The fallback Hidden rarely reaches, checked on its own at every count.
	r := rng.New(8)
	for givens := MinHiddenGivens; givens <= maxDigitShutOutGivens; givens++ {
		puzzle := digitShutOut(r, givens)
		if got := puzzle.Givens(); got != givens {
			t.Fatalf("givens: got %d, want %d", got, givens)
		}
		if !puzzle.Valid() {
			t.Fatalf("%d givens: got conflicts %v, want none", givens, puzzle.Conflicts())
		}
		if count, finished := completions(puzzle, 1, 1<<24); count != 0 || !finished {
			t.Fatalf("%d givens: got (%d, %v) completions, want (0, true) for\n%s", givens, count, finished, puzzle)
		}
	}
}

func TestClashBreaksARule(t *testing.T) {
	for _, givens := range []int{MinClashGivens, 3, 17, 24, 80, 81} {
		t.Run(fmt.Sprintf("%d givens", givens), func(t *testing.T) {
			r := rng.New(uint64(givens))
			for range 20 {
				puzzle := Clash(r, givens)
				if got := puzzle.Givens(); got != givens {
					t.Fatalf("givens: got %d, want %d", got, givens)
				}
				if puzzle.Valid() {
					t.Fatalf("got no conflict, want at least one in\n%s", puzzle)
				}
			}
		})
	}
}

func TestGivensOutOfRangePanics(t *testing.T) {
	tests := []struct {
		name string
		call func(r *rng.Rand)
		want string
	}{
		{"Random, negative", func(r *rng.Rand) { Random(r, -1) }, "family: Random needs 0..81 givens, got -1"},
		{"Random, too many", func(r *rng.Rand) { Random(r, 82) }, "family: Random needs 0..81 givens, got 82"},
		{"Band", func(r *rng.Rand) { Band(r, 28) }, "family: Band needs 0..27 givens, got 28"},
		{"Stack", func(r *rng.Rand) { Stack(r, 28) }, "family: Stack needs 0..27 givens, got 28"},
		{"Boxes", func(r *rng.Rand) { Boxes(r, 28, [3]int{0, 4, 8}) }, "family: Boxes needs 0..27 givens, got 28"},
		{"Boxes, repeated box", func(r *rng.Rand) { Boxes(r, 5, [3]int{0, 4, 0}) }, "family: Boxes needs three distinct boxes 0..8, got [0 4 0]"},
		{"Boxes, no such box", func(r *rng.Rand) { Boxes(r, 5, [3]int{0, 4, 9}) }, "family: Boxes needs three distinct boxes 0..8, got [0 4 9]"},
		{"Hidden, too few", func(r *rng.Rand) { Hidden(r, 4) }, "family: Hidden needs 5..79 givens, got 4"},
		{"Hidden, too many", func(r *rng.Rand) { Hidden(r, 80) }, "family: Hidden needs 5..79 givens, got 80"},
		{"Clash, too few", func(r *rng.Rand) { Clash(r, 1) }, "family: Clash needs 2..81 givens, got 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if got := recover(); got != tc.want {
					t.Errorf("got panic %v, want %q", got, tc.want)
				}
			}()
			tc.call(rng.New(1))
		})
	}
}

// goldenOutputs renders one output of every family for seed 1, each from a
// fresh generator, so that a change in any of them shows in the diff.
func goldenOutputs() string {
	outputs := []struct {
		name string
		make func(r *rng.Rand) grid.Grid
	}{
		{"Solution", Solution},
		{"Random 24", func(r *rng.Rand) grid.Grid { return Random(r, 24) }},
		{"Band 24", func(r *rng.Rand) grid.Grid { return Band(r, 24) }},
		{"Stack 24", func(r *rng.Rand) grid.Grid { return Stack(r, 24) }},
		{"Boxes 24 {0 4 8}", func(r *rng.Rand) grid.Grid { return Boxes(r, 24, [3]int{0, 4, 8}) }},
		{"Hidden 24", func(r *rng.Rand) grid.Grid { return Hidden(r, 24) }},
		{"Hidden 10", func(r *rng.Rand) grid.Grid { return Hidden(r, 10) }},
		{"Clash 24", func(r *rng.Rand) grid.Grid { return Clash(r, 24) }},
	}
	var b strings.Builder
	for i, o := range outputs {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "# %s\n%s", o.name, o.make(rng.New(1)))
	}
	return b.String()
}

func TestSameSeedSameGrids(t *testing.T) {
	path := filepath.Join("testdata", "seed1.golden")
	got := goldenOutputs()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if again := goldenOutputs(); again != got {
		t.Errorf("second run: got\n%s\nwant the first run's\n%s", again, got)
	}
}

func BenchmarkSolution(b *testing.B) {
	r := rng.New(1)
	for b.Loop() {
		Solution(r)
	}
}

func BenchmarkHidden(b *testing.B) {
	for _, givens := range []int{10, 17, 24, 30} {
		b.Run(fmt.Sprintf("%d givens", givens), func(b *testing.B) {
			r := rng.New(1)
			for b.Loop() {
				Hidden(r, givens)
			}
		})
	}
}
