package stress

import (
	"context"
	"slices"

	"bullseye/internal/grid"
)

// Shrink blanks givens of puzzle, on which the submission failed with trial, for as long as it
// keeps failing with the same verdict, and returns the smallest puzzle found, its trial and the
// checks it took, at most budget. It is delta debugging over the givens: it tries to blank
// them in halves, then in ever smaller chunks, back to coarse chunks after each success, and
// stops when no single given can go. A verdict that changes shows another bug, or none: that
// candidate is not kept.
func Shrink(ctx context.Context, puzzle grid.Grid, trial Trial, check Check, budget int) (grid.Grid, Trial, int, error) {
	givens := givenCells(puzzle)
	runs := 0
	chunks := 2
	for len(givens) > 0 && runs < budget {
		size := (len(givens) + chunks - 1) / chunks
		blanked := false
		for start := 0; start < len(givens) && runs < budget; start += size {
			end := min(start+size, len(givens))
			candidate := puzzle
			for _, cell := range givens[start:end] {
				candidate[cell] = 0
			}
			t, err := check(ctx, candidate)
			runs++
			if err != nil {
				return puzzle, trial, runs, err
			}
			if t.Verdict == trial.Verdict {
				puzzle, trial = candidate, t
				givens = slices.Delete(givens, start, end)
				chunks = max(chunks-1, 2)
				blanked = true
				break
			}
		}
		if !blanked {
			if size == 1 {
				break
			}
			chunks = min(chunks*2, len(givens))
		}
		if err := ctx.Err(); err != nil {
			return puzzle, trial, runs, err
		}
	}
	return puzzle, trial, runs, nil
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
