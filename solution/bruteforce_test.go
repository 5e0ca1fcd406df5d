package main

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
	"bullseye/internal/tooltest"
)

// bruteForceSeed fixes the random inputs of the brute-force comparison.
const bruteForceSeed = 1074

// asInts converts a grid to maximize's argument.
func asInts(g grid.Grid) [grid.Cells]int {
	var givens [grid.Cells]int
	for cell, v := range g {
		givens[cell] = int(v)
	}
	return givens
}

// maximize answers givens with the default tuning.
func maximize(givens [cells]int) (int, [cells]int) { return newSolver().maximize(givens) }

// checkFill checks maximize's grid for an answer best other than -1: every
// digit 1..9, the givens kept, no rule broken, and the score best.
func checkFill(givens grid.Grid, best int, fill [grid.Cells]int) error {
	if best == -1 {
		return nil
	}
	var g grid.Grid
	for cell, v := range fill {
		if v < 1 || v > 9 {
			return fmt.Errorf("fill has %d at row %d column %d, want a digit 1..9", v, grid.RowOf(cell)+1, grid.ColOf(cell)+1)
		}
		if givens[cell] != 0 && int(givens[cell]) != v {
			return fmt.Errorf("fill has %d at row %d column %d, want the given %d", v, grid.RowOf(cell)+1, grid.ColOf(cell)+1, givens[cell])
		}
		g[cell] = uint8(v)
	}
	if conflicts := g.Conflicts(); len(conflicts) > 0 {
		return fmt.Errorf("fill breaks a rule (%s):\n%s", conflicts[0], g)
	}
	if got := g.Score(); got != best {
		return fmt.Errorf("fill scores %d, want the returned best %d:\n%s", got, best, g)
	}
	return nil
}

// bruteForceMax is the reference: it tries every completion of givens, cell
// by cell in reading order, and keeps the best score; -1 when a given
// repeats a digit in a unit or nothing completes the grid. It shares no
// code with the solution, and is fast only when most cells are given.
func bruteForceMax(givens grid.Grid) int {
	var rowUsed, colUsed, boxUsed [9]uint16
	var blanks []int
	for cell, v := range givens {
		if v == 0 {
			blanks = append(blanks, cell)
			continue
		}
		bit := uint16(1) << v
		r, c, b := cell/9, cell%9, cell/27*3+cell%9/3
		if rowUsed[r]&bit != 0 || colUsed[c]&bit != 0 || boxUsed[b]&bit != 0 {
			return -1
		}
		rowUsed[r] |= bit
		colUsed[c] |= bit
		boxUsed[b] |= bit
	}
	weight := func(cell int) int {
		dr, dc := cell/9-4, cell%9-4
		return 10 - max(dr, -dr, dc, -dc)
	}
	givenScore := 0
	for cell, v := range givens {
		givenScore += weight(cell) * int(v)
	}

	best := -1
	var fill func(k, score int)
	fill = func(k, score int) {
		if k == len(blanks) {
			best = max(best, score)
			return
		}
		cell := blanks[k]
		r, c, b := cell/9, cell%9, cell/27*3+cell%9/3
		for d := 1; d <= 9; d++ {
			bit := uint16(1) << d
			if (rowUsed[r]|colUsed[c]|boxUsed[b])&bit != 0 {
				continue
			}
			rowUsed[r] |= bit
			colUsed[c] |= bit
			boxUsed[b] |= bit
			fill(k+1, score+weight(cell)*d)
			rowUsed[r] &^= bit
			colUsed[c] &^= bit
			boxUsed[b] &^= bit
		}
	}
	fill(0, givenScore)
	return best
}

func TestBruteForceReference(t *testing.T) {
	t.Parallel()
	full := family.Solution(rng.New(1))
	oneBlank := full
	oneBlank[40] = 0
	tests := []struct {
		name   string
		givens grid.Grid
		want   int
	}{
		{name: "full grid", givens: full, want: full.Score()},
		{name: "one blank", givens: oneBlank, want: full.Score()},
		{name: "clash", givens: func() grid.Grid { g := full; g[0] = g[1]; return g }(), want: -1},
		{
			// Row 1 holds 1..8 and column 1 a 9: nothing fits r1c1.
			name: "no completion without a clash",
			givens: grid.Grid{
				0, 1, 2, 3, 4, 5, 6, 7, 8,
				0, 0, 0, 0, 0, 0, 0, 0, 0,
				0, 0, 0, 0, 0, 0, 0, 0, 0,
				9, 0, 0, 0, 0, 0, 0, 0, 0,
			},
			want: -1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := bruteForceMax(tc.givens); got != tc.want {
				t.Errorf("got %d, want %d; givens:\n%s", got, tc.want, tc.givens)
			}
		})
	}
}

// bruteForceFamilies are the inputs of the brute-force comparison, all with 40 or more givens so
// that enumerating every completion is instant: count of each on the long tier, a fifth of that
// on the everyday one (bruteForceShare).
var bruteForceFamilies = []struct {
	name  string
	count int
	build func(r *rng.Rand) grid.Grid
}{
	{name: "random", count: 1600, build: func(r *rng.Rand) grid.Grid { return family.Random(r, r.IntBetween(40, 81)) }},
	{name: "one_given_changed", count: 400, build: func(r *rng.Rand) grid.Grid {
		// Another digit in one given cell often leaves no completion (or
		// clashes), and sometimes leaves another one.
		g := family.Random(r, r.IntBetween(40, 81))
		cell := r.IntN(grid.Cells)
		for g[cell] == 0 {
			cell = r.IntN(grid.Cells)
		}
		other := uint8(r.IntBetween(1, 8))
		if other >= g[cell] {
			other++
		}
		g[cell] = other
		return g
	}},
	{name: "hidden", count: 250, build: func(r *rng.Rand) grid.Grid { return family.Hidden(r, r.IntBetween(40, family.MaxHiddenGivens)) }},
	{name: "clash", count: 250, build: func(r *rng.Rand) grid.Grid { return family.Clash(r, r.IntBetween(40, grid.Cells)) }},
}

// bruteForceShare is the share of each brute-force family the everyday tier compares.
var bruteForceShare = tooltest.Pick(5, 1)

func TestMaximizeAgainstBruteForce(t *testing.T) {
	t.Parallel()
	total, noCompletion := 0, 0
	for i, fam := range bruteForceFamilies {
		t.Run(fam.name, func(t *testing.T) {
			r := rng.New(bruteForceSeed + uint64(i))
			failures := 0
			for n := range fam.count / bruteForceShare {
				givens := fam.build(r)
				want := bruteForceMax(givens)
				best, fill := maximize(asInts(givens))
				total++
				if want == -1 {
					noCompletion++
				}
				err := checkFill(givens, best, fill)
				if best != want {
					err = fmt.Errorf("got %d, want %d (brute force)", best, want)
				}
				if err != nil {
					t.Errorf("input %d: %v; givens:\n%s", n, err, givens)
					if failures++; failures == 5 {
						t.Fatalf("stopping after %d failures", failures)
					}
				}
			}
		})
	}
	if t.Failed() {
		return // a stopped family leaves the counts short; the failure says enough
	}
	if want := 2000 / bruteForceShare; total < want {
		t.Errorf("compared %d inputs, want at least %d", total, want)
	}
	// Both answers must be well represented, or the comparison proves little.
	if without, with := 300/bruteForceShare, 1000/bruteForceShare; noCompletion < without || total-noCompletion < with {
		t.Errorf("got %d inputs without completion and %d with, want at least %d and %d", noCompletion, total-noCompletion, without, with)
	}
	t.Logf("%d inputs, %d without completion", total, noCompletion)
}

// heavyDives are inputs on which one dive in decreasing worth, without a budget, spends 1,239
// to 20,866 nodes before it meets a completion (the last from a climb on the dive's nodes, the
// others drawn at random), each with the answer CBC proved. They are on the adversarial family's
// last lines too.
var heavyDives = []struct {
	line   string
	answer int
}{
	{"007000500000000000000000000000000000000000000070000000050030000000000000000000000", 2898},
	{"000000000000070000000030000000000000070000002000000000040000000000000001100000000", 2885},
	{"203000000900000000000070020000000000706000000000000800000000000000000000000000600", 2892},
	{"000003000000000800000009000000060000005000080800050090000000000000000000000000010", 2891},
}

// TestDivesRestart checks the dives' restarts: where one dive in decreasing worth runs long
// past diveFirst, the dives after it meet a completion within a few hundred nodes more, and
// the answer is CBC's.
func TestDivesRestart(t *testing.T) {
	t.Parallel()
	for _, c := range heavyDives {
		s, _ := builtSolver(t, c.line)
		budget := math.MaxInt
		if !s.dive(&budget) {
			t.Fatalf("%s: one dive without a budget found no completion", c.line)
		}
		if one := math.MaxInt - budget; one <= 2*s.tuning.diveFirst {
			t.Errorf("%s: one dive took %d nodes, want more than %d", c.line, one, 2*s.tuning.diveFirst)
		}
		checkDives(t, c.line, c.answer, s.tuning.diveFirst+500)
	}
}

// builtSolver returns a solver with the links built for the givens of line, and the givens.
func builtSolver(t *testing.T, line string) (*solver, grid.Grid) {
	t.Helper()
	givens, err := grid.ParseLine(line)
	if err != nil {
		t.Fatal(err)
	}
	s := newSolver()
	s.best = math.MinInt
	if !s.build(asInts(givens)) {
		t.Fatalf("%s: the givens break a rule", line)
	}
	return s, givens
}

// checkDives checks that the dives meet a completion of line's givens within most nodes, and
// that the whole search answers answer (CBC's).
func checkDives(t *testing.T, line string, answer, most int) {
	t.Helper()
	s, givens := builtSolver(t, line)
	if found, exhausted := s.dives(); !found || exhausted {
		t.Errorf("%s: dives found %v, searched everything %v, want a completion", line, found, exhausted)
	}
	if s.stats.dived > most {
		t.Errorf("%s: the dives took %d nodes, want at most %d", line, s.stats.dived, most)
	}
	if best, fill := maximize(asInts(givens)); best != answer {
		t.Errorf("%s: got %d, want %d (proved by CBC)", line, best, answer)
	} else if err := checkFill(givens, best, fill); err != nil {
		t.Errorf("%s: %v", line, err)
	}
}

// heavyRestarts are climbed grids of 20 and 24 givens (bench/targetclimb on the dives' nodes) on
// which the restarted dives, while they only reordered each item's options, took 19,947 to
// 30,020 nodes before they met a completion; drawing the item too takes 1,063 to 1,236. Each
// answer is CBC's; they are on the adversarial family's last lines too.
var heavyRestarts = []struct {
	line   string
	answer int
}{
	{"070030000090000000800000000201008904006000000000000000610000039900007000400009508", 2866},
	{"006000080017805090000000005001004700302000000008300601100003004000790000000001006", 2865},
	{"007080000000020001004600003900010000205806004070900006000040000040103005000000470", 2858},
}

// TestDivesDrawTheItem checks that the restarted dives, which draw the item they branch on
// among those with the fewest options, meet a completion within a few hundred nodes of their
// first restart on grids where restarts that only reorder the options ran for tens of
// thousands, and that the answer is CBC's.
func TestDivesDrawTheItem(t *testing.T) {
	t.Parallel()
	for _, c := range heavyRestarts {
		checkDives(t, c.line, c.answer, defaultTuning().diveFirst+1000)
	}
}

// TestFewestDrawn checks the restarted dives' choice of item: always one with the fewest
// options; the first with at most one where there is one, as fewest takes; and otherwise each
// of those with the fewest drawn about as often.
func TestFewestDrawn(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, line string
		forced     bool // some item has at most one option
	}{
		{"empty grid", strings.Repeat("0", cells), false},
		{"a few givens", "500000000000000000000000000000000000000000000000000000000000000000000000000000003", false},
		{"a forced cell", "123456780000000000000000000000000000000000000000000000000000000000000000000000000", true},
	}
	for _, c := range cases {
		s, _ := builtSolver(t, c.line)
		s.diveDraws = diveSeed
		first := s.fewest()
		least := s.len[first]
		ties := 0
		for i := s.next[root]; i != root; i = s.next[i] {
			if s.len[i] == least {
				ties++
			}
		}
		const rounds = 100
		drawn := map[int16]int{}
		for range rounds * ties {
			i := s.fewestDrawn()
			if s.len[i] != least {
				t.Fatalf("%s: drew item %d with %d options, want %d (the fewest)", c.name, i, s.len[i], least)
			}
			drawn[i]++
		}
		if c.forced {
			if least > 1 || len(drawn) != 1 || drawn[first] == 0 {
				t.Errorf("%s: drew %v, want item %d (fewest's) alone, with %d options", c.name, drawn, first, least)
			}
			continue
		}
		if len(drawn) != ties {
			t.Errorf("%s: drew %d of the %d items with %d options, want all", c.name, len(drawn), ties, least)
		}
		for i, n := range drawn {
			if n < rounds/2 || n > 2*rounds {
				t.Errorf("%s: drew item %d %d times in %d draws, want about %d", c.name, i, n, rounds*ties, rounds)
			}
		}
	}
}

// TestMaximizeWithoutDive starts the bounded search with no score, as it does when the first
// dive runs out of nodes: the descent by patterns then has no floor to stop at. It answers 20
// inputs of each brute-force family and the adversarial family's first 4 (10 on the long tier).
func TestMaximizeWithoutDive(t *testing.T) {
	t.Parallel()
	withoutDive := func(givens [cells]int) (int, [cells]int) {
		s := newSolver()
		s.tuning.diveLimit = 0
		return s.maximize(givens)
	}
	for i, fam := range bruteForceFamilies {
		t.Run(fam.name, func(t *testing.T) {
			r := rng.New(bruteForceSeed + uint64(i))
			for n := range 20 {
				givens := fam.build(r)
				want := bruteForceMax(givens)
				best, fill := withoutDive(asInts(givens))
				err := checkFill(givens, best, fill)
				if best != want {
					err = fmt.Errorf("got %d, want %d (brute force)", best, want)
				}
				if err != nil {
					t.Fatalf("input %d: %v; givens:\n%s", n, err, givens)
				}
			}
		})
	}
	for _, c := range adversarialFamily()[:tooltest.Pick(4, 10)] {
		if best, _ := withoutDive(asInts(c.Givens)); best != c.Answer {
			t.Errorf("line %d: got %d, want %d (proved by CBC)", c.Line, best, c.Answer)
		}
	}
}
