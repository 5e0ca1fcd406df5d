package hardness

import (
	"time"

	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// Measure chooses what the climb maximizes.
type Measure uint8

// The measures of an input's hardness.
const (
	// Nodes is the search nodes of the capped enumeration: the time an enumerating solver
	// spends.
	Nodes Measure = iota
	// Completions is the completions the capped enumeration finds: the answers it compares.
	Completions
	// Estimate is Knuth's estimate of the nodes of the whole enumeration, uncapped.
	Estimate
)

// String returns "nodes", "completions" or "estimate".
func (m Measure) String() string {
	switch m {
	case Completions:
		return "completions"
	case Estimate:
		return "estimate"
	}
	return "nodes"
}

// Options bound and steer a climb.
type Options struct {
	// Givens is the number of givens of every input tried, 0..81.
	Givens int
	// Steps is the number of inputs measured, the start of each climb included; at least 1.
	Steps int
	// Deadline, when not zero, also stops the climb. A climb stopped by its deadline depends
	// on the machine's speed; one stopped by its step budget does not.
	Deadline time.Time
	// MaxNodes caps each enumeration of the measures Nodes and Completions. A climb ends as
	// soon as an input reaches it: no input can measure more.
	MaxNodes int64
	// Measure is what the climb maximizes.
	Measure Measure
	// Probes is the number of random walks of each Estimate.
	Probes int
	// Patience is the number of steps without a strict improvement after which the climb
	// starts again from a new random input; 0 never restarts.
	Patience int
}

// Result is the hardest input a climb found.
type Result struct {
	Puzzle grid.Grid
	// Value is the input's measure; Work its enumeration, for Nodes and Completions.
	Value float64
	Work  Work
	// Steps is the number of inputs measured, Restarts the number of fresh starts after the
	// first.
	Steps, Restarts int
}

// Climb searches for an input with opt.Givens givens that has a completion and that maximizes
// opt.Measure, by hill climbing: from the givens of a random full grid at random cells, it moves
// one given to a blank cell (taking the full grid's digit there, so a completion always exists)
// and keeps the move unless the measure falls. Moves that keep the measure level are kept too,
// so the climb crosses plateaus; after opt.Patience steps without a strict improvement it starts
// again from a new random input. Every draw comes from r, so a climb stopped by its step budget
// is fixed by r's seed.
func Climb(r *rng.Rand, opt Options) Result {
	var best Result
	best.Value = -1
	var solution, current grid.Grid
	var currentValue float64
	var givenCells, blankCells []int
	sinceImprovement := 0
	for step := 0; step < max(opt.Steps, 1); step++ {
		if step > 0 && !opt.Deadline.IsZero() && time.Now().After(opt.Deadline) {
			break
		}
		fresh := step == 0 || (opt.Patience > 0 && sinceImprovement >= opt.Patience)
		candidate := current
		var moved [2]int // indices in givenCells and blankCells of the cells swapped
		if fresh {
			if step > 0 {
				best.Restarts++
			}
			solution = family.Solution(r)
			candidate, givenCells, blankCells = randomGivens(r, solution, opt.Givens)
			sinceImprovement = 0
		} else if len(givenCells) == 0 || len(blankCells) == 0 {
			break // with no given or no blank cell, there is no move to make
		} else {
			moved = [2]int{r.IntN(len(givenCells)), r.IntN(len(blankCells))}
			from, to := givenCells[moved[0]], blankCells[moved[1]]
			candidate[from], candidate[to] = 0, solution[to]
		}
		value, work := opt.measure(r, candidate)
		best.Steps = step + 1
		switch {
		case fresh:
			current, currentValue = candidate, value
		case value >= currentValue:
			if value > currentValue {
				sinceImprovement = 0
			} else {
				sinceImprovement++
			}
			current, currentValue = candidate, value
			givenCells[moved[0]], blankCells[moved[1]] = blankCells[moved[1]], givenCells[moved[0]]
		default:
			sinceImprovement++
		}
		if value > best.Value {
			best.Puzzle, best.Value, best.Work = candidate, value, work
		}
		if work.Capped {
			break
		}
	}
	return best
}

// measure returns the value of puzzle under opt.Measure, and its enumeration for the exact
// measures.
func (opt Options) measure(r *rng.Rand, puzzle grid.Grid) (float64, Work) {
	if opt.Measure == Estimate {
		return EstimateNodes(r, puzzle, opt.Probes), Work{}
	}
	work := Enumerate(puzzle, opt.MaxNodes)
	if opt.Measure == Completions {
		return float64(work.Completions), work
	}
	return float64(work.Nodes), work
}

// randomGivens shows n cells of solution chosen at random and returns the puzzle with the lists
// of its given and blank cells.
func randomGivens(r *rng.Rand, solution grid.Grid, n int) (puzzle grid.Grid, givenCells, blankCells []int) {
	cells := r.Perm(grid.Cells)
	for _, cell := range cells[:n] {
		puzzle[cell] = solution[cell]
	}
	return puzzle, cells[:n], cells[n:]
}
