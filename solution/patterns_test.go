package main

import (
	"fmt"
	"math"
	"math/bits"
	"testing"

	"bullseye/internal/rng"
)

// patternSolver builds the givens and the pattern bound's multipliers, as the root's descent
// starts from them.
func patternSolver(t *testing.T, givens [cells]int) *solver {
	t.Helper()
	s := newSolver()
	s.best = math.MinInt
	if !s.build(givens) {
		t.Fatal("the givens break a rule")
	}
	s.preparePatterns()
	if _, ok := s.bestPatterns(); !ok {
		t.Fatal("no pattern bound")
	}
	for x := 0; x < cells; x++ {
		if s.active[x] {
			s.proof.pi[x] = s.pat.pi[x]
		}
	}
	return s
}

// eachFamilyDigit runs check for each digit of the family's first 20 lines, on a solver whose
// pattern bound is set as the root's descent starts from it.
func eachFamilyDigit(t *testing.T, check func(t *testing.T, s *solver, d int)) {
	for _, c := range adversarialFamily()[:20] {
		s := patternSolver(t, asInts(c.Givens))
		for d := 0; d < 9; d++ {
			t.Run(fmt.Sprintf("line_%d/digit_%d", c.Line, d+1), func(t *testing.T) { check(t, s, d) })
		}
	}
}

// sameLiveRest reports whether a and b, with the same live triples, hold the same rest beside
// each of them: the only entries of rest that are read.
func sameLiveRest(a, b *bandTable) bool {
	for bd := 0; bd < bands; bd++ {
		for m := a.live[bd]; m != 0; m &= m - 1 {
			if t := bits.TrailingZeros32(m); a.rest[bd][t] != b.rest[bd][t] {
				return false
			}
		}
	}
	return true
}

// TestNarrowMatchesTable checks the incremental narrowing against tables built afresh: after
// cells are taken, kept for other digits, or a row's cell is set for the digit, narrowing the
// table from before must leave exactly the placements, bests and best pattern that building it
// under the new holds gives, whether it narrows into a copy or in place.
func TestNarrowMatchesTable(t *testing.T) {
	t.Parallel()
	r := rng.New(2009)
	eachFamilyDigit(t, func(t *testing.T, s *solver, d int) {
		ps := &s.proof
		ps.hold = [cells]uint8{}
		var must mustCells
		ps.refresh()
		var before, copied, inPlace, fresh bandTable
		var vals, freshVals gains
		s.table(d, &before, &must, &vals)
		for step := 0; step < 6; step++ {
			for k := 0; k < 4; k++ {
				x := r.IntN(cells)
				switch {
				case ps.hold[x] != 0:
				case k == 0 && must.cell[x/9] == 0:
					ps.hold[x] = uint8(d + 1)
					must.set(x)
				case k == 1:
					ps.hold[x] = uint8((d+1+r.IntN(8))%9 + 1) // kept for another digit
				default:
					ps.hold[x] = held
				}
			}
			ps.refresh()
			want := s.table(d, &fresh, &must, &freshVals)
			gotTable, got := s.narrow(d, &copied, &before, &must)
			if gotTable != &copied && gotTable != &before {
				t.Fatalf("step %d: narrowed into neither the copy nor its source", step)
			}
			inPlace = before
			gotInPlaceTable, gotInPlace := s.narrow(d, &inPlace, &inPlace, &must)
			if gotInPlaceTable != &inPlace {
				t.Fatalf("step %d: narrowed in place into another table", step)
			}
			for _, tc := range []struct {
				name string
				v    float64
				tb   *bandTable
			}{{"copy", got, gotTable}, {"in place", gotInPlace, gotInPlaceTable}} {
				if tc.v != want || tc.tb.alive != fresh.alive || tc.tb.live != fresh.live || tc.tb.best != fresh.best || !sameLiveRest(tc.tb, &fresh) {
					t.Fatalf("step %d, narrowed %s: got best pattern %g, want %g (alive, live triples or bests differ: %v; rests differ: %v)",
						step, tc.name, tc.v, want, tc.tb.alive != fresh.alive || tc.tb.live != fresh.live || tc.tb.best != fresh.best,
						!sameLiveRest(tc.tb, &fresh))
				}
				if want > barred/2 && tc.tb.pick != fresh.pick {
					t.Fatalf("step %d, narrowed %s: got best combination %v, want %v", step, tc.name, tc.tb.pick, fresh.pick)
				}
			}
			before = *gotTable
			if want < barred/2 {
				break // nothing left to narrow
			}
		}
	})
}

// TestLeastCost checks the descent's least cost per cell, read from its digits sorted once:
// whatever digits are placed, it is the least of the digits the cell still allows, ties too.
func TestLeastCost(t *testing.T) {
	t.Parallel()
	r := rng.New(2009)
	for _, c := range adversarialFamily()[:20] {
		t.Run(fmt.Sprintf("line_%d", c.Line), func(t *testing.T) {
			s := patternSolver(t, asInts(c.Givens))
			for o := range s.reduced.of {
				s.reduced.of[o] = float64(r.IntN(8)) / 4 // ties too
			}
			for x := 0; x < cells; x++ {
				if s.active[x] {
					s.sortCheapest(x)
				}
			}
			for trial := 0; trial < 50; trial++ {
				placed := uint16(r.IntN(1 << 9))
				for x := 0; x < cells; x++ {
					if !s.active[x] {
						continue
					}
					want := math.Inf(1)
					for d := 0; d < 9; d++ {
						if placed&(1<<d) == 0 && s.pat.allowed[d][x] {
							want = min(want, s.reduced.of[x*9+d])
						}
					}
					if got := s.leastCost(x, placed); got != want {
						t.Fatalf("cell %d, digits placed %09b: got least cost %g, want %g", x, placed, got, want)
					}
				}
			}
		})
	}
}

// TestFewestCrossed checks the cells branchCell chooses among: the open cells the fewest
// digits left cross, or up to widen digits more.
func TestFewestCrossed(t *testing.T) {
	t.Parallel()
	at := func(x int) (b int, bit uint32) { return x / bandCells, 1 << (x % bandCells) }
	cross := func(cover *[9][bands]uint32, d int, xs ...int) {
		for _, x := range xs {
			b, bit := at(x)
			cover[d][b] |= bit
		}
	}
	set := func(xs ...int) (s [bands]uint32) {
		for _, x := range xs {
			b, bit := at(x)
			s[b] |= bit
		}
		return s
	}
	tests := []struct {
		name   string
		cover  func(*[9][bands]uint32)
		placed uint16
		open   [bands]uint32
		widen  int
		cells  [bands]uint32
		count  int
	}{
		{"no open cell", func(c *[9][bands]uint32) { cross(c, 0, 0, 40) }, 0, set(), 0, set(), 10},
		{"fewest digits win", func(c *[9][bands]uint32) {
			cross(c, 0, 0, 40)
			cross(c, 1, 0, 40)
			cross(c, 2, 40)
		}, 0, set(0, 40), 0, set(0), 2},
		{"ties all kept, in every band", func(c *[9][bands]uint32) {
			cross(c, 3, 0, 8, 40, 80)
			cross(c, 4, 0, 8, 40, 80)
			cross(c, 5, 40)
		}, 0, set(80, 8, 0, 40), 0, set(0, 8, 80), 2},
		{"placed digits do not count", func(c *[9][bands]uint32) {
			cross(c, 0, 10, 70)
			cross(c, 1, 10, 70)
			cross(c, 2, 70)
			cross(c, 5, 10)
		}, 1 << 5, set(10, 70), 0, set(10), 2},
		{"all nine", func(c *[9][bands]uint32) {
			for d := range 9 {
				cross(c, d, 30, 31)
			}
			cross(c, 0, 50)
		}, 0, set(30, 31), 0, set(30, 31), 9},
		{"an open cell no digit crosses", func(c *[9][bands]uint32) {
			cross(c, 0, 40)
		}, 0, set(40, 41), 0, set(41), 0},
		{"cells not open are ignored", func(c *[9][bands]uint32) {
			cross(c, 0, 40, 41)
			cross(c, 1, 41)
		}, 0, set(41), 0, set(41), 2},
		{"one digit more", func(c *[9][bands]uint32) {
			cross(c, 0, 0, 40, 80)
			cross(c, 1, 0, 40, 80)
			cross(c, 2, 40, 80)
			cross(c, 3, 80)
		}, 0, set(0, 40, 80), 1, set(0, 40), 2},
		{"two digits more, placed digits not counted", func(c *[9][bands]uint32) {
			cross(c, 0, 0, 40, 80)
			cross(c, 1, 40, 80)
			cross(c, 2, 80)
			cross(c, 5, 0, 40, 80)
		}, 1 << 5, set(0, 40, 80), 2, set(0, 40, 80), 1},
		{"widened past nine", func(c *[9][bands]uint32) {
			for d := range 9 {
				cross(c, d, 30, 31)
			}
		}, 0, set(30, 31), 3, set(30, 31), 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var cover [9][bands]uint32
			tc.cover(&cover)
			cells, count := fewestCrossed(&cover, tc.placed, &tc.open, tc.widen)
			if cells != tc.cells || count != tc.count {
				t.Errorf("got cells %x crossed by %d, want cells %x crossed by %d", cells, count, tc.cells, tc.count)
			}
		})
	}
}

// TestChildBounds checks the bounds branchCell gives a cell's children against tables built
// afresh under the child's holds: a digit's best pattern through a cell is its table's best
// once its row must take the cell, and its best pattern around the cell the table's best once
// the cell is taken. Through a cell no pattern crosses, any gain below barred/2 will do.
func TestChildBounds(t *testing.T) {
	t.Parallel()
	r := rng.New(2009)
	eachFamilyDigit(t, func(t *testing.T, s *solver, d int) {
		ps := &s.proof
		// Some cells taken first, so that tables with few placements are checked too.
		ps.hold = [cells]uint8{}
		for k := r.IntN(12); k > 0; k-- {
			ps.hold[r.IntN(cells)] = held
		}
		var must mustCells
		ps.refresh()
		var tb, fresh bandTable
		var vals, freshVals gains
		s.table(d, &tb, &must, &vals)
		for x := 0; x < cells; x++ {
			if ps.hold[x] != 0 {
				continue
			}
			b, l := x/bandCells, x%bandCells
			ps.hold[x] = held
			ps.refresh()
			_, got := tb.bestSplit(b, l)
			if want := s.table(d, &fresh, &must, &freshVals); math.Abs(got-want) > 1e-9 {
				t.Fatalf("cell %d: got best pattern around it %g, want %g", x, got, want)
			}
			ps.hold[x] = uint8(d + 1)
			must.set(x)
			ps.refresh()
			got, _ = tb.bestSplit(b, l)
			if want := s.table(d, &fresh, &must, &freshVals); math.Abs(got-want) > 1e-9 && (got > barred/2 || want > barred/2) {
				t.Fatalf("cell %d: got best pattern through it %g, want %g", x, got, want)
			}
			ps.hold[x], must = 0, mustCells{}
		}
		ps.refresh()
	})
}

// refresh sets heldSet, keptSet and keptFor from hold, as the tests write hold directly rather
// than through setHold.
func (ps *proofState) refresh() {
	ps.heldSet = [bands]uint32{}
	ps.keptSet = [bands]uint32{}
	ps.keptFor = [9][bands]uint32{}
	for x, h := range ps.hold {
		ps.hold[x] = 0
		ps.setHold(x, h)
	}
}

// TestSetHoldKeepsSets checks the sets the search by patterns keeps as it holds and frees cells
// against those rebuilt from hold, and the open cells' multipliers summed by those sets against
// the sum over every cell not held, in the same order and so to the last bit.
func TestSetHoldKeepsSets(t *testing.T) {
	t.Parallel()
	r := rng.New(2009)
	var ps proofState
	for x := range ps.pi {
		ps.pi[x] = float64(r.IntN(1000)) / 7
	}
	for step := 0; step < 2000; step++ {
		x, h := r.IntN(cells), uint8(r.IntN(11)) // 0 free, 1..9 kept for a digit, 10 held
		ps.setHold(x, h)
		kept, rebuilt := ps, ps
		rebuilt.refresh()
		if kept.heldSet != rebuilt.heldSet || kept.keptSet != rebuilt.keptSet || kept.keptFor != rebuilt.keptFor {
			t.Fatalf("step %d, cell %d held as %d: got held %x kept %x, want %x and %x",
				step, x, h, kept.heldSet, kept.keptSet, rebuilt.heldSet, rebuilt.keptSet)
		}
		want := 0.5
		for x, h := range ps.hold {
			if h != held {
				want += ps.pi[x]
			}
		}
		if got := ps.openBound(0.5); got != want {
			t.Fatalf("step %d: got open bound %v, want %v", step, got, want)
		}
	}
}

// TestBestPatternsPicksFirstPlacement checks the placements the pattern bound marks against a
// plain search: for each band of each digit's best pattern, the first placement in list order
// that reaches its triple's best gain, and covered counting their cells, under random
// multipliers.
func TestBestPatternsPicksFirstPlacement(t *testing.T) {
	t.Parallel()
	r := rng.New(2009)
	for _, c := range adversarialFamily()[:20] {
		s := patternSolver(t, asInts(c.Givens))
		p := &s.pat
		for round := 0; round < 5; round++ {
			for x := 0; x < cells; x++ {
				if s.active[x] {
					p.pi[x] = float64(r.IntN(200)) / 8
				}
			}
			if _, ok := s.bestPatterns(); !ok {
				t.Fatalf("line %d: no pattern bound", c.Line)
			}
			var covered [cells]int8
			for d := 0; d < 9; d++ {
				for b := 0; b < bands; b++ {
					tr := combo[p.pick[d]][b]
					want, best := -1, math.Inf(-1)
					for i, pl := range p.place[d][b][:p.nplace[d][b]] {
						if pl.t != tr {
							continue
						}
						if v := s.gain(d, pl.x[0]) + s.gain(d, pl.x[1]) + s.gain(d, pl.x[2]); v > best {
							want, best = i, v
						}
					}
					if got := int(p.which[d][b]); got != want {
						t.Fatalf("line %d digit %d band %d: got placement %d, want %d", c.Line, d+1, b, got, want)
					}
					for _, x := range p.place[d][b][want].x {
						covered[x]++
					}
				}
			}
			if covered != p.covered {
				t.Fatalf("line %d: got covered %v, want %v", c.Line, p.covered, covered)
			}
		}
	}
}
