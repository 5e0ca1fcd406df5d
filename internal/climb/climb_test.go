package climb

import (
	"errors"
	"fmt"
	"testing"

	"bullseye/internal/classic"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// checkState fails the test unless s is an input the climber may measure: within the givens
// bounds, no clash, its solution a completion of it, and its list of cells the givens first.
func checkState(t *testing.T, s state, opt Options, what string) {
	t.Helper()
	n := s.puzzle.Givens()
	if n != s.n || n < opt.MinGivens || n > opt.MaxGivens {
		t.Fatalf("%s: got %d givens (the state says %d), want %d-%d:\n%s", what, n, s.n, opt.MinGivens, opt.MaxGivens, s.puzzle)
	}
	if !s.puzzle.Valid() {
		t.Fatalf("%s: the givens clash:\n%s", what, s.puzzle)
	}
	if !s.solution.Complete() || !s.solution.Valid() {
		t.Fatalf("%s: the completion is not a valid full grid:\n%s", what, s.solution)
	}
	if cell, ok := s.solution.Extends(s.puzzle); !ok {
		t.Fatalf("%s: the completion differs from the givens at cell %d:\n%s\n%s", what, cell, s.puzzle, s.solution)
	}
	var seen [grid.Cells]bool
	for i, cell := range s.cells {
		if seen[cell] {
			t.Fatalf("%s: cell %d listed twice", what, cell)
		}
		seen[cell] = true
		if given := s.puzzle[cell] != 0; given != (i < s.n) {
			t.Fatalf("%s: cell %d at place %d of the list, given %v, with %d givens", what, cell, i, given, s.n)
		}
	}
}

func TestMovesKeepInputsLegal(t *testing.T) {
	t.Parallel()
	for _, bounds := range [][2]int{{0, 81}, {24, 81}, {24, 24}, {17, 30}, {80, 81}, {0, 3}} {
		opt := Options{MinGivens: bounds[0], MaxGivens: bounds[1]}
		for _, shape := range Starts {
			for _, m := range Moves {
				t.Run(fmt.Sprintf("%d-%d/%v/%v", bounds[0], bounds[1], shape, m), func(t *testing.T) {
					r := rng.New(uint64(bounds[0]*1000 + bounds[1]*10 + int(shape)*100000 + int(m)))
					s := start(r, shape, givensCount(r, opt))
					checkState(t, s, opt, "start")
					moved := 0
					for i := range 40 {
						before := s
						ok := s.move(r, m, opt)
						if !ok && s != before {
							t.Fatalf("move %d: an impossible move changed the input", i)
						}
						if ok {
							moved++
						}
						checkState(t, s, opt, fmt.Sprintf("after move %d", i))
					}
					if moved == 0 && s.movable([]Move{m}, opt) && m != Rebase && m != Relabel {
						t.Errorf("no move of 40 was made, though the input is movable")
					}
				})
			}
		}
	}
}

// FuzzMoves makes any sequence of moves from any start within any bounds: every input on the
// way must be one the climber may measure.
func FuzzMoves(f *testing.F) {
	f.Add(uint64(1), uint8(24), uint8(81), uint8(1), []byte{0, 1, 2, 3, 4, 5, 6})
	f.Add(uint64(2), uint8(0), uint8(0), uint8(0), []byte{3, 3, 3, 4})
	f.Add(uint64(3), uint8(81), uint8(81), uint8(5), []byte{0, 2, 5, 6})
	f.Fuzz(func(t *testing.T, seed uint64, lo, hi, shape uint8, moves []byte) {
		opt := Options{MinGivens: int(lo), MaxGivens: int(hi)}
		if opt.check() != nil {
			return
		}
		r := rng.New(seed)
		s := start(r, Start(shape%uint8(startKinds)), givensCount(r, opt))
		checkState(t, s, opt, "start")
		for i, m := range moves[:min(len(moves), 64)] {
			s.move(r, Move(m%uint8(moveKinds)), opt)
			checkState(t, s, opt, fmt.Sprintf("after move %d (%v)", i, Move(m%uint8(moveKinds))))
		}
	})
}

func TestStartsKeepTheirShape(t *testing.T) {
	t.Parallel()
	// in returns how many givens of g lie where inside says.
	in := func(g grid.Grid, inside func(cell int) bool) int {
		n := 0
		for cell, v := range g {
			if v != 0 && inside(cell) {
				n++
			}
		}
		return n
	}
	units := func(g grid.Grid, of func(int) int) int {
		seen := map[int]bool{}
		for cell, v := range g {
			if v != 0 {
				seen[of(cell)] = true
			}
		}
		return len(seen)
	}
	band := func(cell int) int { return grid.RowOf(cell) / 3 }
	stack := func(cell int) int { return grid.ColOf(cell) / 3 }
	for seed := range uint64(20) {
		r := rng.New(seed)
		if g := start(r, Band, 24).puzzle; units(g, band) != 1 {
			t.Errorf("band start, seed %d: givens in %d bands, want 1:\n%s", seed, units(g, band), g)
		}
		if g := start(r, Stack, 27).puzzle; units(g, stack) != 1 {
			t.Errorf("stack start, seed %d: givens in %d stacks, want 1:\n%s", seed, units(g, stack), g)
		}
		if g := start(r, Boxes, 24).puzzle; units(g, grid.BoxOf) != 3 {
			t.Errorf("boxes start, seed %d: givens in %d boxes, want 3:\n%s", seed, units(g, grid.BoxOf), g)
		}
		full := 0
		g30 := start(r, Band, 30).puzzle
		for b := range 3 {
			if in(g30, func(c int) bool { return band(c) == b }) == 27 {
				full++
			}
		}
		if g := g30; full != 1 {
			t.Errorf("band start with 30 givens, seed %d: want a full band and 3 more:\n%s", seed, g)
		}
		if g := start(r, Rim, 32).puzzle; in(g, func(c int) bool { return grid.Weight(c) == 6 }) != 32 {
			t.Errorf("rim start, seed %d: want the 32 cells of the outer ring:\n%s", seed, g)
		}
		low := start(r, LowCentre, 25)
		if in(low.puzzle, func(c int) bool { return grid.Weight(c) >= 8 }) != 25 {
			t.Errorf("low-centre start, seed %d: want the 25 cells nearest the centre:\n%s", seed, low.puzzle)
		}
		// No relabelling of the completion scores less.
		for a := uint8(1); a <= 9; a++ {
			for b := a + 1; b <= 9; b++ {
				other := low.solution
				for cell := range other {
					other[cell] = swapped(other[cell], a, b)
				}
				if other.Score() < low.solution.Score() {
					t.Fatalf("low-centre start, seed %d: trading %d and %d scores %d, less than its %d", seed, a, b, other.Score(), low.solution.Score())
				}
			}
		}
	}
}

func TestClimbClimbs(t *testing.T) {
	t.Parallel()
	// A measure with one clear direction: givens in the top band. The climb must find more of
	// them than a random input has (a third of the givens on average).
	topBand := func(g grid.Grid) (float64, bool, error) {
		n := 0
		for cell := range 27 {
			if g[cell] != 0 {
				n++
			}
		}
		return float64(n), false, nil
	}
	res, err := Climb(rng.New(7), Options{MinGivens: 20, MaxGivens: 20, Steps: 400, Keep: 1}, topBand)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Hardest[0].Value; got < 15 {
		t.Errorf("got %v givens in the top band after the climb, want at least 15", got)
	}
}

func TestClimbKeepsItsBounds(t *testing.T) {
	t.Parallel()
	opt := Options{MinGivens: 22, MaxGivens: 30, Steps: 300, Patience: 20, Keep: 4, Moves: Moves, Starts: Starts}
	var seen int
	measure := func(g grid.Grid) (float64, bool, error) {
		seen++
		if n := g.Givens(); n < 22 || n > 30 {
			t.Fatalf("measured an input with %d givens, want 22-30:\n%s", n, g)
		}
		if !g.Valid() || classic.Count(classic.Puzzle(g), 1) == 0 {
			t.Fatalf("measured an input without a completion:\n%s", g)
		}
		return float64(grid.Cells - g.Givens()), false, nil
	}
	res, err := Climb(rng.New(5), opt, measure)
	if err != nil {
		t.Fatal(err)
	}
	if seen == 0 || seen > res.Steps {
		t.Fatalf("measured %d inputs in %d steps", seen, res.Steps)
	}
	if len(res.Hardest) != 4 || res.Restarts == 0 {
		t.Fatalf("got %d inputs kept and %d restarts, want 4 and some", len(res.Hardest), res.Restarts)
	}
	for i := 1; i < len(res.Hardest); i++ {
		if res.Hardest[i].Value > res.Hardest[i-1].Value {
			t.Errorf("hardest not in decreasing order: %v", res.Hardest)
		}
	}
	// The fewer givens, the harder: the climb must reach the floor.
	if got := res.Hardest[0].Puzzle.Givens(); got != 22 {
		t.Errorf("got %d givens in the hardest input, want the floor, 22", got)
	}
}

func TestClimbIsReproducible(t *testing.T) {
	t.Parallel()
	measure := func(g grid.Grid) (float64, bool, error) {
		return float64(g[40]) + float64(g[0]) + float64(g.Givens()%5), false, nil
	}
	opt := Options{MinGivens: 24, MaxGivens: 40, Steps: 200, Patience: 30, Keep: 5, Moves: Moves, Starts: Starts}
	a, errA := Climb(rng.New(9), opt, measure)
	b, errB := Climb(rng.New(9), opt, measure)
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("two climbs from one seed differ:\n%+v\n%+v", a, b)
	}
	c, _ := Climb(rng.New(10), opt, measure)
	if fmt.Sprint(a) == fmt.Sprint(c) {
		t.Errorf("two climbs from seeds 9 and 10 are the same")
	}
}

func TestClimbEndsOnAFinalMeasure(t *testing.T) {
	t.Parallel()
	steps := 0
	measure := func(g grid.Grid) (float64, bool, error) {
		steps++
		return float64(steps), steps == 7, nil
	}
	res, err := Climb(rng.New(1), Options{MinGivens: 24, MaxGivens: 24, Steps: 100, Keep: 1}, measure)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Final || res.Steps != 7 || res.Hardest[0].Value != 7 {
		t.Errorf("got %d steps, final %v, hardest %v; want 7 steps, final, hardest 7", res.Steps, res.Final, res.Hardest[0].Value)
	}
}

func TestClimbStopsOnAMeasureError(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	_, err := Climb(rng.New(1), Options{MinGivens: 24, MaxGivens: 24, Steps: 10}, func(grid.Grid) (float64, bool, error) { return 0, false, boom })
	if !errors.Is(err, boom) {
		t.Errorf("got %v, want the measure's error", err)
	}
}

func TestClimbRefusesImpossibleOptions(t *testing.T) {
	t.Parallel()
	never := func(grid.Grid) (float64, bool, error) { t.Fatal("measured"); return 0, false, nil }
	for _, opt := range []Options{
		{MinGivens: 30, MaxGivens: 24},
		{MinGivens: -1, MaxGivens: 24},
		{MinGivens: 0, MaxGivens: 82},
		{MaxGivens: 24, Moves: []Move{moveKinds}},
		{MaxGivens: 24, Starts: []Start{startKinds}},
	} {
		if _, err := Climb(rng.New(1), opt, never); err == nil {
			t.Errorf("options %+v: got no error", opt)
		}
	}
}

func TestRemember(t *testing.T) {
	t.Parallel()
	var a, b, c grid.Grid
	a[0], b[1], c[2] = 1, 1, 1
	var list []Scored
	for _, s := range []Scored{{a, 3}, {b, 5}, {c, 3}, {a, 4}, {b, 1}} {
		list = remember(list, s, 2)
	}
	want := fmt.Sprint([]Scored{{b, 5}, {a, 4}})
	if got := fmt.Sprint(list); got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}
