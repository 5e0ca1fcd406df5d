package main

import (
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"bullseye/internal/climb"
	"bullseye/internal/grid"
	"bullseye/internal/hardness"
	"bullseye/internal/rng"
	"bullseye/internal/validate"
)

// Defaults of the hard command. The node cap is about half a second of the kit's enumerator; a
// climb on the exact measures stops as soon as an input reaches it, and such an input needs only
// a little more than the cap. The estimate climbs past any cap, at the price of a noisy measure.
const (
	defaultSteps    = 1000
	defaultMaxNodes = 10_000_000
	defaultProbes   = 64
	defaultPatience = 200
)

func (p *program) hardCommand() *cli.Command {
	return &cli.Command{
		Name:  "hard",
		Usage: "print a target input that makes an enumerating solver work hardest",
		Description: "Hill climbing from random starts: the givens of a random full grid at random cells,\n" +
			"moved one at a time, keeping every move that does not lower the work of a plain\n" +
			"enumerating search (depth-first on the fewest-candidates cell, visiting every\n" +
			"completion). The input always has a completion.\n\n" +
			"Measures: nodes (search nodes of the enumeration, capped at --max-nodes), completions\n" +
			"(completions it finds, within the same cap), estimate (Knuth's estimate of the nodes\n" +
			"of the whole enumeration from --probes random walks: cheap, uncapped, noisy). The\n" +
			"climb stops after --steps inputs measured, at --time, or once an input reaches\n" +
			"--max-nodes. Without --time the result depends only on the arguments; with it, on\n" +
			"the machine's speed.",
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "givens", Usage: "number of givens, 0-81 (required)"},
			&cli.IntFlag{Name: "steps", Value: defaultSteps, Usage: "inputs measured before the climb stops"},
			&cli.DurationFlag{Name: "time", Usage: "also stop the climb after this long, e.g. 10s (not reproducible)"},
			&cli.Int64Flag{Name: "max-nodes", Value: defaultMaxNodes, Usage: "cap on the search nodes of one measurement"},
			&cli.StringFlag{Name: "measure", Value: "nodes", Usage: "what to maximize: nodes, completions or estimate"},
			&cli.IntFlag{Name: "probes", Value: defaultProbes, Usage: "random walks per estimate"},
			&cli.IntFlag{Name: "patience", Value: defaultPatience, Usage: "steps without improvement before a fresh start (0: never)"},
			&cli.BoolFlag{Name: "verbose", Usage: "report the work of the input found on standard error"},
			seedFlag(),
		}, batchFlags()...),
		OnUsageError: onUsageError,
		Action: func(ctx *cli.Context) error {
			c, err := parseHard(ctx)
			if err != nil {
				return err
			}
			batch, err := parseBatch(ctx, validate.Rules{}, "verbose")
			if err != nil {
				return err
			}
			seed, verbose := p.seed(ctx, append([]string{"verbose"}, batchOnly...)...), ctx.Bool("verbose")
			if !batch.one() {
				return p.later(func() error {
					return p.makeBatch(batch, seed, func(r *rng.Rand) (grid.Grid, error) {
						result, err := c.climb(r)
						return result.Hardest[0].Puzzle, err
					})
				})
			}
			return p.later(func() error {
				result, err := c.climb(rng.New(seed))
				if err != nil {
					return failure(err)
				}
				if _, err := result.Hardest[0].Puzzle.WriteTo(p.stdout); err != nil {
					return failure(fmt.Errorf("writing the input: %w", err))
				}
				if verbose {
					p.reportClimb(c.measure, result)
				}
				return nil
			})
		},
	}
}

// hardClimb is a checked hard command: the climb and its measure.
type hardClimb struct {
	options climb.Options
	measure hardness.Options
}

// climb climbs from r: the givens of a random full grid at random cells, one given shifted at a
// time, measured by the enumeration (or its estimate, drawn from r too).
func (c hardClimb) climb(r *rng.Rand) (climb.Result, error) {
	return climb.Climb(r, c.options, c.measure.Gauge(r))
}

func parseHard(ctx *cli.Context) (hardClimb, error) {
	var c hardClimb
	if err := noArguments(ctx); err != nil {
		return c, err
	}
	givens := ctx.Int("givens")
	c.options = climb.Options{MinGivens: givens, MaxGivens: givens, Steps: ctx.Int("steps"), Patience: ctx.Int("patience"), Keep: 1}
	c.measure = hardness.Options{MaxNodes: ctx.Int64("max-nodes"), Probes: ctx.Int("probes")}
	switch {
	case !ctx.IsSet("givens"):
		return c, usageError("--givens is required")
	case givens < 0 || givens > grid.Cells:
		return c, usageError("--givens %d is out of range 0-%d", givens, grid.Cells)
	case c.options.Steps < 1:
		return c, usageError("--steps %d: want at least 1", c.options.Steps)
	case c.measure.MaxNodes < 1:
		return c, usageError("--max-nodes %d: want at least 1", c.measure.MaxNodes)
	case c.measure.Probes < 1:
		return c, usageError("--probes %d: want at least 1", c.measure.Probes)
	case c.options.Patience < 0:
		return c, usageError("--patience %d: want 0 or more", c.options.Patience)
	case ctx.IsSet("time") && ctx.Duration("time") <= 0:
		return c, usageError("--time %v: want a positive duration", ctx.Duration("time"))
	}
	switch m := ctx.String("measure"); m {
	case "nodes":
		c.measure.Measure = hardness.Nodes
	case "completions":
		c.measure.Measure = hardness.Completions
	case "estimate":
		c.measure.Measure = hardness.Estimate
	default:
		return c, usageError("--measure %q is not nodes, completions or estimate", m)
	}
	if ctx.IsSet("time") {
		c.options.Deadline = time.Now().Add(ctx.Duration("time"))
	}
	return c, nil
}

// reportClimb writes what the climb found on standard error.
func (p *program) reportClimb(opt hardness.Options, result climb.Result) {
	best := result.Hardest[0]
	what := fmt.Sprintf("%.3g estimated nodes", best.Value)
	if opt.Measure != hardness.Estimate {
		w := hardness.Enumerate(best.Puzzle, opt.MaxNodes)
		what = fmt.Sprintf("%d nodes, %d completions", w.Nodes, w.Completions)
		if w.Capped {
			what = "at least " + what + " (the cap)"
		}
	}
	fmt.Fprintf(p.stderr, "%s; %d steps, %d restarts\n", what, result.Steps, result.Restarts)
}
