package main

import (
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

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
			opt, err := parseHard(ctx)
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
					return p.makeBatch(batch, seed, func(r *rng.Rand) (grid.Grid, error) { return hardness.Climb(r, opt).Puzzle, nil })
				})
			}
			return p.later(func() error {
				result := hardness.Climb(rng.New(seed), opt)
				if _, err := result.Puzzle.WriteTo(p.stdout); err != nil {
					return failure(fmt.Errorf("writing the input: %w", err))
				}
				if verbose {
					p.reportClimb(opt, result)
				}
				return nil
			})
		},
	}
}

func parseHard(ctx *cli.Context) (hardness.Options, error) {
	if err := noArguments(ctx); err != nil {
		return hardness.Options{}, err
	}
	opt := hardness.Options{
		Givens: ctx.Int("givens"), Steps: ctx.Int("steps"), MaxNodes: ctx.Int64("max-nodes"),
		Patience: ctx.Int("patience"), Probes: ctx.Int("probes"),
	}
	switch {
	case !ctx.IsSet("givens"):
		return opt, usageError("--givens is required")
	case opt.Givens < 0 || opt.Givens > grid.Cells:
		return opt, usageError("--givens %d is out of range 0-%d", opt.Givens, grid.Cells)
	case opt.Steps < 1:
		return opt, usageError("--steps %d: want at least 1", opt.Steps)
	case opt.MaxNodes < 1:
		return opt, usageError("--max-nodes %d: want at least 1", opt.MaxNodes)
	case opt.Probes < 1:
		return opt, usageError("--probes %d: want at least 1", opt.Probes)
	case opt.Patience < 0:
		return opt, usageError("--patience %d: want 0 or more", opt.Patience)
	case ctx.IsSet("time") && ctx.Duration("time") <= 0:
		return opt, usageError("--time %v: want a positive duration", ctx.Duration("time"))
	}
	switch m := ctx.String("measure"); m {
	case "nodes":
		opt.Measure = hardness.Nodes
	case "completions":
		opt.Measure = hardness.Completions
	case "estimate":
		opt.Measure = hardness.Estimate
	default:
		return opt, usageError("--measure %q is not nodes, completions or estimate", m)
	}
	if ctx.IsSet("time") {
		opt.Deadline = time.Now().Add(ctx.Duration("time"))
	}
	return opt, nil
}

// reportClimb writes what the climb found on standard error.
func (p *program) reportClimb(opt hardness.Options, result hardness.Result) {
	what := fmt.Sprintf("%.3g estimated nodes", result.Value)
	if opt.Measure != hardness.Estimate {
		w := result.Work
		what = fmt.Sprintf("%d nodes, %d completions", w.Nodes, w.Completions)
		if w.Capped {
			what = "at least " + what + " (the cap)"
		}
	}
	fmt.Fprintf(p.stderr, "%s; %d steps, %d restarts\n", what, result.Steps, result.Restarts)
}
