package hardness

import (
	"bullseye/internal/climb"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// Measure chooses what a climb maximizes.
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

// Options choose a measure and bound its work.
type Options struct {
	// Measure is what the climb maximizes.
	Measure Measure
	// MaxNodes caps each enumeration of the measures Nodes and Completions. A climb ends as
	// soon as an input reaches it: no input can measure more.
	MaxNodes int64
	// Probes is the number of random walks of each Estimate.
	Probes int
}

// Gauge returns the measure for climb.Climb. Estimate draws its walks from r, the climb's own
// source, so that a climb's seed fixes its estimates too.
func (opt Options) Gauge(r *rng.Rand) climb.Measure {
	return func(puzzle grid.Grid) (float64, bool, error) {
		value, work := opt.measure(r, puzzle)
		return value, work.Capped, nil
	}
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
