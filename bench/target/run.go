package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"bullseye/internal/cbc"
	"bullseye/internal/grid"
)

// run is one measured process and its answer.
type run struct {
	answer   int
	elapsed  time.Duration // wall time from start to exit (with -clock cpu, CPU time); of repeated runs, the median
	peakKiB  int64         // peak resident set size; of repeated runs, the largest
	timedOut bool
	err      error // the process failed or left no readable answer
	// fastest and slowest of repeated runs show how noisy the median is.
	fastest, slowest time.Duration
}

// ok reports whether the run produced an answer.
func (r run) ok() bool { return !r.timedOut && r.err == nil }

// repeated makes n runs with once, one after another, and returns the first
// with the median wall time and the largest peak, so that one run slowed by
// a busy machine does not decide an input's time. The first failure ends the
// repeats and is returned, as is a run whose answer differs from the first's.
func repeated(n int, once func() run) run {
	var first run
	times := make([]time.Duration, 0, n)
	for i := 1; i <= n; i++ {
		r := once()
		switch {
		case r.err != nil && n > 1:
			r.err = fmt.Errorf("run %d of %d: %w", i, n, r.err)
			return r
		case !r.ok():
			return r
		case i == 1:
			first = r
		case r.answer != first.answer:
			r.err = fmt.Errorf("run %d of %d answered %d, run 1 answered %d", i, n, r.answer, first.answer)
			return r
		}
		times = append(times, r.elapsed)
		first.peakKiB = max(first.peakKiB, r.peakKiB)
	}
	first.elapsed = median(times)
	first.fastest, first.slowest = slices.Min(times), slices.Max(times)
	return first
}

// median returns the middle of at least one time; of an even count the
// lower middle, so that it is always a time some run took.
func median(times []time.Duration) time.Duration {
	sorted := slices.Sorted(slices.Values(times))
	return sorted[(len(sorted)-1)/2]
}

// runner starts every measured process.
type runner struct {
	// gnuTime, when set, is GNU time, which reports the peak memory of a
	// child it forks itself. The peak that wait4 reports for a child of this
	// program is only an upper bound: Go starts children with vfork, and
	// Linux counts the parent's resident memory in the child's peak at exec.
	gnuTime string
	// cpu times a process by its CPU time, user and system, rather than by the wall clock: on a
	// machine loaded by other work, the wall clock also counts the time it waited for a core.
	cpu bool
}

// findGNUTime returns the path of GNU time, or "" when it is not installed.
func findGNUTime() string {
	path, err := exec.LookPath("time")
	if err != nil {
		return ""
	}
	out, err := exec.Command(path, "--version").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "GNU") {
		return ""
	}
	return path
}

// contest runs a program the contest way: sudoku.in in a fresh working
// directory, the answer read back from sudoku.out. With probeMemory the
// program runs under GNU time, when installed, for an exact peak memory;
// that costs a fork and an exec, so such a run's time is not the program's.
func (rn runner) contest(bin string, givens grid.Grid, timeout time.Duration, probeMemory bool) run {
	dir, err := os.MkdirTemp("", "bench-target-")
	if err != nil {
		return run{err: err}
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "sudoku.in"), []byte(givens.String()), 0o644); err != nil {
		return run{err: err}
	}
	r := rn.measure(dir, timeout, probeMemory, bin)
	if !r.ok() {
		return r
	}
	out, err := os.ReadFile(filepath.Join(dir, "sudoku.out"))
	if err != nil {
		r.err = fmt.Errorf("reading sudoku.out: %w", err)
		return r
	}
	r.answer, err = strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		r.err = fmt.Errorf("sudoku.out holds %q, want an integer", out)
	}
	return r
}

// cbc times the cbc process alone, LP file in and solution file out, as
// the problem's anchors measure it; the answer is verified against givens.
func (rn runner) cbc(givens grid.Grid, timeout time.Duration) run {
	dir, err := os.MkdirTemp("", "bench-cbc-")
	if err != nil {
		return run{err: err}
	}
	defer os.RemoveAll(dir)
	model, solution := filepath.Join(dir, "model.lp"), filepath.Join(dir, "model.sol")
	if err := cbc.WriteModelFile(model, givens); err != nil {
		return run{err: err}
	}
	r := rn.measure(dir, timeout, false, append([]string{cbc.Program}, cbc.Args(model, solution)...)...)
	if !r.ok() {
		return r
	}
	sol, err := cbc.ReadSolutionFile(solution)
	if err == nil {
		err = sol.Verify(givens)
	}
	switch {
	case err != nil:
		r.err = err
	case sol.Feasible:
		r.answer = sol.Best
	default:
		r.answer = -1
	}
	return r
}

// measure runs argv in dir, killing it and its children after timeout,
// and reports its wall time and peak memory (see runner and contest).
// Output is kept only to explain a failure.
func (rn runner) measure(dir string, timeout time.Duration, probeMemory bool, argv ...string) run {
	program := filepath.Base(argv[0])
	peakFile := filepath.Join(dir, "peak-memory.txt")
	probeMemory = probeMemory && rn.gnuTime != ""
	if probeMemory {
		argv = append([]string{rn.gnuTime, "--format=%M", "--output=" + peakFile}, argv...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	// A process group, so that a timeout also kills what GNU time started.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second

	start := time.Now()
	if err := cmd.Start(); err != nil {
		return run{err: fmt.Errorf("starting %s: %w", argv[0], err)}
	}
	err := cmd.Wait()
	r := run{elapsed: time.Since(start)}
	var exitErr *exec.ExitError
	switch {
	case ctx.Err() != nil:
		r.timedOut = true
		return r
	case errors.As(err, &exitErr):
		r.err = fmt.Errorf("%s exited with status %d: %s", program, exitErr.ExitCode(), lastLine(output.String()))
		return r
	case err != nil:
		r.err = fmt.Errorf("running %s: %w", program, err)
		return r
	}
	if rn.cpu {
		r.elapsed = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if probeMemory {
		r.peakKiB, r.err = readPeak(peakFile)
	} else if usage, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.peakKiB = usage.Maxrss // kibibytes on Linux; an upper bound, see runner
	}
	return r
}

// readPeak reads the peak resident memory GNU time wrote, in KiB.
func readPeak(path string) (int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, fmt.Errorf("reading the peak memory: %w", err)
	}
	peak, err := strconv.ParseInt(lastLine(string(data)), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("GNU time wrote %q, want the peak memory in KiB", data)
	}
	return peak, nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}
