package hardness

import (
	"math"
	"testing"
	"time"

	"bullseye/internal/classic"
	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// fullGrid is a valid full grid drawn from a fixed seed.
func fullGrid() grid.Grid { return family.Solution(rng.New(1)) }

// blanked returns g with the given cells blank.
func blanked(g grid.Grid, cells ...int) grid.Grid {
	for _, c := range cells {
		g[c] = 0
	}
	return g
}

func TestEnumerateSmallTrees(t *testing.T) {
	full := fullGrid()
	clash := full
	clash[1] = clash[0] // two equal digits in row 1
	tests := []struct {
		name     string
		puzzle   grid.Grid
		maxNodes int64
		want     Work
	}{
		{"full grid", full, 100, Work{Nodes: 1, Completions: 1}},
		{"clash", clash, 100, Work{Nodes: 1}},
		// Each blank has one candidate: a path of one node per blank below the root.
		{"one blank", blanked(full, 40), 100, Work{Nodes: 2, Completions: 1}},
		{"three blanks", blanked(full, 0, 40, 80), 100, Work{Nodes: 4, Completions: 1}},
		{"a whole row blank", blanked(full, 9, 10, 11, 12, 13, 14, 15, 16, 17), 100, Work{Nodes: 10, Completions: 1}},
		// The empty grid's first completions come within the first thousand nodes.
		{"capped", grid.Grid{}, 1000, Work{Nodes: 1000, Completions: 72, Capped: true}},
		{"no budget", grid.Grid{}, 0, Work{Capped: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Enumerate(tc.puzzle, tc.maxNodes); got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestEnumerateCountsWhatTheClassicCoreCounts(t *testing.T) {
	r := rng.New(2)
	for i := range 200 {
		givens := 22 + i%15
		puzzle := family.Random(r, givens)
		if i%4 == 0 {
			puzzle = family.Hidden(r, givens)
		}
		work := Enumerate(puzzle, 50_000_000)
		if work.Capped {
			t.Fatalf("puzzle %d: capped at %d nodes, want a full count:\n%s", i, work.Nodes, puzzle)
		}
		want := int64(classic.Count(classic.Puzzle(puzzle), math.MaxInt))
		if work.Completions != want {
			t.Errorf("puzzle %d: got %d completions, want %d (classic core):\n%s", i, work.Completions, want, puzzle)
		}
		if work.Nodes < work.Completions {
			t.Errorf("puzzle %d: got %d nodes for %d completions, want at least one per completion", i, work.Nodes, work.Completions)
		}
	}
}

func TestEstimateNodes(t *testing.T) {
	full := fullGrid()
	// A tree with a little width: 24 random givens of a fixed seed.
	wide := family.Random(rng.New(3), 24)
	exact := Enumerate(wide, 1<<40).Nodes
	tests := []struct {
		name      string
		puzzle    grid.Grid
		probes    int
		want      float64
		tolerance float64 // relative
	}{
		{"a path is estimated exactly", blanked(full, 0, 40, 80), 3, 4, 0},
		{"full grid", full, 5, 1, 0},
		{"clash", blanked(grid.Grid{0: 1, 1: 1}), 5, 1, 0},
		{"no probes", grid.Grid{}, 0, 1, 0},
		{"the mean of many probes is near the node count", wide, 200000, float64(exact), 0.1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := EstimateNodes(rng.New(4), tc.puzzle, tc.probes)
			if math.Abs(got-tc.want) > tc.tolerance*tc.want {
				t.Errorf("got %.1f, want %.1f within %.0f%%", got, tc.want, 100*tc.tolerance)
			}
		})
	}
}

func TestClimb(t *testing.T) {
	tests := []struct {
		name string
		opt  Options
		// wantSteps is the exact number of steps, or -1 for any within the budget.
		wantSteps int
	}{
		{"nodes", Options{Givens: 26, Steps: 40, MaxNodes: 1 << 40, Measure: Nodes}, 40},
		{"completions", Options{Givens: 30, Steps: 40, MaxNodes: 1 << 40, Measure: Completions}, 40},
		{"estimate", Options{Givens: 24, Steps: 40, Measure: Estimate, Probes: 16}, 40},
		{"restarts", Options{Givens: 40, Steps: 40, MaxNodes: 1 << 40, Patience: 3}, 40},
		{"stops at the cap", Options{Givens: 24, Steps: 1000, MaxNodes: 5000}, -1},
		{"deadline passed", Options{Givens: 24, Steps: 1000, MaxNodes: 1 << 40, Deadline: time.Unix(1, 0)}, 1},
		{"empty grid", Options{Givens: 0, Steps: 10, MaxNodes: 10}, 1},
		{"full grid", Options{Givens: 81, Steps: 10, MaxNodes: 10}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Climb(rng.New(5), tc.opt)
			if again := Climb(rng.New(5), tc.opt); again != got {
				t.Errorf("a second climb with the same seed: got %+v, want %+v", again, got)
			}
			if tc.wantSteps >= 0 && got.Steps != tc.wantSteps {
				t.Errorf("got %d steps, want %d", got.Steps, tc.wantSteps)
			}
			if got.Steps > tc.opt.Steps {
				t.Errorf("got %d steps, want at most %d", got.Steps, tc.opt.Steps)
			}
			if tc.opt.Patience > 0 && got.Restarts == 0 {
				t.Errorf("got no restart with patience %d, want some", tc.opt.Patience)
			}
			if n := got.Puzzle.Givens(); n != tc.opt.Givens {
				t.Errorf("got %d givens, want %d", n, tc.opt.Givens)
			}
			if classic.Count(classic.Puzzle(got.Puzzle), 1) == 0 {
				t.Errorf("got an input without completion, want one with:\n%s", got.Puzzle)
			}
			if tc.opt.Measure != Estimate {
				work := Enumerate(got.Puzzle, tc.opt.MaxNodes)
				if work != got.Work {
					t.Errorf("work: got %+v, want %+v, the input's own", got.Work, work)
				}
			}
		})
	}
}

func TestClimbStopsAtTheCap(t *testing.T) {
	got := Climb(rng.New(6), Options{Givens: 24, Steps: 1000, MaxNodes: 5000})
	if !got.Work.Capped || got.Value != 5000 {
		t.Errorf("got %+v, want an input that reaches the cap of 5000 nodes", got)
	}
}

func BenchmarkEnumerate(b *testing.B) {
	puzzle := family.Band(rng.New(7), 24)
	const nodes = 1_000_000
	for b.Loop() {
		Enumerate(puzzle, nodes)
	}
	b.ReportMetric(float64(b.N)*nodes/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}
