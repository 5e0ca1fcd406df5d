// Package judging judges a program on tests: each test run in the sandbox, its verdict decided
// by the run and the problem's checker, and a set of tests run in parallel with the verdicts
// that depend on load confirmed by a run alone.
package judging

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

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
	// test judges one case in All; nil for Test. The tests set it to play runs out.
	test func(context.Context, Case) outcome.Outcome
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
	// Rerun tells that the verdict comes from a second run, alone; RerunWhy says why the
	// first did not decide (RerunNearLimit, RerunHeldBack).
	Rerun    bool
	RerunWhy string
}

// Why a case ran again.
const (
	// RerunNearLimit: run in parallel, it met a limit or came within a fifth of one.
	RerunNearLimit = "came near a limit when run in parallel"
	// RerunHeldBack: the wall clock stopped it while the machine held it back (it waited for
	// a processor, the disk or memory, not of its own accord), or the judge could not tell.
	RerunHeldBack = "stopped at the wall clock while the machine's load held it back"
)

// Progress hears of each case as it starts: how many started before it (so that, run in
// parallel or again alone, started+1 never passes total) and which starts.
type Progress func(started, total int, name string)

// All judges the cases, parallel at a time, and returns their results in order. With more
// than one at a time, a case that met a limit or came within a fifth of one runs again alone,
// and that run decides: its verdict must not depend on what else the machine ran; the cases
// not yet started then run alone from the start, so that a slow program costs each test once
// more at most. At any parallelism, a run the wall clock stopped while the machine held it
// back (runner.Meta.Starved), or one stopped at the wall clock before its CPU time reached the
// limit where the kernel does not tell what held it (no pressure stall counts), runs again
// alone; a run alone that the machine starved again is a failure of the judge naming the
// load, never a time limit.
func (j *Judge) All(ctx context.Context, cases []Case, parallel int, progress Progress) []Result {
	test := j.test
	if test == nil {
		test = func(ctx context.Context, c Case) outcome.Outcome { return j.Test(ctx, c.Input, c.Answer) }
	}
	results := make([]Result, len(cases))
	parallel = max(1, min(parallel, len(cases)))
	var (
		mu      sync.Mutex
		started int
		wg      sync.WaitGroup
		alone   bool // a parallel run came near a limit: the rest run alone
		ran     = make([]bool, len(cases))
	)
	begin := func(name string) {
		mu.Lock()
		defer mu.Unlock()
		if progress != nil {
			progress(min(started, len(cases)-1), len(cases), name)
		}
		started++
	}
	slots := make(chan struct{}, parallel)
	for i := range cases {
		slots <- struct{}{}
		mu.Lock()
		stop := alone
		mu.Unlock()
		if stop || ctx.Err() != nil {
			<-slots
			break
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			defer func() { <-slots }()
			begin(cases[i].Name)
			o := test(ctx, cases[i])
			mu.Lock()
			results[i], ran[i] = Result{Outcome: o}, true
			if parallel > 1 && o.NearLimit(j.Limits) {
				alone = true
			}
			mu.Unlock()
		}(i)
	}
	wg.Wait()
	for i, c := range cases {
		if ctx.Err() != nil {
			break
		}
		if !ran[i] {
			begin(c.Name)
			results[i] = Result{Outcome: test(ctx, c)}
			ran[i] = true
		} else if parallel > 1 && results[i].NearLimit(j.Limits) {
			begin(c.Name + " (alone)")
			results[i] = Result{Outcome: test(ctx, c), Rerun: true, RerunWhy: RerunNearLimit}
		}
		if !results[i].Rerun && heldBack(results[i].Outcome, j.Limits) && ctx.Err() == nil {
			begin(c.Name + " (again)")
			results[i] = Result{Outcome: test(ctx, c), Rerun: true, RerunWhy: RerunHeldBack}
		}
		if r := results[i]; r.Rerun && r.Run.Starved {
			results[i].Outcome = outcome.Outcome{Verdict: outcome.Failure, Run: r.Run, Message: tooBusy(r.Run, j.Limits)}
		}
	}
	return results
}

// heldBack reports whether a run's verdict is the machine's load's, not the program's: the
// wall clock stopped it while it was starved, or before its CPU time reached the limit where
// the kernel does not tell whether it waited of its own accord.
func heldBack(o outcome.Outcome, lim runner.Limits) bool {
	return o.Run.Starved || o.WallBeforeCPU(lim) && !o.Run.StallsKnown
}

// tooBusy says why a run alone cannot be judged: the machine held it back.
func tooBusy(m runner.Meta, lim runner.Limits) string {
	msg := fmt.Sprintf("the machine is too busy to judge fairly: run alone, the program had %.3f s of CPU time in %.3f s, held back %.3f s waiting for a processor",
		m.CPU().Seconds(), m.Wall().Seconds(), (time.Duration(m.WaitMicros) * time.Microsecond).Seconds())
	if m.StallsKnown {
		msg += fmt.Sprintf(" and %.3f s stalled on the disk or memory", (time.Duration(m.StallMicros) * time.Microsecond).Seconds())
	}
	if load, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(load)); len(f) >= 3 {
			msg += fmt.Sprintf(" (load average %s %s %s)", f[0], f[1], f[2])
		}
	}
	return msg + fmt.Sprintf("; judge it again on a quieter machine (its CPU time limit is %s)", lim.CPU)
}
