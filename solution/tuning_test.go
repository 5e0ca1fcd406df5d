package main

import (
	"testing"

	"bullseye/internal/adversary"
	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
	"bullseye/internal/tooltest"
)

// stingyTuning gives every search the least budget and every bound a single step: the root's
// aim, its descents and the linear program give up at once, and the branching under the rows'
// bound, which no input of the adversarial family reaches with the defaults, settles the rest.
func stingyTuning() tuning {
	tn := defaultTuning()
	for _, n := range []*int{
		&tn.stallRounds, &tn.rootRounds, &tn.rowsRootRounds, &tn.nodeRounds, &tn.probeLimit, &tn.diveLimit,
		&tn.diveFirst, &tn.diveRestart,
		&tn.rootAimLimit, &tn.aimGivens, &tn.rootPatternRounds, &tn.nodePatternRounds,
		&tn.proofLimit, &tn.descentLimit, &tn.closeLimit, &tn.descentProbes,
		&tn.descentProbeLimit, &tn.tuneLevels, &tn.tuneRounds, &tn.strideGrowth,
		&tn.digitBranch, &tn.graceLimit, &tn.graceLevels, &tn.lpRefactor, &tn.lpStrong, &tn.lpStrongLimit, &tn.lpRootStrong, &tn.lpDeepStrong,
		&tn.lpRootStrongLimit, &tn.lpLimit, &tn.lpSavedDepth, &tn.lpImproveStep,
		&tn.lpImproveBudget, &tn.lpDiveLimit, &tn.lpDiveFilled, &tn.lpFaceBudget,
		&tn.lpFaceLeast, &tn.lpRootFaceRatio,
	} {
		*n = 1
	}
	return tn
}

// TestTuningChangesWorkNotAnswers checks the tuning's rule: its values change the work, never
// the answer. With stingyTuning the answers must be the brute force's on inputs of 40 or more
// givens, and the default tuning's on inputs of 28 to 34 givens, most of which branch under the
// rows' bound.
func TestTuningChangesWorkNotAnswers(t *testing.T) {
	t.Parallel()
	stingy := func(givens [cells]int) (*solver, int, [cells]int) {
		s := newSolver()
		s.tuning = stingyTuning()
		best, fill := s.maximize(givens)
		return s, best, fill
	}
	r := rng.New(bruteForceSeed + 200)
	for n := range tooltest.Pick(100, 500) {
		givens := bruteForceFamilies[n%len(bruteForceFamilies)].build(r)
		_, best, fill := stingy(asInts(givens))
		if want := bruteForceMax(givens); best != want {
			t.Fatalf("input %d: got %d, want %d (brute force); givens:\n%s", n, best, want, givens)
		}
		if err := checkFill(givens, best, fill); err != nil {
			t.Fatalf("input %d: %v; givens:\n%s", n, err, givens)
		}
	}
	r = rng.New(2026)
	inputs, branched := tooltest.Pick(21, 105), 0
	for n := range inputs {
		givens := family.Random(r, 28+n%7)
		s, best, fill := stingy(asInts(givens))
		if want, _ := maximize(asInts(givens)); best != want {
			t.Fatalf("input %d: got %d, want %d (the default tuning); givens:\n%s", n, best, want, givens)
		}
		if err := checkFill(givens, best, fill); err != nil {
			t.Fatalf("input %d: %v; givens:\n%s", n, err, givens)
		}
		if s.stats.branches > 0 {
			branched++
		}
	}
	if branched < inputs/2 {
		t.Errorf("%d of %d inputs branched under the rows' bound, want half at least", branched, inputs)
	}
}

// TestRowsStepsStopEarly checks rowsLeastStep's rule on the adversarial family's first inputs
// of 24 or more givens: the rows' steps stopped at the default step size give the answer with
// fewer subgradient rounds and no more work than steps run down to the patterns' least step.
func TestRowsStepsStopEarly(t *testing.T) {
	t.Parallel()
	taken := 0
	for _, c := range adversarialFamily() {
		if c.Givens.Givens() < 24 {
			continue
		}
		if taken++; taken > 4 {
			break
		}
		// The root's whole rootRounds, as when the rule came: rowsRootRounds leaves one step.
		earlyStats := maximizeChecked(t, c, func(tn *tuning) { tn.rowsRootRounds = tn.rootRounds }).stats
		lateStats := maximizeChecked(t, c, func(tn *tuning) {
			tn.rowsRootRounds, tn.rowsLeastStep = tn.rootRounds, tn.leastStep
		}).stats
		if earlyStats.rounds >= lateStats.rounds || earlyStats.work() > lateStats.work() {
			t.Errorf("line %d: got %d rounds and work %d stopping early, want fewer rounds and no more work than %d and %d",
				c.Line, earlyStats.rounds, earlyStats.work(), lateStats.rounds, lateStats.work())
		}
	}
	if taken == 0 {
		t.Fatal("no input of 24 or more givens in the family")
	}
}

// TestRowsRootRounds checks rowsRootRounds's rule: the root takes rowsRootRounds rows' steps from
// rowsRootGivens givens, rootRounds below. On the adversarial family's slowest inputs of 24 givens
// (224, 145 and 202, from 0) and one of 17 (299), one step gives the answer for less work than
// the whole rootRounds, the descent's nodes the same within a tenth. The slowest of 10 to 16
// givens (46) is why the rule starts at 17: one step there costs it more work.
func TestRowsRootRounds(t *testing.T) {
	t.Parallel()
	tn := defaultTuning()
	for _, tc := range []struct{ givens, want int }{
		{0, tn.rootRounds}, {tn.rowsRootGivens - 1, tn.rootRounds},
		{tn.rowsRootGivens, tn.rowsRootRounds}, {81, tn.rowsRootRounds},
	} {
		s := newSolver()
		s.givenCount = tc.givens
		if got := s.rootRowRounds(); got != tc.want {
			t.Errorf("%d givens: got %d rows' steps at the root, want %d", tc.givens, got, tc.want)
		}
	}
	cases := adversarialFamily()
	for _, n := range []int{224, 145, 202, 299} {
		c := cases[n]
		one := maximizeChecked(t, c, func(tn *tuning) {}).stats
		all := maximizeChecked(t, c, func(tn *tuning) { tn.rowsRootRounds = tn.rootRounds }).stats
		if one.work() >= all.work() || one.rounds >= all.rounds {
			t.Errorf("line %d: got work %d and %d rows' steps with rowsRootRounds %d, want less than %d and %d with rootRounds",
				c.Line, one.work(), one.rounds, tn.rowsRootRounds, all.work(), all.rounds)
		}
		if 10*one.proofNodes > 11*all.proofNodes {
			t.Errorf("line %d: got %d pattern search nodes with rowsRootRounds %d, want at most a tenth more than %d with rootRounds",
				c.Line, one.proofNodes, tn.rowsRootRounds, all.proofNodes)
		}
	}
	c := cases[46]
	below := maximizeChecked(t, c, func(tn *tuning) {}).stats
	one := maximizeChecked(t, c, func(tn *tuning) { tn.rowsRootGivens = 10 }).stats
	if one.work() <= below.work() {
		t.Errorf("line %d (12 givens): got work %d with rowsRootRounds %d from 10 givens, want more than %d with rootRounds",
			c.Line, one.work(), tn.rowsRootRounds, below.work())
	}
}

// TestDescendsFirst checks descendFirstGivens's rule: from that many givens the root's first
// descent runs before the root hides anything. On the adversarial family's slowest inputs of 24
// givens (224, 145 and 202, from 0), one of 17 (299) and the slowest of 10 to 16 (46), the
// descent takes the same nodes as after the hiding, and on 145 and 202, where the hiding hid
// options and set off a second round of bounds, fewer patterns' steps.
func TestDescendsFirst(t *testing.T) {
	t.Parallel()
	tn := defaultTuning()
	for _, tc := range []struct {
		givens int
		want   bool
	}{
		{0, false}, {tn.descendFirstGivens - 1, false}, {tn.descendFirstGivens, true}, {81, true},
	} {
		s := newSolver()
		s.givenCount = tc.givens
		if got := s.descendsFirst(); got != tc.want {
			t.Errorf("%d givens: got the first descent before hiding %v, want %v", tc.givens, got, tc.want)
		}
	}
	cases := adversarialFamily()
	for _, tc := range []struct {
		input int
		fewer bool // fewer patterns' steps as well
	}{
		{224, false}, {145, true}, {202, true}, {299, false}, {46, false},
	} {
		c := cases[tc.input]
		first := maximizeChecked(t, c, func(tn *tuning) {}).stats
		hidden := maximizeChecked(t, c, func(tn *tuning) { tn.descendFirstGivens = cells + 1 }).stats
		if first.proofNodes != hidden.proofNodes || first.work() > hidden.work() {
			t.Errorf("line %d: got %d pattern search nodes and work %d descending first, want %d and no more than %d after hiding",
				c.Line, first.proofNodes, first.work(), hidden.proofNodes, hidden.work())
		}
		if tc.fewer && first.patternRounds >= hidden.patternRounds {
			t.Errorf("line %d: got %d patterns' steps descending first, want fewer than %d after hiding",
				c.Line, first.patternRounds, hidden.patternRounds)
		}
	}
}

// TestDigitFirst checks digitFirst's rule: a digit with at most digitBranch patterns worth trying
// is looked for before any cell's children are bounded. On the adversarial family's slowest inputs
// of 24 givens (224, 145 and 202, from 0) the descent takes the same nodes, and bounds the cells'
// children at fewer than half the nodes it did (only where it then branches on a cell).
func TestDigitFirst(t *testing.T) {
	t.Parallel()
	cases := adversarialFamily()
	for _, n := range []int{224, 145, 202} {
		c := cases[n]
		first := maximizeChecked(t, c, func(tn *tuning) {}).stats
		cells := maximizeChecked(t, c, func(tn *tuning) { tn.digitFirst = 0 }).stats
		if first.proofNodes != cells.proofNodes || 2*first.cellBounds >= cells.cellBounds {
			t.Errorf("line %d: got %d pattern search nodes and %d bounded cell choices with digitFirst, want %d and fewer than half of %d",
				c.Line, first.proofNodes, first.cellBounds, cells.proofNodes, cells.cellBounds)
		}
	}
}

// TestFirstStride checks firstStride's rule: the descent's first search spans wideStride scores
// from wideGivens givens, wideFewStride from wideFewGivens to wideFewBelow-1, and one score
// elsewhere; on the
// slowest inputs of 24 givens of the adversarial family, and on its inputs 7 and 24 (counted from
// 1, 7 givens each, two of its slowest before the rule), the wide stride finds the same answer
// for less work than one score first.
func TestFirstStride(t *testing.T) {
	t.Parallel()
	tn := defaultTuning()
	for _, tc := range []struct {
		givens, want int
	}{
		{0, 1}, {tn.wideFewGivens - 1, 1}, {tn.wideFewGivens, tn.wideFewStride},
		{tn.wideFewBelow - 1, tn.wideFewStride}, {tn.wideFewBelow, 1},
		{tn.wideGivens - 1, 1}, {tn.wideGivens, tn.wideStride}, {81, tn.wideStride},
	} {
		s := newSolver()
		s.givenCount = tc.givens
		if got := s.firstStride(); got != tc.want {
			t.Errorf("%d givens: got a first stride of %d, want %d", tc.givens, got, tc.want)
		}
	}
	for _, tc := range []struct {
		givens string
		answer int
	}{
		{"000000205860000307007009860000000000040000000000000000504007930671003450003000100", 2871},
		{"375000049690000051810000007050000013000030005030000008000000000740000190000000080", 2866},
	} {
		g, err := grid.ParseLine(tc.givens)
		if err != nil {
			t.Fatal(err)
		}
		c := adversary.Case{Givens: g, Answer: tc.answer}
		wideWork := maximizeChecked(t, c, func(tn *tuning) {}).stats.work()
		narrowWork := maximizeChecked(t, c, func(tn *tuning) { tn.wideStride = 1 }).stats.work()
		if wideWork >= narrowWork {
			t.Errorf("%s: got work %d with a first stride of %d, want less than %d with one score first",
				tc.givens, wideWork, tn.wideStride, narrowWork)
		}
	}
	cases := adversarialFamily()
	for _, n := range []int{7, 24} {
		c := cases[n-1]
		wideWork := maximizeChecked(t, c, func(tn *tuning) {}).stats.work()
		narrowWork := maximizeChecked(t, c, func(tn *tuning) { tn.wideFewBelow = 0 }).stats.work()
		if wideWork >= narrowWork {
			t.Errorf("line %d: got work %d with a first stride of %d, want less than %d with one score first",
				c.Line, wideWork, tn.wideStride, narrowWork)
		}
	}
}

// TestDeepStrongBranching checks lpDeepStrong's rule on the adversarial family's inputs 7 and 24
// (counted from 1), whose linear programs branch deepest: with fewer columns tried both ways from
// depth lpDeepDepth on, each gives its answer with fewer trial pivots and less work than with
// lpStrong columns at every depth past the root.
func TestDeepStrongBranching(t *testing.T) {
	t.Parallel()
	cases := adversarialFamily()
	for _, n := range []int{7, 24} {
		c := cases[n-1]
		// One score first (wideFewBelow 0), as these inputs searched when the rule was measured:
		// their wide first stride settles them before the linear program branches.
		fewerStats := maximizeChecked(t, c, func(tn *tuning) { tn.wideFewBelow = 0 }).stats
		allStats := maximizeChecked(t, c, func(tn *tuning) { tn.wideFewBelow, tn.lpDeepStrong = 0, tn.lpStrong }).stats
		if fewerStats.lpTrialPivots >= allStats.lpTrialPivots || fewerStats.work() >= allStats.work() {
			t.Errorf("line %d: got %d trial pivots and work %d with %d columns deep, want fewer than %d and %d with %d",
				c.Line, fewerStats.lpTrialPivots, fewerStats.work(), defaultTuning().lpDeepStrong,
				allStats.lpTrialPivots, allStats.work(), defaultTuning().lpStrong)
		}
	}
}

// TestRootStrongBranching checks lpRootStrong's rule on the adversarial family's inputs 674 and
// 661 (counted from 1), the two that took the most work when it came: with lpRootStrong columns
// of lpRootStrongLimit pivots tried both ways at the linear program's root, each gives its answer
// with fewer trial pivots and less work than with the 8 columns of 25 pivots the root tried
// before.
func TestRootStrongBranching(t *testing.T) {
	t.Parallel()
	cases := adversarialFamily()
	for _, n := range []int{674, 661} {
		c := cases[n-1]
		fewerStats := maximizeChecked(t, c, func(tn *tuning) {}).stats
		moreStats := maximizeChecked(t, c, func(tn *tuning) { tn.lpRootStrong, tn.lpRootStrongLimit = 8, 25 }).stats
		if fewerStats.lpTrialPivots >= moreStats.lpTrialPivots || fewerStats.work() >= moreStats.work() {
			t.Errorf("line %d: got %d trial pivots and work %d with %d columns of %d pivots at the root, want fewer than %d and %d with 8 of 25",
				c.Line, fewerStats.lpTrialPivots, fewerStats.work(), defaultTuning().lpRootStrong, defaultTuning().lpRootStrongLimit,
				moreStats.lpTrialPivots, moreStats.work())
		}
	}
}
