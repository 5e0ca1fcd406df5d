package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"bullseye/internal/grid"
	"bullseye/internal/judging"
	"bullseye/internal/outcome"
	"bullseye/internal/testset"
)

// climbedGroup is the kit's group that climbed inputs go to (generator climbed --group hard).
const climbedGroup = "hard"

// alreadyFailing judges the submission, before a climb, on the tests of the group climbed
// inputs go to whose givens lie within the climb's, a few at a time, stopping at the first
// batch with a failure, and says so: the group already holds an input the program fails, which
// the climb would only find again. It returns the note, "" when every such test passed or the
// group is absent.
func alreadyFailing(ctx context.Context, cfg *config, s *session) string {
	tests, _, err := testset.Group(cfg.kit, cfg.problem.Name, climbedGroup)
	if err != nil {
		return ""
	}
	var cases []judging.Case
	for _, t := range tests {
		input, answer, err := t.Load()
		if err != nil {
			continue
		}
		puzzle, err := grid.Parse(input)
		if err != nil || puzzle.Givens() < cfg.minGivens || puzzle.Givens() > cfg.maxGivens || puzzle.Givens() == grid.Size*grid.Size {
			continue
		}
		cases = append(cases, judging.Case{Name: t.Name, Input: input, Answer: answer})
	}
	j := &judging.Judge{Sandbox: s.sandbox, Program: s.submission, Problem: cfg.problem, Limits: cfg.limits}
	var failed []string
	for first := 0; first < len(cases) && len(failed) == 0 && ctx.Err() == nil; first += cfg.jobs {
		batch := cases[first:min(first+cfg.jobs, len(cases))]
		for k, r := range j.All(ctx, batch, cfg.jobs, nil) {
			if r.Verdict != outcome.Accepted && ctx.Err() == nil {
				failed = append(failed, fmt.Sprintf("%s %s", batch[k].Name, r.Verdict))
			}
		}
	}
	if len(failed) == 0 {
		return ""
	}
	return fmt.Sprintf("the %s group already holds an input of %d to %d givens that the program fails (%s): "+
		"./judge.sh --group %s shows them all; the climb looks for another", climbedGroup, cfg.minGivens, cfg.maxGivens, strings.Join(failed, ", "), climbedGroup)
}

// printAlreadyFailing prints the note of alreadyFailing, when there is one.
func printAlreadyFailing(w io.Writer, note string) {
	if note != "" {
		fmt.Fprintf(w, "note: %s\n", note)
	}
}
