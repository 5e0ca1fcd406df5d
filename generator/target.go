package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"bullseye/internal/classic"
	"bullseye/internal/clues"
	"bullseye/internal/family"
	"bullseye/internal/grid"
	"bullseye/internal/rng"
	"bullseye/internal/validate"
)

// The shapes of --shape.
var shapes = []string{"random", "band", "stack", "boxes", "symmetric"}

// minUniqueGivens is the fewest givens a sudoku with one completion can have: no 16-clue puzzle
// exists (McGuire, Tugemann and Civario, 2012).
const minUniqueGivens = 17

// defaultAttempts bounds the searches for a puzzle with a property: each attempt starts from a
// new full grid.
const defaultAttempts = 1000

func (p *program) targetCommand() *cli.Command {
	return &cli.Command{
		Name:  "target",
		Usage: "print one target-sudoku input (sudoku.in format)",
		Description: "The givens are cells of a random full grid unless --no-solution says otherwise.\n\n" +
			"Shapes: random (cells anywhere), band / stack (all in one band of three rows or one\n" +
			"stack of three columns, at most 27), boxes (all in three boxes, at most 27; --boxes\n" +
			"chooses them, numbered 1-9 row by row), symmetric (the clue pattern is symmetric by\n" +
			"a 180-degree turn). The packed shapes leave astronomically many completions: they\n" +
			"defeat solvers that enumerate.\n\n" +
			"--unique: exactly one completion (shapes random and symmetric; from 17 givens, and\n" +
			"fewer than 22 is rare enough to exhaust --attempts). --no-solution hidden: no two\n" +
			"givens clash, yet nothing completes them (5 to 79 givens); --no-solution clash: two\n" +
			"givens break a rule (2 to 81). --full: a complete valid grid, alone.",
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "givens", Usage: "number of givens, 0-81 (required unless --full)"},
			&cli.StringFlag{Name: "shape", Value: "random", Usage: "where the givens lie: " + strings.Join(shapes, ", ")},
			&cli.StringFlag{Name: "boxes", Usage: "the three boxes of --shape boxes, e.g. 1,5,9 (default: three drawn at random)"},
			&cli.BoolFlag{Name: "unique", Usage: "exactly one completion"},
			&cli.StringFlag{Name: "no-solution", Usage: "no completion: hidden (no clash) or clash"},
			&cli.BoolFlag{Name: "full", Usage: "a complete valid grid"},
			&cli.IntFlag{Name: "attempts", Value: defaultAttempts, Usage: "full grids tried for --unique before giving up (exit status 3)"},
			seedFlag(),
		}, batchFlags()...),
		OnUsageError: onUsageError,
		Action: func(ctx *cli.Context) error {
			spec, err := parseTarget(ctx)
			if err != nil {
				return err
			}
			batch, err := parseBatch(ctx, validate.Rules{AllowConflicts: spec.noSolution == "clash"})
			if err != nil {
				return err
			}
			seed := p.seed(ctx, batchOnly...)
			if !batch.one() {
				return p.later(func() error { return p.makeBatch(batch, seed, spec.generate) })
			}
			return p.later(func() error {
				puzzle, err := spec.generate(rng.New(seed))
				if err != nil {
					return err
				}
				if _, err := puzzle.WriteTo(p.stdout); err != nil {
					return failure(fmt.Errorf("writing the input: %w", err))
				}
				return nil
			})
		},
	}
}

// targetSpec is a checked target command line.
type targetSpec struct {
	givens     int
	shape      string
	boxes      []int // 0-based, nil to draw them
	unique     bool
	noSolution string
	full       bool
	attempts   int
}

func parseTarget(ctx *cli.Context) (targetSpec, error) {
	if err := noArguments(ctx); err != nil {
		return targetSpec{}, err
	}
	s := targetSpec{
		givens: ctx.Int("givens"), shape: ctx.String("shape"), unique: ctx.Bool("unique"),
		noSolution: ctx.String("no-solution"), full: ctx.Bool("full"), attempts: ctx.Int("attempts"),
	}
	if s.full {
		for _, other := range []string{"givens", "shape", "boxes", "unique", "no-solution"} {
			if ctx.IsSet(other) {
				return s, usageError("--full makes a complete grid: it does not go with --%s", other)
			}
		}
		s.givens = grid.Cells
		return s, nil
	}
	if !ctx.IsSet("givens") {
		return s, usageError("--givens is required (or --full)")
	}
	if s.givens < 0 || s.givens > grid.Cells {
		return s, usageError("--givens %d is out of range 0-%d", s.givens, grid.Cells)
	}
	if !slices.Contains(shapes, s.shape) {
		return s, usageError("--shape %q is not one of %s", s.shape, strings.Join(shapes, ", "))
	}
	packed := s.shape == "band" || s.shape == "stack" || s.shape == "boxes"
	if packed && s.givens > family.MaxAreaGivens {
		return s, usageError("--shape %s holds at most %d givens, --givens is %d", s.shape, family.MaxAreaGivens, s.givens)
	}
	if ctx.IsSet("boxes") {
		if s.shape != "boxes" {
			return s, usageError("--boxes goes only with --shape boxes")
		}
		boxes, err := parseBoxes(ctx.String("boxes"))
		if err != nil {
			return s, err
		}
		s.boxes = boxes
	}
	if ctx.IsSet("attempts") && !s.unique {
		return s, usageError("--attempts goes only with --unique")
	}
	if s.attempts < 1 {
		return s, usageError("--attempts %d: want at least 1", s.attempts)
	}
	switch s.noSolution {
	case "":
	case "hidden", "clash":
		if s.unique {
			return s, usageError("--unique and --no-solution contradict each other")
		}
		if s.shape != "random" {
			return s, usageError("--no-solution makes random shapes only, not --shape %s", s.shape)
		}
		lo, hi := family.MinHiddenGivens, family.MaxHiddenGivens
		if s.noSolution == "clash" {
			lo, hi = family.MinClashGivens, grid.Cells
		}
		if s.givens < lo || s.givens > hi {
			return s, usageError("--no-solution %s needs %d-%d givens, --givens is %d", s.noSolution, lo, hi, s.givens)
		}
	default:
		return s, usageError("--no-solution %q is not hidden or clash", s.noSolution)
	}
	if s.unique {
		if s.shape != "random" && s.shape != "symmetric" {
			return s, usageError("--unique needs --shape random or symmetric: givens packed into one area never fix the rest")
		}
		if s.givens < minUniqueGivens {
			return s, usageError("--unique needs at least %d givens (no sudoku with fewer has one completion), --givens is %d", minUniqueGivens, s.givens)
		}
	}
	return s, nil
}

// parseBoxes reads three distinct box numbers 1-9 separated by commas and returns them 0-based.
func parseBoxes(text string) ([]int, error) {
	parts := strings.Split(text, ",")
	if len(parts) != 3 {
		return nil, usageError("--boxes %q: want three box numbers 1-9 separated by commas", text)
	}
	var boxes []int
	for _, part := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n < 1 || n > grid.Size {
			return nil, usageError("--boxes %q: %q is not a box number 1-9", text, part)
		}
		if slices.Contains(boxes, n-1) {
			return nil, usageError("--boxes %q: box %d appears twice", text, n)
		}
		boxes = append(boxes, n-1)
	}
	return boxes, nil
}

func (s targetSpec) generate(r *rng.Rand) (grid.Grid, error) {
	switch {
	case s.full:
		return family.Solution(r), nil
	case s.noSolution == "hidden":
		return family.Hidden(r, s.givens), nil
	case s.noSolution == "clash":
		return family.Clash(r, s.givens), nil
	case s.unique:
		symmetric := s.shape == "symmetric"
		for range s.attempts {
			if puzzle, ok := clues.Down(r, classic.RandomSolution(r), s.givens, symmetric); ok {
				return grid.Grid(puzzle), nil
			}
		}
		return grid.Grid{}, notFound("no input with one completion and %d givens found in %d attempts; random carving rarely goes below 22 givens", s.givens, s.attempts)
	}
	switch s.shape {
	case "band":
		return family.Band(r, s.givens), nil
	case "stack":
		return family.Stack(r, s.givens), nil
	case "boxes":
		boxes := s.boxes
		if boxes == nil {
			boxes = r.Perm(grid.Size)[:3]
		}
		return family.Boxes(r, s.givens, [3]int(boxes)), nil
	case "symmetric":
		return grid.Grid(clues.Symmetric(r, classic.RandomSolution(r), s.givens)), nil
	}
	return family.Random(r, s.givens), nil
}
