package hardness

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bullseye/internal/classic"
	"bullseye/internal/climb"
	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
	"bullseye/internal/tooltest"
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

// TestEnumerateCountsWhatTheClassicCoreCounts counts the completions of 200 puzzles of 22 to 36
// givens both ways, every fourth one with a hidden solution only: all of them on the long tier;
// every day one in countShare, which still takes every count of givens, both kinds, and puzzles
// without a completion as well as puzzles of over 100,000. A few puzzles of 22 or 23 givens with
// hundreds of thousands of completions take most of the time.
func TestEnumerateCountsWhatTheClassicCoreCounts(t *testing.T) {
	countShare := tooltest.Pick(7, 1)
	r := rng.New(2)
	var none, many int
	for i := range 200 {
		givens := 22 + i%15
		puzzle := family.Random(r, givens)
		if i%4 == 0 {
			puzzle = family.Hidden(r, givens)
		}
		if i%countShare != 0 {
			continue
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
		switch {
		case work.Completions == 0:
			none++
		case work.Completions > 100_000:
			many++
		}
	}
	if none == 0 || many == 0 {
		t.Errorf("got %d puzzles without a completion and %d with over 100,000, want some of each", none, many)
	}
}

func TestEstimateNodes(t *testing.T) {
	full := fullGrid()
	// A tree with a little width: random givens of a fixed seed, 24 on the long tier (102,076
	// nodes) with 200,000 probes; every day 26 (34,024 nodes), whose estimates spread less, with
	// 20,000 (over a dozen seeds, 1.6% off the count, root mean square; 2.3% for 24 givens and
	// 200,000 probes).
	wide := family.Random(rng.New(3), tooltest.Pick(26, 24))
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
		{"the mean of many probes is near the node count", wide, tooltest.Pick(20000, 200000), float64(exact), 0.1},
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

// oldClimbs are the configurations of testdata/climbs.golden, by index: what the hard group's
// generator asked of its climber before there was one climber for every measure.
var oldClimbs = []struct {
	givens, steps, patience int
	opt                     Options
}{
	{24, 300, 40, Options{MaxNodes: 20000}},
	{26, 200, 30, Options{MaxNodes: 200000, Measure: Completions}},
	{24, 300, 50, Options{Measure: Estimate, Probes: 16}},
	{30, 100, 0, Options{MaxNodes: 50000}},
	{81, 5, 2, Options{}},
	{0, 5, 2, Options{}},
}

// TestClimbKeepsTheOldStream climbs with the hard group's measures and moves as the generator
// does, and requires the very inputs the generator's own climber found before the climbers
// were made one: the hard group's climbed tests are rebuilt from their seeds.
func TestClimbKeepsTheOldStream(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("testdata", "climbs.golden"))
	if err != nil {
		t.Fatal(err)
	}
	for n, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		var index int
		var seed uint64
		var digits string
		var value float64
		var steps, restarts int
		if _, err := fmt.Sscan(line, &index, &seed, &digits, &value, &steps, &restarts); err != nil {
			t.Fatalf("climbs.golden:%d: %v", n+1, err)
		}
		c := oldClimbs[index]
		r := rng.New(seed)
		opt := climb.Options{MinGivens: c.givens, MaxGivens: c.givens, Steps: c.steps, Patience: c.patience, Keep: 1}
		got, err := climb.Climb(r, opt, c.opt.Gauge(r))
		if err != nil {
			t.Fatal(err)
		}
		best := got.Hardest[0]
		if line := best.Puzzle.Line(); line != digits || best.Value != value || got.Steps != steps || got.Restarts != restarts {
			t.Errorf("climbs.golden:%d: got %s %v, %d steps, %d restarts; want %s %v, %d steps, %d restarts",
				n+1, line, best.Value, got.Steps, got.Restarts, digits, value, steps, restarts)
		}
	}
}

func TestGaugeIsFinalAtTheCap(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		opt       Options
		puzzle    grid.Grid
		wantValue float64
		wantFinal bool
	}{
		{"nodes under the cap", Options{MaxNodes: 100}, blanked(fullGrid(), 0, 40, 80), 4, false},
		{"nodes at the cap", Options{MaxNodes: 1000}, grid.Grid{}, 1000, true},
		{"completions at the cap", Options{MaxNodes: 1000, Measure: Completions}, grid.Grid{}, 72, true},
		{"estimate is never final", Options{Measure: Estimate, Probes: 4}, blanked(fullGrid(), 40), 2, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			value, final, err := tc.opt.Gauge(rng.New(1))(tc.puzzle)
			if err != nil || value != tc.wantValue || final != tc.wantFinal {
				t.Errorf("got %v, final %v, error %v; want %v, final %v", value, final, err, tc.wantValue, tc.wantFinal)
			}
		})
	}
}

func TestClimbStopsAtTheCap(t *testing.T) {
	t.Parallel()
	r := rng.New(6)
	got, err := climb.Climb(r, climb.Options{MinGivens: 24, MaxGivens: 24, Steps: 1000}, Options{MaxNodes: 5000}.Gauge(r))
	if err != nil {
		t.Fatal(err)
	}
	if !got.Final || got.Hardest[0].Value != 5000 || got.Steps >= 1000 {
		t.Errorf("got %+v, want an input that reaches the cap of 5000 nodes before the budget", got)
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
