// Package judging judges a program on tests: each test run in the sandbox, its verdict decided
// by the run and the problem's checker, and a set of tests run in parallel with the verdicts
// that depend on load confirmed by a run alone.
package judging

import (
	"bytes"
	"context"
	"io"
	"sync"

	"bullseye/internal/outcome"
	"bullseye/internal/problem"
	"bullseye/internal/runner"
	"bullseye/internal/testlib"
)

// Judge judges one program on one problem under fixed limits.
type Judge struct {
	Sandbox *runner.Sandbox
	Program runner.Program
	Problem problem.Problem
	Limits  runner.Limits
}

// Case is a test loaded for judging.
type Case struct {
	Name          string
	Input, Answer []byte
	// Beyond says why the input lies beyond the bounds of the problem's narrower statement
	// (NOIP's, for target sudoku); "" when it lies within them, or there are none.
	Beyond string
}

// Test judges the program on one input against the jury's answer.
func (j *Judge) Test(ctx context.Context, input, answer []byte) outcome.Outcome {
	r, err := j.Run(ctx, input)
	if err != nil {
		return outcome.Failed(err)
	}
	return outcome.Decide(r, j.Limits, func(output io.Reader) testlib.Judgement {
		return j.Problem.Check(bytes.NewReader(input), output, bytes.NewReader(answer))
	})
}

// Run runs the program on one input, in the problem's way.
func (j *Judge) Run(ctx context.Context, input []byte) (runner.Result, error) {
	return j.Sandbox.Run(ctx, runner.Request{
		Program: j.Program, Input: input,
		InputFile: j.Problem.InputFile, OutputFile: j.Problem.OutputFile, Limits: j.Limits,
	})
}

// Result is the outcome of one case of a set.
type Result struct {
	outcome.Outcome
	// Rerun tells that the verdict comes from a second run, alone, after a parallel run came
	// near a limit.
	Rerun bool
}

// Progress hears of each case as it starts: how many started before it (so that, run in
// parallel or again alone, started+1 never passes total) and which starts.
type Progress func(started, total int, name string)

// All judges the cases, parallel at a time, and returns their results in order. With more
// than one at a time, every case that met a limit or came within a fifth of one runs again
// alone, and that run decides: its verdict must not depend on what else the machine ran. At
// one at a time, a case stopped at the wall-clock limit with its CPU time under the time
// limit runs again, for the same reason.
func (j *Judge) All(ctx context.Context, cases []Case, parallel int, progress Progress) []Result {
	results := make([]Result, len(cases))
	parallel = max(1, min(parallel, len(cases)))
	var (
		mu      sync.Mutex
		started int
		wg      sync.WaitGroup
	)
	next := make(chan int)
	for range parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				mu.Lock()
				if progress != nil {
					progress(started, len(cases), cases[i].Name)
				}
				started++
				mu.Unlock()
				results[i] = Result{Outcome: j.Test(ctx, cases[i].Input, cases[i].Answer)}
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, c := range cases {
		// Alone too, a run stopped at the wall clock before its CPU time reached the limit
		// runs again: the machine may have been busy with something else.
		if parallel > 1 && results[i].NearLimit(j.Limits) || results[i].WallBeforeCPU(j.Limits) {
			if ctx.Err() == nil {
				if progress != nil {
					progress(len(cases)-1, len(cases), c.Name+" (alone)")
				}
				results[i] = Result{Outcome: j.Test(ctx, c.Input, c.Answer), Rerun: true}
			}
		}
	}
	return results
}
