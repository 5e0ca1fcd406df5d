package main

import (
	"bufio"
	"fmt"

	"github.com/urfave/cli/v2"

	"bullseye/internal/classic"
	"bullseye/internal/clues"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
)

// maxCount bounds --count: a batch far larger than any test, but a typo of a few zeros must not
// fill a disk.
const maxCount = 10_000_000

// maxSeveralClues is the most clues a puzzle with several solutions can have: two solutions
// differ in at least four cells.
const maxSeveralClues = 77

func (p *program) classicCommand() *cli.Command {
	return &cli.Command{
		Name:  "classic",
		Usage: "print a batch of classic puzzles, one per line ('.' for a blank)",
		Description: "Each puzzle is carved from a random full grid: clues are removed in a random order\n" +
			"(in 180-degree symmetric pairs with --symmetric) while the solution stays unique,\n" +
			"down to --clues or, without it, until no clue can go (a minimal puzzle).\n\n" +
			"--solutions several: one clue (or pair) fewer than a unique puzzle, so it has\n" +
			"several solutions; --solutions none: one clue of a unique puzzle changed to a digit\n" +
			"its row, column and box do not show, so no rule is broken yet nothing solves it.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "count", Value: 1, Usage: "number of puzzles"},
			&cli.IntFlag{Name: "clues", Usage: "clues per puzzle, 17-81 (default: minimal puzzles)"},
			&cli.BoolFlag{Name: "symmetric", Usage: "clue patterns symmetric by a 180-degree turn"},
			&cli.StringFlag{Name: "solutions", Value: "unique", Usage: "unique, several or none"},
			&cli.IntFlag{Name: "attempts", Value: defaultAttempts, Usage: "full grids tried per puzzle before giving up (exit status 3)"},
			seedFlag(),
		},
		OnUsageError: onUsageError,
		Action: func(ctx *cli.Context) error {
			spec, err := parseClassic(ctx)
			if err != nil {
				return err
			}
			seed := p.seed(ctx)
			return p.later(func() error {
				r := rng.New(seed)
				out := bufio.NewWriter(p.stdout)
				for i := range spec.count {
					puzzle, err := spec.generate(r)
					if err != nil {
						return notFound("puzzle %d: %v", i+1, err)
					}
					out.WriteString(puzzle.String())
					out.WriteByte('\n')
				}
				if err := out.Flush(); err != nil {
					return failure(fmt.Errorf("writing the puzzles: %w", err))
				}
				return nil
			})
		},
	}
}

// classicSpec is a checked classic command line.
type classicSpec struct {
	count     int
	clues     int // 0 for minimal puzzles
	symmetric bool
	solutions string
	attempts  int
}

func parseClassic(ctx *cli.Context) (classicSpec, error) {
	if err := noArguments(ctx); err != nil {
		return classicSpec{}, err
	}
	s := classicSpec{
		count: ctx.Int("count"), clues: ctx.Int("clues"), symmetric: ctx.Bool("symmetric"),
		solutions: ctx.String("solutions"), attempts: ctx.Int("attempts"),
	}
	switch {
	case s.count < 1 || s.count > maxCount:
		return s, usageError("--count %d is out of range 1-%d", s.count, maxCount)
	case ctx.IsSet("clues") && (s.clues < minUniqueGivens || s.clues > grid.Cells):
		return s, usageError("--clues %d is out of range %d-%d (no sudoku with fewer than %d clues has one solution)", s.clues, minUniqueGivens, grid.Cells, minUniqueGivens)
	case s.attempts < 1:
		return s, usageError("--attempts %d: want at least 1", s.attempts)
	}
	switch s.solutions {
	case "unique", "none":
	case "several":
		if s.clues > maxSeveralClues {
			return s, usageError("--solutions several needs at most %d clues (two solutions differ in four cells or more), --clues is %d", maxSeveralClues, s.clues)
		}
	default:
		return s, usageError("--solutions %q is not unique, several or none", s.solutions)
	}
	return s, nil
}

// generate returns one puzzle, trying up to s.attempts full grids.
func (s classicSpec) generate(r *rng.Rand) (classic.Puzzle, error) {
	for range s.attempts {
		if puzzle, ok := s.attempt(r, classic.RandomSolution(r)); ok {
			return puzzle, nil
		}
	}
	kind := map[string]string{"unique": "one solution", "several": "several solutions", "none": "no solution"}[s.solutions]
	if s.clues == 0 {
		return classic.Puzzle{}, fmt.Errorf("no puzzle with %s carved from a minimal one in %d attempts", kind, s.attempts)
	}
	return classic.Puzzle{}, fmt.Errorf("no puzzle with %d clues and %s found in %d attempts", s.clues, kind, s.attempts)
}

// attempt carves one puzzle out of solution; ok is false when this grid and order do not give
// one with the requested properties.
func (s classicSpec) attempt(r *rng.Rand, solution classic.Puzzle) (puzzle classic.Puzzle, ok bool) {
	// unique carves a unique puzzle with n clues, or a minimal one when s.clues is 0.
	unique := func(n int) (classic.Puzzle, bool) {
		if s.clues == 0 {
			return clues.Minimal(r, solution, s.symmetric), true
		}
		return clues.Down(r, solution, n, s.symmetric)
	}
	switch s.solutions {
	case "several":
		extra := 1
		if s.symmetric {
			extra = 2
		}
		base, ok := unique(s.clues + extra)
		if !ok {
			return base, false
		}
		puzzle, ok = clues.WithoutOne(r, base, solution, s.symmetric)
		return puzzle, ok && (s.clues == 0 || puzzle.Givens() == s.clues)
	case "none":
		base, ok := unique(s.clues)
		if !ok {
			return base, false
		}
		return clues.Changed(r, base)
	}
	return unique(s.clues)
}
