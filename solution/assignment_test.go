package main

import (
	"math"
	"math/rand/v2"
	"testing"
)

// bestByPermutations is the minimum cost of a matching that avoids barred (+Inf) pairs, by trying
// every permutation, or +Inf when there is none.
func bestByPermutations(a *assignment) float64 {
	best := math.Inf(1)
	var perm [10]int
	var used [10]bool
	var try func(i int, sum float64)
	try = func(i int, sum float64) {
		if i > a.n {
			best = min(best, sum)
			return
		}
		for j := 1; j <= a.n; j++ {
			if !used[j] && !math.IsInf(a.cost[i][j], 1) {
				used[j], perm[i] = true, j
				try(i+1, sum+a.cost[i][j])
				used[j] = false
			}
		}
	}
	try(1, 0)
	return best
}

// checkSolved checks solve's answer against the permutations, and its duals: feasible on every
// pair, tight on the matching, and summing to the minimum, as the reduced costs rely on.
func checkSolved(t *testing.T, a *assignment, got float64, ok bool) {
	t.Helper()
	want := bestByPermutations(a)
	if math.IsInf(want, 1) {
		if ok {
			t.Fatalf("n=%d: got cost %v, want no matching", a.n, got)
		}
		return
	}
	if !ok || math.Abs(got-want) > 1e-9 {
		t.Fatalf("n=%d: got cost %v (ok %v), want %v", a.n, got, ok, want)
	}
	duals := 0.0
	for i := 1; i <= a.n; i++ {
		duals += a.u[i] + a.v[i]
		for j := 1; j <= a.n; j++ {
			if a.u[i]+a.v[j] > a.cost[i][j]+1e-9 {
				t.Fatalf("n=%d: u[%d]+v[%d] = %v exceeds cost %v", a.n, i, j, a.u[i]+a.v[j], a.cost[i][j])
			}
		}
	}
	for j := 1; j <= a.n; j++ {
		if i := a.match[j]; math.Abs(a.u[i]+a.v[j]-a.cost[i][j]) > 1e-9 {
			t.Fatalf("n=%d: matched pair (%d, %d) is not tight", a.n, i, j)
		}
	}
	if math.Abs(duals-want) > 1e-9 {
		t.Fatalf("n=%d: duals sum to %v, want the minimum %v", a.n, duals, want)
	}
}

func TestAssignmentSmallCases(t *testing.T) {
	t.Parallel()
	inf := math.Inf(1)
	tests := []struct {
		name string
		cost [][]float64
		want float64 // +Inf: no matching
	}{
		{name: "one cell", cost: [][]float64{{-7}}, want: -7},
		{name: "anti-diagonal", cost: [][]float64{{5, -1}, {-2, 5}}, want: -3},
		{name: "barred forces the dearer matching", cost: [][]float64{{-9, -1}, {-8, inf}}, want: -9},
		{name: "a digit no cell can take", cost: [][]float64{{-1, inf}, {-2, inf}}, want: inf},
		{name: "Hall fails on two cells", cost: [][]float64{{-1, inf, inf}, {-2, inf, inf}, {-3, -4, -5}}, want: inf},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var a assignment
			a.n = len(tc.cost)
			for i, row := range tc.cost {
				copy(a.cost[i+1][1:], row)
			}
			got, ok := a.solve()
			if math.IsInf(tc.want, 1) {
				if ok {
					t.Fatalf("got cost %v, want no matching", got)
				}
				return
			}
			if !ok || got != tc.want {
				t.Fatalf("got cost %v (ok %v), want %v", got, ok, tc.want)
			}
			checkSolved(t, &a, got, ok)
		})
	}
}

// TestAssignmentWarmStart solves random matrices, then moves their costs a little or a lot, as
// the subgradient rounds do, and checks every warm-started solve against the permutations.
func TestAssignmentWarmStart(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(2009, 4))
	for trial := 0; trial < 3000; trial++ {
		var a assignment
		a.n = 1 + r.IntN(7)
		barredShare := r.Float64() * 0.5
		for i := 1; i <= a.n; i++ {
			for j := 1; j <= a.n; j++ {
				a.cost[i][j] = -float64(6+r.IntN(5)) * float64(1+r.IntN(9))
				if r.Float64() < barredShare {
					a.cost[i][j] = math.Inf(1)
				}
			}
		}
		got, ok := a.solve()
		checkSolved(t, &a, got, ok)
		if !ok {
			continue
		}
		for round := 0; round < 5; round++ {
			step := []float64{0.01, 1, 30}[r.IntN(3)]
			for i := 1; i <= a.n; i++ {
				for j := 1; j <= a.n; j++ {
					if !math.IsInf(a.cost[i][j], 1) {
						a.cost[i][j] += step * (r.Float64() - 0.5)
					}
				}
			}
			got, ok := a.solve()
			checkSolved(t, &a, got, ok)
		}
	}
}
