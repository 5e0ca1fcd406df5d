package main

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"bullseye/internal/rng"
	"bullseye/internal/tooltest"
)

// listOrder is what the searches did before items kept their options sorted: item i's alive
// options as its list holds them, sorted stably by reduced cost.
func listOrder(s *solver, i int16) []int {
	var opts []int
	for p := int(s.down[i]); p != int(i); p = int(s.down[p]) {
		opts = append(opts, optionOf(p))
	}
	sortBy(opts, func(o int) float64 { return s.reduced.of[o] })
	return opts
}

// sortBy orders a handful of options by increasing key, stably.
func sortBy(opts []int, key func(o int) float64) {
	for a := 1; a < len(opts); a++ {
		for b := a; b > 0 && key(opts[b]) < key(opts[b-1]); b-- {
			opts[b], opts[b-1] = opts[b-1], opts[b]
		}
	}
}

// listCostOver is openCostOver computed from the lists: the cheapest options of the open items
// of each kind, summed.
func listCostOver(s *solver, limit float64) bool {
	var byKind [4]float64
	for i := s.next[root]; i != root; i = s.next[i] {
		cheapest := math.Inf(1)
		for p := int(s.down[i]); p != int(i); p = int(s.down[p]) {
			cheapest = min(cheapest, s.reduced.of[optionOf(p)])
		}
		if byKind[int(i)/cells] += cheapest; byKind[int(i)/cells] > limit {
			return true
		}
	}
	return false
}

// chooseRandomly covers the open item with the fewest options and chooses one of them at
// random, as the searches do; it reports false, changing nothing, when no item is open or the
// item has no option left.
func chooseRandomly(s *solver, r *rng.Rand) bool {
	i := s.fewest()
	if i == root || s.len[i] == 0 {
		return false
	}
	opts := listOrder(s, i)
	s.cover(i)
	s.choose(opts[r.IntN(len(opts))], i)
	return true
}

// randomCosts gives the alive options new reduced costs with a new stamp: small integers, so
// that ties are common and their order is tested, and now and then an infinite one.
func randomCosts(s *solver, r *rng.Rand) {
	s.newCosts()
	for o := range s.reduced.of {
		s.reduced.of[o] = float64(r.IntN(4))
		if r.IntN(20) == 0 {
			s.reduced.of[o] = math.Inf(1)
		}
	}
}

// TestCheapestOrderMatchesTheLists walks random choices, hides, undos and changes of costs
// (fresh ones and saved ones put back) over adversarial inputs, and checks at every step that
// the sorted orders give each open item the options its list gives, in the same order, that
// openCostOver decides as the lists do, and that hideAbove hides exactly the options of the
// open cells that cost more than the limit. It walks on the family's first 4 inputs, 12 on the
// long tier.
func TestCheapestOrderMatchesTheLists(t *testing.T) {
	t.Parallel()
	r := rng.New(2009)
	for _, c := range adversarialFamily()[:tooltest.Pick(4, 12)] {
		t.Run(fmt.Sprintf("line_%d", c.Line), func(t *testing.T) {
			s := newSolver()
			if !s.build(asInts(c.Givens)) {
				t.Fatal("the givens break a rule")
			}
			randomCosts(s, r)
			saved := s.reduced
			var marks []int
			for step := 0; step < 400; step++ {
				switch k := r.IntN(10); {
				case k < 3:
					if mark := len(s.trail); chooseRandomly(s, r) {
						marks = append(marks, mark)
					}
				case k < 5:
					limit := float64(r.IntN(4))
					want := map[int]bool{}
					for x := int16(0); x < cells; x++ {
						if s.active[x] {
							for _, o := range listOrder(s, x) {
								if s.reduced.of[o] > limit+eps {
									want[o] = true
								}
							}
						}
					}
					marks = append(marks, len(s.trail))
					if got := s.hideAbove(limit); got != (len(want) > 0) {
						t.Fatalf("step %d: hideAbove(%v) reported %v, want %v", step, limit, got, len(want) > 0)
					}
					got := map[int]bool{}
					for _, st := range s.trail[marks[len(marks)-1]:] {
						got[int(st.opt)] = true
					}
					if fmt.Sprint(got) != fmt.Sprint(want) {
						t.Fatalf("step %d: hideAbove(%v) hid %v, want %v", step, limit, got, want)
					}
				case k < 8 && len(marks) > 0:
					s.undoTo(marks[len(marks)-1])
					marks = marks[:len(marks)-1]
				case k == 8:
					randomCosts(s, r)
				default:
					s.reduced = saved
				}
				for i := s.next[root]; i != root; i = s.next[i] {
					var opts [9]int
					n := s.cheapestFirst(i, &opts)
					if want := listOrder(s, i); !slices.Equal(opts[:n], want) {
						t.Fatalf("step %d: item %d's options cheapest first are %v, want %v", step, i, opts[:n], want)
					}
				}
				for limit := 0.0; limit < 60; limit += 7.5 {
					if got, want := s.openCostOver(limit), listCostOver(s, limit); got != want {
						t.Fatalf("step %d: openCostOver(%v) = %v, want %v", step, limit, got, want)
					}
				}
			}
		})
	}
}

// TestOpenCostFollowsTheLinks starts improve's tracking of the open items' cheapest options at
// random points of random walks, goes on walking under the same costs, and checks at every step
// that each open item's least is its first alive option cheapest first, that the sums are
// those of the leasts, and that openCostOver, sure or not, decides as the lists do; back at the
// start, everything must be as it was. It walks on the family's first 2 inputs, 12 on the long
// tier.
func TestOpenCostFollowsTheLinks(t *testing.T) {
	t.Parallel()
	r := rng.New(2026)
	for _, c := range adversarialFamily()[:tooltest.Pick(2, 12)] {
		t.Run(fmt.Sprintf("line_%d", c.Line), func(t *testing.T) {
			s := newSolver()
			if !s.build(asInts(c.Givens)) {
				t.Fatal("the givens break a rule")
			}
			for walk := 0; walk < 10; walk++ {
				randomCosts(s, r)
				for k := r.IntN(3); k > 0; k-- { // somewhere below the root
					chooseRandomly(s, r)
				}
				start := len(s.trail)
				s.open.start(s)
				before := s.open
				var marks []int
				for step := 0; step < 100; step++ {
					switch k := r.IntN(10); {
					case k < 4:
						if mark := len(s.trail); chooseRandomly(s, r) {
							marks = append(marks, mark)
						}
					case k < 6:
						marks = append(marks, len(s.trail))
						s.hideAbove(float64(r.IntN(4)))
					case len(marks) > 0:
						s.undoTo(marks[len(marks)-1])
						marks = marks[:len(marks)-1]
					}
					checkOpenCost(t, s, step)
				}
				s.undoTo(start)
				if s.open != before {
					t.Fatalf("walk %d: the tracking differs from its start once every step is undone", walk)
				}
				s.open.on = false
				s.undoTo(0)
			}
		})
	}
}

func checkOpenCost(t *testing.T, s *solver, step int) {
	t.Helper()
	var want openCost
	for i := s.next[root]; i != root; i = s.next[i] {
		if got, first := s.open.least[i], s.firstAlive(i); got != first {
			t.Fatalf("step %d: item %d's least is %d, want %d", step, i, got, first)
		}
		want.least[i] = s.open.least[i]
		want.add(s, i, 1)
	}
	if s.open.sum != want.sum || s.open.inf != want.inf {
		t.Fatalf("step %d: sums %v and %v, want %v and %v", step, s.open.sum, s.open.inf, want.sum, want.inf)
	}
	for limit := -1.0; limit < 60; limit += 0.5 {
		if got, want := s.openCostOver(limit), listCostOver(s, limit); got != want {
			t.Fatalf("step %d: openCostOver(%v) = %v, want %v", step, limit, got, want)
		}
	}
}
