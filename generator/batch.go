package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"bullseye/internal/grid"
	"bullseye/internal/problem"
	"bullseye/internal/rng"
	"bullseye/internal/validate"
)

// batchFlags are the flags of the commands that make one input (target, hard) for a batch of
// them: a folder of tests, each answered by the reference solution, ready for the judge's
// --tests.
func batchFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "count", Value: 1, Usage: "with --out: how many inputs to make, 01.in to NN.in"},
		&cli.StringFlag{Name: "out", Usage: "write a batch into `DIR`: NN.in with its answer NN.ans from the reference solution, each input validated, instead of one input on standard output"},
		&cli.StringFlag{Name: "solution", Usage: "with --out: a built target reference solution (default: build " + problem.Target.Reference + " under --root)"},
		&cli.StringFlag{Name: "root", Value: ".", Usage: "with --out: the repository root, holding solution/"},
	}
}

// batchOnly names the flags that only a batch takes; they do not change what is made, so they
// stay out of the seed.
var batchOnly = []string{"count", "out", "solution", "root"}

// batchSpec is a checked batch command line; a zero out means one input on standard output.
type batchSpec struct {
	out, solution, root string
	count               int
	rules               validate.Rules // what every input must pass
	command             []string       // the command line in its canonical form, without --seed
}

// parseBatch reads the batch flags; ignored names the command's flags that do not change what
// is made.
func parseBatch(ctx *cli.Context, rules validate.Rules, ignored ...string) (batchSpec, error) {
	b := batchSpec{out: ctx.String("out"), solution: ctx.String("solution"), root: ctx.String("root"), count: ctx.Int("count"), rules: rules,
		command: canonicalArgs(ctx, append(ignored, batchOnly...)...)}
	if b.out == "" {
		for _, name := range batchOnly {
			if ctx.IsSet(name) {
				return b, usageError("--%s goes only with --out DIR", name)
			}
		}
		return b, nil
	}
	if b.count < 1 || b.count > 999 {
		return b, usageError("--count %d: want 1 to 999", b.count)
	}
	return b, nil
}

// one reports whether the command line asks for one input on standard output.
func (b batchSpec) one() bool { return b.out == "" }

// makeBatch makes b.count inputs with generate, test k (from 1) seeded with seed+k-1, so that the
// first is what the same command without --count and --out prints; validates each, answers it
// with the reference solution, and only when all pass writes them as NN.in and NN.ans under
// b.out. It tells on standard error how to make each input again alone.
func (p *program) makeBatch(b batchSpec, seed uint64, generate func(r *rng.Rand) (grid.Grid, error)) error {
	work, err := os.MkdirTemp("", "generator-batch-")
	if err != nil {
		return failure(fmt.Errorf("creating a work folder: %w", err))
	}
	defer os.RemoveAll(work)
	solution := b.solution
	if solution == "" {
		if solution, err = buildSolution(b.root, problem.Target.Reference, work); err != nil {
			return failure(fmt.Errorf("%w (run from the kit's root, or give --root or --solution)", err))
		}
	}
	target := &suiteProblems()[0]
	width := max(2, len(fmt.Sprint(b.count)))
	type test struct {
		name          string
		input, answer []byte
		seed          uint64
	}
	tests := make([]test, b.count)
	for k := range tests {
		t := &tests[k]
		t.name, t.seed = fmt.Sprintf("%0*d", width, k+1), seed+uint64(k)
		puzzle, err := generate(rng.New(t.seed))
		if err != nil {
			return err
		}
		t.input = []byte(puzzle.String())
		j := &suiteJob{problem: target, rules: b.rules, solution: solution}
		if t.answer, err = answer(context.Background(), j, t.name+".in", t.input, work, false); err != nil {
			return failure(fmt.Errorf("%s.in: %w", t.name, err))
		}
	}
	if err := os.MkdirAll(b.out, 0o755); err != nil {
		return failure(fmt.Errorf("writing the batch: %w", err))
	}
	for _, t := range tests {
		for _, file := range []struct {
			ext  string
			data []byte
		}{{".in", t.input}, {".ans", t.answer}} {
			if err := os.WriteFile(filepath.Join(b.out, t.name+file.ext), file.data, 0o644); err != nil {
				return failure(fmt.Errorf("writing the batch: %w", err))
			}
		}
		fmt.Fprintf(p.stderr, "%s.in: generator %s --seed %d  (answer %s)\n", t.name, strings.Join(b.command, " "), t.seed, bytes.TrimSpace(t.answer))
	}
	fmt.Fprintf(p.stderr, "%d tests in %s, validated and answered; judge them with ./judge.sh --tests %s SUBMISSION\n", b.count, b.out, b.out)
	return nil
}
