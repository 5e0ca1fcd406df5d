// Package climb hill-climbs target sudoku inputs against a measure of a program's work: it
// searches the inputs the statement allows for those on which the program works hardest. The
// measure is a function, so one climber serves every program and every measure of work: the
// nodes of a plain enumerating search (the hard group's generator), the work the kit's solution
// reports with -stats (bench/targetclimb), and a submission's CPU time in the judge's sandbox
// (./judge.sh --climb).
//
// Every input the climber measures breaks no rule, has a completion, and has between
// Options.MinGivens and Options.MaxGivens givens. It starts from a shape (Start), makes one move
// at a time (Move), and keeps a move unless the measure falls, so it crosses plateaus; after
// Options.Patience steps without a strict improvement it starts again. Every draw comes from the
// *rng.Rand it is given: a climb stopped by its step budget is fixed by the seed and the
// measurements.
package climb

import (
	"fmt"
	"slices"
	"time"

	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// Measure returns the work a program spends on puzzle, more being harder, and whether the climb
// may end: no input can measure more (a cap reached, a run over a time limit).
type Measure func(puzzle grid.Grid) (value float64, final bool, err error)

// Options bound and steer a climb.
type Options struct {
	// MinGivens and MaxGivens bound the givens of every input measured, 0..81.
	MinGivens, MaxGivens int
	// StartGivens, when set, is the most givens of a fresh start, whose count is drawn from
	// MinGivens up to it (or MaxGivens): fewer givens leave a search more to do. When the
	// range is one count nothing is drawn.
	StartGivens int
	// Steps is the number of inputs measured, fresh starts included; at least 1.
	Steps int
	// Deadline, when not zero, also stops the climb. A climb stopped by its deadline depends on
	// the machine's speed; one stopped by its step budget does not, when the measure is
	// deterministic.
	Deadline time.Time
	// Patience is the number of steps without a strict improvement after which the climb
	// starts again from a new input; 0 never restarts.
	Patience int
	// Keep is how many of the hardest distinct inputs the result lists; at least 1.
	Keep int
	// Moves are the moves drawn from, uniformly; nil means Shift alone. With one move nothing
	// is drawn to choose it.
	Moves []Move
	// Starts are the shapes a fresh start draws from, uniformly; nil means Random alone. With
	// one shape nothing is drawn to choose it.
	Starts []Start
}

// Scored is one input with its measure.
type Scored struct {
	Puzzle grid.Grid
	Value  float64
}

// Result is what a climb found.
type Result struct {
	// Hardest lists the hardest distinct inputs met, hardest first, at most Options.Keep. An
	// input measured twice keeps its larger measure.
	Hardest []Scored
	// Steps is the number of inputs measured, Restarts the number of fresh starts after the
	// first.
	Steps, Restarts int
	// Final reports that the climb ended on a measure that said no input can measure more.
	Final bool
}

// Climb searches for the inputs allowed by opt that maximize measure, by hill climbing. An
// error of measure stops the climb and is returned with what was found before it.
func Climb(r *rng.Rand, opt Options, measure Measure) (Result, error) {
	var res Result
	if err := opt.check(); err != nil {
		return res, err
	}
	keep := max(opt.Keep, 1)
	moves, starts := opt.Moves, opt.Starts
	if len(moves) == 0 {
		moves = []Move{Shift}
	}
	if len(starts) == 0 {
		starts = []Start{Random}
	}
	var current state
	currentValue, since := 0.0, 0
	for step := 0; step < max(opt.Steps, 1); step++ {
		if step > 0 && !opt.Deadline.IsZero() && time.Now().After(opt.Deadline) {
			break
		}
		fresh := step == 0 || (opt.Patience > 0 && since >= opt.Patience)
		candidate := current
		if fresh {
			if step > 0 {
				res.Restarts++
			}
			candidate = start(r, pick(r, starts), givensCount(r, opt))
			since = 0
		} else {
			if !current.movable(moves, opt) {
				break // no move can change this input
			}
			if !candidate.move(r, pick(r, moves), opt) {
				since++
				continue
			}
		}
		value, final, err := measure(candidate.puzzle)
		if err != nil {
			return res, fmt.Errorf("measuring\n%s: %w", candidate.puzzle, err)
		}
		res.Steps = step + 1
		switch {
		case fresh:
			current, currentValue = candidate, value
		case value >= currentValue:
			if value > currentValue {
				since = 0
			} else {
				since++
			}
			current, currentValue = candidate, value
		default:
			since++
		}
		res.Hardest = remember(res.Hardest, Scored{candidate.puzzle, value}, keep)
		if final {
			res.Final = true
			break
		}
	}
	return res, nil
}

// check reports options no input satisfies.
func (opt Options) check() error {
	if opt.MinGivens < 0 || opt.MaxGivens > grid.Cells || opt.MinGivens > opt.MaxGivens {
		return fmt.Errorf("givens %d-%d: want 0 <= A <= B <= %d", opt.MinGivens, opt.MaxGivens, grid.Cells)
	}
	for _, m := range opt.Moves {
		if m >= moveKinds {
			return fmt.Errorf("unknown move %d", m)
		}
	}
	for _, s := range opt.Starts {
		if s >= startKinds {
			return fmt.Errorf("unknown start %d", s)
		}
	}
	return nil
}

// pick draws one of choices, drawing nothing when there is one.
func pick[T any](r *rng.Rand, choices []T) T {
	if len(choices) == 1 {
		return choices[0]
	}
	return choices[r.IntN(len(choices))]
}

// givensCount draws the givens of a fresh start, drawing nothing when there is one choice.
func givensCount(r *rng.Rand, opt Options) int {
	most := opt.MaxGivens
	if opt.StartGivens > 0 {
		most = min(max(opt.StartGivens, opt.MinGivens), opt.MaxGivens)
	}
	if opt.MinGivens == most {
		return most
	}
	return r.IntBetween(opt.MinGivens, most)
}

// remember keeps the keep hardest distinct inputs, hardest first; ties keep the earlier. An
// input already listed keeps the larger of its measures.
func remember(list []Scored, s Scored, keep int) []Scored {
	if i := slices.IndexFunc(list, func(old Scored) bool { return old.Puzzle == s.Puzzle }); i >= 0 {
		if s.Value <= list[i].Value {
			return list
		}
		list = slices.Delete(list, i, i+1)
	}
	i, _ := slices.BinarySearchFunc(list, s.Value, func(e Scored, v float64) int {
		if e.Value >= v {
			return -1
		}
		return 1
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
