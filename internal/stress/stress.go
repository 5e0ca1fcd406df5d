// Package stress tests a submission against the reference solution on random inputs until they
// disagree, then shrinks the input that shows it: blanking givens, a chunk at a time and then
// one at a time, for as long as the submission keeps failing the same way and the givens stay
// in the range asked for, so that the case a contestant reads is as small as the bug allows
// and still an input the problem allows.
package stress

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/outcome"
	"bullseye/internal/rng"
	"bullseye/internal/testlib"
)

// Config configures a stress run.
type Config struct {
	// Seed fixes every case: the same seed, the same cases.
	Seed uint64
	// Count is the most cases tried.
	Count int
	// MinGivens and MaxGivens bound the givens of a case.
	MinGivens, MaxGivens int
	// Parallel is how many cases run at once.
	Parallel int
	// ShrinkRuns bounds the checks spent shrinking; ShrinkTime bounds the time, after which the
	// smallest failing case found so far is kept (0: no bound).
	ShrinkRuns int
	ShrinkTime time.Duration
	// Found, when set, hears of the first failing case at once, before it is shrunk.
	Found func(Case, Trial)
	// Shrinking, when set, hears of every shrinking run: runs done, givens left.
	Shrinking func(runs, givens int)
}

// DefaultShrinkRuns is the default bound on the checks spent shrinking: a case of 30 givens
// shrinks in well under a hundred.
const DefaultShrinkRuns = 400

// DefaultShrinkTime is the default bound on the time spent shrinking: a failure already found is
// worth more soon than small.
const DefaultShrinkTime = 30 * time.Second

// The statement's bounds on a target input's givens: the stress run's default range. The
// official tests have at least 24; 40 is as many as they have.
const (
	DefaultMinGivens = 24
	DefaultMaxGivens = 40
)

// Check judges the submission on one puzzle against the reference solution's answer. An error
// means the check itself failed (the reference did not answer, the judge broke), which ends
// the stress run.
type Check func(ctx context.Context, puzzle grid.Grid) (Trial, error)

// Trial is the submission's verdict on one puzzle, with both answers.
type Trial struct {
	Verdict  outcome.Verdict
	Message  string
	Expected []byte // the reference's answer
	Found    []byte // the submission's
	// Compared holds the lines around the fault the checker found, when it has them, for a
	// diff.
	Compared *testlib.Comparison
}

// Failed reports whether the submission disagrees with the reference, crashed or ran over a
// limit.
func (t Trial) Failed() bool { return t.Verdict != outcome.Accepted }

// Case is one random input.
type Case struct {
	Index  int
	Kind   string // random, hidden (no completion, no clash) or clash
	Puzzle grid.Grid
}

// String describes the case: "case 12 (random, 27 givens)".
func (c Case) String() string {
	return fmt.Sprintf("case %d (%s, %d givens)", c.Index, c.Kind, c.Puzzle.Givens())
}

// Generate returns case index of a stress run seeded with seed, with givens between lo and
// hi. Most cases are random puzzles with a completion; one in ten has no completion although no
// givens clash, one in twenty has givens that clash, since -1 is where submissions go wrong.
func Generate(seed uint64, index, lo, hi int) Case {
	r := rng.New(rng.SeedFromArgs([]string{"stress", strconv.FormatUint(seed, 10), strconv.Itoa(index)}))
	givens := r.IntBetween(lo, hi)
	c := Case{Index: index, Kind: "random"}
	switch pick := r.IntN(20); {
	case pick < 2 && givens >= family.MinHiddenGivens && givens <= family.MaxHiddenGivens:
		c.Kind, c.Puzzle = "hidden", family.Hidden(r, givens)
	case pick == 2 && givens >= family.MinClashGivens:
		c.Kind, c.Puzzle = "clash", family.Clash(r, givens)
	default:
		c.Puzzle = family.Random(r, givens)
	}
	return c
}

// Finding is a case on which the submission failed, and its shrunk form.
type Finding struct {
	Case  Case
	Trial Trial
	// Shrunk is the smallest puzzle found that fails the same way, ShrunkTrial its trial, and
	// ShrinkRuns the checks it took.
	Shrunk      grid.Grid
	ShrunkTrial Trial
	ShrinkRuns  int
	// ShrinkCut reports that shrinking stopped at its time or run bound, not at a case from
	// which no given could go.
	ShrinkCut bool
}

// Run checks cases 1..Count in order, Parallel at a time, until one fails, and returns it
// shrunk; nil when every case passed. progress hears how many cases are done. Which case is
// found does not depend on Parallel: the first failing one in order wins.
func Run(ctx context.Context, cfg Config, check Check, progress func(done int)) (*Finding, error) {
	parallel := max(cfg.Parallel, 1)
	for start := 1; start <= cfg.Count; start += parallel {
		end := min(start+parallel, cfg.Count+1)
		cases := make([]Case, end-start)
		trials := make([]Trial, len(cases))
		errs := make([]error, len(cases))
		var wg sync.WaitGroup
		for i := range cases {
			cases[i] = Generate(cfg.Seed, start+i, cfg.MinGivens, cfg.MaxGivens)
			wg.Add(1)
			go func() {
				defer wg.Done()
				trials[i], errs[i] = check(ctx, cases[i].Puzzle)
			}()
		}
		wg.Wait()
		for i := range cases {
			if errs[i] != nil {
				return nil, fmt.Errorf("%v: %w", cases[i], errs[i])
			}
			if trials[i].Failed() {
				f := &Finding{Case: cases[i], Trial: trials[i]}
				if cfg.Found != nil {
					cfg.Found(cases[i], trials[i])
				}
				s := Shrinker{MinGivens: cfg.MinGivens, Runs: cfg.ShrinkRuns, Progress: cfg.Shrinking}
				if cfg.ShrinkTime > 0 {
					s.Deadline = time.Now().Add(cfg.ShrinkTime)
				}
				var err error
				f.Shrunk, f.ShrunkTrial, f.ShrinkRuns, f.ShrinkCut, err = s.Shrink(ctx, cases[i].Puzzle, trials[i], check)
				if err != nil {
					return nil, fmt.Errorf("shrinking %v: %w", cases[i], err)
				}
				return f, nil
			}
		}
		if progress != nil {
			progress(end - 1)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	return nil, nil
}
