package main

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"testing"

	"bullseye/internal/adversary"
	"bullseye/internal/classic"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
	"bullseye/internal/tooltest"
)

// adversarialPath holds the adversarial family: inputs hill-climbed against this solution by
// bench/targetclimb, each with the answer CBC proved when it was added.
const adversarialPath = "testdata/adversarial.txt"

// adversarialFamily reads the adversarial family, or panics: the file is part of the tests.
func adversarialFamily() []adversary.Case {
	cases, err := adversary.ReadFamilyFile(adversarialPath)
	if err != nil {
		panic(err)
	}
	return cases
}

// adversarialSample is the part of the adversarial family the everyday tests take: its first
// sampleHardest lines, the hardest for the solution of their time, and every sampleStride-th line
// after them, nine lines in all. Each everyday test over it needs its situation to arise on one of
// them at least, and it does on these (the family's inputs counted from 0): the search under the
// root's prices proves an answer on input 480, a root's face settles on inputs 3, 120 and 480,
// the ratio test flips bounds on input 0. The long tier takes the whole family.
func adversarialSample() []adversary.Case {
	cases := adversarialFamily()
	if tooltest.LongTier() {
		return cases
	}
	var sample []adversary.Case
	for k, c := range cases {
		if k < sampleHardest || k%sampleStride == 0 {
			sample = append(sample, c)
		}
	}
	return sample
}

const (
	sampleHardest = 4   // the family's first lines, all in the everyday sample
	sampleStride  = 120 // and one line in this many after them
)

// givensInNote reads the givens count a climb's note records ("climb seed 801, 17 givens").
var givensInNote = regexp.MustCompile(`(\d+) givens`)

// TestAdversarialFamilyFile checks the family's lines: each note's count of givens and each
// answer.
func TestAdversarialFamilyFile(t *testing.T) {
	t.Parallel()
	cases := adversarialFamily()
	if len(cases) < 15 {
		t.Fatalf("got %d adversarial inputs, want at least 15", len(cases))
	}
	for _, c := range cases {
		if m := givensInNote.FindStringSubmatch(c.Note); m != nil && m[1] != strconv.Itoa(c.Givens.Givens()) {
			t.Errorf("line %d: %d givens, but the note says %s", c.Line, c.Givens.Givens(), m[1])
		}
		if c.Answer < 0 {
			t.Errorf("line %d: answer %d: the family keeps to inputs with a completion", c.Line, c.Answer)
		}
	}
}

// TestMaximizeAdversarialFamily answers the family's inputs, each against the answer CBC proved
// when it joined the family: the everyday sample (adversarialSample), or all on the long tier.
// Every score the descents refuted must lie above the answer (TestDescend's check under the
// default limits).
func TestMaximizeAdversarialFamily(t *testing.T) {
	t.Parallel()
	refuted := 0
	for _, c := range adversarialSample() {
		t.Run(fmt.Sprintf("line_%d", c.Line), func(t *testing.T) {
			s := newSolver()
			best, fill := s.maximize(asInts(c.Givens))
			if best != c.Answer {
				t.Fatalf("got %d, want %d (proved by CBC); givens:\n%s", best, c.Answer, c.Givens)
			}
			if err := checkFill(c.Givens, best, fill); err != nil {
				t.Errorf("%v; givens:\n%s", err, c.Givens)
			}
			if s.refuted <= c.Answer {
				t.Errorf("refuted %d and above, but the answer is %d", s.refuted, c.Answer)
			}
			if s.refuted != math.MaxInt {
				refuted++
			}
		})
	}
	if refuted == 0 {
		t.Error("no descent refuted a score")
	}
	t.Logf("a descent refuted a score on %d inputs", refuted)
}

// TestMaximizeAdversarialWithoutSavedPrograms answers the hardest inputs by the linear
// program's search, with no level of it saving its program, the path deep searches take: the
// second child then starts from the basis the first one left. The family's first 6 inputs every
// day, 12 on the long tier.
func TestMaximizeAdversarialWithoutSavedPrograms(t *testing.T) {
	t.Parallel()
	branched, hardest := 0, adversarialFamily()[:tooltest.Pick(6, 12)]
	for _, c := range hardest {
		t.Run(fmt.Sprintf("line_%d", c.Line), func(t *testing.T) {
			s := newSolver()
			s.tuning.lpSavedDepth, s.tuning.descentLimit = 0, 0
			if best, _ := s.maximize(asInts(c.Givens)); best != c.Answer {
				t.Fatalf("got %d, want %d (proved by CBC); givens:\n%s", best, c.Answer, c.Givens)
			}
			if s.stats.lpNodes >= 3 {
				branched++
			}
		})
	}
	// The probes before the linear program find some answers at once, and then its root
	// settles them; most must still branch, or this test would not reach its path.
	if want := len(hardest) * 3 / 4; branched < want {
		t.Errorf("got %d of %d inputs branching in the linear program, want %d at least", branched, len(hardest), want)
	}
}

// TestDescend answers the family's hardest inputs (6, or 30 on the long tier) by the descent
// alone, without the linear program (no search cut early by stalled or wading either: on nearly
// all of them it settles within proofLimit nodes;
// where it runs out, the linear program finishes), and then with the first descent cut short,
// where it probes below the target it stopped at: the linear program's search must finish from
// there, and every score refuted must lie above the answer. The long tier runs the default
// limits too, which TestMaximizeAdversarialFamily checks every day.
func TestDescend(t *testing.T) {
	t.Parallel()
	defaults := defaultTuning()
	hardest := adversarialFamily()[:tooltest.Pick(6, 30)]
	allLimits := [][2]int{{defaults.proofLimit, defaults.proofLimit}, {300, 300}, {defaults.descentLimit, defaults.closeLimit}}
	for _, limits := range allLimits[:tooltest.Pick(2, 3)] {
		limit := limits[0]
		refuted, alone := 0, 0
		for _, c := range hardest {
			t.Run(fmt.Sprintf("limit_%d/line_%d", limit, c.Line), func(t *testing.T) {
				s := newSolver()
				s.tuning.descentLimit, s.tuning.closeLimit = limits[0], limits[1]
				if limit == defaults.proofLimit {
					// No early cut either: the descent alone.
					s.tuning.stallShare, s.tuning.wadeShare, s.tuning.wadeLate, s.tuning.wadeDry = 0, 0, math.MaxInt, math.MaxInt
				}
				best, fill := s.maximize(asInts(c.Givens))
				if best != c.Answer {
					t.Fatalf("got %d, want %d (proved by CBC); givens:\n%s", best, c.Answer, c.Givens)
				}
				if err := checkFill(c.Givens, best, fill); err != nil {
					t.Error(err)
				}
				if s.stats.lpNodes == 0 {
					alone++
				}
				if s.refuted <= c.Answer {
					t.Errorf("refuted %d and above, but the answer is %d", s.refuted, c.Answer)
				}
				if s.refuted != math.MaxInt {
					refuted++
				}
			})
		}
		if refuted == 0 {
			t.Errorf("limit %d: no descent refuted a score", limit)
		}
		if limit == defaults.proofLimit && alone < len(hardest)-2 {
			t.Errorf("the descent alone settled %d of %d inputs, want %d at least", alone, len(hardest), len(hardest)-2)
		}
	}
}

// TestMaximizeAgainstBruteForceNearAdversarial completes each input of the adversarial sample
// (the whole family on the long tier) to 40 or more givens, three ways, from a completion of its
// own, so that the brute force can answer: the shapes the climbs found, with fewer blanks.
func TestMaximizeAgainstBruteForceNearAdversarial(t *testing.T) {
	t.Parallel()
	r := rng.New(bruteForceSeed + 100)
	for _, c := range adversarialSample() {
		completion, ok := classic.Solve(classic.Puzzle(c.Givens))
		if !ok {
			t.Fatalf("line %d: no completion, but the answer is %d", c.Line, c.Answer)
		}
		for variant := range 3 {
			givens := c.Givens
			want := r.IntBetween(40, 48)
			for _, cell := range r.Perm(grid.Cells) {
				if givens.Givens() >= want {
					break
				}
				givens[cell] = completion[cell]
			}
			best, fill := maximize(asInts(givens))
			if wantBest := bruteForceMax(givens); best != wantBest {
				t.Fatalf("line %d, variant %d: got %d, want %d (brute force); givens:\n%s", c.Line, variant, best, wantBest, givens)
			}
			if err := checkFill(givens, best, fill); err != nil {
				t.Errorf("line %d, variant %d: %v; givens:\n%s", c.Line, variant, err, givens)
			}
		}
	}
}

// TestDescentBudget checks when the root's first descent is short: only once a score is known
// and both bounds lie within closeGap of it, and never longer than descentLimit.
func TestDescentBudget(t *testing.T) {
	t.Parallel()
	defaults := defaultTuning()
	closeLimit, closeGap := defaults.closeLimit, defaults.closeGap
	tests := []struct {
		name                string
		best                int
		bound, patternBound float64
		descent, want       int
	}{
		{"no score yet", math.MinInt, 2900, 2900, 3000, 3000},
		{"both bounds close", 2880, 2884.5, 2883, 3000, closeLimit},
		{"just within the gap", 2880, 2900, 2880 + closeGap - 0.01, 3000, closeLimit},
		{"at the gap", 2880, 2880 + closeGap, 2900, 3000, 3000},
		{"far", 2850, 2890, 2885, 3000, 3000},
		{"descent shorter than the close budget", 2880, 2881, 2881, 100, 100},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newSolver()
			s.tuning.descentLimit = tc.descent
			s.best, s.bound, s.pat.bound = tc.best, tc.bound, tc.patternBound
			if got := s.descentBudget(); got != tc.want {
				t.Errorf("got %d nodes, want %d", got, tc.want)
			}
		})
	}
}

// TestRootAim checks that the root aims only on grids of at most aimGivens givens.
func TestRootAim(t *testing.T) {
	t.Parallel()
	// A valid full grid: row r shifted by 3r + r/3, so every row, column and box holds 1 to 9.
	var full [cells]int
	for x := range full {
		r, c := rowOf(x), colOf(x)
		full[x] = (r*3+r/3+c)%9 + 1
	}
	firstOf := func(n int) (g [cells]int) {
		copy(g[:n], full[:n])
		return g
	}
	defaults := defaultTuning()
	rootAimLimit, aimGivens := defaults.rootAimLimit, defaults.aimGivens
	tests := []struct {
		name   string
		givens [cells]int
		want   int
	}{
		{"empty grid", firstOf(0), rootAimLimit},
		{"at the limit", firstOf(aimGivens), rootAimLimit},
		{"one given over", firstOf(aimGivens + 1), 0},
		{"17 givens", firstOf(17), 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newSolver()
			if !s.build(tc.givens) {
				t.Fatal("build rejected valid givens")
			}
			if got := s.rootAim(); got != tc.want {
				t.Errorf("got %d nodes, want %d", got, tc.want)
			}
		})
	}
}

// TestShortDescentLeavesTheProgram checks what follows a short first descent, cut to closeLimit
// (descentBudget), on the family's input 7 (from 0), whose linear program's root has to branch:
// the program's tree settles it, with no second descent before it branches, so the descents
// spend at most closeLimit nodes and their probes. The answer is CBC's. The first descent's grace
// is off: by default its last search runs on (grace) and settles the input.
func TestShortDescentLeavesTheProgram(t *testing.T) {
	t.Parallel()
	c := adversarialFamily()[7]
	s := newSolver()
	s.tuning.graceLimit = 0
	best, fill := s.maximize(asInts(c.Givens))
	if best != c.Answer {
		t.Fatalf("got %d, want %d (proved by CBC); givens:\n%s", best, c.Answer, c.Givens)
	}
	if err := checkFill(c.Givens, best, fill); err != nil {
		t.Error(err)
	}
	if s.stats.lpNodes < 2 {
		t.Errorf("got %d linear nodes, want the program to branch", s.stats.lpNodes)
	}
	if most := s.tuning.closeLimit + 2*s.tuning.descentProbes*s.tuning.descentProbeLimit + 2; s.stats.proofNodes > most {
		t.Errorf("got %d pattern search nodes, want %d at most", s.stats.proofNodes, most)
	}
}

// TestGrace checks the grace of the root's first descent (grace) on the family's input 73 (from
// 0), whose first descent spends its whole budget on its last search, the one above the best
// score alone, with Knuth's estimate saying it has nearly finished: with graceLimit nodes more it
// finishes and settles the input without the linear program, and with none the program settles
// it. Both give the answer, and the grace is spent once: the descent and its probes take at most
// descentLimit plus graceLimit nodes and the probes' budgets. Both run without the first search's
// early cut (stallShare 0), as they searched when the rule came: its first search, at the bound's
// integer alone, reads 0.28 done at its 400th node, and the cut hands the input to the program.
func TestGrace(t *testing.T) {
	t.Parallel()
	c := adversarialFamily()[73]
	defaults := defaultTuning()
	tests := []struct {
		name       string
		graceLimit int
		wantLinear bool
		minNodes   int
		maxNodes   int
	}{
		{"with grace", defaults.graceLimit, false, defaults.descentLimit + 2, defaults.descentLimit + defaults.graceLimit + 1},
		{"without grace", 0, true, 0, defaults.descentLimit + 2*defaults.descentProbes*defaults.descentProbeLimit + 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tune := func(tn *tuning) { tn.graceLimit, tn.stallShare = tc.graceLimit, 0 }
			if s := checkRootDescent(t, c, tune, tc.wantLinear, tc.minNodes, tc.maxNodes); s.graceLeft {
				t.Error("the grace may still be granted after the root's first descent")
			}
		})
	}
}

// maximizeChecked answers c under the default tuning changed by tune, checks the answer against
// CBC's and its grid, and returns the solver for its statistics.
func maximizeChecked(t *testing.T, c adversary.Case, tune func(*tuning)) *solver {
	t.Helper()
	s := newSolver()
	tune(&s.tuning)
	best, fill := s.maximize(asInts(c.Givens))
	if best != c.Answer {
		t.Fatalf("got %d, want %d (proved by CBC); givens:\n%s", best, c.Answer, c.Givens)
	}
	if err := checkFill(c.Givens, best, fill); err != nil {
		t.Error(err)
	}
	return s
}

// checkRootDescent answers c as maximizeChecked does and checks whether the linear program ran
// (wantLinear) and that the pattern search took minNodes to maxNodes nodes: how TestGrace,
// TestStalled and TestRestart see where the root's first descent handed over. It returns the solver.
func checkRootDescent(t *testing.T, c adversary.Case, tune func(*tuning), wantLinear bool, minNodes, maxNodes int) *solver {
	t.Helper()
	s := maximizeChecked(t, c, tune)
	if got := s.stats.lpNodes > 0; got != wantLinear {
		t.Errorf("got %d linear nodes, want the linear program %v", s.stats.lpNodes, wantLinear)
	}
	if s.stats.proofNodes < minNodes || s.stats.proofNodes > maxNodes {
		t.Errorf("got %d pattern search nodes, want %d to %d", s.stats.proofNodes, minNodes, maxNodes)
	}
	return s
}

// TestStalled checks the early cut of the root's first descent's first search (stalled) on the
// family's inputs 642 and 148 (from 0). On 642 (10 givens) that search, at the bound's integer
// alone, has done less than stallShare of its tree at its stallNodes-th node: it is cut there,
// the probes below find a better score, and the linear program settles the input, where without
// the cut (stallShare 0) the search spends the whole descentLimit in vain. On 148 (17 givens) the
// search has done more by then and goes on: it refutes its target after some 1,400 nodes, and
// the descent settles the input without the program. Both run with one score first
// (wideFewBelow 0) and without the cut of a search that meets no completion (wadeDry), as they
// searched when the rule came: on 642 the wide first stride settles the input within a hundred
// nodes. On 69 (5 givens) the search has done 0.125 of its tree at
// its stallNodes-th node (400): cut there, the probes and the program settle the input, where
// read at its 1,000th node it had done 0.4 or more, went on to end at its 2,111th, and the stride
// after it ran out of the descentLimit in vain.
func TestStalled(t *testing.T) {
	t.Parallel()
	defaults := defaultTuning()
	probes := 2 * defaults.descentProbes * defaults.descentProbeLimit
	tests := []struct {
		name       string
		input      int
		stallShare float64
		wantLinear bool
		minNodes   int
		maxNodes   int
	}{
		{"cut", 642, defaults.stallShare, true, defaults.stallNodes, defaults.stallNodes + probes + 2},
		{"not cut", 642, 0, true, defaults.descentLimit + 1, defaults.descentLimit + probes + 2},
		{"going on", 148, defaults.stallShare, false, defaults.stallNodes + 1, defaults.descentLimit},
		{"cut at 5 givens", 69, defaults.stallShare, true, defaults.stallNodes, defaults.stallNodes + probes + 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := adversarialFamily()[tc.input]
			tune := func(tn *tuning) { tn.stallShare, tn.wideFewBelow, tn.wadeDry = tc.stallShare, 0, math.MaxInt }
			checkRootDescent(t, c, tune, tc.wantLinear, tc.minNodes, tc.maxNodes)
		})
	}
}

// TestWading checks the cuts of a search of the root's first descent that wades above its
// completion or meets none (wading) on the family's inputs 24, 19, 140 and 34 (from 0; 6 givens
// each). On 24 the
// first stride, [2903, 2905], meets the answer 2903 within its first hundred nodes and has done
// less than wadeShare of its tree at its wadeNodes-th node: it is cut there, and the linear
// program refutes the two scores above, where without the cut (wadeShare 0) the search spends
// the whole descentLimit in vain first. On 19 the stride meets the same answer as early but has
// done more by then: it goes on and refutes the scores above within its budget, without the
// program. On 140 the stride [2898, 2900] meets the answer 2898 only at its 1,509th node, past
// wadeLate: it stops wadeRest nodes later, where without that cut (wadeLate past the budget) it
// runs to the end of its budget in vain. On 34 the stride [2894, 2896] meets no completion: it
// stops at its wadeDry-th node, the probes below find the answer 2894, and the program refutes
// the two scores above, where without that cut (wadeDry past the budget) it runs out in vain.
func TestWading(t *testing.T) {
	t.Parallel()
	defaults := defaultTuning()
	probes := 2 * defaults.descentProbes * defaults.descentProbeLimit
	never := defaults.descentLimit + 1
	tests := []struct {
		name       string
		input      int
		wadeShare  float64
		wadeLate   int
		wadeDry    int
		wantLinear bool
		minNodes   int
		maxNodes   int
	}{
		{"cut", 24, defaults.wadeShare, defaults.wadeLate, defaults.wadeDry, true, defaults.wadeNodes, defaults.wadeNodes},
		{"not cut", 24, 0, defaults.wadeLate, defaults.wadeDry, true, never, never},
		{"going on", 19, defaults.wadeShare, defaults.wadeLate, defaults.wadeDry, false, defaults.wadeNodes + 1, defaults.descentLimit},
		{"met late", 140, defaults.wadeShare, defaults.wadeLate, defaults.wadeDry, true, defaults.wadeLate + defaults.wadeRest, defaults.wadeNodes + defaults.wadeRest + 100},
		{"met late, not cut", 140, defaults.wadeShare, never, defaults.wadeDry, true, never, never},
		{"dry", 34, defaults.wadeShare, defaults.wadeLate, defaults.wadeDry, true, defaults.wadeDry, defaults.wadeDry + probes + 2},
		{"dry, not cut", 34, defaults.wadeShare, defaults.wadeLate, never, true, never, never + probes + 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := adversarialFamily()[tc.input]
			tune := func(tn *tuning) { tn.wadeShare, tn.wadeLate, tn.wadeDry = tc.wadeShare, tc.wadeLate, tc.wadeDry }
			checkRootDescent(t, c, tune, tc.wantLinear, tc.minNodes, tc.maxNodes)
		})
	}
}

// TestRestart checks the restarts of the root's first descent under new multipliers
// (restartDue) on the family's inputs 83 and 108 (from 0; 17 givens each). On 83 the search of
// the first stride has done less than restartShare of its tree at its restartNodes-th node:
// under the multipliers retune finds, the descent settles the input within its budget, where
// without restarts (restartTries 0) that search spends the whole descentLimit in vain and the
// linear program finishes. On 108 the descent settles the input either way, in a fifth of the
// nodes with the restarts. Both run without the program's root tried at the descent's
// linearTestNodes-th node, as they searched when the rule came: without restarts, 108's descent
// reaches that node, and the test, which fails there, runs the program.
func TestRestart(t *testing.T) {
	t.Parallel()
	defaults := defaultTuning()
	probes := 2 * defaults.descentProbes * defaults.descentProbeLimit
	tests := []struct {
		name         string
		input        int
		restartTries int
		wantLinear   bool
		minNodes     int
		maxNodes     int
	}{
		{"restarted", 83, defaults.restartTries, false, defaults.restartNodes + 1, defaults.descentLimit / 2},
		{"not restarted", 83, 0, true, defaults.descentLimit + 1, defaults.descentLimit + probes + 2},
		{"restarted again", 108, defaults.restartTries, false, defaults.restartNodes + 1, defaults.descentLimit / 4},
		{"not restarted again", 108, 0, false, defaults.descentLimit / 2, defaults.descentLimit},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := adversarialFamily()[tc.input]
			tune := func(tn *tuning) { tn.restartTries, tn.linearTestNodes = tc.restartTries, 0 }
			checkRootDescent(t, c, tune, tc.wantLinear, tc.minNodes, tc.maxNodes)
		})
	}
}

// TestLinearTest checks the linear program's root tried at the linearTestNodes-th node of the
// root's first descent (linearTest) on the family's inputs 679, 681 and 677 (from 0). On 679 and
// 681 (17 givens each) the descent meets the answer early, then wades through the scores above
// it: the test's program, with the options the patterns rule out fixed at 0, and the aim under
// its prices refute them there, where without the test (linearTestNodes 0) the descent runs out
// of its descentLimit and the program settles the root after it. On 677 (24 givens) the descent
// settles the root before the test's node, and the program never runs. On 686 (24 givens, from
// linearTestBelow), under a first stride of three scores (wideStride 3, which made it slow), the
// descent runs past the test's node untested and settles the root itself.
func TestLinearTest(t *testing.T) {
	t.Parallel()
	defaults := defaultTuning()
	probes := 2 * defaults.descentProbes * defaults.descentProbeLimit
	never := defaults.descentLimit + 1
	tests := []struct {
		name       string
		input      int
		testNodes  int
		wantLinear bool
		minNodes   int
		maxNodes   int
		wideStride int // 0: the default
	}{
		{"tested", 679, defaults.linearTestNodes, true, defaults.linearTestNodes, defaults.linearTestNodes, 0},
		{"not tested", 679, 0, true, never, never + probes + 1, 0},
		{"tested again", 681, defaults.linearTestNodes, true, defaults.linearTestNodes, defaults.linearTestNodes, 0},
		{"not tested again", 681, 0, true, never, never + probes + 1, 0},
		{"settled before", 677, defaults.linearTestNodes, false, defaults.linearTestNodes / 2, defaults.linearTestNodes - 1, 0},
		// 24 givens, at or above linearTestBelow: the descent runs past linearTestNodes untested.
		{"many givens", 686, defaults.linearTestNodes, false, defaults.linearTestNodes + 1, never - 1, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := adversarialFamily()[tc.input]
			tune := func(tn *tuning) {
				tn.linearTestNodes = tc.testNodes
				if tc.wideStride > 0 {
					tn.wideStride = tc.wideStride
				}
			}
			s := checkRootDescent(t, c, tune, tc.wantLinear, tc.minNodes, tc.maxNodes)
			if want := 1; tc.testNodes > 0 && tc.wantLinear && s.stats.lpNodes != want {
				t.Errorf("got %d linear nodes, want %d: the test's alone", s.stats.lpNodes, want)
			}
		})
	}
}

// TestBranchWiden checks the wider choice of branching cells (branchWidth) on the family's
// inputs 149 and 672 (from 0; 17 givens each), whose descents refute their scores without
// meeting a completion there. Bounding the children of the cells one digit more crosses than
// the fewest, at the first branchWideLevels levels, the descent settles 149 in about a third of
// the nodes it takes without (branchWiden 0), and 672 within its short budget (closeLimit, 300),
// where without it the descent runs out refuting the score above the answer and the linear
// program settles it.
func TestBranchWiden(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		input       int
		branchWiden int
		wantLinear  bool
		minNodes    int
		maxNodes    int
	}{
		{"widened", 149, 1, false, 300, 800},
		{"not widened", 149, 0, false, 1200, 2500},
		{"widened again", 672, 1, false, 150, 450},
		{"not widened again", 672, 0, true, 300, 450},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := adversarialFamily()[tc.input]
			tune := func(tn *tuning) { tn.branchWiden = tc.branchWiden }
			checkRootDescent(t, c, tune, tc.wantLinear, tc.minNodes, tc.maxNodes)
		})
	}
}

// TestDiveMayPay checks that the root's linear dive is skipped where three scores or fewer lie
// above the best (lpDiveGap) on the family's inputs 8 and 21 (from 0; 3 givens each), whose
// program's root bound lies 3.004 over the best score: there the dive, which met no better score,
// spent 300 to 400 pivots that the default tuning saves, the program's tree no larger. On
// input 26 (6 givens) the bound lay 15 over the best score when the rule came, and the root dived
// either way; the descent now leaves it 2.004 over, and neither tuning dives.
func TestDiveMayPay(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		input   int
		skipped bool
	}{
		{"three scores left", 8, true},
		{"three scores left again", 21, true},
		{"fifteen scores left", 26, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := adversarialFamily()[tc.input]
			var st [2]stats
			st[0] = maximizeChecked(t, c, func(tn *tuning) { tn.lpDiveGap = 3 }).stats
			st[1] = maximizeChecked(t, c, func(tn *tuning) {}).stats
			if st[0].lpNodes == 0 {
				t.Fatalf("got no linear nodes, want the program's root")
			}
			if got := st[1].lpPivots < st[0].lpPivots; got != tc.skipped {
				t.Errorf("got %d pivots by default, %d with lpDiveGap 3, want the dive skipped %v", st[1].lpPivots, st[0].lpPivots, tc.skipped)
			}
			if tc.skipped && st[1].lpNodes > st[0].lpNodes {
				t.Errorf("got %d linear nodes by default, %d with lpDiveGap 3, want no more", st[1].lpNodes, st[0].lpNodes)
			}
		})
	}
}

// TestDiveFarBelowBound checks lpDiveGap 16 on the family's inputs 667 and 659 (from 0; 3 and 5
// givens), the two whose program's root still dived with lpDiveGap 4: their bounds lie 8 and 13
// over the best score once the root's search under the program's prices has raised it. By default
// the root does not dive there, spending fewer pivots outside its trials, and each input takes
// less work than with the dive.
func TestDiveFarBelowBound(t *testing.T) {
	t.Parallel()
	for _, input := range []int{667, 659} {
		c := adversarialFamily()[input]
		dived := maximizeChecked(t, c, func(tn *tuning) { tn.lpDiveGap = 4 }).stats
		st := maximizeChecked(t, c, func(tn *tuning) {}).stats
		if st.lpNodes == 0 {
			t.Fatalf("input %d: got no linear nodes, want the program's root", input)
		}
		if st.lpPivots-st.lpTrialPivots >= dived.lpPivots-dived.lpTrialPivots || st.work() >= dived.work() {
			t.Errorf("input %d: got %d pivots outside trials and work %d by default, want fewer than %d and %d with lpDiveGap 4",
				input, st.lpPivots-st.lpTrialPivots, st.work(), dived.lpPivots-dived.lpTrialPivots, dived.work())
		}
	}
}

// TestAimAndProbeBudgets checks the budgets of the root's aim (rootAimLimit) and of the probes
// below a descent's search that ran out (descentProbeLimit) against their longer values of
// before, 2,000 and 300 nodes, on the family's inputs 69 and 26 (from 0; 5 and 6 givens). On 69,
// after an aim of 2,000 nodes the root's first descent settles the input only by grace, after
// 8,613 nodes; after 1,500 it runs out at its budget and the program settles the root in 3
// linear nodes, for less work in all. On 26 both probes run out in vain either way, and the
// program's tree is the same; that input is run with one score first (wideFewBelow 0), as it
// searched when the budget was measured: its wide first stride meets the answer, and no probe
// runs.
func TestAimAndProbeBudgets(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		input    int
		narrow   bool // one score first: wideFewBelow 0
		longer   func(*tuning)
		sameTree bool
	}{
		{"root aim", 69, false, func(tn *tuning) { tn.rootAimLimit = 2000 }, false},
		{"probes", 26, true, func(tn *tuning) { tn.descentProbeLimit = 300 }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := adversarialFamily()[tc.input]
			narrow := func(tn *tuning) {
				if tc.narrow {
					tn.wideFewBelow = 0
				}
			}
			var st [2]stats
			st[0] = maximizeChecked(t, c, narrow).stats
			st[1] = maximizeChecked(t, c, func(tn *tuning) { narrow(tn); tc.longer(tn) }).stats
			if st[0].work() >= st[1].work() {
				t.Errorf("got %d units of work by default, %d with the longer budget, want less", st[0].work(), st[1].work())
			}
			if tc.sameTree && st[0].lpNodes != st[1].lpNodes {
				t.Errorf("got %d linear nodes by default, %d with the longer budget, want the same", st[0].lpNodes, st[1].lpNodes)
			}
		})
	}
}
