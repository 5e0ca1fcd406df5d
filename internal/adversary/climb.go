// Package adversary hill-climbs target sudoku inputs against a solver: it searches, among
// inputs with a fixed number of givens that have a completion, for those on which the solver
// works hardest, by the solver's own measure of its work. The measure is a function, so the
// climb serves any solver; bench/targetclimb runs it against the kit's solution, scoring each
// candidate by the work the solution reports with -stats.
package adversary

import (
	"fmt"
	"slices"
	"time"

	"bullseye/internal/classic"
	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// Measure returns the work a solver spends on puzzle; more is harder.
type Measure func(puzzle grid.Grid) (float64, error)

// Options bound and steer a climb.
type Options struct {
	// Givens is the number of givens of every input tried, 0..81.
	Givens int
	// Steps is the number of inputs measured, fresh starts included; at least 1.
	Steps int
	// Deadline, when not zero, also stops the climb. A climb stopped by its deadline depends on
	// the machine's speed; one stopped by its step budget does not, when the measure is
	// deterministic.
	Deadline time.Time
	// Patience is the number of steps without a strict improvement after which the climb
	// starts again from a new random input; 0 never restarts.
	Patience int
	// Keep is how many of the hardest distinct inputs the result lists; at least 1.
	Keep int
}

// Scored is one input with its measure.
type Scored struct {
	Puzzle grid.Grid
	Value  float64
}

// Result is what a climb found.
type Result struct {
	// Hardest lists the hardest distinct inputs met, hardest first, at most Options.Keep.
	Hardest []Scored
	// Steps is the number of inputs measured, Restarts the number of fresh starts after the
	// first.
	Steps, Restarts int
}

// The moves of the climb. Each keeps the number of givens and a completion of the input.
const (
	moveGiven   = iota // a given goes to a blank cell, which takes the completion's digit
	moveRebase         // a blank takes another digit, the completion follows, a given goes
	moveRelabel        // a given takes another digit, the completion follows
	moveKinds
)

// Climb searches for the inputs with opt.Givens givens and a completion that maximize measure,
// by hill climbing. It starts from the givens of a random full grid at random cells and tries
// one move at a time: move a given to a blank cell (taking the completion's digit there), give
// a blank cell a digit of another completion (and drop a given to keep the count), or change a
// given's digit (when a completion remains). A move is kept unless the measure falls, so the
// climb crosses plateaus; after opt.Patience steps without a strict improvement it starts again.
// Every draw comes from r. An error of measure stops the climb and is returned.
func Climb(r *rng.Rand, opt Options, measure Measure) (Result, error) {
	var res Result
	keep := max(opt.Keep, 1)
	var solution, current grid.Grid
	currentValue, since := 0.0, 0
	for step := 0; step < max(opt.Steps, 1); step++ {
		if step > 0 && !opt.Deadline.IsZero() && time.Now().After(opt.Deadline) {
			break
		}
		fresh := step == 0 || (opt.Patience > 0 && since >= opt.Patience)
		candidate, candidateSolution := current, solution
		if fresh {
			if step > 0 {
				res.Restarts++
			}
			candidateSolution = family.Solution(r)
			candidate = randomGivens(r, candidateSolution, opt.Givens)
			since = 0
		} else if !move(r, &candidate, &candidateSolution) {
			since++
			continue
		}
		value, err := measure(candidate)
		if err != nil {
			return res, fmt.Errorf("measuring\n%s: %w", candidate, err)
		}
		res.Steps = step + 1
		switch {
		case fresh || value > currentValue:
			since = 0
			current, solution, currentValue = candidate, candidateSolution, value
		case value == currentValue:
			since++
			current, solution = candidate, candidateSolution
		default:
			since++
		}
		res.Hardest = remember(res.Hardest, Scored{candidate, value}, keep)
	}
	return res, nil
}

// move changes puzzle by one random move and solution to a completion of the result. It
// reports false when the drawn move is impossible (no completion, or no cell to move to).
func move(r *rng.Rand, puzzle, solution *grid.Grid) bool {
	var givens, blanks []int
	for cell, v := range puzzle {
		if v == 0 {
			blanks = append(blanks, cell)
		} else {
			givens = append(givens, cell)
		}
	}
	if len(givens) == 0 || len(blanks) == 0 {
		return false
	}
	from, to := givens[r.IntN(len(givens))], blanks[r.IntN(len(blanks))]
	switch r.IntN(moveKinds) {
	case moveGiven:
		puzzle[from], puzzle[to] = 0, solution[to]
		return true
	case moveRebase:
		next := *puzzle
		next[to] = otherDigit(r, solution[to])
		completion, ok := classic.Solve(classic.Puzzle(next))
		if !ok {
			return false
		}
		next[from] = 0
		*puzzle, *solution = next, grid.Grid(completion)
		return true
	default:
		next := *puzzle
		next[from] = otherDigit(r, puzzle[from])
		completion, ok := classic.Solve(classic.Puzzle(next))
		if !ok {
			return false
		}
		*puzzle, *solution = next, grid.Grid(completion)
		return true
	}
}

// otherDigit draws a digit 1..9 other than d.
func otherDigit(r *rng.Rand, d uint8) uint8 {
	v := uint8(r.IntBetween(1, grid.Size-1))
	if v >= d {
		v++
	}
	return v
}

// remember keeps the keep hardest distinct inputs, hardest first; ties keep the earlier.
func remember(list []Scored, s Scored, keep int) []Scored {
	for _, old := range list {
		if old.Puzzle == s.Puzzle {
			return list
		}
	}
	i, _ := slices.BinarySearchFunc(list, s.Value, func(e Scored, v float64) int {
		switch {
		case e.Value >= v:
			return -1
		default:
			return 1
		}
	})
	if i >= keep {
		return list
	}
	list = slices.Insert(list, i, s)
	if len(list) > keep {
		list = list[:keep]
	}
	return list
}

// randomGivens shows n cells of solution chosen at random.
func randomGivens(r *rng.Rand, solution grid.Grid, n int) grid.Grid {
	var puzzle grid.Grid
	for _, cell := range r.Perm(grid.Cells)[:n] {
		puzzle[cell] = solution[cell]
	}
	return puzzle
}
