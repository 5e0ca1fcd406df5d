package main

import (
	"io"

	"github.com/urfave/cli/v2"

	"bullseye/internal/answer"
	"bullseye/internal/grid"
	"bullseye/internal/validate"
	"bullseye/internal/verdict"
)

// problem is one of the kit's two problems, as --problem names it.
type problem struct {
	name      string
	check     func(input, output, jury io.Reader) verdict.Judgement
	validate  func(r io.Reader, name string, rules validate.Rules) ([]grid.Grid, error)
	minGivens int
}

var problems = []problem{
	{"target", answer.CheckTarget, validateTarget, validate.TargetMinGivens},
	{"classic", answer.CheckClassic, validate.Classic, validate.ClassicMinGivens},
}

func validateTarget(r io.Reader, name string, rules validate.Rules) ([]grid.Grid, error) {
	g, err := validate.Target(r, name, rules)
	if err != nil {
		return nil, err
	}
	return []grid.Grid{g}, nil
}

// newProblemFlag returns the --problem flag; each command gets its own, since a flag keeps
// state while parsing.
func newProblemFlag() cli.Flag {
	return &cli.StringFlag{Name: "problem", Value: "target", Usage: "the problem: target or classic"}
}

// problemOf returns the problem --problem names.
func problemOf(ctx *cli.Context) (problem, error) {
	name := ctx.String("problem")
	for _, p := range problems {
		if p.name == name {
			return p, nil
		}
	}
	return problem{}, verdict.Usage("unknown problem %q: want target or classic", name)
}
