package main

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
	"bullseye/internal/tooltest"
)

// TestTrialEtasMatchTheInverse checks strong branching's product form: after a trial's pivots,
// the rows and columns of the current basis inverse that binv and the etas give equal those of
// the basis inverted from scratch. Rows the etas cancel to zero are the case to cover: the
// hardest inputs' bases have them.
func TestTrialEtasMatchTheInverse(t *testing.T) {
	t.Parallel()
	for _, c := range adversarialSample() {
		t.Run(fmt.Sprintf("line_%d", c.Line), func(t *testing.T) {
			lp := &rootSolved(t, asInts(c.Givens), math.MinInt).lp
			// A trial of five pivots or more, however the root's optimum lies: the basic option
			// columns, the fractional ones first, are fixed away from their values one after
			// another, each re-solve's pivots joining the trial's etas, until there are five. A
			// small program (a climbed grid of 26 givens) may give fewer with every column fixed:
			// its etas are checked all the same.
			lp.trial = true
			for _, j := range basicOptionColumns(lp) {
				v := 1.0
				if lp.colValue(j) >= 0.5 {
					v = 0
				}
				lp.setBounds(j, v, v)
				if lp.dual(math.Inf(-1), 25); len(lp.etaRow) >= 5 {
					break
				}
			}
			switch n := len(lp.etaRow); {
			case n == 0:
				t.Fatal("every basic option column fixed away from its value: got no trial pivot, want some")
			case n < 5:
				t.Logf("every basic option column fixed away from its value: %d trial pivots", n)
			}
			m := lp.m
			rows := make([]float64, 0, m*m)
			for r := 0; r < m; r++ {
				lp.inverseRow(r)
				rows = append(rows, lp.rho...)
			}
			var columns [][]float64
			for j := range lp.cols {
				if j%7 == 0 {
					lp.inverseColumn(&lp.cols[j])
					columns = append(columns, append([]float64(nil), lp.w...))
				}
			}
			lp.trial, lp.etaRow, lp.eta = false, nil, nil
			if !lp.invert() {
				t.Fatal("the trial's basis is singular")
			}
			for k, got := range rows {
				if want := lp.binv[k]; math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
					t.Fatalf("inverse row %d, entry %d: got %g, want %g", k/m, k%m, got, want)
				}
			}
			for n, got := range columns {
				lp.inverseColumn(&lp.cols[7*n])
				for i, want := range lp.w {
					if math.Abs(got[i]-want) > 1e-9*max(1, math.Abs(want)) { // rounding grows with the entries
						t.Fatalf("column %d times the inverse, entry %d: got %g, want %g", 7*n, i, got[i], want)
					}
				}
			}
		})
	}
}

// basicOptionColumns returns the option columns basic at the program's solution, the fractional
// ones first.
func basicOptionColumns(lp *linearProgram) []int {
	var fractional, integral []int
	for r := 0; r < lp.m; r++ {
		j := lp.basis[r]
		if lp.cols[j].opt < 0 {
			continue
		}
		if v := lp.xB[r]; v > 1e-6 && v < 1-1e-6 {
			fractional = append(fractional, j)
		} else {
			integral = append(integral, j)
		}
	}
	return append(fractional, integral...)
}

// TestUpdatesKeepTheInverse checks that the inverse the pivots update, rounding dropped as it goes,
// stays within 1e-8 of the basis inverted from scratch after the root solve of each input of the
// adversarial sample (hundreds of pivots). A drop tolerance near the inverse's true entries fails
// it.
func TestUpdatesKeepTheInverse(t *testing.T) {
	t.Parallel()
	for _, c := range adversarialSample() {
		t.Run(fmt.Sprintf("line_%d", c.Line), func(t *testing.T) {
			lp := &rootSolved(t, asInts(c.Givens), math.MinInt).lp
			updated := slices.Clone(lp.binv)
			if !lp.invert() {
				t.Fatal("the root's basis is singular")
			}
			for k, got := range updated {
				if want := lp.binv[k]; math.Abs(got-want) > 1e-8 {
					t.Fatalf("inverse row %d, entry %d: got %g, want %g", k/lp.m, k%lp.m, got, want)
				}
			}
		})
	}
}

// rootSolved builds the givens and solves the root's linear program, with best as the best
// score, or the first dive's when best is math.MinInt.
func rootSolved(t *testing.T, givens [81]int, best int) *solver {
	t.Helper()
	s := newSolver()
	s.best = math.MinInt
	if !s.build(givens) {
		t.Fatal("the givens break a rule")
	}
	if best == math.MinInt {
		budget := s.tuning.diveLimit
		s.dive(&budget)
	} else {
		s.best = best
	}
	s.lp.load(s, s.rowPrices(), &s.pick)
	if got := s.lp.dual(math.Inf(-1), s.tuning.lpLimit); got != lpOptimal {
		t.Fatalf("root solve: got status %d, want %d (optimal)", got, lpOptimal)
	}
	return s
}

// TestImproveByPrices checks the search under the root optimum's prices: from the first dive's
// score it raises the best on most of the adversarial sample, never above the answer, with a grid
// that scores it; from the answer less one it never claims a proof; from the answer it proves it on
// some input.
func TestImproveByPrices(t *testing.T) {
	t.Parallel()
	cases := adversarialSample()
	raised, proved := 0, 0
	for _, c := range cases {
		givens := asInts(c.Givens)
		s := rootSolved(t, givens, math.MinInt)
		dived := s.best
		if s.improveByPrices() && s.best != c.Answer {
			t.Errorf("line %d: claims %d is the best, want %d", c.Line, s.best, c.Answer)
		}
		if s.best > c.Answer {
			t.Errorf("line %d: got %d, above the answer %d", c.Line, s.best, c.Answer)
		}
		if err := checkFill(c.Givens, s.best, s.bestFill); err != nil {
			t.Errorf("line %d: %v", c.Line, err)
		}
		if s.best > dived {
			raised++
		}

		if s := rootSolved(t, givens, c.Answer-1); s.improveByPrices() && s.best != c.Answer {
			t.Errorf("line %d: from %d, claims a proof without the answer %d", c.Line, c.Answer-1, c.Answer)
		}
		if s := rootSolved(t, givens, c.Answer); s.improveByPrices() {
			proved++
		}
	}
	if raised < len(cases)*3/4 {
		t.Errorf("raised the dive's score on %d of %d inputs, want 3/4 at least", raised, len(cases))
	}
	if proved == 0 {
		t.Error("proved no answer, want one at least")
	}
}

// TestLinearDive checks the root's dive: from the first dive's score it raises the best on some of
// the adversarial sample, never above the answer, with a grid that scores it, and leaves the
// program as it found it.
func TestLinearDive(t *testing.T) {
	t.Parallel()
	raised := 0
	for _, c := range adversarialSample() {
		s := rootSolved(t, asInts(c.Givens), math.MinInt)
		before, bound, values := s.best, s.lp.bound(), slices.Clone(s.lp.xB)
		s.linearDive()
		if s.best > c.Answer {
			t.Errorf("line %d: got %d, above the answer %d", c.Line, s.best, c.Answer)
		}
		if err := checkFill(c.Givens, s.best, s.bestFill); err != nil {
			t.Errorf("line %d: %v", c.Line, err)
		}
		if got := s.lp.bound(); got != bound || !slices.Equal(s.lp.xB, values) {
			t.Errorf("line %d: the program changed: bound %g, want %g", c.Line, got, bound)
		}
		if s.best > before {
			raised++
		}
	}
	if raised == 0 {
		t.Error("raised no score, want some")
	}
	t.Logf("raised the score on %d inputs", raised)
}

// TestFaceSettles checks the search of a node's face under its prices and bounds. With the best
// score one below the answer, it must never claim the node settled without raising the best to
// the answer, even when options of an optimal grid are fixed at 1 and others at 0 (a column
// fixed at 1 has its reduced cost in the bound already, and counting it again would prove too
// much); with the best score at the answer, it settles some of the sample's roots.
func TestFaceSettles(t *testing.T) {
	t.Parallel()
	settled := 0
	for _, c := range adversarialSample() {
		givens := asInts(c.Givens)
		_, optimal := maximize(givens)
		for _, fixing := range []int{0, 1, 3} {
			s := rootSolved(t, givens, c.Answer-1)
			lp := &s.lp
			for x, n := 0, 0; x < cells && n < fixing; x++ {
				if givens[x] != 0 {
					continue
				}
				o := x*9 + optimal[x] - 1
				lp.setBounds(lp.colOf[o], 1, 1)
				if other := lp.colOf[x*9+optimal[x]%9]; other >= 0 {
					lp.setBounds(other, 0, 0)
				}
				n++
			}
			cutoff := float64(s.best) + 1 - float64(s.value) - eps
			if lp.dual(cutoff, s.tuning.lpLimit) != lpOptimal {
				continue // the bound alone settles it
			}
			if s.faceSettles(cutoff, false) && s.best != c.Answer {
				t.Errorf("line %d, %d fixed: settled with the best at %d, want %d found first", c.Line, fixing, s.best, c.Answer)
			}
			if s.best > c.Answer {
				t.Errorf("line %d: got %d, above the answer %d", c.Line, s.best, c.Answer)
			}
		}
		s := rootSolved(t, givens, c.Answer)
		cutoff := float64(c.Answer) + 1 - float64(s.value) - eps
		if s.lp.dual(cutoff, s.tuning.lpLimit) == lpOptimal && s.faceSettles(cutoff, false) {
			settled++
		}
	}
	if settled == 0 {
		t.Error("settled no root at the answer, want some")
	}
	t.Logf("settled %d roots at the answer", settled)
}

// TestBoundFlipsKeepTheValues checks the ratio test's bound flips: from each sampled input's
// root optimum, with a fractional column fixed at 0 and then at 1, the basic values the pivots
// and flips update stay within 1e-7 of those recomputed from the basis after every few pivots,
// and the flips happen: without them the climbed inputs' re-solves take several times the pivots.
func TestBoundFlipsKeepTheValues(t *testing.T) {
	t.Parallel()
	flipped := 0
	for _, c := range adversarialSample() {
		s := rootSolved(t, asInts(c.Givens), math.MinInt)
		lp := &s.lp
		var saved lpSaved
		lp.save(&saved)
		j := -1
		for r := 0; r < lp.m; r++ {
			if v := lp.xB[r]; v > 1e-6 && v < 1-1e-6 && lp.cols[lp.basis[r]].opt >= 0 {
				j = lp.basis[r]
				break
			}
		}
		if j < 0 {
			continue // an integral root
		}
		for _, v := range [2]float64{0, 1} {
			lp.restore(&saved)
			lp.setBounds(j, v, v)
			before := lp.flipped
			for step := 0; step < 40; step++ {
				if lp.dual(math.Inf(-1), 3) != lpOutOfPivots {
					break
				}
				values := slices.Clone(lp.xB)
				lp.computeX()
				for i, want := range lp.xB {
					if math.Abs(values[i]-want) > 1e-7 {
						t.Fatalf("line %d, column %d at %g: basic value %d is %g, want %g", c.Line, j, v, i, values[i], want)
					}
				}
			}
			flipped += lp.flipped - before
		}
	}
	if flipped == 0 {
		t.Error("no column flipped, want some")
	}
	t.Logf("%d columns flipped", flipped)
}

// TestRootFaceSettles checks the root's face searched again as the linear search grows. On two
// climbed 3-given inputs whose optimum stands one point above the answer at every node, the
// whole search must end by it, with the answer CBC proved, once the root's first descent has no
// grace (grace): by default its last search settles them before the program runs.
// From the root with the best score one below the answer, a search of the root's face must
// raise the best score to the answer before it may claim that nothing beats it; with the best
// at the answer it must settle.
func TestRootFaceSettles(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		givens string
		answer int
	}{
		{"3 givens, top rows", "002000000001000060000000000000000000000000000000000000000000000000000000000000000", 2903},
		{"3 givens, corners", "000000000000000060000000003000000000000000000000000000000000000000000000000000200", 2903},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var givens [cells]int
			for x, c := range tc.givens {
				givens[x] = int(c - '0')
			}
			s := newSolver()
			s.tuning.graceLimit = 0
			if best, _ := s.maximize(givens); best != tc.answer {
				t.Errorf("got %d, want %d", best, tc.answer)
			}
			if !s.rootFace.settled {
				t.Error("the root's face settled nothing, want the whole linear search")
			}
			for _, best := range []int{tc.answer - 1, tc.answer} {
				s := rootSolved(t, givens, best)
				s.priceByProgram() // the root's face under its prices, kept by hand: below the answer the root is not flat
				s.rootFace = rootFace{kept: true, reduced: s.reduced, bound: s.bound}
				settled, _ := s.rootFace.search(s, 200000)
				switch {
				case settled && s.best != tc.answer:
					t.Errorf("best %d: settled with the best at %d, want %d found first", best, s.best, tc.answer)
				case best == tc.answer && !settled:
					t.Errorf("best %d: got no proof, want one", best)
				}
			}
		})
	}
}

// TestRootFaceHopeless checks the root face's drop. On the climbed 5-given input where every
// node of the program stands one point above the answer but its tree ends at its ninth node,
// Knuth's estimate of the face's tree reads sixteen times what the pivots had earned after the
// first search of lpFaceBudget nodes, so the face is dropped there; kept on, it spent 10,598
// nodes in vain. The inputs of TestRootFaceSettles, where the face settles everything, check
// that it is not dropped there.
func TestRootFaceHopeless(t *testing.T) {
	t.Parallel()
	c := adversarialFamily()[660] // input 661, counted from 1
	for _, tc := range []struct {
		ahead   float64
		dropped bool
	}{
		{defaultTuning().lpRootFaceAhead, true},
		{math.Inf(1), false},
	} {
		s := maximizeChecked(t, c, func(tn *tuning) { tn.lpRootFaceAhead = tc.ahead })
		if budget := s.tuning.lpFaceBudget; (s.rootFace.spent <= budget) != tc.dropped {
			t.Errorf("ahead %g: the root's face spent %d nodes, want more than %d: %v", tc.ahead, s.rootFace.spent, budget, !tc.dropped)
		}
	}
}

// TestFaceCursorShareDone checks Knuth's estimate of the share of a face search's tree done, read
// off the cursor's path: each option tried before the path's heads a share of its parent's
// subtree, one over the parent's options.
func TestFaceCursorShareDone(t *testing.T) {
	for _, tc := range []struct {
		path, of []int8
		want     float64
	}{
		{nil, nil, 0},
		{[]int8{0, 0}, []int8{3, 2}, 0},
		{[]int8{1}, []int8{2}, 0.5},
		{[]int8{1, 1}, []int8{2, 4}, 0.5 + 0.5*0.25},
		{[]int8{0, 2, 1}, []int8{3, 3, 2}, 2.0/9 + 1.0/18},
	} {
		var c faceCursor
		c.live = len(tc.path)
		copy(c.path[:], tc.path)
		copy(c.of[:], tc.of)
		if got := c.shareDone(); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("path %v of %v: got %g, want %g", tc.path, tc.of, got, tc.want)
		}
	}
}

// TestRootFaceResumes checks that the root face's search, cut into small pieces, resumes where
// it ran out. From the answer it settles after exactly the nodes of one whole search plus the
// paths the pieces after the first replay (a piece's budget runs out on entering a node, which
// it does not count): a piece that skipped a subtree would settle sooner, one that searched a
// subtree twice later. From the answer less one, the pieces find the answer, and the pieces
// after the one that finds it count the same as from the answer: that piece's path was walked
// under the old room, so nothing of it may be resumed. Pieces of one size from three scores
// every day; of four sizes from four scores, the answer less 10 the costliest, on the long tier.
func TestRootFaceResumes(t *testing.T) {
	t.Parallel()
	var givens [cells]int
	for x, c := range "000000000000000060000000003000000000000000000000000000000000000000000000000000200" {
		givens[x] = int(c - '0')
	}
	const answer = 2903
	atRoot := func(best int) *solver {
		s := rootSolved(t, givens, best)
		s.priceByProgram()
		s.rootFace = rootFace{kept: true, reduced: s.reduced, bound: s.bound, best: best}
		return s
	}
	whole := atRoot(answer)
	settled, wholeUsed := whole.rootFace.search(whole, 1<<30)
	if !settled {
		t.Fatal("one whole search from the answer: not settled, want settled")
	}
	for _, piece := range tooltest.Pick([]int{97}, []int{89, 97, 211, 503}) {
		for _, best := range tooltest.Pick([]int{answer, answer - 1, answer - 3}, []int{answer, answer - 1, answer - 3, answer - 10}) {
			t.Run(fmt.Sprintf("pieces of %d, best %d", piece, best), func(t *testing.T) {
				s := atRoot(best)
				used, want, pieces := 0, wholeUsed, 0
				counting := best == answer // from the answer on, the pieces add up to one whole search
				for settled := false; !settled; pieces++ {
					if pieces == 1<<20 {
						t.Fatalf("no settling after %d pieces", pieces)
					}
					if counting && used > 0 {
						want += s.rootFace.cursor.live
					}
					before := s.best
					var n int
					settled, n = s.rootFace.search(s, piece)
					if counting {
						used += n
					}
					if s.best != before {
						counting = s.best == answer
					}
				}
				switch {
				case s.best != answer:
					t.Errorf("settled with the best at %d, want %d", s.best, answer)
				case used != want:
					t.Errorf("from the answer on, %d nodes, want %d (one whole search %d)", used, want, wholeUsed)
				}
				t.Logf("%d pieces; %d nodes from the answer on; one whole search %d", pieces, used, wholeUsed)
			})
		}
	}
}

// TestDropImplied checks the rows the program leaves out: on each grid the rows kept have the
// rank of all the open items' rows, so only implied rows go, and where no options but the
// givens' clashes are hidden, as on the hardest inputs, the rows kept are independent: every
// implied row goes (with many givens, cells with few candidates add relations of their own,
// which the program keeps). The prices moved off them must leave every alive option's price sum
// and the prices' total as they were, so reduced costs and bounds stay the same. Left without
// the bands' and stacks' relations, the first part fails; with a price moved the wrong way, the
// second.
func TestDropImplied(t *testing.T) {
	t.Parallel()
	full := family.Solution(rng.New(1))
	bandDigit := full // digit 1 given in all three rows of the top band, and nothing else
	for x := range bandDigit {
		if x >= 27 || bandDigit[x] != 1 {
			bandDigit[x] = 0
		}
	}
	type test struct {
		name        string
		givens      grid.Grid
		independent bool // the rows kept must be independent
	}
	tests := []test{
		{name: "empty", givens: grid.Grid{}, independent: true},
		{name: "one digit across a band", givens: bandDigit, independent: true},
		{name: "sparse random", givens: family.Random(rng.New(3), 5), independent: true},
		{name: "low-clue random", givens: family.Random(rng.New(4), 20), independent: true},
		{name: "packed random", givens: family.Random(rng.New(5), 40)},
		{name: "nearly full", givens: family.Random(rng.New(6), 70)},
	}
	for k, c := range adversarialFamily() {
		if k%40 == 0 { // the hardest first, then a spread of the rest
			// Packed grids keep relations of their own, as "packed random" does.
			tests = append(tests, test{fmt.Sprintf("line_%d", c.Line), c.Givens, c.Givens.Givens() <= 24})
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newSolver()
			if !s.build(asInts(tc.givens)) {
				t.Fatal("the givens break a rule")
			}
			var prices [items]float64
			r := rng.New(7)
			for i := range prices {
				if s.active[i] {
					prices[i] = float64(r.IntN(2001)-1000) / 10
				}
			}
			moved := prices
			implied := s.lp.dropImplied(s, &moved)

			var open, kept []int
			for i := 0; i < items; i++ {
				if s.active[i] {
					open = append(open, i)
					if !implied[i] {
						kept = append(kept, i)
					}
				} else if implied[i] {
					t.Fatalf("item %d: dropped, but it is not open", i)
				}
			}
			var alive []int
			for x := 0; x < cells; x++ {
				if !s.active[x] {
					continue
				}
				for p := int(s.down[x]); p != x; p = int(s.down[p]) {
					alive = append(alive, optionOf(p))
				}
			}
			all, left := rowsRank(s, open, alive), rowsRank(s, kept, alive)
			if left != all {
				t.Errorf("rank of the rows kept: got %d, want the open items' rank, %d", left, all)
			}
			if tc.independent && len(kept) != left {
				t.Errorf("rows kept: got %d, want as many as their rank, %d", len(kept), left)
			}

			sum := func(p *[items]float64, items []int) float64 {
				total := 0.0
				for _, i := range items {
					total += p[i]
				}
				return total
			}
			if got, want := sum(&moved, kept), sum(&prices, open); math.Abs(got-want) > 1e-6 {
				t.Errorf("prices' total: got %g, want %g", got, want)
			}
			for _, o := range alive {
				var got, want float64
				for k := 0; k < 4; k++ {
					i := int(s.itm[firstNode(o)+k])
					want += prices[i]
					if !implied[i] {
						got += moved[i]
					}
				}
				if math.Abs(got-want) > 1e-6 {
					t.Fatalf("option %d: its items' prices sum to %g, want %g", o, got, want)
				}
			}
		})
	}
}

// rowsRank is the rank of the given items' rows over the given options' columns, by Gaussian
// elimination.
func rowsRank(s *solver, rows, opts []int) int {
	index := make(map[int]int, len(rows))
	for r, i := range rows {
		index[i] = r
	}
	a := make([][]float64, len(rows))
	for r := range a {
		a[r] = make([]float64, len(opts))
	}
	for j, o := range opts {
		for k := 0; k < 4; k++ {
			if r, ok := index[int(s.itm[firstNode(o)+k])]; ok {
				a[r][j] = 1
			}
		}
	}
	rank := 0
	for col := 0; col < len(opts) && rank < len(rows); col++ {
		p := -1
		for r := rank; r < len(rows); r++ {
			if math.Abs(a[r][col]) > 1e-9 && (p < 0 || math.Abs(a[r][col]) > math.Abs(a[p][col])) {
				p = r
			}
		}
		if p < 0 {
			continue
		}
		a[p], a[rank] = a[rank], a[p]
		for r := range a {
			if f := a[r][col] / a[rank][col]; r != rank && f != 0 {
				for k := col; k < len(opts); k++ {
					a[r][k] -= f * a[rank][k]
				}
			}
		}
		rank++
	}
	return rank
}

// TestRestoreBringsBackTheInverse checks the saves' row-by-row copies of the basis inverse:
// from each sampled input's root optimum, two nested saves, each followed by pivots with a
// fractional column fixed, restore the inverse each held exactly, the inner one first, and
// the outer one again after more pivots, as the linear program's search restores a node's
// program for its second child.
func TestRestoreBringsBackTheInverse(t *testing.T) {
	t.Parallel()
	checked := 0
	for _, c := range adversarialSample() {
		s := rootSolved(t, asInts(c.Givens), math.MinInt)
		lp := &s.lp
		m := lp.m
		var fractional []int
		for r := 0; r < m; r++ {
			if v := lp.xB[r]; v > 1e-6 && v < 1-1e-6 && lp.cols[lp.basis[r]].opt >= 0 {
				fractional = append(fractional, lp.basis[r])
			}
		}
		if len(fractional) < 2 {
			continue // too few fractional columns to fix twice
		}
		pivots := func(j int, v float64) {
			lp.setBounds(j, v, v)
			lp.dual(math.Inf(-1), 20)
		}
		same := func(what string, want []float64) {
			t.Helper()
			got := lp.binv[:m*m]
			for k := range want {
				if got[k] != want[k] {
					t.Fatalf("line %d, %s: binv[%d] is %g, want %g", c.Line, what, k, got[k], want[k])
				}
			}
		}
		var outer, inner lpSaved
		root := slices.Clone(lp.binv[:m*m])
		lp.save(&outer)
		pivots(fractional[0], 0)
		middle := slices.Clone(lp.binv[:m*m])
		lp.save(&inner)
		pivots(fractional[1], 1)
		lp.restore(&inner)
		same("the inner save", middle)
		lp.restore(&outer)
		same("the outer save", root)
		pivots(fractional[1], 0)
		lp.restore(&outer)
		same("the outer save again", root)
		checked++
	}
	if checked == 0 {
		t.Error("checked no input, want some")
	}
	t.Logf("checked %d inputs", checked)
}

// TestSecondSide checks the strong branching's skip of a trial's second side (lpSecondSide): at
// the roots of the adversarial sample, with the best score one below the answer, strongBranch
// at the root's limits and at a node's chooses as it does without the skip (the same column,
// the same fixes, or settled alike; only a column to fix at 0, found by a second side, may be
// lost, and then the trials go on, to another column or fix), in no more trial pivots, and in
// fewer on some roots.
func TestSecondSide(t *testing.T) {
	t.Parallel()
	fewer := 0
	for _, c := range adversarialSample() {
		for _, depth := range []int{0, 1} {
			type choice struct {
				j, trials int
				fixes     []int
				settled   bool
			}
			var got [2]choice
			for skip := range 2 {
				s := rootSolved(t, asInts(c.Givens), c.Answer-1)
				s.tuning.lpSecondSide = skip
				cutoff := float64(s.best) + 1 - float64(s.value) - eps
				if s.lp.bound() < cutoff {
					continue // the root settles before any branching
				}
				j, settled, fixes := s.strongBranch(cutoff, depth)
				got[skip] = choice{j, s.lp.trials, slices.Clone(fixes), settled}
			}
			without, with := got[0], got[1]
			lost := len(without.fixes) == 1 && without.fixes[0]&lpFixUp == 0 && !slices.Equal(with.fixes, without.fixes)
			if !lost && (with.j != without.j || !slices.Equal(with.fixes, without.fixes) || with.settled != without.settled) {
				t.Errorf("line %d, depth %d: got column %d, fixes %v, settled %v; want %d, %v, %v as without the skip",
					c.Line, depth, with.j, with.fixes, with.settled, without.j, without.fixes, without.settled)
			}
			if !lost && with.trials > without.trials {
				t.Errorf("line %d, depth %d: got %d trial pivots, want %d at most", c.Line, depth, with.trials, without.trials)
			}
			if with.trials < without.trials {
				fewer++
			}
		}
	}
	if fewer == 0 {
		t.Error("the skip saved no trial pivot on any root, want some")
	}
	t.Logf("fewer trial pivots on %d of %d roots and depths", fewer, 2*len(adversarialSample()))
}

// TestFixAll checks that strongBranch fixes every column whose side surely falls at once
// (lpFixAll): at the roots of the adversarial sample, with the best score at the answer (what is
// left is the proof), it returns the one fix it returns without lpFixAll first, and on some roots
// more; each column it fixes, set to the side it fixes it away from, takes the bound below the
// cutoff.
func TestFixAll(t *testing.T) {
	t.Parallel()
	more := 0
	for _, c := range adversarialSample() {
		var got [2][]int
		for all := range 2 {
			s := rootSolved(t, asInts(c.Givens), c.Answer)
			s.tuning.lpFixAll = all
			cutoff := float64(s.best) + 1 - float64(s.value) - eps
			if s.lp.bound() < cutoff {
				break // the root settles before any branching
			}
			_, _, fixes := s.strongBranch(cutoff, 1)
			got[all] = slices.Clone(fixes)
			for _, fix := range fixes {
				col, away := fix&^lpFixUp, 1.0
				if fix&lpFixUp != 0 {
					away = 0
				}
				var saved lpSaved
				s.lp.save(&saved)
				s.lp.setBounds(col, away, away)
				if status := s.lp.dual(cutoff, s.tuning.lpLimit); status != lpBelow {
					t.Errorf("line %d: column %d at %g: got status %d, want %d (below the cutoff)", c.Line, col, away, status, lpBelow)
				}
				s.lp.restore(&saved)
			}
		}
		first, all := got[0], got[1]
		if len(first) > 1 {
			t.Errorf("line %d: got %d fixes without lpFixAll, want one at most", c.Line, len(first))
		}
		if len(first) > 0 && (len(all) == 0 || all[0] != first[0]) {
			t.Errorf("line %d: got fixes %v, want them to start with %v", c.Line, all, first)
		}
		if len(all) > 1 {
			more++
		}
	}
	if more == 0 {
		t.Error("fixed more than one column on no root, want some")
	}
	t.Logf("more than one column fixed on %d of %d roots", more, len(adversarialSample()))
}
