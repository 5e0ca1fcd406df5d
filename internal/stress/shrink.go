package stress

import (
	"context"
	"slices"
	"time"

	"bullseye/internal/grid"
)

// Shrinker bounds a shrinking: the range it must stay in and the work it may spend.
type Shrinker struct {
	// MinGivens is the fewest givens a candidate may keep: shrinking never leaves the range the
	// stress run asked for.
	MinGivens int
	// Runs bounds the checks (0: DefaultShrinkRuns); no check starts after Deadline, when set.
	Runs     int
	Deadline time.Time
	// Now reads the clock Deadline is on; nil reads the system's.
	Now func() time.Time
	// Progress, when set, hears after each check how many ran and how many givens are left.
	Progress func(runs, givens int)
}

// Shrink blanks givens of puzzle, on which the submission failed with trial, for as long as it
// keeps failing with the same verdict, and returns the smallest puzzle found, its trial, the
// checks it took, and whether a bound (runs, time, or an interrupt of ctx) cut it short. It is
// delta debugging over the givens: it tries to blank them in halves, then in ever smaller
// chunks, back to coarse chunks after each success, and stops when no single given can go or
// when one more would leave fewer than MinGivens. A verdict that changes shows another bug, or
// none: that candidate is not kept.
func (s Shrinker) Shrink(ctx context.Context, puzzle grid.Grid, trial Trial, check Check) (grid.Grid, Trial, int, bool, error) {
	budget := s.Runs
	if budget <= 0 {
		budget = DefaultShrinkRuns
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	out := func() bool {
		return !s.Deadline.IsZero() && !now().Before(s.Deadline)
	}
	givens := givenCells(puzzle)
	runs := 0
	chunks := 2
	for len(givens) > s.MinGivens {
		if runs >= budget || out() {
			return puzzle, trial, runs, true, nil
		}
		spare := len(givens) - s.MinGivens // how many givens may still go
		size := (len(givens) + chunks - 1) / chunks
		blanked := false
		for start := 0; start < len(givens); start += size {
			if runs >= budget || out() {
				return puzzle, trial, runs, true, nil
			}
			end := min(start+size, len(givens), start+spare)
			candidate := puzzle
			for _, cell := range givens[start:end] {
				candidate[cell] = 0
			}
			t, err := check(ctx, candidate)
			runs++
			if err != nil && ctx.Err() != nil {
				// Interrupted: the failure stands, as small as it got.
				return puzzle, trial, runs, true, nil
			}
			if err != nil {
				return puzzle, trial, runs, false, err
			}
			if t.Verdict == trial.Verdict {
				puzzle, trial = candidate, t
				givens = slices.Delete(givens, start, end)
				chunks = max(chunks-1, 2)
				blanked = true
			}
			if s.Progress != nil {
				s.Progress(runs, len(givens))
			}
			if blanked {
				break
			}
		}
		if !blanked {
			if size == 1 {
				break
			}
			chunks = min(chunks*2, len(givens))
		}
		if ctx.Err() != nil {
			return puzzle, trial, runs, true, nil
		}
	}
	return puzzle, trial, runs, false, nil
}

// Shrink shrinks with no floor on the givens and no time bound, at most budget checks.
func Shrink(ctx context.Context, puzzle grid.Grid, trial Trial, check Check, budget int) (grid.Grid, Trial, int, error) {
	g, t, runs, _, err := Shrinker{Runs: budget}.Shrink(ctx, puzzle, trial, check)
	return g, t, runs, err
}

func givenCells(g grid.Grid) []int {
	var cells []int
	for cell, v := range g {
		if v != 0 {
			cells = append(cells, cell)
		}
	}
	return cells
}
