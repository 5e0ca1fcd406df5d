package main

import (
	"github.com/urfave/cli/v2"

	"bullseye/internal/problem"
	"bullseye/internal/testlib"
)

// newProblemFlag returns the --problem flag; each command gets its own, since a flag keeps
// state while parsing.
func newProblemFlag() cli.Flag {
	return &cli.StringFlag{Name: "problem", Value: "target", Usage: "the problem: target or classic"}
}

// problemOf returns the problem --problem names.
func problemOf(ctx *cli.Context) (problem.Problem, error) {
	p, err := problem.Lookup(ctx.String("problem"))
	if err != nil {
		return problem.Problem{}, testlib.Usage("%v", err)
	}
	return p, nil
}
